package io.shardlab.ui;

import io.shardlab.serve.DataFile;
import io.shardlab.serve.MongosServer;
import io.shardlab.text.Language;
import io.shardlab.ui.tasks.BackgroundTasks;
import io.shardlab.ui.tasks.DaemonBackgroundTasks;
import io.shardlab.ui.theme.RememberedLanguage;
import io.shardlab.ui.theme.RememberedSettings;
import io.shardlab.ui.theme.RememberedWindows;
import io.shardlab.ui.theme.WindowPlacement;
import java.util.List;
import java.util.function.Supplier;
import javafx.geometry.Rectangle2D;

/**
 * The application as {@code io.shardlab.DesktopApp} makes it (serve's mongos, daemon background threads), for the
 * tests that drive the real window, with one difference: its windows' sizes are remembered for the test only,
 * never read from or written to the user's {@code ~/.shardlab/windows}, so that no test opens where another left
 * its window; and it speaks English, whatever the machine's locale, never reading or writing the user's
 * {@code ~/.shardlab/language} (a test of another language sets {@code UiText}'s language in the window).
 */
public final class TestDesktop {

    private TestDesktop() {}

    /** The application on this desktop's screens (Monocle's one screen in the tests). */
    public static ShardLabApp app() {
        return app(new DaemonBackgroundTasks(), WindowPlacement::screensOfThisDesktop);
    }

    /** The application on screens of the given visual bounds, the primary first (e.g. a 1280 × 720 laptop). */
    public static ShardLabApp app(Supplier<List<Rectangle2D>> screens) {
        return app(new DaemonBackgroundTasks(), screens);
    }

    /** The application with its background work on {@code tasks}. */
    public static ShardLabApp app(BackgroundTasks tasks) {
        return app(tasks, WindowPlacement::screensOfThisDesktop);
    }

    private static ShardLabApp app(BackgroundTasks tasks, Supplier<List<Rectangle2D>> screens) {
        return new ShardLabApp(
                tasks,
                MongosServer.InProcess::new,
                DataFile::catalog,
                screens,
                problems -> RememberedWindows.inMemory(),
                problems -> RememberedLanguage.inMemory(Language.ENGLISH),
                problems -> RememberedSettings.inMemory());
    }
}
