package io.shardlab.ui.advisor;

import io.shardlab.ui.tasks.BackgroundTasks;
import io.shardlab.ui.tasks.VisibleWork;
import io.shardlab.ui.text.UiText;
import io.shardlab.ui.theme.Appearance;
import io.shardlab.ui.theme.ToolWindow;
import io.shardlab.ui.theme.WindowPlacement;
import java.util.List;
import java.util.concurrent.ExecutorService;
import javafx.application.Platform;
import javafx.beans.value.ObservableBooleanValue;
import javafx.scene.image.Image;

/**
 * The shard key advisor as a window of its own, opened from the main window's Tools menu. One
 * window per application: opening it again brings it to the front. Its background lanes (one
 * thread for loads and analyses, two for the candidates of an analysis) are made on first open.
 */
public final class AdvisorWindow {

    /** Wide enough for every column of the comparison table; smaller screens get the screen's size. */
    static final double WIDTH = 1520;

    static final double HEIGHT = 840;

    /** Its size on a large screen, and its least size: the inputs on top and a few rows of the table. */
    static final WindowPlacement.Size SIZE = new WindowPlacement.Size(WIDTH, HEIGHT, 900, 560);

    /** The name its size and place are remembered under. */
    static final String WINDOW_NAME = "advisor";

    private final ToolWindow window;
    private final BackgroundTasks tasks;
    private final VisibleWork work;

    /**
     * @param text the window's words, following View → Language
     * @param appearance styles the window like the main one
     * @param placement sizes and places the window for its screen, remembers its size, and places its dialogs
     * @param dark whether the dark theme shows
     * @param icons the app icon in several sizes
     * @param tasks where the advisor's background lanes come from
     * @param work lists the advisor's sampling and rating while they run (the main window's status bar)
     */
    public AdvisorWindow(
            UiText text,
            Appearance appearance,
            WindowPlacement placement,
            ObservableBooleanValue dark,
            List<Image> icons,
            BackgroundTasks tasks,
            VisibleWork work) {
        this.window = new ToolWindow(
                new ToolWindow.Kind(WINDOW_NAME, SIZE, "advisor.window.title"),
                text,
                appearance,
                dark,
                icons,
                placement);
        this.tasks = tasks;
        this.work = work;
    }

    /** Shows the window, creating it on first use. Call on the JavaFX application thread. */
    public void open() {
        window.open(stage -> {
            ExecutorService background = tasks.serial("shardlab-advisor");
            ExecutorService candidates = tasks.parallel(
                    "shardlab-advisor-candidate",
                    Math.min(2, Runtime.getRuntime().availableProcessors()));
            AdvisorViewModel viewModel = new AdvisorViewModel(
                    work.reporting(window.text().now("advisor.window.work"), background),
                    Platform::runLater,
                    candidates);
            stage.setOnHidden(e -> viewModel.cancel());
            return new AdvisorView(viewModel, window.text(), window.dark(), window.placement(), window.appearance())
                    .build();
        });
    }
}
