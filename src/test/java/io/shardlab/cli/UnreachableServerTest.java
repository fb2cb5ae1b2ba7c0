package io.shardlab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Every command that reads a layout with {@code --uri}: a server that does not answer is bad input, told in
 * one line naming the address; when nothing listens there it fails at once (not after the 10 s connect
 * budget), with nothing printed on
 * standard output and nothing written. ({@code inspect} and {@code analyze} check the same with a password in
 * the address, which must be masked: InspectCommandTest, AnalyzeLiveCommandTest.)
 */
class UnreachableServerTest {

    @TempDir
    Path dir;

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }

    @ParameterizedTest(name = "{0} {1}")
    @CsvSource(delimiter = '|', textBlock = """
            explain  | --filter {a: 1}
            simulate | --balancer-rounds 5
            export   | --out OUT/never.png
            """)
    void aRefusedConnectionExitsWith2AndOneLineAtOnce(String command, String extra) throws Exception {
        int port = freePort();
        String[] extraArgs = extra.replace("OUT", dir.toString()).split(" ", 2);
        String[] args = Stream.concat(Stream.of(command, "--uri", "mongodb://127.0.0.1:" + port), Stream.of(extraArgs))
                .toArray(String[]::new);

        long start = System.nanoTime();
        CliRun run = CliRun.of(args);
        long seconds = TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - start);

        assertEquals(Cli.BAD_INPUT, run.exitCode(), run.err());
        assertEquals("", run.out());
        assertEquals(1, run.err().strip().lines().count(), run.err());
        assertEquals(
                command + ": no server answered at mongodb://127.0.0.1:" + port + ": 127.0.0.1:" + port
                        + " refused the connection (nothing listens there; is the server running, and is the port right?)",
                run.err().strip());
        assertTrue(seconds < 5, "a refusal fails at once, not after the 10 s timeout; took " + seconds + " s");
        try (Stream<Path> written = Files.list(dir)) {
            assertEquals(0, written.count(), "nothing is written");
        }
    }
}
