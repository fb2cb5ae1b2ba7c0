package io.shardlab.serve;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardlab.cluster.MongoVersion;
import io.shardlab.mongos.ShardedCatalog;
import io.shardlab.sim.SimulationSnapshot;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The real client: scripted mongosh 2.12.0 sessions ({@code mongosh --quiet --file}) against ShardLab's
 * mongos started in process, running the seed texts' examples (mended for mongosh, see each script) on
 * several releases, with assertions on what mongosh prints and on the simulated cluster.
 *
 * <p>mongosh comes from {@code $SHARDLAB_MONGOSH}, {@code .ci/mongosh} (which {@code .ci/run} installs
 * from npm) or the PATH. Without it the tests are skipped with that reason, except on CI
 * ({@code CI=true}), where they fail.
 */
class MongoshSessionTest {

    private static Path mongosh;

    @TempDir
    Path dir;

    private MongosServer server;

    @BeforeAll
    static void findMongosh() {
        mongosh = RealMongosh.locate();
    }

    @AfterEach
    void stop() {
        if (server != null) {
            server.close();
        }
    }

    private MongosServer serve(String release, int shards) {
        List<String> ids = new ArrayList<>();
        for (int i = 1; i <= shards; i++) {
            ids.add(String.format("shard%02d", i));
        }
        ShardedCatalog catalog =
                new ShardedCatalog(io.shardlab.sim.SimulationConfig.of(MongoVersion.parseModelled(release)), ids);
        server = MongosServer.start(new MongosServer.Settings(catalog, "127.0.0.1", 0, 0, 64L << 20, 100), l -> {});
        return server;
    }

    /** Runs a script from the test resources (with {@code replacements} applied) and returns what mongosh printed. */
    private String mongosh(String script, String... replacements) throws IOException, InterruptedException {
        String text;
        try (InputStream in = getClass().getResourceAsStream("mongosh/" + script)) {
            text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        for (int i = 0; i + 1 < replacements.length; i += 2) {
            text = text.replace(replacements[i], replacements[i + 1]);
        }
        Path file = dir.resolve(script);
        Files.writeString(file, text);
        Process p = new ProcessBuilder(
                        mongosh.toString(), server.connectionString(), "--quiet", "--norc", "--file", file.toString())
                .redirectErrorStream(true)
                .start();
        byte[] out = p.getInputStream().readAllBytes();
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), "mongosh did not finish");
        String printed = new String(out, StandardCharsets.UTF_8);
        assertEquals(0, p.exitValue(), "mongosh failed:\n" + printed);
        return printed;
    }

    private SimulationSnapshot collection(String ns) {
        return server.commands()
                .catalog()
                .collection(ns)
                .orElseThrow()
                .cluster()
                .snapshot();
    }

    @ParameterizedTest(name = "MongoDB {0}")
    @ValueSource(strings = {"4.4", "6.0", "8.0"})
    void pre_splitting_a_day_by_minutes_with_the_balancer_stopped(String release) throws Exception {
        serve(release, 3);

        String out = mongosh("presplit.js", "MINUTES_FACTOR", "24");

        assertEquals(1441, collection("data.data").cluster().chunks().size());
        assertTrue(out.contains("balancer enabled before start: false"), out);
        assertTrue(out.contains("balancer enabled after start: true"), out);
        assertTrue(out.contains("documents: 100"), out);
        assertTrue(out.contains("chunks: 1441"), out);
        assertTrue(out.contains("stage of one minute: SINGLE_SHARD"), out);
        assertTrue(out.contains("shardingVersion"), out);
        assertTrue(out.contains("'data.data'"), out);
        assertTrue(out.contains("nChunks: 1441"), out);
        assertTrue(out.contains("too many chunks to print, use verbose if you want to force print"), out);
        assertEquals(100, collection("data.data").documents());
    }

    @ParameterizedTest(name = "MongoDB {0}: upsert without the owner -> {1}")
    @CsvSource(textBlock = """
            5.0, 'ShardKeyNotFound: Failed to target upsert by query :: could not extract exact shard key'
            7.0, 'ShardKeyNotFound: Failed to target upsert by query :: could not extract exact shard key'
            8.0, accepted
            """)
    void the_social_inbox_reads_from_one_shard_and_refuses_upserts_without_the_key(String release, String upsert)
            throws Exception {
        serve(release, 2);

        String out = mongosh("social.js");

        assertTrue(out.contains("Peter's inbox buckets: 1, first message from Christian"), out);
        assertTrue(out.contains("read inbox stage: SINGLE_SHARD"), out);
        assertTrue(out.contains("upsert without owner: " + upsert), out);
        assertTrue(out.contains("Shard shard01 at shard01/shard01.shardlab:27018"), out);
        assertTrue(out.contains("docs: 2"), out);
        assertEquals(2, collection("social.users").documents());
        assertEquals(2, collection("social.inbox").documents(), "the {sequence: 0} filter matches an inbox bucket");
    }

    @ParameterizedTest(name = "MongoDB {0}")
    @ValueSource(strings = {"5.0", "7.0"})
    void a_document_per_identity_shards_collections_that_already_hold_documents(String release) throws Exception {
        serve(release, 2);

        String out = mongosh("identities.js");

        assertTrue(out.contains("user found by identity: peter@example.com"), out);
        assertTrue(out.contains("identity lookup stage: SINGLE_SHARD"), out);
        assertTrue(out.contains("sharded collections: users.identities, users.users"), out);
        assertEquals(2, collection("users.identities").documents());
        assertEquals(1, collection("users.users").documents());
    }

    @ParameterizedTest(name = "MongoDB {0}")
    @ValueSource(strings = {"5.0", "7.0"})
    void mongosh_reads_the_statistics_compass_reads(String release) throws Exception {
        serve(release, 2);

        String out = mongosh("compass.js");

        assertTrue(
                out.contains("db.stats: objects 51, indexes 5, shards shard01/shard01.shardlab:27018,"
                        + "shard02/shard02.shardlab:27018"),
                out);
        assertTrue(
                out.contains("coll.stats: sharded true, count 50, nindexes 2, shard02 count 25, index names _id_,c_1"),
                out);
        String version = io.shardlab.mongos.MongosRelease.of(MongoVersion.parseModelled(release))
                .versionString();
        assertTrue(
                out.contains("serverStatus: mongos " + version + ", inserts 51, has network true, globalLock absent"),
                out);
        assertTrue(out.contains("hostInfo: cores true, os string"), out);
        assertTrue(out.contains("currentOp: shard01 admin.$cmd.aggregate; shard02 admin.$cmd.aggregate"), out);
        assertTrue(out.contains("sample: 5"), out);
        assertTrue(out.contains("getIndexes: _id_,c_1"), out);
        assertTrue(out.contains("indexStats: _id_@shard01,_id_@shard02,c_1@shard01,c_1@shard02"), out);
        assertTrue(out.contains("top: CommandNotFound"), out);
        assertTrue(out.contains("connectionStatus privileges: 0"), out);
        assertTrue(out.contains("listCollections orders: orders"), out);
        assertTrue(out.contains("estimated 50, counted 40"), out);
    }

    @ParameterizedTest(name = "MongoDB {0}")
    @ValueSource(strings = {"6.0", "8.0"})
    void mongosh_sharding_helpers_work_unchanged(String release) throws Exception {
        serve(release, 3);

        String out = mongosh("helpers.js");

        assertTrue(out.contains("compliant: true"), out);
        assertTrue(out.contains("balancer mode: full"), out);
        assertTrue(out.contains("distribution: shop.orders owned 300"), out);
        assertTrue(out.contains("point read: SINGLE_SHARD"), out);
        assertTrue(out.contains("sorted range read: SHARD_MERGE_SORT"), out);
        assertTrue(out.contains("aggregate count: 100"), out);
        assertTrue(out.contains("distinct: c3"), out);
        assertTrue(out.contains("remove shard03: started"), out);
        assertTrue(
                out.contains("reshard: The shard key provided does not have enough cardinality to make the required "
                        + "number of chunks of 90, it can only make 31 chunks"),
                out);
        assertTrue(
                out.contains("split off admin: Unauthorized: split may only be run against the admin database."), out);
        assertEquals(300, collection("shop.orders").documents());
    }

    @ParameterizedTest(name = "MongoDB {0}")
    @ValueSource(strings = {"5.0", "8.0"})
    void zones_come_apart_collections_reshard_and_databases_move_their_primary(String release) throws Exception {
        serve(release, 3);

        String out = mongosh("admin.js");

        assertTrue(out.contains("zone in use: ZoneStillInUse"), out);
        assertTrue(out.contains("zone ranges left: 0"), out);
        assertTrue(out.contains("shards in EU: 0"), out);
        assertTrue(out.contains("resharded key: {\"user\":1}"), out);
        assertTrue(out.contains("new uuid: true"), out);
        assertTrue(out.contains("chunks after reshard: 10"), out);
        assertTrue(
                out.contains("reshard on 7 regions: The shard key provided does not have enough cardinality to make "
                        + "the required number of chunks of 90, it can only make 8 chunks"),
                out);
        assertTrue(out.contains("left after deleteMany: 400"), out);
        assertTrue(out.contains("primary: shard03"), out);
        assertEquals(400, collection("shop.users").documents());
    }

    @ParameterizedTest(name = "MongoDB {0}")
    @ValueSource(strings = {"7.0", "8.0"})
    void refusals_carry_mongodbs_codes_updates_are_counted_and_8_0_unshards(String release) throws Exception {
        serve(release, 3);

        String out = mongosh("refusals.js");

        assertTrue(
                out.contains("split at a bound: undefined (undefined): new split key { x: 50 } is a boundary key "
                        + "of existing chunk [{ x: 50 },{ x: MaxKey })"),
                out);
        assertTrue(
                out.contains("merge across shards: IllegalOperation (20): could not merge chunks, shard shard01 "
                        + "does not contain a sequence of chunks that exactly fills the range [{ x: 0 }, { x: 50 })"),
                out);
        assertTrue(
                out.contains("moveChunk without the key: Location656450 (656450): no shard key found in chunk "
                        + "query { y: 1 }"),
                out);
        assertTrue(
                out.contains("refine to another key: InvalidOptions (72): refineCollectionShardKey shard key "
                        + "{ y: 1 } does not extend the current shard key { x: 1 }"),
                out);
        // configsvr_abort_reshard_collection_command.cpp; cleanup_orphaned_basic.js; cluster_kill_op.cpp
        assertTrue(
                out.contains("abort with no resharding: NoSuchReshardCollection (339): Could not find "
                        + "resharding-related metadata that matches the given namespace"),
                out);
        assertTrue(
                out.contains("cleanupOrphaned on a mongos: CommandNotFound (59): no such command: 'cleanupOrphaned'"),
                out);
        assertTrue(out.contains("killOp: shard01 7 1"), out);
        assertTrue(out.contains("grown by: 9990"), out);
        if ("8.0".equals(release)) {
            assertTrue(out.contains("unsharded: true on shard02"), out);
            assertTrue(out.contains("documents: 100"), out);
        }
    }

    @ParameterizedTest(name = "MongoDB {0}")
    @ValueSource(strings = {"7.0", "8.0"})
    void the_query_analyzer_samples_queries_for_analyzeShardKey(String release) throws Exception {
        serve(release, 2);

        String out = mongosh("analyzer.js");

        assertTrue(out.contains("sampling: full"), out);
        assertTrue(out.contains("distinct customers: 40"), out);
        assertTrue(out.contains("sampled finds: 10"), out);
        assertTrue(out.contains("single-shard reads: 100"), out);
        assertTrue(out.contains("listed samples: 10"), out);
    }

    @ParameterizedTest(name = "MongoDB {0}")
    @ValueSource(strings = {"4.4", "7.0", "8.0"})
    void mongosh_sessions_commit_and_abort_transactions(String release) throws Exception {
        serve(release, 2);

        String out = mongosh("transactions.js");

        assertTrue(out.contains("inside: 2"), out);
        assertTrue(out.contains("outside before commit: 1"), out);
        assertTrue(out.contains("after commit: 2, qty 4"), out);
        assertTrue(out.contains("after abort: 2"), out);
        assertTrue(out.contains("count: OperationNotSupportedInTransaction"), out);
        assertTrue(out.contains("conflict: WriteConflict [\"TransientTransactionError\"]"), out);
        assertTrue(out.contains("second commit: NoSuchTransaction"), out);
        assertTrue(out.contains("qty at the end: 5"), out);
        assertEquals(2, collection("shop.orders").documents());
    }
}
