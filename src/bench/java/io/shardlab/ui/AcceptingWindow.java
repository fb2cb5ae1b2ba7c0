package io.shardlab.ui;

import io.shardlab.serve.ConnectionLimits;
import io.shardlab.serve.DataFile;
import io.shardlab.serve.MongosServer;
import io.shardlab.ui.explorer.ExplorerViewModel;
import io.shardlab.ui.tasks.DaemonBackgroundTasks;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import javafx.application.Platform;
import javafx.stage.Stage;

/**
 * The whole window as the desktop app makes it (its mongos {@code serve}'s, its memory budget its own), headless,
 * accepting connections: {@code ServeMemoryBenchmark} runs it as its server process with {@code
 * -Dserve.bench.window=true} to measure the window's resident memory under a class. It shows the first scenario, turns
 * Simulation → Accept connections on, prints the connection string on its own line and runs until it is ended. The
 * class connects from one machine here, so the connections per address are raised to the limit of all (400), as
 * {@code ClassroomBenchmark} does; a classroom's students come from one address each.
 */
public final class AcceptingWindow {

    private AcceptingWindow() {}

    public static void main(String[] args) throws Exception {
        CountDownLatch started = new CountDownLatch(1);
        Platform.startup(started::countDown);
        started.await();
        Platform.setImplicitExit(false);
        ConnectionLimits classOnOneAddress =
                ConnectionLimits.DEFAULT.withMaxConnections(400).withMaxPerAddress(400);
        ShardLabApp app = new ShardLabApp(
                new DaemonBackgroundTasks(),
                (catalog, host, budget, clients, log, lane) ->
                        new MongosServer.InProcess(catalog, host, budget, classOnOneAddress, log, lane),
                DataFile::catalog);
        CountDownLatch shown = new CountDownLatch(1);
        Platform.runLater(() -> {
            app.start(new Stage());
            app.explorer().launch(ShardLabApp.FIRST_SCENARIO);
            shown.countDown();
        });
        shown.await();
        ExplorerViewModel explorer = app.explorer();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
        String[] uri = {""};
        while (uri[0].isEmpty()) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("the window did not accept connections in 120 s");
            }
            CountDownLatch looked = new CountDownLatch(1);
            Platform.runLater(() -> {
                if (explorer.phaseProperty().get() == ExplorerViewModel.Phase.READY) {
                    explorer.connections().setAccepting(true);
                    uri[0] = explorer.connections().connectionStringProperty().get();
                }
                looked.countDown();
            });
            looked.await();
            Thread.sleep(100);
        }
        System.out.println(uri[0]);
        System.out.flush();
        Thread.currentThread().join();
    }
}
