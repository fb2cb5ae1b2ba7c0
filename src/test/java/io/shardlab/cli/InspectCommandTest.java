package io.shardlab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardlab.AppInfo;
import io.shardlab.live.ConfigDumpReaderTestSupport;
import io.shardlab.live.ConfigFixture;
import io.shardlab.live.ConfigFixture.Shape;
import io.shardlab.live.FakeCluster;
import io.shardlab.text.Language;
import io.shardlab.text.Messages;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonValue;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code inspect} and {@code snapshot} from the command line, as a DBA runs them. */
class InspectCommandTest {

    /** Exit code, stdout and stderr of one run. */
    record Run(int exit, String out, String err) {}

    static Run run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int exit = Cli.create(new AppInfo("ShardLab", "test"), new PrintWriter(out), new PrintWriter(err))
                .execute(args);
        return new Run(exit, out.toString(), err.toString());
    }

    static BsonDocument collection(BsonDocument json, String ns) {
        for (BsonValue c : json.getArray("collections")) {
            if (c.asDocument().getString("ns").getValue().equals(ns)) {
                return c.asDocument();
            }
        }
        throw new AssertionError(ns + " not in " + json.toJson());
    }

    @Test
    void inspectPrintsAShStatusLikeReportWithEveryChunk() {
        try (FakeCluster cluster = FakeCluster.of(Shape.V7_0)) {
            Run r = run("inspect", "--uri", cluster.connectionString());
            assertEquals(0, r.exit(), r.err());
            assertEquals("", r.err());
            String text = r.out();
            assertTrue(
                    text.startsWith(
                            "--- Sharding Status --- \n  source: " + cluster.connectionString() + " (mongos 7.0.12)\n"),
                    text);
            for (String expected : List.of(
                    "        {  \"_id\" : \"shard02\",  \"host\" : \"shard02/localhost:27021\",  \"tags\" : [ \"NYC\" ] }\n",
                    "        {  \"_id\" : \"shard04\",  \"host\" : \"shard04/localhost:27023\",  \"draining\" : true }\n",
                    "  balancer:\n        Currently enabled: yes\n        Currently running: no\n"
                            + "        Balancer active window is set between 23:00 and 06:00 server local time\n",
                    "        {  \"_id\" : \"test\",  \"primary\" : \"shard01\",  \"partitioned\" : false }\n",
                    "                test.users\n                        shard key: { \"user_id\" : 1 }\n"
                            + "                        unique: false\n                        balancing: true\n"
                            + "                        chunks:\n                                shard01\t2\n",
                    "                        { \"user_id\" : { \"$minKey\" : 1 } } -->> { \"user_id\" : 100 } on : shard01 Timestamp(3, 1) \n",
                    "                        { \"user_id\" : 300 } -->> { \"user_id\" : { \"$maxKey\" : 1 } } on : shard01 Timestamp(3, 4) jumbo \n",
                    "                         tag: NYC  { \"user_id\" : 100 } -->> { \"user_id\" : 200 }\n",
                    "                        shard key: { \"_id\" : \"hashed\" }\n",
                    "{ \"_id\" : NumberLong(\"-4611686018427387902\") } -->> { \"_id\" : NumberLong(\"0\") } on : shard01",
                    "                                2024-03-01T10:06:00Z  merged 2 chunks into { \"user_id\" : 300 } -->> "
                            + "{ \"user_id\" : { \"$maxKey\" : 1 } } on shard01\n",
                    "                                2024-03-01T10:02:00Z  multi-split { \"user_id\" : 100 } -->> "
                            + "{ \"user_id\" : { \"$maxKey\" : 1 } } into 3 chunks",
                    "                                2024-03-01T10:03:00Z  moved { \"user_id\" : 100 } -->> "
                            + "{ \"user_id\" : 200 } from shard01 to shard02\n")) {
                assertTrue(text.contains(expected), () -> "missing:\n" + expected + "\nin:\n" + text);
            }
        }
    }

    /** mongosh helpers.ts getPrintableShardStatus: chunks are listed when {@code totalChunks < 20 || verbose}. */
    @org.junit.jupiter.params.ParameterizedTest(name = "{0} chunks, verbose {1}: listed {2}")
    @org.junit.jupiter.params.provider.CsvSource(textBlock = """
            19, false, true
            20, false, false
            2793, false, false
            20, true, true
            """)
    void chunks_are_listed_below_twenty_or_with_verbose_as_sh_status_does(
            int chunks, boolean verbose, boolean listed, @TempDir Path dir) {
        List<io.shardlab.key.ShardKey> points = new java.util.ArrayList<>();
        for (int i = 1; i < chunks; i++) {
            points.add(io.shardlab.key.ShardKey.of(new org.bson.BsonInt32(i * 10)));
        }
        io.shardlab.cluster.ChunkMap map =
                io.shardlab.cluster.ChunkMap.fromSplitPoints(1, points, List.of("shard01", "shard02"), 1);
        Path file = dir.resolve("orders.json");
        io.shardlab.cluster.SnapshotFile.write(
                file,
                new io.shardlab.cluster.SnapshotFile.Contents(
                        new io.shardlab.cluster.ClusterSnapshot(
                                "shop.orders",
                                io.shardlab.key.ShardKeyPattern.parse("{customer: 1}"),
                                false,
                                List.of(
                                        io.shardlab.cluster.Shard.named("shard01"),
                                        io.shardlab.cluster.Shard.named("shard02")),
                                map,
                                List.of()),
                        List.of(),
                        java.time.Instant.parse("2024-01-01T00:00:00Z"),
                        "test"));

        Run r = verbose
                ? run("inspect", "--snapshot", file.toString(), "--verbose")
                : run("inspect", "--snapshot", file.toString());

        assertEquals(0, r.exit(), r.err());
        long chunkLines = r.out()
                .lines()
                .filter(l -> l.contains(" -->> ") && l.contains(" on : "))
                .count();
        assertEquals(listed ? chunks : 0, chunkLines, r.out());
        assertEquals(
                !listed,
                r.out()
                        .contains(
                                "\n                        too many chunks to print, use verbose if you want to force print\n"),
                r.out());
        assertTrue(
                r.out().contains("                                shard01\t" + (chunks + 1) / 2 + "\n"),
                "the per-shard counts stay: " + r.out());
    }

    @Test
    void inspectJsonHasTheDocumentedShapeWithCanonicalExtendedJsonValues() {
        try (FakeCluster cluster = FakeCluster.of(Shape.V6_0)) {
            Run r = run("inspect", "--uri", cluster.connectionString(), "--json");
            assertEquals(0, r.exit(), r.err());
            BsonDocument json = BsonDocument.parse(r.out());
            BsonDocument shard02 = json.getArray("shards").get(1).asDocument();
            assertEquals(
                    BsonDocument.parse(
                            "{id: 'shard02', host: 'shard02/localhost:27021', zones: ['NYC'], draining: false}"),
                    shard02);
            assertEquals("full", json.getDocument("balancer").getString("mode").getValue());
            assertEquals(
                    64, json.getDocument("balancer").getInt32("chunkSizeMB").getValue());
            BsonDocument users = collection(json, ConfigFixture.USERS);
            assertEquals(BsonDocument.parse("{user_id: 1}"), users.getDocument("key"));
            BsonArray chunks = users.getArray("chunks");
            assertEquals(4, chunks.size());
            assertEquals(
                    BsonDocument.parse("{min: {user_id: {$minKey: 1}}, max: {user_id: 100}, shard: 'shard01', "
                            + "jumbo: false, lastmod: {$timestamp: {t: 3, i: 1}}}"),
                    chunks.get(0).asDocument());
            assertTrue(r.out().contains("\"max\": {\"user_id\": {\"$numberInt\": \"100\"}}"), "canonical, not relaxed");
            assertEquals(
                    BsonDocument.parse("{shard01: 2, shard02: 1, shard03: 1}"), users.getDocument("chunksPerShard"));
            assertEquals(
                    BsonDocument.parse("{min: {user_id: 100}, max: {user_id: 200}, zone: 'NYC'}"),
                    users.getArray("zones").get(0).asDocument());
            assertEquals(
                    "$shardedDataDistribution",
                    users.getString("dataDistributionSource").getValue());
            assertEquals(3, users.getArray("dataDistribution").size());
            assertEquals(List.of(), json.getArray("problems"));
        }
    }

    @Test
    void anUnreachableServerExitsWith2AndOneLineWithin15Seconds() throws Exception {
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        long start = System.nanoTime();
        Run r = run("inspect", "--uri", "mongodb://dba:hunter2@127.0.0.1:" + port + "/?authSource=admin");
        long seconds = TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - start);
        assertEquals(2, r.exit());
        assertEquals("", r.out());
        assertEquals(
                "inspect: no server answered at mongodb://dba:****@127.0.0.1:" + port + "/?authSource=admin: "
                        + "127.0.0.1:" + port
                        + " refused the connection (nothing listens there; is the server running, and is the port right?)\n",
                r.err().replace("\r\n", "\n"));
        assertTrue(seconds < 5, "a refusal fails at once; took " + seconds + " s");
    }

    @Test
    void aMissingOrDoubledSourceIsABadInput() {
        Run none = run("inspect", "--ns", "test.users");
        assertEquals(2, none.exit());
        assertEquals(
                "inspect: source: give one of --uri URI, --snapshot FILE or --config-dump DIR",
                none.err().strip());
        Run both = run("inspect", "--uri", "mongodb://h", "--snapshot", "x.json");
        assertEquals(2, both.exit());
        assertTrue(
                both.err().startsWith("inspect: Error: --uri=<uri>, --snapshot=<snapshot> are mutually exclusive")
                        || both.err().contains("mutually exclusive"),
                both.err());
        Run badUri = run("inspect", "--uri", "db1:27017");
        assertEquals(2, badUri.exit());
        assertEquals(
                "inspect: uri: expected a connection string starting with mongodb:// or mongodb+srv://, got '****'",
                badUri.err().strip());
    }

    @Test
    void aSnapshotSavedFromALiveClusterInspectsAndRewindsOffline(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("users.json");
        String live;
        try (FakeCluster cluster = FakeCluster.of(Shape.V8_0)) {
            Run saved = run(
                    "snapshot",
                    "--uri",
                    cluster.connectionString(),
                    "--ns",
                    ConfigFixture.USERS,
                    "--out",
                    file.toString());
            assertEquals(0, saved.exit(), saved.err());
            assertEquals(
                    "wrote test.users (4 chunks on 3 shards, 6 chunk changes from 8 changelog entries) to " + file
                            + "\n",
                    saved.out());
            live = run("inspect", "--uri", cluster.connectionString(), "--ns", ConfigFixture.USERS, "--json")
                    .out();
        }
        Run offline = run("inspect", "--snapshot", file.toString(), "--json");
        assertEquals(0, offline.exit(), offline.err());
        BsonDocument a = collection(BsonDocument.parse(live), ConfigFixture.USERS);
        BsonDocument b = collection(BsonDocument.parse(offline.out()), ConfigFixture.USERS);
        for (String field : List.of(
                "ns",
                "key",
                "unique",
                "uuid",
                "chunks",
                "chunksPerShard",
                "zones",
                "dataDistribution",
                "recentChanges")) {
            assertEquals(a.get(field), b.get(field), field);
        }
        assertEquals(
                BsonDocument.parse(live).get("shards"),
                BsonDocument.parse(offline.out()).get("shards"));

        Run then = run(
                "inspect",
                "--snapshot",
                file.toString(),
                "--at",
                ConfigFixture.at(3).plusSeconds(1).toString(),
                "--json");
        assertEquals(0, then.exit(), then.err());
        BsonDocument rewound = collection(BsonDocument.parse(then.out()), ConfigFixture.USERS);
        assertEquals(BsonDocument.parse("{shard01: 3, shard02: 1}"), rewound.getDocument("chunksPerShard"));
        assertTrue(
                then.out()
                        .contains("layout of test.users rewound to 2024-03-01T10:03:01Z by undoing 3 chunk changes"
                                + " (3 changelog entries)"),
                then.out());
        Run beforeTheMultiSplit = run(
                "inspect",
                "--snapshot",
                file.toString(),
                "--at",
                ConfigFixture.at(1).plusSeconds(1).toString());
        assertTrue(
                beforeTheMultiSplit
                        .out()
                        .contains("rewound to 2024-03-01T10:01:01Z by undoing 5 chunk changes"
                                + " (7 changelog entries)"),
                "a multi-split into 3 chunks is 3 entries: " + beforeTheMultiSplit.out());

        String text = Files.readString(file);
        assertTrue(text.contains("\"format\": \"shardlab-snapshot\""), text);
        assertFalse(text.contains("@"), "no user information in the file");
    }

    @Test
    void aRealisticDumpRewoundToAMomentShowsTheChunksOfThatMomentAndWhatWasUndone() throws Exception {
        // a day of shop.orders on 7.0.14 as mongoexport writes it (test resource orders-7.0, see its README)
        Path dump = Path.of(InspectCommandTest.class
                .getResource("/io/shardlab/live/orders-7.0")
                .toURI());

        Run r = run("inspect", "--config-dump", dump.toString(), "--ns", "shop.orders", "--at", "2024-05-14T11:05:00Z");

        assertEquals(0, r.exit(), r.err());
        assertTrue(
                r.out().contains("release: MongoDB 7.0.14 rules: config.mongos records mongoVersion 7.0.14"), r.out());
        assertTrue(
                r.out()
                        .contains("shard01\t3\n                                shard02\t3\n"
                                + "                                shard03\t4\n"),
                r.out());
        assertTrue(
                r.out().contains("{ \"customerId\" : 750000 } -->> { \"customerId\" : 875000 } on : shard01 "),
                "the aborted migration of 11:03 moved nothing: " + r.out());
        assertTrue(
                r.out()
                        .contains("layout of shop.orders rewound to 2024-05-14T11:05:00Z by undoing 8 chunk changes"
                                + " (12 changelog entries)"),
                "the retried migration, the merge, a multi-split into 5, three migrations, a split and its migration: "
                        + r.out());
    }

    @Test
    void aConfigDumpFolderInspectsLikeTheCluster(@TempDir Path dir) throws Exception {
        ConfigDumpReaderTestSupport.mongodump(dir, ConfigFixture.config(Shape.V4_4));
        Run r = run("inspect", "--config-dump", dir.toString(), "--ns", ConfigFixture.USERS);
        assertEquals(0, r.exit(), r.err());
        assertTrue(
                r.out().contains("{ \"user_id\" : 200 } -->> { \"user_id\" : 300 } on : shard03 Timestamp(3, 0) \n"),
                r.out());
        assertTrue(r.out().contains("per-shard data sizes are omitted"), r.out());
        Run wrongNs = run("inspect", "--config-dump", dir.toString(), "--ns", "test.nope");
        assertEquals(2, wrongNs.exit());
        assertTrue(
                wrongNs.err()
                        .startsWith("inspect: ns: 'test.nope' is not a sharded collection in " + dir
                                + " (sharded: config.system.sessions, test.events, test.users)"),
                wrongNs.err());
    }

    @Test
    void theReleaseNoteAndTheProblemsAreSaidInTheChosenLanguageAndShStatusLinesStayEnglish(@TempDir Path dir)
            throws Exception {
        // given a config dump of 4.4 whose test.users lost its chunk [100, 200)
        Map<String, List<BsonDocument>> config = ConfigFixture.config(Shape.V4_4);
        config.get("chunks")
                .removeIf(c -> c.getString("ns").getValue().equals(ConfigFixture.USERS)
                        && c.getDocument("min").get("user_id").equals(new BsonInt32(100)));
        ConfigDumpReaderTestSupport.mongodump(dir, config);

        // when it is inspected in English and in Chinese
        Run english = run("inspect", "--config-dump", dir.toString(), "--ns", ConfigFixture.USERS);
        Run chinese = run("--lang", "zh-CN", "inspect", "--config-dump", dir.toString(), "--ns", ConfigFixture.USERS);

        // then English says them as before
        assertEquals(0, english.exit(), english.err());
        assertTrue(english.out().contains("\n  release: MongoDB 4.4"), english.out());
        assertTrue(
                english.out()
                        .contains(
                                "\n                        problems:\n                                gap: no chunk covers"),
                english.out());
        // and Chinese says the release note and the problems in Chinese, the sh.status() lines in MongoDB's English
        assertEquals(0, chinese.exit(), chinese.err());
        assertTrue(chinese.out().contains("\n  版本：MongoDB 4.4"), chinese.out());
        assertTrue(chinese.out().contains(" 的规则"), chinese.out());
        assertTrue(
                chinese.out().contains("\n                        问题：\n                                空隙："),
                chinese.out());
        assertFalse(chinese.out().contains("release: "), chinese.out());
        assertFalse(chinese.out().contains("gap: "), chinese.out());
        // and so are the notes on what a dump cannot tell
        assertTrue(
                chinese.out().contains("\n  备注：\n        配置转储中没有可询问的服务器；负载均衡器状态取自 config.settings\n"), chinese.out());
        assertTrue(english.out().contains("\n  notes:\n        a config dump holds no server to ask; "), english.out());
        assertTrue(chinese.out().startsWith("--- Sharding Status --- \n"), chinese.out());
        assertTrue(chinese.out().contains("shard key: { \"user_id\" : 1 }\n"), chinese.out());
        // and --json stays English whatever the language
        Run json = run(
                "--lang", "zh-CN", "inspect", "--json", "--config-dump", dir.toString(), "--ns", ConfigFixture.USERS);
        assertTrue(json.out().contains("gap: no chunk covers"), json.out());
    }

    @Test
    void inspectSaysItsOwnLinesInChineseAndKeepsShStatusLinesAndJsonAsMongoDbWritesThem() {
        Messages chinese = Messages.of(Language.SIMPLIFIED_CHINESE);
        try (FakeCluster cluster = FakeCluster.of(Shape.V7_0)) {
            // when the cluster is inspected with --lang zh-CN
            Run r = run("--lang", "zh-CN", "inspect", "--uri", cluster.connectionString());

            // then ShardLab's own lines are the bundle's Chinese words
            assertEquals(0, r.exit(), r.err());
            String text = r.out();
            String users = "{ \"user_id\" : 100 } -->> { \"user_id\" : 200 }";
            for (String expected : List.of(
                    "\n  " + chinese.text("cli.inspect.sourceServer", cluster.connectionString(), "mongos", "7.0.12")
                            + "\n",
                    "\n  读取时间：",
                    "\n        数据块大小：",
                    "\n                        最近的数据块变更：\n",
                    "2024-03-01T10:03:00Z  把 " + users + " 从 shard01 迁移到 shard02\n",
                    "2024-03-01T10:06:00Z  把 2 个数据块合并为 { \"user_id\" : 300 } -->> "
                            + "{ \"user_id\" : { \"$maxKey\" : 1 } }（在 shard01 上）\n",
                    "2024-03-01T10:02:00Z  在 shard01 上多点分割 { \"user_id\" : 100 } -->> { \"user_id\" : { \"$maxKey\" : 1 } }"
                            + "，得到 3 个数据块")) {
                assertTrue(text.contains(expected), expected + " in\n" + text);
            }
            for (String english : List.of("source: ", "read at: ", "recent chunk changes:", "moved ", "Chunk size: ")) {
                assertFalse(text.contains(english), english + " in\n" + text);
            }
            // and sh.status()'s own lines stay MongoDB's English
            assertTrue(text.startsWith("--- Sharding Status --- \n"), text);
            assertTrue(text.contains("  balancer:\n        Currently enabled: yes\n"), text);
            assertTrue(text.contains("                        shard key: { \"user_id\" : 1 }\n"), text);
            // and --json is the same in both languages but for the moment it was read at
            String englishJson = run("inspect", "--json", "--uri", cluster.connectionString())
                    .out()
                    .replaceAll("\"readAt\": \"[^\"]*\"", "");
            String chineseJson = run("--lang", "zh-CN", "inspect", "--json", "--uri", cluster.connectionString())
                    .out()
                    .replaceAll("\"readAt\": \"[^\"]*\"", "");
            assertEquals(englishJson, chineseJson);
        }
    }
}
