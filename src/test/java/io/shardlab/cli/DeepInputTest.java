package io.shardlab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardlab.bson.BsonDepth;
import io.shardlab.live.ConfigDumpReaderTestSupport;
import io.shardlab.live.ConfigFixture;
import io.shardlab.live.ConfigFixture.Shape;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * Input nested deeper than MongoDB allows (200 levels inside the outermost, mongo
 * {@code src/mongo/bson/bson_depth.h}) is refused in one line with exit 2 by every command that
 * reads a value, and an {@code Error} that still escapes a command ends in one line too.
 */
class DeepInputTest {

    private static final int LEVELS = 20_000;

    @TempDir
    static Path dir;

    static String deepDocument() {
        return "{a: ".repeat(LEVELS) + "1" + "}".repeat(LEVELS);
    }

    static String deepFilter() {
        return "{$and: [".repeat(LEVELS) + "{a: 1}" + "]}".repeat(LEVELS);
    }

    static void assertRefusedInOneLine(CliRun run, String command) {
        assertEquals(Cli.BAD_INPUT, run.exitCode(), run.err());
        assertEquals(1, run.err().strip().lines().count(), run.err());
        assertTrue(run.err().startsWith(command + ": "), run.err());
        assertTrue(run.err().contains(BsonDepth.TOO_DEEP), run.err());
        assertTrue(!run.err().contains("Exception") && !run.err().contains("Error"), run.err());
    }

    @Test
    void hashRefusesADeepValue() {
        assertRefusedInOneLine(CliRun.of("hash", "[".repeat(LEVELS) + "]".repeat(LEVELS)), "hash");
    }

    @Test
    void explainRefusesADeepKeyPattern() {
        assertRefusedInOneLine(CliRun.of("explain", "--key", deepDocument(), "--filter", "{a: 1}"), "explain");
    }

    @Test
    void explainRefusesADeepFilter() {
        assertRefusedInOneLine(CliRun.of("explain", "--key", "{a: 1}", "--filter", deepFilter()), "explain");
    }

    @Test
    void simulateRefusesADeepJsonLinesDocumentNamingTheLine() throws Exception {
        Path file = dir.resolve("deep.jsonl");
        Files.writeString(file, "{a: 1}\n" + deepDocument() + "\n");
        CliRun run = CliRun.of("simulate", "--dataset", file.toString(), "--key", "{a: 1}", "--shards", "2");
        assertRefusedInOneLine(run, "simulate");
        assertTrue(run.err().contains("deep.jsonl") && run.err().contains("2"), run.err());
    }

    @Test
    void inspectJsonRefusesAConfigDumpWithADeepDocument() throws Exception {
        Map<String, List<BsonDocument>> config = new java.util.LinkedHashMap<>(ConfigFixture.config(Shape.V6_0));
        BsonDocument deep = new BsonDocument("x", new BsonInt32(1));
        for (int i = 0; i < 1000; i++) {
            deep = new BsonDocument("a", deep);
        }
        List<BsonDocument> chunks = new ArrayList<>(config.get("chunks"));
        chunks.set(0, chunks.get(0).clone().append("note", deep));
        config.put("chunks", chunks);
        Path dump = dir.resolve("deep-dump");
        ConfigDumpReaderTestSupport.mongodump(dump, config);
        CliRun run = CliRun.of("inspect", "--config-dump", dump.toString(), "--json");
        assertRefusedInOneLine(run, "inspect");
        assertTrue(run.err().contains("chunks.bson") && run.err().contains("at byte 0"), run.err());
    }

    @Test
    void valuesAtTheLimitAreAcceptedAndWrittenBackWithoutTrouble() {
        CliRun hash = CliRun.of("hash", "{a: ".repeat(201) + "1" + "}".repeat(201));
        assertEquals(0, hash.exitCode(), hash.err());
        String deepValue = "{a: ".repeat(199) + "1" + "}".repeat(199);
        CliRun explain = CliRun.of("explain", "--key", "{a: 1}", "--filter", "{b: " + deepValue + "}", "--json");
        assertEquals(0, explain.exitCode(), explain.err());
        assertTrue(explain.out().contains("\"targeting\""), explain.out());
        CliRun nested = CliRun.of(
                "explain", "--key", "{a: 1}", "--filter", "{$and: [".repeat(99) + "{a: 5}" + "]}".repeat(99), "--json");
        assertEquals(0, nested.exitCode(), nested.err());
    }

    @Command(name = "failing")
    static final class Failing implements Runnable {
        private final Error error;

        Failing(Error error) {
            this.error = error;
        }

        @Override
        public void run() {
            throw error;
        }
    }

    @ParameterizedTest(name = "{0} -> exit {1}")
    @CsvSource(delimiter = '|', textBlock = """
            # error escaping a command | exit | the one line
            StackOverflowError         | 2    | failing: the input is nested too deeply to process
            OutOfMemoryError           | 2    | failing: the input is too large for the memory Java was given
            AssertionError             | 1    | failing: internal error: an unexpected failure (a ShardLab bug: please report it with the command that caused it)
            """)
    void anErrorThatEscapesACommandEndsInOneLine(String error, int exit, String line) {
        Error e = switch (error) {
            case "StackOverflowError" -> new StackOverflowError();
            case "OutOfMemoryError" -> new OutOfMemoryError("Java heap space");
            default -> new AssertionError();
        };
        CommandLine root = new CommandLine(new Failing(e));
        StringWriter err = new StringWriter();
        root.setOut(new PrintWriter(new StringWriter(), true));
        root.setErr(new PrintWriter(err, true));
        Cli.answerFailuresInOneLine(root);
        assertEquals(exit, root.execute());
        assertEquals(1, err.toString().strip().lines().count(), err.toString());
        assertTrue(err.toString().startsWith(line), err.toString());
    }
}
