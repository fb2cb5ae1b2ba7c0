package io.shardlab.ui.board;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardlab.exercise.ClassEvidence;
import io.shardlab.exercise.Exercise;
import io.shardlab.exercise.ExerciseCatalog;
import io.shardlab.text.Language;
import io.shardlab.ui.tasks.DaemonBackgroundTasks;
import io.shardlab.ui.text.UiText;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import javafx.application.Platform;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.scene.Scene;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * Board → Open exercises…: a teacher's own exercise file, in the bundled exercises' format, joins the board's
 * picker; a bad one changes nothing and the board says which file and what is wrong (headless Monocle).
 */
@ExtendWith(ApplicationExtension.class)
class BoardOpenExercisesTest {

    private static final List<Exercise> EXERCISES = ExerciseCatalog.load().exercises();

    private final DaemonBackgroundTasks tasks = new DaemonBackgroundTasks();
    private BoardViewModel board;
    private Path chosen;

    @TempDir
    Path dir;

    @Start
    void start(Stage stage) {
        board = new BoardViewModel(
                (distinctUpTo, out) ->
                        out.accept(new ClassSample(Map.of(), ClassEvidence.NONE, Optional.empty(), Map.of())),
                tasks.serial("shardlab-board"),
                Platform::runLater,
                Instant::now,
                EXERCISES,
                namespace -> {});
        var root = new BoardView(
                        new UiText(Language.ENGLISH),
                        board,
                        new SimpleBooleanProperty(false),
                        name -> Optional.empty(),
                        text -> {},
                        () -> Optional.ofNullable(chosen))
                .build();
        stage.setScene(new Scene(root, 1280, 720));
        stage.show();
    }

    @AfterEach
    void stop() {
        tasks.shutdown();
    }

    /** The bundled hashed-lookups exercise, as a teacher would copy and adapt it. */
    private static String bundledHashedLookups() throws IOException {
        try (InputStream in = ExerciseCatalog.class.getResourceAsStream("/io/shardlab/exercises/hashed-lookups.json")) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    private static void waitUntil(BooleanSupplier condition) throws Exception {
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, condition::getAsBoolean);
    }

    private String message(FxRobot robot) {
        return robot.lookup(".board-message").queryAs(Label.class).getText();
    }

    @Test
    void aGoodFileJoinsThePickerAndIsChosen(FxRobot robot) throws Exception {
        // given a teacher's copy of an exercise with its own id and title
        Path file = dir.resolve("my-lookups.json");
        Files.writeString(
                file,
                bundledHashedLookups()
                        .replace("\"hashed-lookups\"", "\"my-lookups\"")
                        .replaceFirst("\"title\"\\s*:\\s*\"[^\"]*\"", "\"title\": \"My lookups\""));
        chosen = file;

        // when the teacher opens it
        robot.clickOn("#board-open");
        waitUntil(() -> board.exercises().size() == EXERCISES.size() + 1);

        // then it is in the picker, chosen, and the board says where it came from
        ComboBox<?> picker = robot.lookup("#board-exercise").queryAs(ComboBox.class);
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(picker.getItems().stream()
                .anyMatch(e -> e != null && ((Exercise) e).id().equals("my-lookups")));
        assertEquals("my-lookups", ((Exercise) picker.getValue()).id());
        assertEquals("Opened “My lookups” from " + file, message(robot));
    }

    @Test
    void aBadFileChangesNothingAndIsNamedWithItsProblem(FxRobot robot) throws Exception {
        // given a file whose id is not lower-case words
        Path file = dir.resolve("broken.json");
        Files.writeString(file, bundledHashedLookups().replace("\"hashed-lookups\"", "\"Hashed Lookups\""));
        chosen = file;

        // when the teacher opens it
        robot.clickOn("#board-open");
        waitUntil(() -> !message(robot).isEmpty());

        // then the picker is as it was and the message names the file, the field and the problem
        assertEquals(EXERCISES.size(), board.exercises().size());
        assertEquals(
                "Could not open the exercise file: " + file
                        + ": id: lower-case words joined by hyphens, e.g. hashed-lookups, got 'Hashed Lookups'",
                message(robot));
    }
}
