package io.shardlab.serve;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * {@code shardlab serve} as a process of its own, as a user runs it: started with the test's class path, stopped
 * with SIGTERM (what Ctrl-C and {@code kill} send), its standard error kept for what it said on the way out.
 */
final class ServeProcess implements AutoCloseable {

    private final Process process;
    private final String connectionString;
    private final Path err;

    private ServeProcess(Process process, String connectionString, Path err) {
        this.process = process;
        this.connectionString = connectionString;
        this.err = err;
    }

    /** A port free now, for a serve that must come back on the same one. */
    static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }

    /**
     * Starts {@code serve --port PORT --speed 0 --data-file FILE --save-every 0} and waits for its connection string.
     *
     * @param err where its standard error goes
     */
    static ServeProcess start(int port, Path dataFile, Path err) throws IOException {
        String java = ProcessHandle.current().info().command().orElse("java");
        List<String> command = new ArrayList<>(
                List.of(java, "-Xmx384m", "-cp", System.getProperty("java.class.path"), "io.shardlab.Main", "serve"));
        command.addAll(List.of(
                "--port",
                String.valueOf(port),
                "--speed",
                "0",
                "--data-file",
                dataFile.toString(),
                "--save-every",
                "0"));
        Process p = new ProcessBuilder(command).redirectError(err.toFile()).start();
        p.getOutputStream().close();
        BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
        String first = out.readLine();
        if (first == null || !first.startsWith("mongodb://")) {
            p.destroyForcibly();
            throw new AssertionError("serve did not start: " + first + "\n" + Files.readString(err));
        }
        // the connection lines that follow are not read: drain them so serve never blocks on a full pipe
        Thread drain = new Thread(
                () -> {
                    try {
                        while (out.readLine() != null) {
                            // the log of connections is not under test here
                        }
                    } catch (IOException e) {
                        // the process ended
                    }
                },
                "serve-stdout");
        drain.setDaemon(true);
        drain.start();
        return new ServeProcess(p, first, err);
    }

    /** The connection string serve printed first. */
    String connectionString() {
        return connectionString;
    }

    /** Sends SIGTERM, waits for the exit (0) and returns what serve wrote to standard error. */
    String terminate() throws InterruptedException, IOException {
        process.destroy();
        assertTrue(process.waitFor(60, TimeUnit.SECONDS), "serve did not stop on SIGTERM");
        String said = Files.readString(err);
        assertEquals(0, process.exitValue(), said);
        return said;
    }

    @Override
    public void close() {
        if (process.isAlive()) {
            process.destroyForcibly();
        }
    }
}
