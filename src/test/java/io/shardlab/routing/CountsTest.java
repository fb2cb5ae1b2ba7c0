package io.shardlab.routing;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class CountsTest {

    @ParameterizedTest(name = "[{index}] {0} {1} / {2} → {3}")
    @CsvSource(textBlock = """
            # n,    one,             many,              said
            0,      shard,           shards,            0 shards
            1,      shard,           shards,            1 shard
            2,      chunk change,    chunk changes,     2 chunk changes
            1055,   chunk change,    chunk changes,     '1,055 chunk changes'
            1,      changelog entry, changelog entries, 1 changelog entry
            3,      changelog entry, changelog entries, 3 changelog entries
            """)
    void aCountTakesItsNounInTheRightNumberWithThousandsSeparated(long n, String one, String many, String said) {
        assertEquals(said, Counts.of(n, one, many));
        if (many.equals(one + "s")) {
            assertEquals(said, Counts.of(n, one), "a regular plural needs only the singular");
        }
    }
}
