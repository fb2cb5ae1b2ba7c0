package io.shardlab.shell;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardlab.cluster.MongoVersion;
import io.shardlab.mongos.ShardedCatalog;
import io.shardlab.serve.MongosServer;
import io.shardlab.serve.RealMongosh;
import io.shardlab.sim.SimulationConfig;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The differential test over a corpus: {@code corpus/mongosh-corpus.js} holds one REPL input a line (the
 * MongoDB manual's sharding examples and the seed texts' sessions); the real mongosh 2.12.0 reads them all from
 * its standard input in one process against {@code serve} (its REPL prints a prompt before each input's
 * output), and ShardLab's shell runs each through {@link ShellEngine#evaluateInteractively}, each on a new
 * cluster of MongoDB 8.0 with two shards. Each input's output is compared after masking what differs from run
 * to run (times, generated ids). The count that agree may not fall below {@link #AGREEING}, the count the
 * README states; {@code target/shell-corpus-report.txt} lists every input that does not agree, both outputs
 * beside it, and {@code target/shell-corpus-mongosh.txt} keeps what mongosh printed for each.
 */
class ShellVersusMongoshCorpusTest {

    /** Inputs of the corpus whose outputs agree (README, "The shell", states it). */
    static final int AGREEING = 246;

    private static final Pattern PROMPT = Pattern.compile("\\[direct: mongos\\] [^\\s>]+> ");

    @Test
    void the_corpus_prints_what_mongosh_prints() throws Exception {
        Path mongosh = RealMongosh.locate();
        List<String> inputs = inputs();
        assertTrue(inputs.size() >= 150, "the corpus holds " + inputs.size() + " inputs");

        List<String> theirs;
        try (MongosServer server = MongosServer.start(
                new MongosServer.Settings(newCluster(), "127.0.0.1", 0, 0, 64L << 20, 10), line -> {})) {
            theirs = mongoshOutputs(mongosh, server, inputs);
        }
        List<String> ours = shellOutputs(inputs);

        int agreeing = 0;
        StringBuilder report = new StringBuilder();
        StringBuilder transcript = new StringBuilder();
        for (int i = 0; i < inputs.size(); i++) {
            String mine = comparable(ours.get(i));
            String real = i < theirs.size() ? comparable(theirs.get(i)) : "(mongosh printed nothing)";
            transcript
                    .append("> ")
                    .append(inputs.get(i))
                    .append('\n')
                    .append(real)
                    .append('\n');
            if (mine.equals(real)) {
                agreeing++;
            } else {
                report.append("### ")
                        .append(inputs.get(i))
                        .append("\n--- mongosh\n")
                        .append(real)
                        .append("\n--- ShardLab\n")
                        .append(mine)
                        .append("\n\n");
            }
        }
        Files.createDirectories(Path.of("target"));
        Files.writeString(
                Path.of("target", "shell-corpus-report.txt"),
                agreeing + " of " + inputs.size() + " inputs agree\n\n" + report);
        Files.writeString(Path.of("target", "shell-corpus-mongosh.txt"), transcript);
        assertTrue(
                agreeing >= AGREEING,
                agreeing + " of " + inputs.size() + " inputs agree, fewer than the README's " + AGREEING
                        + "; target/shell-corpus-report.txt lists the others");
        assertEquals(inputs.size(), theirs.size(), "mongosh's prompts");
    }

    static List<String> inputs() throws IOException {
        try (InputStream in = ShellVersusMongoshCorpusTest.class.getResourceAsStream("corpus/mongosh-corpus.js")) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8)
                    .lines()
                    .filter(line -> !line.isBlank() && !line.startsWith("//"))
                    .toList();
        }
    }

    private static ShardedCatalog newCluster() {
        return new ShardedCatalog(
                SimulationConfig.of(MongoVersion.parseModelled("8.0")).withSeed(1), List.of("shard01", "shard02"));
    }

    /** One mongosh reads every input from its standard input: its REPL prints a prompt before each output. */
    private static List<String> mongoshOutputs(Path mongosh, MongosServer server, List<String> inputs)
            throws IOException, InterruptedException {
        Process p = new ProcessBuilder(mongosh.toString(), server.connectionString(), "--quiet", "--norc")
                .redirectErrorStream(true)
                .start();
        try (OutputStream stdin = p.getOutputStream()) {
            stdin.write((String.join("\n", inputs) + "\n").getBytes(StandardCharsets.UTF_8));
        }
        byte[] out = p.getInputStream().readAllBytes();
        assertTrue(p.waitFor(300, TimeUnit.SECONDS), "mongosh did not finish");
        String[] parts = PROMPT.split(new String(out, StandardCharsets.UTF_8), -1);
        List<String> outputs = new ArrayList<>();
        for (int i = 1; i < parts.length - 1; i++) {
            outputs.add(parts[i]);
        }
        return outputs;
    }

    private static List<String> shellOutputs(List<String> inputs) {
        List<String> printed = new ArrayList<>();
        ShellEngine shell = new ShellEngine(
                MongosServer.inProcess(newCluster(), 64L << 20, line -> {}), printed::add, 0, System::nanoTime, 0, 80);
        List<String> outputs = new ArrayList<>();
        for (String input : inputs) {
            printed.clear();
            try {
                shell.evaluateInteractively(input, Duration.ofMinutes(1));
            } catch (ScriptFailedException e) {
                printed.add(e.getMessage());
            }
            outputs.add(String.join("\n", printed));
        }
        return outputs;
    }

    /**
     * What two runs share: mongosh's REPL writes "Uncaught" before an error where its input is not a terminal
     * (ShardLab's panel is one); Node's own process warnings ("(node:PID) [MONGODB DRIVER] Warning: …") are the
     * runtime's, not the shell's; times, generated ids and cluster times differ from run to run, and so does where
     * mongosh's parallel reads put the balancer's 'Currently running' and 'Currently enabled'; blank lines are
     * left out (the REPL writes one for an input whose value is undefined).
     */
    static String comparable(String output) {
        return output.replace("\r", "")
                .replaceAll("(?m)^\\(node:\\d+\\) .*\\n(\\(Use `node --trace-warnings.*\\n)?", "")
                .replaceAll("(?m)^Uncaught:\\n", "")
                .replaceAll("(?m)^Uncaught ", "")
                .replaceAll("ObjectId\\('[0-9a-f]{24}'\\)", "ObjectId(…)")
                .replaceAll("UUID\\('[0-9a-f-]{36}'\\)", "UUID(…)")
                .replaceAll("Timestamp\\(\\{ t: \\d+, i: \\d+ \\}\\)", "Timestamp(…)")
                .replaceAll("ISODate\\('[0-9T:.Z-]+'\\)", "ISODate(…)")
                .replaceAll("Binary\\.createFromBase64\\('[A-Za-z0-9+/=]+', \\d+\\)", "Binary(…)")
                .replaceAll("(?m)^\\s*'Currently (running|enabled)': '[a-z]+',?$", "")
                .replaceAll("(?m)[ \\t]+$", "")
                .replaceAll("\\n{2,}", "\n")
                .strip();
    }
}
