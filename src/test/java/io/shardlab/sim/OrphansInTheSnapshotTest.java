package io.shardlab.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.shardlab.cluster.MongoVersion;
import io.shardlab.cluster.OrphanedRange;
import java.util.List;
import java.util.stream.LongStream;
import org.bson.BsonDocument;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The snapshot the screen draws carries the donors' orphaned ranges (the lanes' ghosts) for as long as the range
 * deleter leaves them: {@code orphanCleanupDelaySecs}, 900 s (mongo {@code src/mongo/db/s/sharding_runtime_d_params.idl})
 * and 3600 s from 8.2 (docs release-notes/8.2). Given {@code app.orders} on {@code { n: 1 }}, 100 documents of
 * 1 KB, split at 60, the balancer stopped, seed 7.
 */
class OrphansInTheSnapshotTest {

    @ParameterizedTest(name = "[{index}] MongoDB {0}: the ghost stays {1} s")
    @CsvSource(textBlock = """
            # release, orphanCleanupDelaySecs
            7.0,       900
            8.0,       900
            8.2,       3600
            8.3,       3600
            """)
    void the_moved_range_stays_in_the_snapshot_until_the_range_deleter_removes_it(String release, long delay) {
        SimulatedCluster c = new SimulatedCluster(
                SimulationConfig.of(MongoVersion.parseModelled(release)).withSeed(7));
        c.execute(new AddShard("a"));
        c.execute(new AddShard("b"));
        c.execute(new SetBalancerState(false));
        c.execute(ShardCollection.of("app.orders", "{n: 1}"));
        c.insert("app.orders", InsertBatch.ofInt64(LongStream.range(0, 100).toArray(), 1024));
        c.execute(new SplitAt("app.orders", BsonDocument.parse("{n: 60}")));

        // when [60, MaxKey) moves from a to b
        c.execute(new MoveChunk("app.orders", BsonDocument.parse("{n: 60}"), "b", false));
        // the migration runs in simulated time: until it commits
        for (int step = 0; step < 10_000 && !c.snapshot().migrationsInFlight().isEmpty(); step++) {
            c.advance(100);
        }

        // then the snapshot holds a's orphans, the whole delay left
        SimulationSnapshot moved = c.snapshot();
        List<OrphanedRange> orphans = moved.orphanedRanges();
        assertEquals(1, orphans.size());
        assertEquals("a", orphans.get(0).donor());
        assertEquals(40, orphans.get(0).documents());
        assertEquals(delay, orphans.get(0).secondsLeftAt(moved.atMillis()));

        // when the delay has all but passed the ghost stays; once it has passed it is gone
        c.advance(delay * 1000 - 1000);
        assertEquals(1, c.snapshot().orphanedRanges().size());
        c.advance(1000);
        assertEquals(List.of(), c.snapshot().orphanedRanges());
    }
}
