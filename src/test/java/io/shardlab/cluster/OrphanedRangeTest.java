package io.shardlab.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardlab.key.ShardKey;
import java.util.List;
import org.bson.BsonInt32;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** A migrated range's orphans count down to their deletion (range_deletion_task.idl, orphanCleanupDelaySecs). */
class OrphanedRangeTest {

    private static final ShardKey MIN = ShardKey.of(new BsonInt32(0));
    private static final ShardKey MAX = ShardKey.of(new BsonInt32(10));

    @ParameterizedTest(name = "[{index}] MongoDB {0}, {1} ms after the commit: {2} s left, pending {3}")
    @CsvSource(textBlock = """
            # release, ms since the commit, seconds left, pending
            8.0,       0,                   900,          true
            8.0,       1,                   900,          true
            8.0,       899001,              1,            true
            8.0,       900000,              0,            false
            8.2,       900000,              2700,         true
            8.2,       3600000,             0,            false
            """)
    void theOrphansCountDownFromTheReleasesDelay(String release, long since, long secondsLeft, boolean pending) {
        // given a migration committed at 5 s
        List<OrphanedRange> ranges = OrphanedRange.scheduled(
                List.of(),
                "shard01",
                MIN,
                MAX,
                new long[] {4, 400},
                5_000,
                ReleaseRules.of(MongoVersion.parse(release)));

        // when
        OrphanedRange r = ranges.get(0);

        // then
        assertEquals(secondsLeft, r.secondsLeftAt(5_000 + since));
        assertEquals(pending, r.pendingAt(5_000 + since));
    }

    @Test
    void schedulingDropsTheRangesAlreadyDeleted() {
        // given
        ReleaseRules rules = ReleaseRules.of(MongoVersion.V8_0);
        List<OrphanedRange> first =
                OrphanedRange.scheduled(List.of(), "shard01", MIN, MAX, new long[] {1, 10}, 0, rules);

        // when one more migration commits after the first range's deletion
        List<OrphanedRange> both =
                OrphanedRange.scheduled(first, "shard02", MIN, MAX, new long[] {2, 20}, 900_000, rules);

        // then
        assertEquals(1, both.size());
        assertEquals("shard02", both.get(0).donor());
        assertFalse(both.get(0).pendingAt(1_800_000));
        assertTrue(both.get(0).pendingAt(1_799_999));
    }

    @Test
    void aDeletionBeforeTheMigrationIsRefusedWithItsNumbers() {
        IllegalArgumentException e = assertThrows(
                IllegalArgumentException.class, () -> new OrphanedRange("shard01", MIN, MAX, 1, 10, 2_000, 1_000));
        assertEquals(
                "orphaned range: counts must not be negative and the deletion must not come before the migration, "
                        + "got 1 documents, 10 bytes, 2000 → 1000 ms",
                e.getMessage());
    }
}
