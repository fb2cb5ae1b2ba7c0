package io.shardlab.serve;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardlab.cluster.MongoVersion;
import io.shardlab.mongos.ShardedCatalog;
import io.shardlab.sim.SimulationConfig;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * How many connections one mongosh 2.12 session holds: {@link ConnectionLimits#DEFAULT} is sized for a
 * class of 40 on the count measured here (8: the monitor and the pool mongosh fills when it runs its
 * connection-info and {@code sh.status()} queries in parallel; 4 while a session just started waits).
 */
class MongoshConnectionsTest {

    /** The connections one session holds at most, which {@link ConnectionLimits#DEFAULT} assumes. */
    static final int PER_SESSION = 8;

    @TempDir
    Path dir;

    private final List<String> log = new CopyOnWriteArrayList<>();
    private MongosServer server;

    @AfterEach
    void stop() {
        if (server != null) {
            server.close();
        }
    }

    @Test
    void aMongoshSessionHoldsAtMostEightConnections() throws Exception {
        Path mongosh = RealMongosh.locate();
        ShardedCatalog catalog =
                new ShardedCatalog(SimulationConfig.of(MongoVersion.V8_0), List.of("shard01", "shard02"));
        server = MongosServer.start(new MongosServer.Settings(catalog, "127.0.0.1", 0, 0, 64L << 20, 100), log::add);
        Path script = dir.resolve("session.js");
        try (InputStream in = getClass().getResourceAsStream("mongosh/session.js")) {
            Files.write(script, in.readAllBytes());
        }

        Process p = new ProcessBuilder(
                        mongosh.toString(), server.connectionString(), "--quiet", "--norc", "--file", script.toString())
                .redirectErrorStream(true)
                .start();
        String printed = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), "mongosh did not finish");

        assertEquals(0, p.exitValue(), printed);
        assertTrue(printed.contains("orders: 500") && printed.contains("done"), printed);
        int open = 0;
        int most = 0;
        for (String line : log) {
            if (line.startsWith("client connected: ")) {
                most = Math.max(most, ++open);
            } else if (line.startsWith("client disconnected: ")) {
                open--;
            }
        }
        assertTrue(most >= 2 && most <= PER_SESSION, "connections held at once: " + most + "\n" + log);
    }
}
