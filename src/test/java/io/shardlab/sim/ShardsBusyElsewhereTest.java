package io.shardlab.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardlab.cluster.MongoVersion;
import java.util.Set;
import org.bson.BsonDocument;
import org.junit.jupiter.api.Test;

/** A shard in a migration of another collection is left out of this collection's balancer round. */
class ShardsBusyElsewhereTest {

    private static SimulatedCluster imbalanced() {
        SimulatedCluster c = new SimulatedCluster(SimulationConfig.of(MongoVersion.V5_0));
        c.execute(new AddShard("shard01"));
        c.execute(new AddShard("shard02"));
        c.execute(new AddShard("shard03"));
        c.execute(ShardCollection.of("db.c", "{x: 1}"));
        for (int i = 1; i <= 9; i++) {
            c.execute(new SplitAt("db.c", BsonDocument.parse("{x: " + i * 10 + "}")));
        }
        return c;
    }

    @Test
    void given_every_other_shard_busy_elsewhere_when_a_round_runs_then_nothing_moves() {
        SimulatedCluster c = imbalanced();
        c.setShardsBusyElsewhere(Set.of("shard02", "shard03"));

        BalancerRoundsRun run = c.runBalancerRounds(1);

        assertEquals(0, run.migrations().size());
    }

    @Test
    void given_one_shard_busy_elsewhere_when_a_round_runs_then_migrations_avoid_it() {
        SimulatedCluster c = imbalanced();
        c.setShardsBusyElsewhere(Set.of("shard02"));

        BalancerRoundsRun run = c.runBalancerRounds(1);

        assertTrue(run.migrations().size() >= 1, "the free shard receives a chunk");
        run.migrations().forEach(m -> assertEquals("shard03", m.migration().to()));
    }

    @Test
    void given_no_shard_busy_elsewhere_when_a_round_runs_then_the_only_donor_starts_one_migration() {
        SimulatedCluster c = imbalanced();

        BalancerRoundsRun run = c.runBalancerRounds(1);

        assertEquals(1, run.migrations().size(), "one donor (shard01) takes part in one migration per round");
    }
}
