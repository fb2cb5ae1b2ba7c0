package io.shardlab.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class DiscreteDistributionTest {

    @Test
    void drawsEachOutcomeInProportionToItsWeight() {
        DiscreteDistribution d = new DiscreteDistribution(new double[] {1, 0, 3, 6});
        SplittableRandom random = new SplittableRandom(1);
        int[] counts = new int[4];
        int n = 200_000;
        for (int i = 0; i < n; i++) {
            counts[d.sample(random)]++;
        }

        assertEquals(0, counts[1], "a zero weight is never drawn");
        assertEquals(0.1, counts[0] / (double) n, 0.005);
        assertEquals(0.3, counts[2] / (double) n, 0.005);
        assertEquals(0.6, counts[3] / (double) n, 0.005);
        assertEquals(0.6, d.probability(3), 1e-12);
    }

    @Test
    void zipfGivesRankKProbabilityOneOverKTimesTheHarmonicNumber() {
        DiscreteDistribution zipf = DiscreteDistribution.zipf(100_000, 1.0);
        double harmonic = 0;
        for (int k = 1; k <= 100_000; k++) {
            harmonic += 1.0 / k;
        }

        assertEquals(1 / harmonic, zipf.probability(0), 1e-12);
        assertEquals(1 / (10 * harmonic), zipf.probability(9), 1e-12);
    }

    @Test
    void refusesWeightsThatAreNotADistribution() {
        assertThrows(IllegalArgumentException.class, () -> new DiscreteDistribution(new double[0]));
        assertThrows(IllegalArgumentException.class, () -> new DiscreteDistribution(new double[] {0, 0}));
        IllegalArgumentException e =
                assertThrows(IllegalArgumentException.class, () -> new DiscreteDistribution(new double[] {1, -1}));
        assertTrue(e.getMessage().startsWith("weights[1]"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> new DiscreteDistribution(new double[] {Double.NaN}));
    }
}
