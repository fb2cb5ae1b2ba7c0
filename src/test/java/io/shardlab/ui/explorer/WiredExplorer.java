package io.shardlab.ui.explorer;

import io.shardlab.session.AppWiring;
import io.shardlab.session.EngineState;
import io.shardlab.session.ExecutorSimulationThread;
import io.shardlab.session.ExplorerEngine;
import io.shardlab.ui.explorer.connections.ConnectionsWiring;
import io.shardlab.ui.tasks.DaemonBackgroundTasks;
import io.shardlab.workload.WorkloadRegistry;
import java.util.function.Function;
import javafx.application.Platform;
import javafx.beans.property.BooleanProperty;

/**
 * The explorer's engine on its own simulation thread (a daemon), its states handed to the view-model on the FX
 * thread through the newest-wins {@link LatestValueMailbox}, as the application wires them: for the tests that
 * drive the explorer's view without the whole application. {@link #close()} after the test stops the thread.
 */
public final class WiredExplorer implements AutoCloseable {

    private final ExecutorSimulationThread thread;
    private final ExplorerEngine engine;
    private final ExplorerViewModel viewModel;

    /** Wires the engine to the view-model {@code viewModelOf} makes of it (each test picks its constructor). */
    public WiredExplorer(Function<ExplorerEngine, ExplorerViewModel> viewModelOf) {
        thread = new ExecutorSimulationThread(new DaemonBackgroundTasks().serial(ExecutorSimulationThread.THREAD_NAME));
        ExplorerViewModel[] holder = new ExplorerViewModel[1];
        LatestValueMailbox<EngineState> mailbox =
                new LatestValueMailbox<>(Platform::runLater, s -> holder[0].accept(s));
        engine = AppWiring.explorerEngine(thread, System::nanoTime, mailbox::offer);
        viewModel = viewModelOf.apply(engine);
        holder[0] = viewModel;
    }

    /**
     * The explorer as the application wires it, with the standard workloads and no clipboard or snapshot sink:
     * the view tests' common case.
     */
    public static WiredExplorer standard(BooleanProperty dark) {
        return new WiredExplorer(engine -> new ExplorerViewModel(
                engine,
                WorkloadRegistry.standard(),
                dark,
                copied -> {},
                (snapshot, version) -> {},
                ConnectionsWiring.application()));
    }

    /** The engine commands go to (on the simulation thread). */
    public ExplorerEngine engine() {
        return engine;
    }

    /** The view-model the engine's states reach. */
    public ExplorerViewModel viewModel() {
        return viewModel;
    }

    /** Stops the simulation thread. */
    @Override
    public void close() {
        thread.close();
    }
}
