package io.shardlab;

import io.shardlab.serve.DataFile;
import io.shardlab.serve.MongosServer;
import io.shardlab.ui.ShardLabApp;
import io.shardlab.ui.tasks.BackgroundTasks;
import io.shardlab.ui.tasks.DaemonBackgroundTasks;

/**
 * The desktop application as {@link Main} launches it: {@link ShardLabApp} with serve's mongos
 * ({@link MongosServer.InProcess}) as the mongos the explorer's Shell panel drives and clients reach through
 * Simulation → Accept connections. The one place the app and {@code serve} meet: {@code ui} does not depend on
 * {@code serve} (ArchitectureTest), and the explorer's engine in {@code session} knows only its port,
 * {@link io.shardlab.session.MongosEndpoint}.
 */
public final class DesktopApp extends ShardLabApp {

    /** The application as the JavaFX launcher makes it: its background work on daemon threads. */
    public DesktopApp() {
        this(new DaemonBackgroundTasks());
    }

    /** @param tasks every background thread of the GUI comes from here and stops with {@link #stop()} */
    public DesktopApp(BackgroundTasks tasks) {
        super(tasks, MongosServer.InProcess::new, DataFile::catalog);
    }
}
