package io.shardlab.advisor;

/** Where a candidate stands after an analysis ({@link AdvisorReport#verdict(int)}). */
public enum Verdict {
    /** The advisor's pick. */
    RECOMMENDED("recommended"),
    /** Not ruled out, ranked lower. */
    QUALIFIED("qualified"),
    /** A finding rules it out. */
    RULED_OUT("ruled out");

    private final String label;

    Verdict(String label) {
        this.label = label;
    }

    /** The word the comparison shows, e.g. {@code "ruled out"}. */
    public String label() {
        return label;
    }

    @Override
    public String toString() {
        return label;
    }
}
