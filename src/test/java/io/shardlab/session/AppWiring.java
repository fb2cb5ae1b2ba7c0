package io.shardlab.session;

import io.shardlab.serve.DataFile;
import io.shardlab.serve.MongosServer;
import io.shardlab.ui.BackgroundFailure;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import java.util.function.LongSupplier;

/**
 * The explorer's engines wired as the application wires them (ShardLabApp, with DesktopApp's mongos): serve's
 * mongos for the Shell panel and Accept connections, the app's one-line failures; over a test's simulation
 * thread and wall clock.
 */
public final class AppWiring {

    private AppWiring() {}

    /** The explorer's engine, its screen never behind. */
    public static ExplorerEngine explorerEngine(
            SimulationThread thread, LongSupplier nanoTime, Consumer<EngineState> publish) {
        return explorerEngine(thread, nanoTime, publish, () -> false);
    }

    /** The explorer's engine, its screen behind while {@code screenBehind} says so. */
    public static ExplorerEngine explorerEngine(
            SimulationThread thread,
            LongSupplier nanoTime,
            Consumer<EngineState> publish,
            BooleanSupplier screenBehind) {
        return new ExplorerEngine(
                thread,
                nanoTime,
                publish,
                screenBehind,
                BackgroundFailure::describe,
                MongosServer.InProcess::new,
                () -> 0L,
                DataFile::catalog);
    }

    /** The comparison's engine. */
    public static LockstepEngine lockstepEngine(
            SimulationThread thread,
            LongSupplier nanoTime,
            Consumer<LockstepEngine.Pair> publish,
            BooleanSupplier screenBehind) {
        return new LockstepEngine(thread, nanoTime, publish, screenBehind, BackgroundFailure::describe);
    }
}
