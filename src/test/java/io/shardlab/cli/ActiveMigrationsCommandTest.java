package io.shardlab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardlab.live.ConfigFixture;
import io.shardlab.live.ConfigFixture.Shape;
import io.shardlab.live.FakeCluster;
import java.util.List;
import java.util.Map;
import org.bson.BsonDocument;
import org.junit.jupiter.api.Test;

/**
 * A migration the cluster's balancer has in progress (config.migrations) as {@code inspect} shows it,
 * under sh.status()'s "Collections with active migrations", and as {@code simulate} resumes it.
 */
class ActiveMigrationsCommandTest {

    /** [MinKey, 100) of test.users moving from shard01 to shard03, in type_migration.cpp's fields. */
    static final BsonDocument MOVING = BsonDocument.parse("{ns: 'test.users', min: {user_id: {$minKey: 1}}, "
            + "max: {user_id: 100}, fromShard: 'shard01', toShard: 'shard03', chunkVersion: [{$timestamp: {t: 3, i: 1}}, "
            + "{$oid: '65e1a720a1b2c3d4e5f60001'}], waitForDelete: false, forceJumbo: 'doNotForceJumbo'}");

    @Test
    void inspectListsTheMigrationUnderTheBalancerAndInItsJson() {
        try (FakeCluster cluster = FakeCluster.of(Shape.V7_0)) {
            cluster.seed(Map.of("migrations", List.of(MOVING)));

            CliRun text = CliRun.of("inspect", "--uri", cluster.connectionString());
            CliRun json =
                    CliRun.of("inspect", "--uri", cluster.connectionString(), "--ns", ConfigFixture.USERS, "--json");

            assertEquals(0, text.exitCode(), text.err());
            assertTrue(text.out().contains("""
                            Collections with active migrations: \n\
                                    test.users { "user_id" : { "$minKey" : 1 } } -->> { "user_id" : 100 } from shard01 \
                    to shard03 (config.migrations)
                    """), text.out());
            BsonDocument users = BsonDocument.parse(json.out())
                    .getArray("collections")
                    .get(0)
                    .asDocument();
            assertEquals(
                    BsonDocument.parse("{min: {user_id: {$minKey: 1}}, max: {user_id: 100}, fromShard: 'shard01', "
                            + "toShard: 'shard03'}"),
                    users.getArray("activeMigrations").get(0));
        }
    }

    @Test
    void withoutMigrationsInProgressInspectPrintsNoSuchSection() {
        try (FakeCluster cluster = FakeCluster.of(Shape.V7_0)) {
            CliRun text = CliRun.of("inspect", "--uri", cluster.connectionString());
            assertEquals(0, text.exitCode(), text.err());
            assertTrue(!text.out().contains("active migrations"), text.out());
        }
    }

    @Test
    void simulateResumesTheMigrationAndSaysSo() {
        try (FakeCluster cluster = FakeCluster.of(Shape.V7_0)) {
            cluster.seed(Map.of("migrations", List.of(MOVING)));

            CliRun run = CliRun.of(
                    "simulate",
                    "--uri",
                    cluster.connectionString(),
                    "--ns",
                    ConfigFixture.USERS,
                    "--balancer-rounds",
                    "1",
                    "--json");

            assertEquals(0, run.exitCode(), run.err());
            BsonDocument out = BsonDocument.parse(run.out());
            assertTrue(
                    out.getDocument("layoutSource").getArray("notes").stream()
                            .anyMatch(n -> n.asString()
                                    .getValue()
                                    .startsWith(
                                            "migration in progress on the source (config.migrations): { user_id: MinKey() } -->> "
                                                    + "{ user_id: 100 } from shard01 to shard03, resumed at load")),
                    out.toJson());
            // then: it committed, so [MinKey, 100) is on shard03
            BsonDocument first = out.getArray("chunks").get(0).asDocument();
            assertEquals("shard03", first.getString("shard").getValue());
        }
    }
}
