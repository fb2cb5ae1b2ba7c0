package io.shardlab.bench;

import java.util.Arrays;

/**
 * One figure measured over several runs of a benchmark (each run's figure beside its peer's, often as a ratio):
 * the median the benchmark reports and judges, and the noise it allows the goal.
 */
public final class Runs {

    private Runs() {}

    /** The middle of {@code values} (the upper one of an even count); at least one value. */
    public static double median(double[] values) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        return sorted[sorted.length / 2];
    }

    /** Half the spread of {@code values}, largest less smallest: the machine's noise in this figure. */
    public static double noise(double[] values) {
        double max = Arrays.stream(values).max().orElseThrow();
        double min = Arrays.stream(values).min().orElseThrow();
        return (max - min) / 2;
    }
}
