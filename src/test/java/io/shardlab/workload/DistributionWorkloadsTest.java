package io.shardlab.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.bson.BsonDocument;
import org.junit.jupiter.api.Test;

/** The random keys: uniform, Zipf and hotspot, each checked against its stated distribution. */
class DistributionWorkloadsTest {

    @Test
    void uniformUserIdsFillTheKeySpaceEvenly() {
        List<BsonDocument> docs = WorkloadTesting.documents(new UniformWorkload(), 40_000, 1);
        int[] quarters = new int[4];
        for (BsonDocument d : docs) {
            long id = d.getInt64("userId").getValue();
            assertTrue(id >= 0 && id < UniformWorkload.KEY_SPACE);
            quarters[(int) (id / (UniformWorkload.KEY_SPACE / 4))]++;
        }
        for (int q : quarters) {
            assertEquals(0.25, q / 40_000.0, 0.01);
        }
    }

    @Test
    void zipfGivesProductOneAboutEightPercentOfTheViews() {
        List<BsonDocument> docs = WorkloadTesting.documents(new ZipfWorkload(), 100_000, 1);
        Map<Integer, Integer> views = new HashMap<>();
        for (BsonDocument d : docs) {
            views.merge(d.getInt32("productId").getValue(), 1, Integer::sum);
        }
        double expected = new ZipfWorkload().popularity().probability(0);

        assertEquals(0.0826, expected, 0.0005);
        assertEquals(expected, views.get(1) / 100_000.0, 0.003);
        assertEquals(expected / 2, views.get(2) / 100_000.0, 0.003);
        assertTrue(views.keySet().stream().allMatch(p -> p >= 1 && p <= ZipfWorkload.PRODUCTS));
    }

    @Test
    void hotspotSendsNinetyPercentOfWritesToOnePercentOfAccounts() {
        List<BsonDocument> docs = WorkloadTesting.documents(new HotspotWorkload(), 50_000, 1);
        long hot = docs.stream()
                .filter(d -> d.getInt64("accountId").getValue() <= HotspotWorkload.HOT_ACCOUNTS)
                .count();

        assertEquals(0.9, hot / 50_000.0, 0.01);
        assertTrue(docs.stream().allMatch(d -> {
            long a = d.getInt64("accountId").getValue();
            return a >= 1 && a <= HotspotWorkload.ACCOUNTS;
        }));
    }
}
