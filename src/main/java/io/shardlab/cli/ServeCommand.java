package io.shardlab.cli;

import io.shardlab.mongos.ShardedCatalog;
import io.shardlab.mongos.UserAccounts;
import io.shardlab.serve.ConnectionLimits;
import io.shardlab.serve.DataFile;
import io.shardlab.serve.MongosServer;
import io.shardlab.session.CommandLane;
import io.shardlab.session.DataFileContents;
import java.io.PrintWriter;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code serve}: ShardLab listens on the MongoDB wire protocol and answers as a mongos of the chosen
 * release over a new in-memory cluster, so that mongosh, Compass and drivers drive it.
 *
 * <p>The first lines on standard output, printed once connections are accepted, are the connection
 * strings, one per address clients reach the server by (for {@code --bind 0.0.0.0}, each of the
 * machine's addresses, then 127.0.0.1); then one line per client connecting, leaving or refused, per
 * connection the server closes and why, per command failing with an InternalError, and the memory budget's
 * 50/80/100 % lines. It runs until interrupted (SIGINT, SIGTERM) and then exits 0, saying how many documents it
 * saved to the data file or discarded. Binding to anything but loopback needs {@code --allow-remote} and prints a
 * warning on stderr, a second one when no {@code --user} is given.
 */
@Command(name = "serve", mixinStandardHelpOptions = true)
final class ServeCommand implements Runnable {

    @Spec
    private CommandSpec spec;

    @Option(names = "--port", paramLabel = "N", defaultValue = "27017")
    int port;

    @Option(names = "--bind", paramLabel = "ADDRESS", defaultValue = "127.0.0.1")
    String bind;

    @Option(names = "--allow-remote")
    boolean allowRemote;

    @Mixin
    ClusterOptions cluster;

    @Mixin
    LayoutSourceOptions source;

    @Option(names = "--speed", paramLabel = "X", defaultValue = "1")
    double speed;

    @Option(names = "--memory-budget", paramLabel = "MB")
    long memoryBudgetMb =
            MongosServer.Settings.defaultMemoryBudgetMb(Runtime.getRuntime().maxMemory());

    @Option(names = "--data-file", paramLabel = "FILE")
    Path dataFile;

    @Option(names = "--save-every", paramLabel = "SECONDS", defaultValue = "60")
    long saveEverySeconds;

    @Option(names = "--user", paramLabel = "NAME:PASSWORD[:ROLES]")
    List<String> users = new ArrayList<>();

    @Option(names = "--max-connections", paramLabel = "N", defaultValue = "400")
    int maxConnections;

    @Option(names = "--max-connections-per-address", paramLabel = "N", defaultValue = "50")
    int maxConnectionsPerAddress;

    @Option(names = "--idle-timeout", paramLabel = "MINUTES", defaultValue = "10")
    long idleTimeoutMinutes;

    private final CliLanguage language;

    ServeCommand(CliLanguage language) {
        this.language = language;
        this.source = new LayoutSourceOptions(language);
    }

    @Override
    public void run() {
        MongosServer.Settings settings = settings();
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        MongosServer.InProcess mongos = new MongosServer.InProcess(
                settings.catalog(),
                "localhost:" + settings.port(),
                settings.memoryBudgetBytes(),
                settings.limits(),
                line -> {
                    synchronized (out) {
                        out.println(line);
                        out.flush();
                    }
                },
                CommandLane.DIRECT);
        mongos.requireUsers(settings.users());
        if (dataFile != null && Files.exists(dataFile)) {
            DataFileContents restored = mongos.restoreFrom(dataFile);
            err.println(language.text(
                    "cli.serve.restored", dataFile.toString(), restored.documents(), restored.collections()));
            err.flush();
        }
        MongosServer server;
        try {
            server = MongosServer.listen(mongos, settings.bind(), settings.port(), settings.speed());
        } catch (MongosServer.PortInUseException e) {
            throw new IllegalArgumentException(language.text("cli.serve.portInUse", e.getMessage()));
        }
        warnWhenRemote(settings.users());
        ScheduledExecutorService saver = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "shardlab-serve-save");
            t.setDaemon(true);
            return t;
        });
        if (dataFile != null) {
            // the first save then holds the clients no longer than a later one (DataFile.warmUp)
            saver.execute(mongos::warmUpSaves);
        }
        if (dataFile != null && saveEverySeconds > 0) {
            saver.scheduleWithFixedDelay(
                    () -> save(mongos, err, false), saveEverySeconds, saveEverySeconds, TimeUnit.SECONDS);
        }
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime()
                .addShutdownHook(new Thread(
                        () -> {
                            saver.shutdownNow();
                            server.close();
                            if (dataFile != null) {
                                save(mongos, err, true);
                            } else {
                                err.println(language.text(
                                        "cli.serve.discarded", mongos.commands().storedDocuments()));
                            }
                            err.flush();
                            out.flush();
                            stopped.countDown();
                            // an interrupted serve is its normal end: exit 0, not the JVM's 130
                            Runtime.getRuntime().halt(0);
                        },
                        "shardlab-serve-stop"));
        synchronized (out) {
            for (String connectionString : server.connectionStrings()) {
                out.println(connectionString);
            }
            out.flush();
        }
        try {
            stopped.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * Saves to the data file; a failure is one line on stderr, and serve goes on. One save at a time: the last one, on
     * exit, waits for a periodic one still writing.
     */
    private synchronized void save(MongosServer.InProcess mongos, PrintWriter err, boolean last) {
        try {
            DataFileContents saved = mongos.saveTo(dataFile);
            if (last) {
                err.println(
                        language.text("cli.serve.saved", saved.documents(), saved.collections(), dataFile.toString()));
            }
        } catch (RuntimeException e) {
            err.println("serve: --data-file: " + e.getMessage());
        }
        err.flush();
    }

    /** The server settings from the options; refuses bad values with one line. */
    MongosServer.Settings settings() {
        if (port < 0 || port > 65535) {
            throw new IllegalArgumentException(language.text("cli.serve.badPort", String.valueOf(port)));
        }
        if (speed < 0 || Double.isNaN(speed) || Double.isInfinite(speed)) {
            throw new IllegalArgumentException(language.text("cli.serve.badSpeed", String.valueOf(speed)));
        }
        if (memoryBudgetMb < 0) {
            throw new IllegalArgumentException(
                    language.text("cli.option.negative", "--memory-budget", String.valueOf(memoryBudgetMb)));
        }
        if (maxConnections < 1) {
            throw new IllegalArgumentException(
                    language.text("cli.option.atLeastOne", "--max-connections", String.valueOf(maxConnections)));
        }
        if (maxConnectionsPerAddress < 1) {
            throw new IllegalArgumentException(language.text(
                    "cli.option.atLeastOne",
                    "--max-connections-per-address",
                    String.valueOf(maxConnectionsPerAddress)));
        }
        if (idleTimeoutMinutes < 1 || idleTimeoutMinutes > 7 * 24 * 60) {
            throw new IllegalArgumentException(
                    language.text("cli.serve.badIdleTimeout", String.valueOf(idleTimeoutMinutes)));
        }
        if (saveEverySeconds < 0) {
            throw new IllegalArgumentException(
                    language.text("cli.option.negative", "--save-every", String.valueOf(saveEverySeconds)));
        }
        UserAccounts accounts = OptionValue.named("--user", users, UserAccounts::parse);
        checkBind();
        ShardedCatalog catalog = dataFileCatalog();
        if (catalog == null) {
            catalog = cluster.catalog(source, "serve", spec.commandLine().getErr(), language);
        }
        ConnectionLimits limits = ConnectionLimits.DEFAULT
                .withMaxConnections(maxConnections)
                .withMaxPerAddress(maxConnectionsPerAddress)
                .withIdleTimeout(Duration.ofMinutes(idleTimeoutMinutes));
        return new MongosServer.Settings(catalog, bind, port, speed, memoryBudgetMb * 1024L * 1024L, limits, accounts);
    }

    /** The data file's layout when it exists, or null; refuses a layout source beside it and an unwritable file. */
    private ShardedCatalog dataFileCatalog() {
        if (dataFile == null) {
            return null;
        }
        OptionValue.checkWritable("--data-file", dataFile);
        if (!Files.exists(dataFile)) {
            return null;
        }
        if (source.isGiven() || cluster.shards != null) {
            throw new IllegalArgumentException(language.text("cli.serve.dataFileHasLayout", dataFile.toString()));
        }
        return OptionValue.inFile("--data-file", () -> DataFile.catalog(dataFile));
    }

    private void checkBind() {
        if (!isLoopback(bind) && !allowRemote) {
            throw new IllegalArgumentException(language.text("cli.serve.notLoopback", bind));
        }
    }

    /** The warnings of a server other machines reach: who can use it, and a second one when no user is required. */
    private void warnWhenRemote(UserAccounts accounts) {
        if (isLoopback(bind)) {
            return;
        }
        PrintWriter err = spec.commandLine().getErr();
        err.println(language.text(accounts.required() ? "cli.serve.remoteWithUsers" : "cli.serve.remoteOpen", bind));
        if (!accounts.required()) {
            err.println(language.text("cli.serve.noUser"));
        }
        err.flush();
    }

    /** Whether {@code address} is a loopback address; refuses an unknown one with one line. */
    private boolean isLoopback(String address) {
        try {
            return InetAddress.getByName(address).isLoopbackAddress();
        } catch (UnknownHostException e) {
            throw new IllegalArgumentException(language.text("cli.serve.unknownAddress", address));
        }
    }
}
