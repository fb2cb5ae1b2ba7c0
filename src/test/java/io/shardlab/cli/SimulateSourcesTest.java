package io.shardlab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardlab.cluster.Chunk;
import io.shardlab.cluster.ChunkMap;
import io.shardlab.cluster.ChunkStatistics;
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
import java.math.BigInteger;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.bson.BsonArray;
import org.bson.BsonBoolean;
import org.bson.BsonDocument;
import org.bson.BsonInt64;
import org.bson.BsonMaxKey;
import org.bson.BsonMinKey;
import org.bson.BsonValue;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** {@code simulate} starting from a real collection's layout, with balancer rounds and no inserts. */
class SimulateSourcesTest {

    @TempDir
    Path dir;

    static final ShardKey MIN = ShardKey.of(new BsonMinKey());
    static final ShardKey MAX = ShardKey.of(new BsonMaxKey());

    /** A snapshot of {@code ns} on {@code key} with its chunks, per-chunk contents (or none) and shards. */
    Path snapshot(String name, String key, List<Chunk> chunks, List<long[]> contents, String... shards) {
        List<Shard> s = new ArrayList<>();
        for (String id : shards) {
            s.add(new Shard(id, id + "/" + id + ".example.net:27018", Set.of(), false));
        }
        ClusterSnapshot c = new ClusterSnapshot(
                "shop.orders", ShardKeyPattern.parse(key), false, s, new ChunkMap(chunks), List.of());
        List<ChunkStatistics> stats = new ArrayList<>();
        for (int i = 0; i < contents.size(); i++) {
            stats.add(new ChunkStatistics(chunks.get(i), contents.get(i)[0], contents.get(i)[1]));
        }
        Path file = dir.resolve(name);
        SnapshotFile.write(file, new SnapshotFile.Contents(c, stats, Instant.parse("2024-05-01T12:00:00Z"), "test"));
        return file;
    }

    /** 20,000 documents of 200 bytes in one hashed chunk on shard01 of three shards. */
    Path hashedOnOneShard() {
        return snapshot(
                "hashed.json",
                "{_id: 'hashed'}",
                List.of(new Chunk(MIN, MAX, "shard01", false, ChunkVersion.INITIAL)),
                List.of(new long[] {20_000, 4_000_000}),
                "shard01",
                "shard02",
                "shard03");
    }

    static BsonDocument json(CliRun run) {
        assertEquals(0, run.exitCode(), run.err());
        assertEquals("", run.err());
        return BsonDocument.parse(run.out());
    }

    static List<String> notes(BsonDocument json) {
        return json.getDocument("layoutSource").getArray("notes").stream()
                .map(v -> v.asString().getValue())
                .toList();
    }

    @Test
    void balancerRoundsOnASnapshotListTheMigrationsTheBalancerWouldMake() {
        BsonDocument d = json(CliRun.of(
                "simulate",
                "--snapshot",
                hashedOnOneShard().toString(),
                "--balancer-rounds",
                "6",
                "--chunk-size",
                "1",
                "--json"));
        assertEquals(
                List.of(
                        "key",
                        "mongodbVersion",
                        "shards",
                        "chunks",
                        "splits",
                        "migrations",
                        "merges",
                        "meanMaxWriteShare",
                        "events",
                        "layoutSource",
                        "balancerRounds",
                        "migrationsPlanned"),
                List.copyOf(d.keySet()),
                "the keys of a run without a source come first, unchanged");
        assertEquals(
                "recorded", d.getDocument("layoutSource").getString("sizes").getValue());
        BsonDocument rounds = d.getDocument("balancerRounds");
        assertEquals(6, rounds.getInt32("requested").getValue());
        assertEquals(6, rounds.getInt32("run").getValue());
        assertTrue(rounds.isNull("stoppedBecause"));
        // 8.0: ideal 4,000,000 / 3 bytes per shard, threshold 3 MiB; the donor cuts one chunk size:
        // 1 MiB / 200 bytes = 5242 documents per chunk, autoSplitVector's first point is document 5241
        BsonArray planned = d.getArray("migrationsPlanned");
        assertEquals(1, planned.size(), planned.toString());
        BsonDocument m = planned.get(0).asDocument();
        long expectedMax = BigInteger.ONE
                .shiftLeft(64)
                .multiply(BigInteger.valueOf(5241))
                .divide(BigInteger.valueOf(20_000))
                .subtract(BigInteger.ONE.shiftLeft(63))
                .longValueExact();
        assertEquals(
                BsonDocument.parse("{round: 1, command: 'moveRange', from: 'shard01', to: 'shard02', "
                        + "min: {_id: {$minKey: 1}}, max: {_id: {$numberLong: '" + expectedMax + "'}}, docs: 5241, "
                        + "bytes: 1048200, reason: 'chunksImbalance', estimated: true, committed: true}"),
                m);
        // then shard01 holds 2.8 MB, shard03 nothing: a 2.8 MB difference is under the 3 MiB threshold
        long total = 0;
        for (BsonValue s : d.getArray("shards")) {
            total += s.asDocument().getNumber("docs").longValue();
        }
        assertEquals(20_000, total, "moved, not created or lost");
        assertEquals(1, d.getInt32("migrations").getValue());
    }

    @Test
    void theTextReportSaysWhereTheChunksContentsCameFromInChinese() {
        CliRun run = CliRun.of(
                "--lang",
                "zh-CN",
                "simulate",
                "--snapshot",
                hashedOnOneShard().toString(),
                "--balancer-rounds",
                "3",
                "--chunk-size",
                "1");

        assertEquals(0, run.exitCode(), run.err());
        assertTrue(run.out().contains("数据块内容：每个数据块的文档数和字节数，按快照记录的值\n"), run.out());
    }

    @Test
    void theTextReportSaysWhatTheRunAssumedAndListsEachMigration() {
        CliRun run = CliRun.of(
                "simulate", "--snapshot", hashedOnOneShard().toString(), "--balancer-rounds", "3", "--chunk-size", "1");
        assertEquals(0, run.exitCode(), run.err());
        String text = run.out();
        for (String expected : List.of(
                "  layout: shop.orders from " + dir.resolve("hashed.json") + " (1 chunk)\n",
                "        MongoDB 8.0 rules, assumed: the snapshot does not say which release it comes from; choose "
                        + "another with --mongodb-version\n",
                "        chunk size: 1 MB (--chunk-size)\n",
                "        chunk contents: documents and bytes per chunk as the snapshot recorded them\n",
                "        document keys: unknown; a cut inside a loaded chunk",
                "  inserted: nothing, seed 1\n",
                "\nBalancer rounds (3 requested, 3 run, ",
                " round 1    moveRange shard01 -> shard02  { _id: MinKey() } -->> { _id: Long('",
                "') } (estimated)  5241 docs  1023KiB  chunksImbalance\n",
                " migrations planned : 1 (1 committed), 1023KiB moved\n")) {
            assertTrue(text.contains(expected), () -> "missing:\n" + expected + "\nin:\n" + text);
        }
        assertFalse(text.contains("\nWrites\n"), "nothing was inserted");
    }

    @Test
    void aConfigDumpIsBalancedByTheChosenVersionsRules() throws Exception {
        Path dump = dir.resolve("dump");
        ConfigDumpReaderTestSupport.mongodump(dump, ConfigFixture.config(Shape.V4_4));
        BsonDocument d = json(CliRun.of(
                "simulate",
                "--config-dump",
                dump.toString(),
                "--ns",
                ConfigFixture.USERS,
                "--mongodb-version",
                "4.4",
                "--balancer-rounds",
                "5",
                "--json"));
        // 4.4 counts chunks: 4 chunks over 4 shards (ideal 1); shard01 holds 2 (one jumbo), shard02 and
        // shard03 one each, shard04 drains: the non-jumbo [MinKey, 100) goes to shard02, the first of the
        // least loaded (shard02 holds only a chunk of zone NYC)
        BsonArray planned = d.getArray("migrationsPlanned");
        assertEquals(
                BsonDocument.parse("{round: 1, command: 'moveChunk', from: 'shard01', to: 'shard02', "
                        + "min: {user_id: {$minKey: 1}}, max: {user_id: 100}, docs: 'unknown', bytes: 'unknown', "
                        + "reason: 'chunksImbalance', "
                        + "estimated: false, committed: true}"),
                planned.get(0).asDocument());
        assertEquals(1, planned.size());
        assertEquals("unknown", d.getDocument("layoutSource").getString("sizes").getValue());
        List<String> notes = notes(d);
        assertTrue(
                notes.get(0)
                        .startsWith("MongoDB 4.4 rules (--mongodb-version); the source: MongoDB 4.4 rules, "
                                + "inferred: config.chunks keyed by ns"),
                notes.toString());
        assertTrue(notes.contains("chunk size: 64 MB (config.settings chunksize)"), notes.toString());
        assertTrue(
                notes.stream().anyMatch(n -> n.startsWith("chunk contents: unknown: the source has no data sizes")),
                notes.toString());
        // a size the source did not tell is "unknown", never 0
        for (BsonValue c : d.getArray("chunks")) {
            assertEquals("unknown", c.asDocument().getString("docs").getValue());
            assertEquals("unknown", c.asDocument().getString("bytes").getValue());
        }
        for (BsonValue sh : d.getArray("shards")) {
            assertEquals("unknown", sh.asDocument().getString("bytes").getValue());
        }
        assertTrue(
                notes.contains("the source's balancing window 23:00-06:00 is not applied: rounds run back to back"),
                notes.toString());
    }

    @Test
    void aMongodumpArchiveIsSimulatedUnderTheReleaseItsPreludeRecords() throws Exception {
        Path archive = dir.resolve("config.archive.gz");
        ConfigDumpReaderTestSupport.mongodumpArchive(archive, ConfigFixture.config(Shape.V4_4), "4.0.28", true);
        BsonDocument d = json(CliRun.of(
                "simulate",
                "--config-dump",
                archive.toString(),
                "--ns",
                ConfigFixture.USERS,
                "--balancer-rounds",
                "1",
                "--json"));
        assertEquals("4.0.28", d.getString("mongodbVersion").getValue());
        List<String> notes = notes(d);
        assertTrue(
                notes.contains("MongoDB 4.0.28 rules: the mongodump archive's prelude records server_version 4.0.28"),
                notes.toString());
        // 4.0 balances by chunk count: the planned migration is a moveChunk
        assertEquals(
                "moveChunk",
                d.getArray("migrationsPlanned")
                        .get(0)
                        .asDocument()
                        .getString("command")
                        .getValue());
    }

    @Test
    void aFolderDumpWithoutAVersionIsSimulatedUnderTheInferredReleaseAndSaysSo() throws Exception {
        Path dump = dir.resolve("dump40");
        ConfigDumpReaderTestSupport.mongodump(dump, ConfigFixture.config(Shape.V4_4));
        BsonDocument d =
                json(CliRun.of("simulate", "--config-dump", dump.toString(), "--ns", ConfigFixture.USERS, "--json"));
        assertEquals("4.4", d.getString("mongodbVersion").getValue());
        assertTrue(
                notes(d).get(0).startsWith("MongoDB 4.4 rules, inferred: config.chunks keyed by ns"),
                notes(d).toString());
        assertTrue(notes(d).get(0).endsWith("choose another with --mongodb-version"), notes(d).toString());
    }

    @Test
    void aDefragmentationInProgressOnTheSourceGoesOnInTheRounds() throws Exception {
        // given a 7.0 dump whose test.users is being defragmented (config.collections defragmentCollection)
        Map<String, List<BsonDocument>> config = new LinkedHashMap<>(ConfigFixture.config(Shape.V7_0));
        List<BsonDocument> collections = new ArrayList<>();
        for (BsonDocument c : config.get("collections")) {
            BsonDocument copy = c.clone();
            if (copy.getString("_id").getValue().equals(ConfigFixture.USERS)) {
                copy.append("defragmentCollection", BsonBoolean.TRUE);
            }
            collections.add(copy);
        }
        config.put("collections", collections);
        Path dump = dir.resolve("defragmenting");
        ConfigDumpReaderTestSupport.mongodump(dump, config);

        // when it is simulated for a few rounds
        BsonDocument d = json(CliRun.of(
                "simulate",
                "--config-dump",
                dump.toString(),
                "--ns",
                ConfigFixture.USERS,
                "--balancer-rounds",
                "3",
                "--json"));

        // then the balancer defragments it, and says so
        List<String> notes = notes(d);
        assertTrue(
                notes.contains("the source's balancer is defragmenting test.users (defragmentCollection): the rounds "
                        + "defragment it, from its first phase"),
                notes.toString());
        assertTrue(d.getArray("chunks").size() < 4, d.toJson());
    }

    @Test
    void aLiveClustersVersionChunkSizeAndPerShardDataAreUsed() {
        try (FakeCluster cluster = FakeCluster.of(Shape.V7_0)) {
            BsonDocument d = json(CliRun.of(
                    "simulate",
                    "--uri",
                    cluster.connectionString(),
                    "--ns",
                    ConfigFixture.USERS,
                    "--balancer-rounds",
                    "2",
                    "--json"));
            assertEquals("7.0.12", d.getString("mongodbVersion").getValue());
            assertEquals(
                    "shardTotals",
                    d.getDocument("layoutSource").getString("sizes").getValue());
            List<String> notes = notes(d);
            assertTrue(notes.contains("MongoDB 7.0.12 rules: the server reports 7.0.12"), notes.toString());
            assertTrue(notes.contains("chunk size: 128MiB (config.collections maxChunkSizeBytes)"), notes.toString());
            // $shardedDataDistribution: shard01 600 documents (36,600 bytes) over its 2 chunks, shard02 300, shard03
            // 100
            List<Long> docs = d.getArray("chunks").stream()
                    .map(c -> c.asDocument().getNumber("docs").longValue())
                    .toList();
            assertEquals(List.of(300L, 300L, 100L, 300L), docs);
            // 61,000 bytes are far below 3 × 128 MiB: nothing to move
            assertEquals(List.of(), d.getArray("migrationsPlanned").getValues());
            assertEquals(2, d.getDocument("balancerRounds").getInt32("run").getValue());
        }
    }

    @Test
    void estimatedDataSizeBytesGiveEachChunkItsOwnSize() {
        // config.chunks of test.users carry the defragmenter's estimates; $shardedDataDistribution (docs shape:
        // {ns, shards: [{shardName, numOrphanedDocs, numOwnedDocuments, ownedSizeBytes, orphanedSizeBytes}]})
        // gives each shard's average document size: 61 bytes everywhere
        Map<String, List<BsonDocument>> config = new LinkedHashMap<>(ConfigFixture.config(Shape.V7_0));
        Map<String, Long> estimates = Map.of("MinKey", 12_200L, "100", 18_300L, "200", 6_100L, "300", 24_400L);
        List<BsonDocument> chunks = new ArrayList<>();
        for (BsonDocument c : config.get("chunks")) {
            BsonDocument copy = c.clone();
            BsonValue min = copy.getDocument("min").get("user_id");
            if (min != null) {
                copy.append(
                        "estimatedDataSizeBytes",
                        new BsonInt64(estimates.get(
                                min.isInt32() ? String.valueOf(min.asInt32().getValue()) : "MinKey")));
            }
            chunks.add(copy);
        }
        config.put("chunks", chunks);
        try (FakeCluster cluster = FakeCluster.mongos("7.0.12", 21)
                .withShardedDataDistribution(List.of(BsonDocument.parse("{ns: 'test.users', shards: ["
                        + "{shardName: 'shard01', numOrphanedDocs: 0, numOwnedDocuments: 600, ownedSizeBytes: 36600, "
                        + "orphanedSizeBytes: 0}, {shardName: 'shard02', numOrphanedDocs: 0, numOwnedDocuments: 300, "
                        + "ownedSizeBytes: 18300, orphanedSizeBytes: 0}, {shardName: 'shard03', numOrphanedDocs: 0, "
                        + "numOwnedDocuments: 100, ownedSizeBytes: 6100, orphanedSizeBytes: 0}]}")))) {
            cluster.seed(config);
            BsonDocument d = json(CliRun.of(
                    "simulate",
                    "--uri",
                    cluster.connectionString(),
                    "--ns",
                    ConfigFixture.USERS,
                    "--balancer-rounds",
                    "1",
                    "--json"));
            assertEquals(
                    "estimatedDataSizeBytes",
                    d.getDocument("layoutSource").getString("sizes").getValue());
            List<String> sizes = d.getArray("chunks").stream()
                    .map(c -> c.asDocument().getNumber("docs").longValue() + "/"
                            + c.asDocument().getNumber("bytes").longValue())
                    .toList();
            assertEquals(List.of("200/12200", "300/18300", "100/6100", "400/24400"), sizes);
        }
    }

    @Test
    void aCutNextToAMinKeyEndIsListedAsAnEstimatedMigration() {
        Path file = snapshot(
                "ranged.json",
                "{customer: 1}",
                List.of(
                        new Chunk(MIN, ShardKey.of(new BsonInt64(100)), "shard01", false, ChunkVersion.INITIAL),
                        new Chunk(ShardKey.of(new BsonInt64(100)), MAX, "shard02", false, new ChunkVersion(2, 0))),
                List.of(new long[] {40_000, 8_000_000}, new long[] {0, 0}),
                "shard01",
                "shard02");
        BsonDocument d = json(CliRun.of(
                "simulate", "--snapshot", file.toString(), "--balancer-rounds", "1", "--chunk-size", "1", "--json"));
        assertTrue(d.getDocument("balancerRounds").isNull("stoppedBecause"), d.toJson());
        BsonDocument m = d.getArray("migrationsPlanned").get(0).asDocument();
        assertEquals(BsonDocument.parse("{customer: {$minKey: 1}}"), m.getDocument("min"));
        assertTrue(m.getBoolean("estimated").getValue(), m.toJson());
        assertEquals("shard02", m.getString("to").getValue());
    }

    @Test
    void aCutTheLayoutCannotPlaceStopsTheRoundsAndSaysWhy() {
        // string bounds: ShardLab assumes no spacing of string keys
        ShardKey m = ShardKey.of(new org.bson.BsonString("m"));
        Path file = snapshot(
                "ranged.json",
                "{customer: 1}",
                List.of(
                        new Chunk(MIN, m, "shard01", false, ChunkVersion.INITIAL),
                        new Chunk(m, MAX, "shard02", false, new ChunkVersion(2, 0))),
                List.of(new long[] {40_000, 8_000_000}, new long[] {0, 0}),
                "shard01",
                "shard02");
        BsonDocument d = json(CliRun.of(
                "simulate", "--snapshot", file.toString(), "--balancer-rounds", "10", "--chunk-size", "1", "--json"));
        BsonDocument rounds = d.getDocument("balancerRounds");
        assertEquals(1, rounds.getInt32("run").getValue());
        assertTrue(
                rounds.getString("stoppedBecause")
                        .getValue()
                        .startsWith("round 1 needed the keys of documents the "
                                + "layout does not hold: the donor would cut a moveRange"),
                rounds.toJson());
        BsonDocument event = rounds.getArray("events").get(0).asDocument();
        assertEquals("documentsUnknown", event.getString("type").getValue());
        assertEquals(BsonDocument.parse("{customer: {$minKey: 1}}"), event.getDocument("min"));
        assertEquals(List.of(), d.getArray("migrationsPlanned").getValues());

        CliRun text =
                CliRun.of("simulate", "--snapshot", file.toString(), "--balancer-rounds", "10", "--chunk-size", "1");
        assertTrue(
                text.out()
                        .contains(" not simulated: { customer: MinKey() } -->> { customer: 'm' } on "
                                + "shard01 (to shard02): the donor would cut"),
                text.out());
        assertTrue(text.out().contains(" stopped early: round 1 needed the keys"), text.out());

        // in Chinese the event's words are the bundle's, the layout's values and the step MongoDB would take as they
        // are
        CliRun chinese = CliRun.of(
                "--lang",
                "zh-CN",
                "simulate",
                "--snapshot",
                file.toString(),
                "--balancer-rounds",
                "10",
                "--chunk-size",
                "1");
        assertTrue(
                chinese.out()
                        .contains(" 未模拟：shard01 上的 { customer: MinKey() } -->> { customer: 'm' }（到 shard02）："
                                + "the donor would cut"),
                chinese.out());
    }

    @Test
    void insertsMayFollowTheLoadedLayout() {
        Path file = snapshot(
                "counter.json",
                "{counter: 1}",
                List.of(
                        new Chunk(MIN, ShardKey.of(new BsonInt64(0)), "shard01", false, ChunkVersion.INITIAL),
                        new Chunk(ShardKey.of(new BsonInt64(0)), MAX, "shard02", false, new ChunkVersion(2, 0))),
                List.of(new long[] {100, 10_000}, new long[] {50, 5_000}),
                "shard01",
                "shard02");
        BsonDocument d = json(CliRun.of(
                "simulate", "--snapshot", file.toString(), "--workload", "monotonic", "--docs", "1000", "--json"));
        long docs = 0;
        long writes = 0;
        for (BsonValue s : d.getArray("shards")) {
            docs += s.asDocument().getNumber("docs").longValue();
            writes += s.asDocument().getNumber("writes").longValue();
        }
        assertEquals(1150, docs, "150 loaded and 1000 inserted");
        assertEquals(1000, writes);
        assertEquals(1.0, d.getNumber("meanMaxWriteShare").doubleValue(), "a counter lands on one shard");
        assertFalse(d.containsKey("balancerRounds"));
        CliRun text = CliRun.of("simulate", "--snapshot", file.toString(), "--workload", "monotonic", "--docs", "1000");
        assertTrue(text.out().contains("  inserted: 1000 documents from workload 'monotonic'"), text.out());

        // in Chinese, the report's own lines and notes follow --lang, and --json stays English
        CliRun chinese = CliRun.of(
                "--lang",
                "zh-CN",
                "simulate",
                "--snapshot",
                file.toString(),
                "--workload",
                "monotonic",
                "--docs",
                "1000");
        assertTrue(chinese.out().contains("  已插入：来自 workload 'monotonic' 的 1000 个文档"), chinese.out());
        assertTrue(chinese.out().contains("        数据块大小：8.0 的默认值（源未设置）"), chinese.out());
        String[] json = {
            "simulate", "--snapshot", file.toString(), "--workload", "monotonic", "--docs", "1000", "--json"
        };
        String[] jsonInChinese = new String[json.length + 2];
        jsonInChinese[0] = "--lang";
        jsonInChinese[1] = "zh-CN";
        System.arraycopy(json, 0, jsonInChinese, 2, json.length);
        assertEquals(CliRun.of(json).out(), CliRun.of(jsonInChinese).out());
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            # extra arguments           | one line on stderr
            --shards 3                  | simulate: --shards: sizes a new cluster; the layout from %s has its own shards
            --key {region: 1}           | simulate: --key: { region: 1 } is not the shard key of shop.orders, which is { _id: 'hashed' }; leave --key out to use it
            --docs 10                   | simulate: --docs: needs --workload or --dataset; nothing is inserted without one
            --balancer-rounds 100001    | simulate: --balancer-rounds: between 1 and 100000 rounds, got 100001
            --mongodb-version 3.6.23    | simulate: --mongodb-version: version: MongoDB 3.6.23 is older than 4.0, the oldest release ShardLab models
            """)
    void badInputWithASourceGetsOneClearLine(String extra, String expected) {
        String file = hashedOnOneShard().toString();
        List<String> args = new ArrayList<>(List.of("simulate", "--snapshot", file));
        args.addAll(List.of(extra.split(" ", 2)));
        CliRun run = CliRun.of(args.toArray(String[]::new));
        assertEquals(Cli.BAD_INPUT, run.exitCode(), run.out());
        assertEquals(String.format(expected, file), run.err().strip());
    }
}
