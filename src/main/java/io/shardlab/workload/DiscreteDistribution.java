package io.shardlab.workload;

import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * A finite distribution over the outcomes {@code 0 … n-1} with given weights, sampled by inverting
 * the cumulative weights (one uniform draw and a binary search: O(log n)).
 *
 * <p>Immutable and thread-safe; the randomness comes from the caller's generator.
 */
public final class DiscreteDistribution {

    private final double[] cumulative;

    /**
     * @param weights one non-negative, finite weight per outcome, not all zero
     * @throws IllegalArgumentException naming the first bad weight
     */
    public DiscreteDistribution(double[] weights) {
        if (weights.length == 0) {
            throw new IllegalArgumentException(
                    "weights: at least one outcome is needed"); // untranslated: a developer's contract
        }
        cumulative = new double[weights.length];
        double total = 0;
        for (int i = 0; i < weights.length; i++) {
            double w = weights[i];
            if (!(w >= 0) || Double.isInfinite(w)) {
                throw new IllegalArgumentException(String.format(
                        "weights[%s]: must be finite and not negative, got %s", // untranslated: a developer's contract
                        i, w));
            }
            total += w;
            cumulative[i] = total;
        }
        if (total <= 0) {
            throw new IllegalArgumentException(
                    "weights: at least one weight must be positive"); // untranslated: a developer's contract
        }
    }

    /**
     * Zipf's law over ranks {@code 1 … n}: outcome {@code k-1} has weight {@code 1 / k^exponent}.
     *
     * @param n the number of ranks, at least 1
     * @param exponent the exponent {@code s}, at least 0 (0 is uniform)
     */
    public static DiscreteDistribution zipf(int n, double exponent) {
        if (n < 1) {
            throw new IllegalArgumentException("n: at least 1 rank, got " + n); // untranslated: a developer's contract
        }
        if (!(exponent >= 0) || Double.isInfinite(exponent)) {
            throw new IllegalArgumentException(String.format(
                    "exponent: must be finite and not negative, got %s", // untranslated: a developer's contract
                    exponent));
        }
        double[] weights = new double[n];
        for (int k = 1; k <= n; k++) {
            weights[k - 1] = Math.pow(k, -exponent);
        }
        return new DiscreteDistribution(weights);
    }

    /** Number of outcomes. */
    public int size() {
        return cumulative.length;
    }

    /** The probability of {@code outcome}. */
    public double probability(int outcome) {
        double below = outcome == 0 ? 0 : cumulative[outcome - 1];
        return (cumulative[outcome] - below) / cumulative[cumulative.length - 1];
    }

    /** One outcome drawn with probability proportional to its weight. */
    public int sample(SplittableRandom random) {
        double u = random.nextDouble() * cumulative[cumulative.length - 1];
        int i = Arrays.binarySearch(cumulative, u);
        // an exact hit on a boundary belongs to the next outcome; skip zero-weight outcomes
        int index = i >= 0 ? i + 1 : -i - 1;
        while (index < cumulative.length - 1 && cumulative[index] <= u) {
            index++;
        }
        return Math.min(index, cumulative.length - 1);
    }
}
