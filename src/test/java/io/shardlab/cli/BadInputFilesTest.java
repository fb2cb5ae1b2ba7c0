package io.shardlab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every command that reads a file answers a file that is not a readable regular file of UTF-8 text the same
 * way: exit 2, one line naming the file and the problem, nothing on standard output, no Java class name — and
 * a pipe never blocks (the type is checked before the file is opened; the timeout only guards against a hang).
 */
class BadInputFilesTest {

    @TempDir
    Path dir;

    /** Where a command reads a file: its arguments with FILE for the file, and the file's name. */
    enum Reader {
        SIMULATE_DATASET("data.jsonl", true, "simulate --dataset FILE --key {a:1} --shards 2"),
        EXPORT_DATASET("data.jsonl", true, "export --dataset FILE --key {a:1} --shards 2 --out OUT/x.png"),
        ANALYZE_DATASET("data.jsonl", true, "analyze --dataset FILE --key {a:1}"),
        ANALYZE_QUERIES("mix.jsonl", false, "analyze --dataset zipcodes --key {zip:1} --queries FILE"),
        INSPECT_SNAPSHOT("layout.json", false, "inspect --snapshot FILE"),
        EXPLAIN_SNAPSHOT("layout.json", false, "explain --snapshot FILE --filter {a:1}"),
        SIMULATE_SNAPSHOT("layout.json", false, "simulate --snapshot FILE --balancer-rounds 1"),
        INSPECT_TLS_CA("ca.pem", false, "inspect --uri mongodb://127.0.0.1:9 --timeout 1 --tls-ca-file FILE"),
        INSPECT_CONFIG_DUMP("dump/chunks.json", true, "inspect --config-dump OUT/dump");

        final String fileName;
        final boolean gzipToo;
        final String args;

        Reader(String fileName, boolean gzipToo, String args) {
            this.fileName = fileName;
            this.gzipToo = gzipToo;
            this.args = args;
        }
    }

    /** What is wrong with the file, and the words that say so. */
    enum Problem {
        FOLDER(": is a folder, not a file"),
        PIPE(": is not a regular file (a pipe, a device or a socket); give a file"),
        DEVICE(": is not a regular file (a pipe, a device or a socket); give a file"),
        NOT_UTF8(": not UTF-8 text at byte offset 7 (line 1)"),
        TRUNCATED_GZIP(": the gzip data ends early; the file is truncated");

        final String words;

        Problem(String words) {
            this.words = words;
        }
    }

    static Stream<Arguments> everyReaderAndProblem() {
        List<Arguments> out = new ArrayList<>();
        for (Reader r : Reader.values()) {
            for (Problem p : Problem.values()) {
                if (p != Problem.TRUNCATED_GZIP || r.gzipToo) {
                    out.add(Arguments.of(r, p));
                }
            }
        }
        return out.stream();
    }

    @ParameterizedTest(name = "{0}: {1}")
    @MethodSource("everyReaderAndProblem")
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void aFileThatIsNotReadableTextIsNamedInOneLine(Reader reader, Problem problem) throws Exception {
        Files.createDirectories(dir.resolve("dump"));
        // the config dump's other required files are fine, so the bad one is what is reported
        Files.writeString(dir.resolve("dump/collections.json"), "");
        Files.writeString(dir.resolve("dump/shards.json"), "");
        Path file = dir.resolve(reader.fileName + (problem == Problem.TRUNCATED_GZIP ? ".gz" : ""));
        make(file, problem);

        CliRun run = CliRun.of(args(reader.args, file));

        String command = reader.args.split(" ")[0];
        assertEquals(Cli.BAD_INPUT, run.exitCode(), run.err());
        assertEquals("", run.out());
        assertEquals(1, run.err().strip().lines().count(), run.err());
        assertTrue(run.err().startsWith(command + ": "), run.err());
        assertTrue(run.err().contains(file + problem.words), run.err());
        assertFalse(run.err().contains("Exception"), run.err());
    }

    @ParameterizedTest(name = "{0}")
    @org.junit.jupiter.params.provider.EnumSource(
            value = Reader.class,
            names = {"SIMULATE_DATASET", "EXPORT_DATASET", "ANALYZE_DATASET"})
    void aDatasetWithoutDocumentsIsRefusedByEveryCommandAlike(Reader reader) throws IOException {
        Path file = dir.resolve(reader.fileName);
        Files.writeString(file, "\n\n");

        CliRun run = CliRun.of(args(reader.args, file));

        String command = reader.args.split(" ")[0];
        assertEquals(Cli.BAD_INPUT, run.exitCode(), run.err());
        assertEquals(
                command + ": " + file + ": holds no documents; a dataset lists at least one document",
                run.err().strip());
    }

    private String[] args(String template, Path file) {
        return Arrays.stream(template.split(" "))
                .map(a -> a.replace("FILE", file.toString()).replace("OUT", dir.toString()))
                .toArray(String[]::new);
    }

    private static void make(Path file, Problem problem) throws Exception {
        switch (problem) {
            case FOLDER -> Files.createDirectory(file);
            case PIPE -> {
                assumeTrue(
                        Files.isExecutable(Path.of("/usr/bin/mkfifo")) || Files.isExecutable(Path.of("/bin/mkfifo")),
                        "mkfifo is not available");
                Process p = new ProcessBuilder("mkfifo", file.toString())
                        .redirectErrorStream(true)
                        .start();
                assertEquals(0, p.waitFor(), "mkfifo");
            }
            case DEVICE -> {
                Path zero = Path.of("/dev/zero");
                assumeTrue(Files.exists(zero), "no /dev/zero");
                Files.createSymbolicLink(file, zero);
            }
            case NOT_UTF8 ->
                Files.write(file, new byte[] {'{', '"', 'a', '"', ':', ' ', '"', (byte) 0xFC, '"', '}', '\n'});
            case TRUNCATED_GZIP -> {
                ByteArrayOutputStream bytes = new ByteArrayOutputStream();
                try (GZIPOutputStream gz = new GZIPOutputStream(bytes)) {
                    for (int i = 0; i < 2000; i++) {
                        gz.write(("{\"a\": " + i + ", \"pad\": \"" + "x".repeat(i % 50) + "\"}\n")
                                .getBytes(StandardCharsets.UTF_8));
                    }
                }
                byte[] all = bytes.toByteArray();
                Files.write(file, Arrays.copyOf(all, all.length / 2));
            }
            default -> throw new IllegalStateException(problem.name());
        }
    }
}
