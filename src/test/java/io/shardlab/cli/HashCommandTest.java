package io.shardlab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class HashCommandTest {

    @ParameterizedTest(name = "hash {0} prints {1}")
    @CsvSource(delimiter = '|', textBlock = """
            # value (Extended JSON or mongosh)   | convertShardKeyToHashed, from MongoDB's docs and hasher_test.cpp
            1                                    | 5902408780260971510
            NumberLong(1)                        | 5902408780260971510
            1.5                                  | 5902408780260971510
            {"$numberInt": "2"}                  | 848411777775835583
            42                                   | -944302157085130861
            """)
    void printsTheHashOfEachValue(String value, String hash) {
        CliRun run = CliRun.of("hash", value);
        assertEquals(0, run.exitCode(), run.err());
        assertEquals(hash + System.lineSeparator(), run.out());
    }

    @Test
    void printsOneLinePerValueInOrder() {
        CliRun run = CliRun.of("hash", "1", "2");
        assertEquals(
                "5902408780260971510" + System.lineSeparator() + "848411777775835583" + System.lineSeparator(),
                run.out());
    }

    @Test
    void refusesAnArrayLikeAHashedIndex() {
        CliRun run = CliRun.of("hash", "1", "[1, 2]");
        assertEquals(Cli.BAD_INPUT, run.exitCode());
        assertEquals("", run.out());
        assertEquals(1, run.err().strip().lines().count(), run.err());
        assertTrue(run.err().contains("hashed indexes do not currently support array values"), run.err());
    }

    @Test
    void refusesTextThatIsNoValueOnOneLine() {
        CliRun run = CliRun.of("hash", "{a: ");
        assertEquals(Cli.BAD_INPUT, run.exitCode());
        assertEquals(1, run.err().strip().lines().count(), run.err());
    }
}
