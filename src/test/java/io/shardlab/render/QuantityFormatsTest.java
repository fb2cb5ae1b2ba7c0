package io.shardlab.render;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Data sizes, counts, elapsed times and axis steps as the diagrams print them. */
class QuantityFormatsTest {

    @ParameterizedTest(name = "{0} bytes -> {1}")
    @CsvSource(textBlock = """
            # bytes,        sh._dataFormat (mongo src/mongo/shell/utils_sh.js)
            0,              0B
            139,            139B
            1023,           1023B
            1024,           1KiB
            1048575,        1023KiB
            1048576,        1MiB
            1572864,        1.5MiB
            121284935,      115.66MiB
            1073741823,     1023.99MiB
            1073741824,     1GiB
            2375530053632,  2212.38GiB
            """)
    void data_sizes_print_as_the_mongo_shell_prints_them(long bytes, String text) {
        assertEquals(text, DataSize.format(bytes));
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(textBlock = """
            0,              0
            9999,           9999
            10000,          10k
            12345,          12.3k
            999499,         999k
            999500,         1M
            4567890,        4.57M
            6250000000,     6.25G
            -12345,         -12.3k
            """)
    void counts_are_exact_below_ten_thousand_and_three_significant_digits_above(long count, String text) {
        assertEquals(text, CompactCount.format(count));
    }

    @ParameterizedTest(name = "{0} ms -> {1}")
    @CsvSource(textBlock = """
            0,         0s
            250,       250ms
            1000,      1s
            45000,     45s
            120000,    2m
            150000,    2m30s
            3600000,   1h
            3900000,   1h05m
            """)
    void elapsed_times_are_short(long millis, String text) {
        assertEquals(text, ElapsedTime.format(millis));
    }

    @ParameterizedTest(name = "0..{0} in at most {1} steps: step {2}, top {3}")
    @CsvSource(textBlock = """
            # max,  max ticks, step, top
            6375,   5,         2000, 8000
            100,    5,         20,   100
            101,    5,         50,   150
            1,      4,         0.5,  1
            0,      4,         1,    1
            0.07,   7,         0.01, 0.07
            """)
    void value_axes_use_steps_of_one_two_or_five_times_a_power_of_ten(double max, int ticks, double step, double top) {
        assertEquals(step, NiceTicks.step(max, ticks), 1e-12);
        assertEquals(top, NiceTicks.top(max, ticks), 1e-12);
    }

    @ParameterizedTest(name = "{0} ms in at most {1} ticks: every {2} ms")
    @CsvSource(textBlock = """
            600000,    7,   120000
            600000,    12,  60000
            60000,     6,   10000
            5000,      10,  500
            86400000,  8,   10800000
            864000000, 5,   172800000
            """)
    void time_axes_use_round_steps(long duration, int ticks, long step) {
        assertEquals(step, TimeAxis.step(duration, ticks));
    }

    @Test
    void time_ticks_run_from_zero_to_the_end_with_elapsed_labels() {
        assertEquals(
                List.of("0s", "2m", "4m", "6m", "8m", "10m"),
                TimeAxis.ticks(600_000, 7).stream().map(TimeAxis.Tick::label).toList());
    }

    @Test
    void negative_sizes_and_times_are_refused() {
        assertThrows(IllegalArgumentException.class, () -> DataSize.format(-1));
        assertThrows(IllegalArgumentException.class, () -> ElapsedTime.format(-1));
        assertThrows(IllegalArgumentException.class, () -> NiceTicks.step(10, 0));
    }
}
