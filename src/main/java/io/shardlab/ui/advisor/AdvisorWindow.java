package io.shardlab.ui.advisor;

import io.shardlab.ui.tasks.BackgroundTasks;
import io.shardlab.ui.tasks.VisibleWork;
import io.shardlab.ui.text.UiText;
import io.shardlab.ui.theme.Appearance;
import io.shardlab.ui.theme.ToolWindowKeys;
import io.shardlab.ui.theme.WindowPlacement;
import java.util.List;
import java.util.concurrent.ExecutorService;
import javafx.application.Platform;
import javafx.beans.value.ObservableBooleanValue;
import javafx.scene.Parent;
import javafx.scene.Scene;
import javafx.scene.image.Image;
import javafx.stage.Stage;

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

    private final UiText text;
    private final Appearance appearance;
    private final WindowPlacement placement;
    private final ObservableBooleanValue dark;
    private final List<Image> icons;
    private final BackgroundTasks tasks;
    private final VisibleWork work;
    private Stage stage;

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
        this.text = text;
        this.work = work;
        this.appearance = appearance;
        this.placement = placement;
        this.dark = dark;
        this.icons = List.copyOf(icons);
        this.tasks = tasks;
    }

    /** Shows the window, creating it on first use. Call on the JavaFX application thread. */
    public void open() {
        if (stage == null) {
            ExecutorService background = tasks.serial("shardlab-advisor");
            ExecutorService candidates = tasks.parallel(
                    "shardlab-advisor-candidate",
                    Math.min(2, Runtime.getRuntime().availableProcessors()));
            AdvisorViewModel viewModel = new AdvisorViewModel(
                    work.reporting(text.now("advisor.window.work"), background), Platform::runLater, candidates);
            Parent root = new AdvisorView(viewModel, text, dark, placement, appearance).build();
            appearance.follow(root);
            stage = new Stage();
            stage.titleProperty().bind(text.text("advisor.window.title"));
            stage.getIcons().setAll(icons);
            stage.setScene(new Scene(root));
            stage.setOnHidden(e -> viewModel.cancel());
            ToolWindowKeys.install(stage);
        }
        placement.show(stage, WINDOW_NAME, SIZE);
        stage.toFront();
    }
}
