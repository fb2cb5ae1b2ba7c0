package io.shardlab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.shardlab.cluster.Chunk;
import io.shardlab.cluster.ChunkMap;
import io.shardlab.cluster.ChunkVersion;
import io.shardlab.cluster.ClusterSnapshot;
import io.shardlab.cluster.Shard;
import io.shardlab.cluster.SnapshotFile;
import io.shardlab.key.ShardKey;
import io.shardlab.key.ShardKeyPattern;
import io.shardlab.live.ConfigDumpReaderTestSupport;
import io.shardlab.live.ConfigFixture;
import io.shardlab.live.ConfigFixture.Shape;
import io.shardlab.live.FakeCluster;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonMaxKey;
import org.bson.BsonMinKey;
import org.bson.BsonString;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** {@code explain} over a real collection's layout: from a snapshot file, a config dump or a live cluster. */
class ExplainSourcesTest {

    @TempDir
    static Path dir;

    /** test.users of the live fixture (shard01, shard02 in NYC, shard03, shard04 draining) as a config dump. */
    static Path usersDump() throws Exception {
        Path dump = dir.resolve("dump-6.0");
        if (!dump.toFile().exists()) {
            ConfigDumpReaderTestSupport.mongodump(dump, ConfigFixture.config(Shape.V6_0));
        }
        return dump;
    }

    /** orders on {customer: 1}: [MinKey, 100) shardA, [100, 200) shardB, [200, MaxKey) shardC. */
    static Path ordersSnapshot() {
        Path file = dir.resolve("orders.json");
        if (!file.toFile().exists()) {
            ShardKey k100 = ShardKey.of(new BsonInt32(100));
            ShardKey k200 = ShardKey.of(new BsonInt32(200));
            ChunkMap chunks = new ChunkMap(List.of(
                    new Chunk(ShardKey.of(new BsonMinKey()), k100, "shardA", false, new ChunkVersion(2, 0)),
                    new Chunk(k100, k200, "shardB", false, new ChunkVersion(2, 1)),
                    new Chunk(k200, ShardKey.of(new BsonMaxKey()), "shardC", false, new ChunkVersion(3, 0))));
            ClusterSnapshot c = new ClusterSnapshot(
                    "shop.orders",
                    ShardKeyPattern.parse("{customer: 1}"),
                    false,
                    List.of(Shard.named("shardA"), Shard.named("shardB"), Shard.named("shardC")),
                    chunks,
                    List.of());
            SnapshotFile.write(
                    file, new SnapshotFile.Contents(c, List.of(), Instant.parse("2024-05-01T12:00:00Z"), "test"));
        }
        return file;
    }

    static BsonDocument json(CliRun run) {
        assertEquals(0, run.exitCode(), run.err());
        return BsonDocument.parse(run.out());
    }

    static String shards(BsonDocument json) {
        return String.join(
                ",",
                json.getArray("shards").stream()
                        .map(v -> v.asString().getValue())
                        .toList());
    }

    @ParameterizedTest(name = "{0} {1}: {2} {3}")
    @CsvSource(delimiter = '|', textBlock = """
            # op         | filter                                  | reached              | targeting
            find         | {customer: 150}                         | shardB               | single-shard
            find         | {customer: {$gte: 50, $lt: 150}}        | shardA,shardB        | multi-shard
            find         | {customer: {$in: [5, 250]}}             | shardA,shardC        | multi-shard
            find         | {status: 'open'}                        | shardA,shardB,shardC | scatter-gather
            updateOne    | {customer: 250}                         | shardC               | single-shard
            deleteMany   | {customer: {$gt: 300}}                  | shardC               | multi-shard
            """)
    void routesOverTheChunksOfASnapshotFile(String op, String filter, String reached, String targeting) {
        BsonDocument json = json(CliRun.of(
                "explain", "--snapshot", ordersSnapshot().toString(), "--filter", filter, "--op", op, "--json"));
        assertEquals(reached, shards(json));
        assertEquals(targeting, json.getString("targeting").getValue());
        BsonDocument layout = json.getDocument("layout");
        assertEquals("shop.orders", layout.getString("namespace").getValue());
        assertEquals(BsonDocument.parse("{customer: 1}"), layout.getDocument("key"));
        assertEquals(3, layout.getInt32("chunks").getValue());
        assertEquals(
                "8.0", layout.getString("mongodbVersion").getValue(), "a file written by simulate names no server");
    }

    @ParameterizedTest(name = "{0}: {1} {2}")
    @CsvSource(delimiter = '|', textBlock = """
            # filter                                  | reached                 | targeting
            {user_id: 150}                            | shard02                 | single-shard
            {user_id: {$gte: 150, $lt: 250}}          | shard02,shard03         | multi-shard
            {user_id: {$gte: 350}}                    | shard01                 | multi-shard
            {name: 'ada'}                             | shard01,shard02,shard03 | scatter-gather
            """)
    void routesOverTheChunksOfAConfigDump(String filter, String reached, String targeting) throws Exception {
        BsonDocument json = json(CliRun.of(
                "explain",
                "--config-dump",
                usersDump().toString(),
                "--ns",
                ConfigFixture.USERS,
                "--filter",
                filter,
                "--json"));
        assertEquals(reached, shards(json));
        assertEquals(targeting, json.getString("targeting").getValue());
        assertEquals(
                usersDump().toString(),
                json.getDocument("layout").getString("source").getValue());
    }

    @Test
    void textNamesTheLayoutBeforeTheRoute() {
        CliRun run = CliRun.of("explain", "--snapshot", ordersSnapshot().toString(), "--filter", "{customer: 150}");
        assertEquals(0, run.exitCode(), run.err());
        List<String> lines = run.out().lines().toList();
        assertEquals(
                "layout: shop.orders from " + ordersSnapshot() + ": 3 chunks on 3 shards (MongoDB 8.0 rules, "
                        + "assumed: the snapshot does not say which release it comes from)",
                lines.get(0));
        assertEquals("shards: shardB", lines.get(1));
        assertEquals("targeting: single-shard", lines.get(2));
    }

    @Test
    void aLiveClusterIsRoutedWithItsServersRules() {
        try (FakeCluster cluster = FakeCluster.of(Shape.V7_0)) {
            BsonDocument json = json(CliRun.of(
                    "explain",
                    "--uri",
                    cluster.connectionString(),
                    "--ns",
                    ConfigFixture.USERS,
                    "--filter",
                    "{user_id: 250}",
                    "--json"));
            assertEquals("shard03", shards(json));
            assertEquals(
                    "7.0.12",
                    json.getDocument("layout").getString("mongodbVersion").getValue());
            assertEquals(
                    new BsonString(cluster.connectionString()),
                    json.getDocument("layout").get("source"));
        }
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            # extra arguments       | one line on stderr
            --key {customer: 1}     | ok
            --key {customer: 1.0}   | ok
            --key {region: 1}       | explain: key: --key { region: 1 } is not the shard key of shop.orders, which is { customer: 1 }; leave --key out to use it
            --key {customer: 'hashed'} | explain: key: --key { customer: 'hashed' } is not the shard key of shop.orders, which is { customer: 1 }; leave --key out to use it
            --shards 3              | explain: shards: --shards sizes the empty-collection layout; the layout from %s has its own shards
            --ns shop.nope          | explain: ns: 'shop.nope' is not a sharded collection in %s (sharded: shop.orders)
            """)
    void theSourcesKeyRulesAndShardsAreTheSources(String extra, String expected) {
        String file = ordersSnapshot().toString();
        List<String> args =
                new java.util.ArrayList<>(List.of("explain", "--snapshot", file, "--filter", "{customer: 1}"));
        args.addAll(List.of(extra.split(" ", 2)));
        CliRun run = CliRun.of(args.toArray(String[]::new));
        if (expected.equals("ok")) {
            assertEquals(0, run.exitCode(), run.err());
            return;
        }
        assertEquals(Cli.BAD_INPUT, run.exitCode(), run.out());
        assertEquals(String.format(expected, file), run.err().strip());
    }

    @Test
    void withoutASourceTheKeyIsRequired() {
        CliRun run = CliRun.of("explain", "--filter", "{a: 1}");
        assertEquals(Cli.BAD_INPUT, run.exitCode());
        assertEquals(
                "explain: key: give --key PATTERN for the empty-collection layout, or a layout source (--uri, "
                        + "--snapshot or --config-dump)",
                run.err().strip());
    }

    @Test
    void aZonedDrainingClusterStillRoutesToTheChunksOwners() throws Exception {
        // shard04 is draining and owns no chunk of test.users: it is never reached
        BsonDocument json = json(CliRun.of(
                "explain",
                "--config-dump",
                usersDump().toString(),
                "--ns",
                ConfigFixture.USERS,
                "--filter",
                "{}",
                "--op",
                "deleteMany",
                "--json"));
        assertEquals("shard01,shard02,shard03", shards(json));
        assertEquals(
                List.of(
                        new BsonString("shard01"),
                        new BsonString("shard02"),
                        new BsonString("shard03"),
                        new BsonString("shard04")),
                json.getDocument("layout").getArray("clusterShards").getValues());
    }
}
