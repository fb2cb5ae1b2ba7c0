package io.shardlab.session;

/**
 * How fast simulated time runs while a stream plays, against the wall clock.
 */
public enum PlaybackSpeed {
    /** One simulated second per second. */
    X1("1×", 1),
    /** Ten simulated seconds per second. */
    X10("10×", 10),
    /** A hundred simulated seconds per second. */
    X100("100×", 100),
    /** A thousand simulated seconds per second. */
    X1000("1000×", 1000),
    /** As fast as the simulation thread can go; the screen shows the newest state it has time for. */
    MAX("Max", Double.POSITIVE_INFINITY); // untranslated: no view shows it (they say explorer.speed.max)

    private final String label;
    private final double factor;

    PlaybackSpeed(String label, double factor) {
        this.label = label;
        this.factor = factor;
    }

    /** What the speed menu shows, e.g. {@code "10×"}. */
    public String label() {
        return label;
    }

    /** Simulated ms per wall-clock ms; infinite for {@link #MAX}. */
    public double factor() {
        return factor;
    }

    @Override
    public String toString() {
        return label;
    }
}
