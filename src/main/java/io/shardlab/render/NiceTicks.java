package io.shardlab.render;

/**
 * Round tick steps for value and time axes: the smallest step of the form {1, 2, 5} × 10^k that puts at
 * most {@code maxTicks} intervals over {@code [0, max]}.
 */
public final class NiceTicks {

    private NiceTicks() {}

    /**
     * The tick step for an axis from 0 to {@code max} with at most {@code maxTicks} intervals; 1 when
     * {@code max} is not positive.
     */
    public static double step(double max, int maxTicks) {
        if (maxTicks < 1) {
            throw new IllegalArgumentException(
                    "maxTicks: at least 1, got " + maxTicks); // untranslated: a developer's contract
        }
        if (!(max > 0) || Double.isInfinite(max)) {
            return 1;
        }
        double raw = max / maxTicks;
        double magnitude = Math.pow(10, Math.floor(Math.log10(raw)));
        for (double m : new double[] {1, 2, 5, 10}) {
            double step = m * magnitude;
            if (step * maxTicks >= max * (1 - 1e-12)) {
                return step;
            }
        }
        return 10 * magnitude;
    }

    /** The axis top: {@code max} rounded up to a multiple of {@code step(max, maxTicks)}. */
    public static double top(double max, int maxTicks) {
        double step = step(max, maxTicks);
        return Math.max(step, Math.ceil(max / step - 1e-9) * step);
    }
}
