package io.shardlab.ui.board;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import io.shardlab.exercise.ClassEvidence;
import io.shardlab.exercise.Exercise;
import io.shardlab.exercise.ExerciseCatalog;
import io.shardlab.session.Roster;
import io.shardlab.ui.tasks.SynchronousBackgroundTasks;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The board reads the students' collections only while it shows (BoardWindow: from shown to hidden): a closed
 * board costs the simulation thread nothing, however often the roster changes.
 */
class BoardSamplingTest {

    private static final List<Exercise> EXERCISES = ExerciseCatalog.load().exercises();

    private final SynchronousBackgroundTasks tasks = new SynchronousBackgroundTasks();
    private int looks;
    /** What the last look was asked to count, by collection name. */
    private Map<String, Long> counted = Map.of();

    private final BoardViewModel board = new BoardViewModel(
            (distinctUpTo, out) -> {
                looks++;
                counted = distinctUpTo;
                out.accept(new ClassSample(Map.of(), ClassEvidence.NONE, Optional.empty(), Map.of()));
            },
            tasks.serial("shardlab-board"),
            Runnable::run,
            () -> Instant.EPOCH,
            EXERCISES,
            namespace -> {});

    private static Roster.Client student(String name, String database) {
        return new Roster.Client(
                name, "127.0.0.2", Optional.of(name), List.of(1L), List.of(database), 0, Optional.empty());
    }

    @Test
    void aClosedBoardDoesNotLookWhenTheRosterOrTheExerciseChanges() {
        // given a board that has never shown
        // when students join and the teacher picks an exercise
        board.showRoster(List.of(student("Ada", "ada")));
        board.showRoster(List.of(student("Ada", "ada"), student("Grace", "grace")));
        board.exerciseProperty().set(EXERCISES.get(0));
        tasks.runScheduled();

        // then nobody's collections were read
        assertEquals(0, looks);
    }

    @Test
    void anOpenBoardLooksOnOpenAndWhenTheRosterChangesAndStopsWhenClosed() {
        // when the board shows, then it looks once at once
        board.start();
        assertEquals(1, looks);

        // when a student's name arrives while it shows, then it looks again
        board.showRoster(List.of(student("Ada", "ada")));
        assertEquals(2, looks);

        // when it is closed, then neither the roster nor its schedule makes it look
        board.stop();
        board.showRoster(List.of(student("Ada", "ada"), student("Grace", "grace")));
        tasks.runScheduled();
        assertEquals(2, looks);

        // and opened again, it looks once more
        board.start();
        assertEquals(3, looks);
    }

    @Test
    void anOpenedExercisesCollectionsHaveTheirKeyValuesCounted(@TempDir Path dir) throws IOException {
        // given a teacher's copy of the cardinality exercise on a collection no bundled exercise names
        Path file = dir.resolve("members-cardinality.json");
        String bundled;
        try (InputStream in =
                BoardSamplingTest.class.getResourceAsStream("/io/shardlab/exercises/people-cardinality.json")) {
            bundled = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        Files.writeString(
                file,
                bundled.replace("people", "members")
                        .replace("\"atLeast\": 1000", "\"atLeast\": 500")
                        .replaceFirst("\"title\"\\s*:\\s*\"[^\"]*\"", "\"title\": \"Members with room to split\""));
        board.start();
        assertFalse(counted.containsKey("members"), "no bundled exercise counts members");

        // when the teacher opens it (Open exercises…), which chooses it
        board.openExercises(file);

        // then the look that follows counts members' distinct key values as far as its check asks
        assertEquals("members-cardinality", board.exerciseProperty().get().id());
        assertEquals(500L, counted.get("members"));
        // and the bundled exercises' collections are still counted
        assertEquals(1000L, counted.get("people"));
    }
}
