package io.shardlab.exercise;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardlab.cluster.MongoVersion;
import io.shardlab.cluster.Shard;
import io.shardlab.mongos.ShardedCatalog;
import io.shardlab.serve.MongosServer;
import io.shardlab.serve.RealMongosh;
import io.shardlab.sim.SimulationConfig;
import io.shardlab.text.Language;
import io.shardlab.text.Messages;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every shipped exercise's model solution passes its check, and its common mistake does not and names a hint, when
 * both run through the real mongosh against ShardLab's mongos: each in a database of its own (as each student
 * has), after the exercise's setup. All of them run in one mongosh process (a process costs seconds: CI time), with
 * a {@link CommandJournal} observing the mongos as the app's does; the checks then read the catalog.
 *
 * <p>mongosh comes from {@code $SHARDLAB_MONGOSH} ({@link RealMongosh}); without it the test is skipped, except on
 * CI.
 */
class ExerciseSolutionsThroughMongoshTest {

    private static final List<Exercise> EXERCISES = ExerciseCatalog.load().exercises();

    private static MongosServer server;
    private static ClassEvidence evidence;
    private static String printed;

    @TempDir
    static Path dir;

    @BeforeAll
    static void runEverySolutionInOneMongosh() throws Exception {
        Path mongosh = RealMongosh.locate();
        // a workshop's cluster: the explorer's first scenario's 1 MB chunks, which jumbo-fix needs
        ShardedCatalog catalog = new ShardedCatalog(
                SimulationConfig.of(MongoVersion.DEFAULT).withMaxChunkSizeBytes(1L << 20), Shard.newClusterIds(3));
        server = MongosServer.start(new MongosServer.Settings(catalog, "127.0.0.1", 0, 0, 256L << 20, 10), l -> {});
        CommandJournal journal = new CommandJournal();
        server.commands().observe(journal);
        Path script = dir.resolve("solutions.js");
        Files.writeString(script, script(EXERCISES));

        Process p = new ProcessBuilder(
                        mongosh.toString(), server.connectionString(), "--quiet", "--norc", "--file", script.toString())
                .redirectErrorStream(true)
                .start();
        byte[] out = p.getInputStream().readAllBytes();
        assertTrue(p.waitFor(300, TimeUnit.SECONDS), "mongosh did not finish");
        printed = new String(out, StandardCharsets.UTF_8);
        assertEquals(0, p.exitValue(), "mongosh failed:\n" + printed);
        evidence = ClassEvidence.read(catalog, journal, Set.of(), ClassEvidence.distinctKeyDemands(EXERCISES));
    }

    @AfterAll
    static void stop() {
        if (server != null) {
            server.close();
        }
    }

    /**
     * One mongosh script for every exercise: per exercise a database for the model solution and one for the
     * mistake, each the setup then the attempt, in blocks of their own (both may declare {@code const ns}); an
     * attempt that throws is printed, and the next one runs.
     */
    static String script(List<Exercise> exercises) {
        StringBuilder b = new StringBuilder();
        for (Exercise e : exercises) {
            attempt(b, e, database(e, "model"), e.solution());
            attempt(b, e, database(e, "mistake"), e.mistake());
        }
        b.append("print('all attempts ran');\n");
        return b.toString();
    }

    private static void attempt(StringBuilder b, Exercise e, String database, String script) {
        b.append("db = db.getSiblingDB('")
                .append(database)
                .append("');\n")
                .append("try {\n")
                .append("{\n")
                .append(e.setup().orElse(""))
                .append("\n}\n{\n")
                .append(script)
                .append("\n}\n")
                .append("} catch (error) { print('")
                .append(database)
                .append(" threw: ' + error.message); }\n");
    }

    static String database(Exercise e, String attempt) {
        return attempt + "_" + e.id().replace('-', '_');
    }

    static Stream<Exercise> exercises() {
        return EXERCISES.stream();
    }

    @Test
    void everyAttemptRanToTheEnd() {
        assertTrue(printed.contains("all attempts ran"), printed);
        for (Exercise e : EXERCISES) {
            assertFalse(printed.contains(database(e, "model") + " threw"), printed);
        }
    }

    @ParameterizedTest(name = "[{index}] {0}")
    @MethodSource("exercises")
    void theModelSolutionPasses(Exercise exercise) {
        // given the setup and the model solution, run by mongosh in a database of their own
        StudentEvidence student = evidence.students().get(database(exercise, "model"));

        // when the check runs
        Exercise.Verdict verdict = exercise.evaluate(student);

        // then it passes
        assertTrue(
                verdict.passed(),
                exercise.id() + ": "
                        + verdict.hint()
                                .map(Messages.of(Language.ENGLISH)::text)
                                .orElse("") + "\n" + printed);
    }

    @ParameterizedTest(name = "[{index}] {0}")
    @MethodSource("exercises")
    void theMistakeFailsWithOneOfTheChecksHints(Exercise exercise) {
        // given the setup and the common mistake
        StudentEvidence student = evidence.students().get(database(exercise, "mistake"));

        // when the check runs
        Exercise.Verdict verdict = exercise.evaluate(student);

        // then it does not pass, and the student reads a hint of the file
        assertFalse(verdict.passed(), exercise.id());
        String hint = Messages.of(Language.ENGLISH).text(verdict.hint().orElseThrow());
        assertTrue(exercise.checks().stream().anyMatch(c -> hint.startsWith(c.hint())), exercise.id() + ": " + hint);
    }
}
