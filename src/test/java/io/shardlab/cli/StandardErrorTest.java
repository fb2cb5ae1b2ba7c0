package io.shardlab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Run as a real process, a command that touches the MongoDB driver writes only ShardLab's own line to standard
 * error: no {@code java.util.logging} lines about SLF4J (the no-op binding is on the class path), on failure as on
 * success.
 */
class StandardErrorTest {

    record Process(int exit, String out, String err) {}

    private static Process run(String... args) throws IOException, InterruptedException {
        String java = ProcessHandle.current().info().command().orElse("java");
        List<String> command = new java.util.ArrayList<>(
                List.of(java, "-cp", System.getProperty("java.class.path"), "io.shardlab.Main"));
        command.addAll(List.of(args));
        java.lang.Process p = new ProcessBuilder(command).start();
        p.getOutputStream().close();
        byte[] out = p.getInputStream().readAllBytes();
        byte[] err = p.getErrorStream().readAllBytes();
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "the command ended");
        return new Process(
                p.exitValue(), new String(out, StandardCharsets.UTF_8), new String(err, StandardCharsets.UTF_8));
    }

    @Test
    void aRefusedConnectionPrintsOnlyShardLabsLine() throws Exception {
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }

        Process p = run("inspect", "--uri", "mongodb://127.0.0.1:" + port);

        assertEquals(Cli.BAD_INPUT, p.exit(), p.err());
        assertEquals(1, p.err().strip().lines().count(), p.err());
        assertTrue(p.err().startsWith("inspect: no server answered at mongodb://127.0.0.1:" + port), p.err());
    }

    @Test
    void aCommandThatSucceedsPrintsNothingOnStandardError() throws Exception {
        Process p = run("explain", "--key", "{a: 1}", "--filter", "{a: 5}", "--shards", "2");

        assertEquals(0, p.exit(), p.err());
        assertEquals("", p.err());
    }
}
