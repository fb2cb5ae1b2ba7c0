package io.shardlab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ShellNumbersTest {

    @ParameterizedTest(name = "{0} bytes print as {1}")
    @CsvSource(textBlock = """
            0,              0B
            705.5,          705B
            1023,           1023B
            1024,           1KiB
            1447,           1KiB
            139264,         136KiB
            1048576,        1MiB
            21170749,       20.18MiB
            49178214,       46.89MiB
            1073741824,     1GiB
            3629247447,     3.37GiB
            """)
    void sizesFollowTheShellsDataFormat(double bytes, String text) {
        assertEquals(text, ShellNumbers.dataFormat(bytes));
    }

    @ParameterizedTest(name = "{0} of {1} is {2}%")
    @CsvSource(textBlock = """
            1,      1,      100
            1,      2,      50
            4637869, 14753597, 31.43
            1,      3,      33.33
            0,      0,      0
            """)
    void percentagesAreFlooredToHundredths(double part, double whole, String text) {
        assertEquals(text, ShellNumbers.percent(part, whole));
    }
}
