package io.shardlab.ui.board;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardlab.exercise.CommandJournal;
import io.shardlab.exercise.Exercise;
import io.shardlab.exercise.ExerciseCatalog;
import io.shardlab.serve.DataFile;
import io.shardlab.serve.MongosServer;
import io.shardlab.session.CommandLayer;
import io.shardlab.session.ExecutorSimulationThread;
import io.shardlab.session.ExplorerEngine;
import io.shardlab.session.MongosEndpoint;
import io.shardlab.session.ResolvedScenario;
import io.shardlab.session.Scenario;
import io.shardlab.ui.BackgroundFailure;
import io.shardlab.ui.tasks.DaemonBackgroundTasks;
import io.shardlab.ui.theme.Appearance;
import io.shardlab.workload.WorkloadRegistry;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import javafx.animation.AnimationTimer;
import javafx.application.Platform;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.embed.swing.SwingFXUtils;
import javafx.scene.Parent;
import javafx.scene.Scene;
import javafx.scene.image.WritableImage;
import javafx.stage.Stage;
import javax.imageio.ImageIO;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonInt64;
import org.bson.BsonString;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * A test-source tool, not run by the build: forty students writing at full speed while the class board shows, in
 * presenter mode at a projector's 1280 × 720 (run alone with {@code -Dshardlab.boardload=FOLDER}). Forty client
 * threads each shard a collection in their own database and insert batches of 100 documents as fast as the
 * explorer's lane takes them; meanwhile the JavaFX thread's pulse intervals are recorded. It prints the pulse
 * interval percentiles, the inserts the class wrote, and writes the board's snapshot to {@code FOLDER/board.png}.
 */
@ExtendWith(ApplicationExtension.class)
@EnabledIfSystemProperty(named = "shardlab.boardload", matches = ".+")
class BoardUnderLoad {

    private static final int STUDENTS = 40;
    private static final long SECONDS = 20;
    private static final long WARM_UP_SECONDS = 5;

    private final DaemonBackgroundTasks tasks = new DaemonBackgroundTasks();
    private ExecutorSimulationThread thread;
    private ExplorerEngine engine;
    private BoardViewModel board;
    private Scene scene;

    @Start
    void start(Stage stage) {
        thread = new ExecutorSimulationThread(tasks.serial(ExecutorSimulationThread.THREAD_NAME));
        CommandJournal journal = new CommandJournal();
        MongosEndpoint.Factory observed = (catalog, host, budget, clients, log, lane) -> {
            MongosEndpoint endpoint = new MongosServer.InProcess(catalog, host, budget, clients, log, lane);
            endpoint.commands().observe(journal);
            return endpoint;
        };
        engine = new ExplorerEngine(
                thread,
                System::nanoTime,
                state -> {},
                () -> false,
                BackgroundFailure::describe,
                observed,
                () -> 0L,
                DataFile::catalog);
        engine.load(ResolvedScenario.of(
                Scenario.of("{ counter: 1 }", "monotonic").withChunkSizeMegabytes(1), WorkloadRegistry.standard()));
        List<Exercise> exercises = ExerciseCatalog.load().exercises();
        board = new BoardViewModel(
                (distinctUpTo, out) -> engine.readCatalog(
                        BoardViewModel.RECENT_WINDOWS, ClassSample.reading(journal, distinctUpTo), out),
                tasks.serial("shardlab-board"),
                Platform::runLater,
                Instant::now,
                exercises,
                engine::showCollection);
        Parent root =
                new BoardView(board, new SimpleBooleanProperty(false), name -> Optional.empty(), text -> {}).build();
        new Appearance(new SimpleBooleanProperty(false), new SimpleBooleanProperty(true)).follow(root);
        scene = new Scene(root, 1280, 720);
        stage.setScene(scene);
        stage.show();
    }

    @AfterEach
    void stop() {
        board.stop();
        thread.close();
        tasks.shutdown();
    }

    @Test
    void fortyStudentsWriteAtFullSpeedWhileTheBoardShows(FxRobot robot) throws Exception {
        CommandLayer mongos = engine.shellCommandLayer();
        for (int s = 0; s < STUDENTS; s++) {
            String db = String.format("student%02d", s + 1);
            String key = s % 3 == 0 ? "{ \"user_name\": 1 }" : "{ \"user_name\": \"hashed\" }";
            mongos.run("admin", BsonDocument.parse("{ shardCollection: \"" + db + ".users\", key: " + key + " }"));
        }
        if (!Boolean.getBoolean("shardlab.boardload.off")) {
            robot.interact(board::start);
        }
        List<Long> pulses = new ArrayList<>();
        long[] last = {0};
        AnimationTimer timer = new AnimationTimer() {
            @Override
            public void handle(long now) {
                if (last[0] != 0) {
                    pulses.add(now - last[0]);
                }
                last[0] = now;
            }
        };
        robot.interact(timer::start);
        AtomicBoolean writing = new AtomicBoolean(true);
        AtomicLong inserted = new AtomicLong();
        List<Thread> students = new ArrayList<>();
        for (int s = 0; s < STUDENTS; s++) {
            String db = String.format("student%02d", s + 1);
            Thread t = new Thread(() -> {
                long n = 0;
                while (writing.get()) {
                    BsonArray docs = new BsonArray();
                    for (int i = 0; i < 100; i++) {
                        docs.add(new BsonDocument("user_name", new BsonString(db + "-" + n++))
                                .append("at", new BsonInt64(System.nanoTime())));
                    }
                    mongos.run(db, new BsonDocument("insert", new BsonString("users")).append("documents", docs));
                    inserted.addAndGet(100);
                }
            });
            t.setDaemon(true);
            t.start();
            students.add(t);
        }
        // the first seconds compile the painters and the routing (JIT): the pulses are counted after them
        Thread.sleep(WARM_UP_SECONDS * 1000);
        robot.interact(pulses::clear);
        Thread.sleep(SECONDS * 1000);
        writing.set(false);
        for (Thread t : students) {
            t.join();
        }
        robot.interact(timer::stop);
        long[] sorted = pulses.stream().mapToLong(Long::longValue).sorted().toArray();
        // the figures are the harness's output; these hold whatever the machine: every student wrote, the screen ran
        assertTrue(inserted.get() >= STUDENTS * 100L, "every student's first batch went in: " + inserted.get());
        assertTrue(sorted.length > 0, "the JavaFX pulse ran while the class wrote");
        System.out.printf(
                "board under load: %d students, %,d inserts in %d s; %d pulses after %d s, interval p50 %.1f ms,"
                        + " p99 %.1f ms, max %.1f ms%n",
                STUDENTS,
                inserted.get(),
                WARM_UP_SECONDS + SECONDS,
                sorted.length,
                WARM_UP_SECONDS,
                sorted[sorted.length / 2] / 1e6,
                sorted[(int) (sorted.length * 0.99)] / 1e6,
                Arrays.stream(sorted).max().orElse(0) / 1e6);
        Thread.sleep(1000);
        WritableImage[] image = new WritableImage[1];
        robot.interact(() -> image[0] = scene.snapshot(null));
        Path folder = Path.of(System.getProperty("shardlab.boardload"));
        Files.createDirectories(folder);
        ImageIO.write(
                SwingFXUtils.fromFXImage(image[0], null),
                "png",
                folder.resolve("board.png").toFile());
    }
}
