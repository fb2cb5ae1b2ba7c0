package io.shardlab.shell;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardlab.cluster.MongoVersion;
import io.shardlab.mongos.ShardedCatalog;
import io.shardlab.serve.MongosServer;
import io.shardlab.sim.SimulationConfig;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The differential test: one script through ShardLab's shell and through the real mongosh 2.12.0
 * ({@code mongosh --quiet --norc --file}) against {@code serve}, each on a new cluster of the same
 * release; both print the same text and leave the same chunks. mongosh comes from
 * {@code $SHARDLAB_MONGOSH}, {@code .ci/mongosh} or the PATH; with CI=true a missing mongosh fails.
 */
class ShellVersusMongoshTest {

    private static Path mongosh;

    @TempDir
    Path dir;

    @BeforeAll
    static void findMongosh() {
        mongosh = io.shardlab.serve.RealMongosh.locate();
    }

    private static ShardedCatalog newCluster(String release) {
        return new ShardedCatalog(
                SimulationConfig.of(MongoVersion.parseModelled(release)).withSeed(1), List.of("shard01", "shard02"));
    }

    @ParameterizedTest(name = "MongoDB {0}")
    @ValueSource(strings = {"6.0", "8.0"})
    void a_script_prints_the_same_in_both_shells(String release) throws Exception {
        String script = resource("differential/crud-and-sharding.js");

        ShardedCatalog throughShell = newCluster(release);
        List<String> printed = new ArrayList<>();
        new ShellEngine(
                        MongosServer.inProcess(throughShell, 64L << 20, line -> {}),
                        printed::add,
                        0,
                        System::nanoTime,
                        0,
                        80)
                .evaluate(script, "crud-and-sharding.js", false, Duration.ofMinutes(2));
        String shellOut = String.join("\n", printed) + "\n";

        ShardedCatalog throughMongosh = newCluster(release);
        String mongoshOut;
        try (MongosServer server = MongosServer.start(
                new MongosServer.Settings(throughMongosh, "127.0.0.1", 0, 0, 64L << 20, 10), line -> {})) {
            mongoshOut = runMongosh(server, script);
        }

        assertEquals(mongoshOut, shellOut);
        assertEquals(chunks(throughMongosh), chunks(throughShell));
    }

    @ParameterizedTest(name = "MongoDB {0}, {1}")
    @org.junit.jupiter.params.provider.CsvSource({
        "4.4, sharding-status.js",
        "8.0, sharding-status.js",
        "4.4, sharding-status-print.js",
        "8.0, sharding-status-print.js"
    })
    void sharding_status_prints_the_same_in_both_shells(String release, String scriptName) throws Exception {
        String script = resource("differential/" + scriptName);

        List<String> printed = new ArrayList<>();
        new ShellEngine(
                        MongosServer.inProcess(newCluster(release), 64L << 20, line -> {}),
                        printed::add,
                        0,
                        System::nanoTime,
                        0,
                        80)
                .evaluate(script, "sharding-status.js", false, Duration.ofMinutes(2));
        String shellOut = String.join("\n", printed) + "\n";

        String mongoshOut;
        try (MongosServer server = MongosServer.start(
                new MongosServer.Settings(newCluster(release), "127.0.0.1", 0, 0, 64L << 20, 10), line -> {})) {
            mongoshOut = runMongosh(server, script);
        }

        assertEquals(comparable(mongoshOut), comparable(shellOut));
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(
            strings = {
                "db.c.insertMany([...Array(25).keys()].map(i => ({_id: i, n: 'x'.repeat(i % 7)}))); db.c.find()",
                "db.c.insertOne({_id: 1, a: {b: {c: {d: [1, 2, {e: 3}]}}}, s: \"it's\"})",
                "use data",
                "print({a: {b: 1}}); printjson({a: {b: 1}}); print([1, {x: 'y'}], {q: 2}); console.log({c: [1, 2]})"
            })
    void an_eval_value_prints_the_same_in_both_shells(String eval) throws Exception {
        List<String> printed = new ArrayList<>();
        new ShellEngine(
                        MongosServer.inProcess(newCluster("8.0"), 64L << 20, line -> {}),
                        printed::add,
                        0,
                        System::nanoTime,
                        0,
                        80)
                .evaluate(eval, "eval", true, Duration.ofMinutes(2));
        String shellOut = String.join("\n", printed) + "\n";

        String mongoshOut;
        try (MongosServer server = MongosServer.start(
                new MongosServer.Settings(newCluster("8.0"), "127.0.0.1", 0, 0, 64L << 20, 10), line -> {})) {
            Process p = new ProcessBuilder(
                            mongosh.toString(), server.connectionString(), "--quiet", "--norc", "--eval", eval)
                    .redirectErrorStream(true)
                    .start();
            byte[] out = p.getInputStream().readAllBytes();
            assertTrue(p.waitFor(120, TimeUnit.SECONDS), "mongosh did not finish");
            mongoshOut = new String(out, StandardCharsets.UTF_8);
        }

        assertEquals(mongoshOut, shellOut);
    }

    /**
     * The two clusters were made at different wall-clock seconds (cluster id, topology and collection times)
     * and with their own UUIDs; mongosh reads the balancer's state in parallel, so where 'Currently
     * running' and 'Currently enabled' land in its block varies from run to run.
     */
    private static String comparable(String statusText) {
        return statusText
                .replaceAll("ObjectId\\('[0-9a-f]{24}'\\)", "ObjectId(…)")
                .replaceAll("UUID\\('[0-9a-f-]{36}'\\)", "UUID(…)")
                .replaceAll("Timestamp\\(\\{ t: 1[0-9]{9}, i: ([0-9]+) \\}\\)", "Timestamp({ t: …, i: $1 })")
                .replaceAll("(?m)^  'Currently (running|enabled)': '[a-z]+',?\\n", "")
                .replaceAll(",\\n}", "\n}");
    }

    private static String chunks(ShardedCatalog catalog) {
        return catalog.collection("school.pupils")
                .orElseThrow()
                .cluster()
                .snapshot()
                .collection()
                .orElseThrow()
                .chunks()
                .chunks()
                .toString();
    }

    private String runMongosh(MongosServer server, String script) throws IOException, InterruptedException {
        Path file = dir.resolve("script.js");
        Files.writeString(file, script);
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

    private static String resource(String name) throws IOException {
        try (InputStream in = ShellVersusMongoshTest.class.getResourceAsStream(name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
