package io.shardlab.ui;

import io.shardlab.AppInfo;
import io.shardlab.cluster.Shard;
import io.shardlab.ui.about.AboutInfo;
import io.shardlab.ui.advisor.AdvisorWindow;
import io.shardlab.ui.shell.ClusterDescription;
import io.shardlab.ui.shell.MainView;
import io.shardlab.ui.shell.MainViewModel;
import io.shardlab.ui.theme.Appearance;
import io.shardlab.ui.theme.SystemColorScheme;
import java.io.InputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import javafx.animation.AnimationTimer;
import javafx.application.Application;
import javafx.application.Platform;
import javafx.scene.image.Image;
import javafx.stage.Stage;

/**
 * The JavaFX application. Every dependency of the GUI is created and wired here, in one place.
 */
public final class ShardLabApp extends Application {

    /**
     * The in-memory cluster the window opens on: the MongoDB release it behaves like and its
     * three shards. Shard ids are free-form in MongoDB ({@code addShard}'s {@code name}); these
     * read the way shard ids commonly do in tutorials and test clusters.
     */
    static final ClusterDescription IN_MEMORY_CLUSTER = new ClusterDescription("In-memory cluster", "8.0");
    static final List<Shard> IN_MEMORY_SHARDS =
            List.of(Shard.named("shard01"), Shard.named("shard02"), Shard.named("shard03"));

    private static final int[] ICON_SIZES = {16, 32, 48, 64, 128, 256};

    /**
     * System property for the installers' smoke check (installer/linux/smoke-test.sh): when
     * {@code true}, the app closes its window and exits as soon as the window has been drawn, so
     * that a script can start the packaged GUI on a virtual display and read the exit status.
     */
    static final String SMOKE_TEST_PROPERTY = "shardlab.smokeTest";

    @Override
    public void start(Stage stage) {
        AppInfo app = AppInfo.load();
        MainViewModel viewModel = new MainViewModel(app, AboutInfo.load(app), IN_MEMORY_CLUSTER, IN_MEMORY_SHARDS,
                SystemColorScheme.ofThisMachine(), Platform::exit);
        Appearance appearance = new Appearance(viewModel.darkProperty(), viewModel.presenterModeProperty());
        List<Image> icons = loadIcons();
        MainView mainView = new MainView(viewModel, appearance, icons);
        // Tools → Shard key advisor… (io.shardlab.ui.advisor), in a window of its own
        AdvisorWindow advisor = new AdvisorWindow(appearance, viewModel.darkProperty(), icons);
        mainView.addTool("Shard key advisor…", "menu-advisor", advisor::open);
        mainView.show(stage);
        if (Boolean.getBoolean(SMOKE_TEST_PROPERTY)) {
            closeAfterFirstFrame(stage, Platform::exit);
        }
    }

    /**
     * Closes {@code stage} and runs {@code exit} on the second pulse after now: a pulse runs the
     * animation timers and then draws the scene, so by the second one the first frame is drawn.
     */
    static void closeAfterFirstFrame(Stage stage, Runnable exit) {
        new AnimationTimer() {
            private int pulses;

            @Override
            public void handle(long now) {
                if (++pulses == 2) {
                    stop();
                    System.out.println("ShardLab smoke test: the main window was drawn; closing it.");
                    stage.close();
                    exit.run();
                }
            }
        }.start();
    }

    private static List<Image> loadIcons() {
        List<Image> icons = new ArrayList<>();
        for (int size : ICON_SIZES) {
            String resource = "icon/shardlab-" + size + ".png";
            try (InputStream in = ShardLabApp.class.getResourceAsStream(resource)) {
                if (in == null) {
                    throw new IllegalStateException("io/shardlab/ui/" + resource + ": missing from the class path");
                }
                icons.add(new Image(in));
            } catch (IOException e) {
                throw new UncheckedIOException("io/shardlab/ui/" + resource + ": cannot be read", e);
            }
        }
        return icons;
    }
}
