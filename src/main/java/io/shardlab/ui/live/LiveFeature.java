package io.shardlab.ui.live;

import io.shardlab.live.LiveConnector;
import io.shardlab.live.RecentConnections;
import io.shardlab.ui.explorer.ExplorerViewModel;
import io.shardlab.ui.shell.MainViewModel;
import io.shardlab.ui.tasks.BackgroundTasks;
import io.shardlab.ui.tasks.VisibleWork;
import io.shardlab.ui.text.UiText;
import io.shardlab.ui.theme.Appearance;
import io.shardlab.ui.theme.WindowPlacement;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.ScheduledExecutorService;
import java.util.function.Supplier;
import javafx.application.Platform;
import javafx.scene.control.Alert;
import javafx.scene.control.MenuItem;
import javafx.scene.layout.Region;
import javafx.stage.Stage;

/**
 * The live-cluster feature wired for the application: its background lanes (an elastic one for connecting
 * and reading, so a slow server never queues a snapshot behind it, and one thread for the live watch), its
 * ViewModel showing layouts in the explorer, its File-menu items and its panel.
 */
public final class LiveFeature implements AutoCloseable {

    /** Where the recent connections are kept (no secrets): {@code ~/.shardlab/recent-connections}. */
    static Path recentConnectionsFile() {
        return Path.of(System.getProperty("user.home"), ".shardlab", "recent-connections");
    }

    private final ExecutorService background;
    private final ScheduledExecutorService scheduler;
    private final LiveLayoutViewModel layout;
    private final LiveMenu menu;
    private final LivePanel panel;

    /**
     * @param work lists the reads and connections while they run (the status bar's "running" item)
     * @param appearance styles the feature's dialogs as the window is styled
     * @param placement sizes and places its dialogs and keeps the window's state while they and the file choosers
     *     are open
     */
    public LiveFeature(
            ExplorerViewModel explorer,
            MainViewModel window,
            Supplier<Stage> stage,
            BackgroundTasks tasks,
            VisibleWork work,
            Appearance appearance,
            WindowPlacement placement,
            UiText text) {
        background = tasks.elastic("shardlab-live");
        Executor reading = work.reporting(text.now("live.work.reading"), background);
        scheduler = tasks.serial("shardlab-live-watch");
        layout = new LiveLayoutViewModel(
                reading, Platform::runLater, scheduler, Clock.systemUTC(), (LiveLayoutViewModel.LayoutShow)
                        (data, caption, motion) -> {
                            explorer.showLayout(data, caption, motion.moves(), motion.splits());
                            window.showCollection(data.snapshot());
                            describeSource(window);
                        });
        layout.languageProperty().bind(text.language());
        menu = new LiveMenu(
                layout,
                new LiveConnector(),
                work.reporting(text.now("live.work.connecting"), background),
                Platform::runLater,
                new RecentConnections(recentConnectionsFile()),
                stage::get,
                appearance,
                placement,
                text);
        panel = new LivePanel(layout, explorer::fork, explorer.shardColorOrderProperty(), text);
        // the explorer's read-only banner offers the same "Fork into simulator" as the panel
        explorer.offerFork(() -> layout.fork(explorer::fork));
        // once the explorer shows its simulator again (a lesson, Apply, Back to simulator), the layout is gone
        explorer.readOnlyLayoutProperty().addListener((obs, was, now) -> {
            if (!now && layout.shownProperty().get()) {
                layout.dismiss();
            }
        });
        // with no layout on show the panel is hidden: a failure then shows in a (non-blocking) alert
        layout.errorProperty().addListener((obs, was, now) -> {
            if (!now.isEmpty() && !layout.shownProperty().get()) {
                Alert alert = new Alert(Alert.AlertType.WARNING, now);
                // the title bar says what failed, as the other dialogs' do, rather than JavaFX's "Warning"
                alert.setTitle(text.now("live.openFailed.title"));
                alert.setHeaderText(text.now("live.openFailed.header"));
                alert.initOwner(stage.get());
                appearance.applyOnce(alert.getDialogPane());
                placement.show(alert);
            }
        });
    }

    /** The status bar names the source on show (e.g. "Snapshot · MongoDB 6.0") rather than the in-memory cluster. */
    private void describeSource(MainViewModel window) {
        if (layout.sourceProperty().get() != null) {
            window.describeCluster(layout.sourceProperty().get());
        }
    }

    public LiveLayoutViewModel layout() {
        return layout;
    }

    public List<MenuItem> menuItems() {
        return menu.items();
    }

    public LiveMenu menu() {
        return menu;
    }

    public Region panel() {
        return panel.node();
    }

    @Override
    public void close() {
        layout.close();
        scheduler.shutdownNow();
        background.shutdownNow();
    }
}
