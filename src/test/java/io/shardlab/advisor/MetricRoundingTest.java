package io.shardlab.advisor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** analyzeShardKey rounds up at the tenth decimal (analyze_shard_key_common.cpp). */
class MetricRoundingTest {

    @ParameterizedTest(name = "{0} of {1} is {2}%")
    @CsvSource(textBlock = """
            1, 3, 33.3333333334
            2, 3, 66.6666666667
            1, 2, 50.0
            0, 7, 0.0
            7, 7, 100.0
            """)
    void percentagesAreRoundedUpAtTenDecimals(long part, long whole, double expected) {
        assertEquals(expected, MetricRounding.percentage(part, whole));
    }

    @Test
    void roundingTakesTheCeilingEvenForNegativeValues() {
        assertEquals(-0.0857142857, MetricRounding.round(-9.0 / 105, 10));
        assertEquals(0.0857142858, MetricRounding.round(9.0 / 105, 10));
    }

    @Test
    void aPercentageNeedsAPartOfAPositiveWhole() {
        assertThrows(IllegalArgumentException.class, () -> MetricRounding.percentage(2, 1));
        assertThrows(IllegalArgumentException.class, () -> MetricRounding.percentage(0, 0));
    }
}
