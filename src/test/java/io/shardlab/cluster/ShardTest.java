package io.shardlab.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ShardTest {

    @ParameterizedTest(name = "[{index}] shard {0} of {1} is {2}")
    @CsvSource(textBlock = """
            # number, count, id
                1,    1,    shard01
                2,    3,    shard02
                9,   10,    shard09
               10,   10,    shard10
               99,   99,    shard99
                1,  100,    shard001
              100,  100,    shard100
               42, 1000,    shard0042
            """)
    void aNewClusterNamesItsShardsWithAsManyDigitsAsTheCountHas(int number, int count, String id) {
        assertEquals(id, Shard.newClusterId(number, count));
    }

    @Test
    void aNewClusterIdsSortInShardOrder() {
        for (int count : new int[] {1, 9, 10, 99, 100, 250}) {
            List<String> ids = Shard.newClusterIds(count);
            assertEquals(count, ids.size());
            assertEquals(ids.stream().sorted().toList(), ids, "ids of " + count + " shards");
        }
    }

    @ParameterizedTest
    @CsvSource({"0, 3", "4, 3", "-1, 3"})
    void aShardNumberIsBetweenOneAndTheCount(int number, int count) {
        assertThrows(IllegalArgumentException.class, () -> Shard.newClusterId(number, count));
    }
}
