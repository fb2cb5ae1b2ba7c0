package io.shardlab.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.shardlab.cluster.MongoVersion;
import io.shardlab.cluster.Shard;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.bson.BsonDocument;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * 8.3's draining commands on the simulator ({@link StartShardDraining}, {@link StopShardDraining}), as mongo
 * {@code jstests/sharding/start_shard_draining_test.js} ({@code checkDrainingCorrectAndIllegalOperations}) and
 * {@code stop_shard_draining_test.js} state them: a shard drains and stops draining again, both idempotent; an unknown
 * shard is ShardNotFound; the last shard that does not drain cannot start draining (IllegalOperation); the only shard
 * of a zone with a range cannot drain (ZoneStillInUse). Driven on shards {@code a}, {@code b} (and {@code c} where the
 * row names it) of a cluster where {@code test.bar} is sharded.
 */
class ShardDrainingTest {

    private static SimulatedCluster given(String shards, String draining, String zoneOfA) {
        SimulatedCluster c = new SimulatedCluster(
                SimulationConfig.of(MongoVersion.parse("8.3")).withInvariantChecks(true));
        for (String s : shards.split(" ")) {
            c.execute(new AddShard(s));
        }
        c.execute(ShardCollection.of("test.bar", "{x: 1}"));
        if (!zoneOfA.equals("-")) {
            c.execute(new AddShardToZone("a", zoneOfA));
            c.execute(new UpdateZoneKeyRange(
                    "test.foo", BsonDocument.parse("{x: 0}"), BsonDocument.parse("{x: 10}"), zoneOfA));
        }
        if (!draining.equals("-")) {
            for (String s : draining.split(" ")) {
                c.execute(new StartShardDraining(s));
            }
        }
        return c;
    }

    /** The draining shards, sorted, or {@code -}. */
    private static String drainingOf(SimulatedCluster c) {
        List<String> out = new ArrayList<>();
        for (Shard s : c.snapshot().cluster().shards()) {
            if (s.draining()) {
                out.add(s.id());
            }
        }
        out.sort(null);
        return out.isEmpty() ? "-" : String.join(" ", out);
    }

    @ParameterizedTest(name = "{0} {1} on shards {2} (draining {3}, a in zone {4}) → {5}, draining {6}")
    @CsvSource(delimiter = '|', textBlock = """
            # command | shard | shards | draining before | zone of a | refusal code     | draining after
            start     | a     | a b    | -               | -         | -                | a
            start     | a     | a b    | a               | -         | -                | a
            start     | x     | a b    | -               | -         | ShardNotFound    | -
            start     | b     | a b    | a               | -         | IllegalOperation | a
            start     | a     | a b    | -               | z         | ZoneStillInUse   | -
            start     | b     | a b c  | a               | -         | -                | a b
            stop      | a     | a b    | a               | -         | -                | -
            stop      | a     | a b    | -               | -         | -                | -
            stop      | x     | a b    | -               | -         | ShardNotFound    | -
            """)
    void a_shard_starts_and_stops_draining(
            String command,
            String shard,
            String shards,
            String drainingBefore,
            String zoneOfA,
            String refusal,
            String after) {
        // given the row's shards, some draining
        SimulatedCluster c = given(shards, drainingBefore, zoneOfA);
        ClusterCommand cmd = command.equals("start") ? new StartShardDraining(shard) : new StopShardDraining(shard);

        // when the command runs
        Optional<Refusal> refused = c.refusal(cmd);
        if (refused.isEmpty()) {
            c.execute(cmd);
        }

        // then it is refused with MongoDB's code and changes nothing, or the shards drain as the file says
        assertEquals(refusal, refused.map(Refusal::codeName).orElse("-"));
        assertEquals(after, drainingOf(c));
    }
}
