package io.shardlab.cli;

import io.shardlab.mongos.ShardedCatalog;
import io.shardlab.serve.ConnectionLimits;
import io.shardlab.serve.MongosServer;
import java.io.PrintWriter;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
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
 * connection the server closes and why, and per command failing with an InternalError. It runs until
 * interrupted and then exits 0. Binding to anything but loopback needs {@code --allow-remote} and
 * prints a warning on stderr.
 */
@Command(
        name = "serve",
        mixinStandardHelpOptions = true,
        description = "Answer as a mongos of the simulated cluster: connect mongosh, Compass or a driver to it.")
final class ServeCommand implements Runnable {

    @Spec
    private CommandSpec spec;

    @Option(
            names = "--port",
            paramLabel = "N",
            defaultValue = "27017",
            description = "Port to listen on; 0 takes any free port (default: ${DEFAULT-VALUE}).")
    int port;

    @Option(
            names = "--bind",
            paramLabel = "ADDRESS",
            defaultValue = "127.0.0.1",
            description =
                    "Address to listen on (default: ${DEFAULT-VALUE}); anything but loopback needs --allow-remote.")
    String bind;

    @Option(
            names = "--allow-remote",
            description = "Allow --bind to a non-loopback address: anyone who reaches the "
                    + "port can then write to the simulated cluster.")
    boolean allowRemote;

    @Mixin
    ClusterOptions cluster;

    @Mixin
    LayoutSourceOptions source;

    @Option(
            names = "--speed",
            paramLabel = "X",
            defaultValue = "1",
            description = "Simulated time runs X times the wall clock: balancer rounds, migrations (default: "
                    + "${DEFAULT-VALUE}; 0 stops the clock).")
    double speed;

    @Option(
            names = "--memory-budget",
            paramLabel = "MB",
            defaultValue = "256",
            description = "Documents kept for reads, in MB of heap (their BSON bytes and about 100 bytes each of "
                    + "index); past it writes are still routed and counted but not kept (default: ${DEFAULT-VALUE}).")
    long memoryBudgetMb;

    @Option(
            names = "--max-connections",
            paramLabel = "N",
            defaultValue = "400",
            description = "Connections served at once, the ShardLab window's not counted (default: ${DEFAULT-VALUE}: "
                    + "a class of 40, each mongosh session holding up to 8).")
    int maxConnections;

    @Option(
            names = "--max-connections-per-address",
            paramLabel = "N",
            defaultValue = "50",
            description = "Connections served at once from one client address (default: ${DEFAULT-VALUE}).")
    int maxConnectionsPerAddress;

    @Option(
            names = "--idle-timeout",
            paramLabel = "MINUTES",
            defaultValue = "10",
            description = "Close a connection that sends nothing for this many minutes (default: ${DEFAULT-VALUE}); "
                    + "drivers open a new one when they need it.")
    long idleTimeoutMinutes;

    @Override
    public void run() {
        MongosServer.Settings settings = settings();
        MongosServer server;
        try {
            server = MongosServer.start(settings, line -> {
                PrintWriter out = spec.commandLine().getOut();
                out.println(line);
                out.flush();
            });
        } catch (MongosServer.PortInUseException e) {
            throw new IllegalArgumentException(
                    "--port: " + e.getMessage() + "; choose another port, or --port 0 for any free one");
        }
        if (!isLoopback(bind)) {
            spec.commandLine()
                    .getErr()
                    .println("serve: warning: listening on " + bind + ": anyone who reaches this "
                            + "port can read and write the simulated cluster");
            spec.commandLine().getErr().flush();
        }
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime()
                .addShutdownHook(new Thread(
                        () -> {
                            server.close();
                            spec.commandLine().getOut().flush();
                            stopped.countDown();
                            // an interrupted serve is its normal end: exit 0, not the JVM's 130
                            Runtime.getRuntime().halt(0);
                        },
                        "shardlab-serve-stop"));
        PrintWriter out = spec.commandLine().getOut();
        for (String connectionString : server.connectionStrings()) {
            out.println(connectionString);
        }
        out.flush();
        try {
            stopped.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** The server settings from the options; refuses bad values with one line. */
    MongosServer.Settings settings() {
        if (port < 0 || port > 65535) {
            throw new IllegalArgumentException("--port: expected 0 to 65535, got " + port);
        }
        if (speed < 0 || Double.isNaN(speed) || Double.isInfinite(speed)) {
            throw new IllegalArgumentException("--speed: expected a number of at least 0, got " + speed);
        }
        if (memoryBudgetMb < 0) {
            throw new IllegalArgumentException("--memory-budget: must not be negative, got " + memoryBudgetMb);
        }
        if (maxConnections < 1) {
            throw new IllegalArgumentException("--max-connections: at least 1, got " + maxConnections);
        }
        if (maxConnectionsPerAddress < 1) {
            throw new IllegalArgumentException(
                    "--max-connections-per-address: at least 1, got " + maxConnectionsPerAddress);
        }
        if (idleTimeoutMinutes < 1 || idleTimeoutMinutes > 7 * 24 * 60) {
            throw new IllegalArgumentException(
                    "--idle-timeout: 1 to 10080 minutes (a week), got " + idleTimeoutMinutes);
        }
        checkBind();
        ShardedCatalog catalog =
                cluster.catalog(source, "serve", spec.commandLine().getErr());
        ConnectionLimits limits = ConnectionLimits.DEFAULT
                .withMaxConnections(maxConnections)
                .withMaxPerAddress(maxConnectionsPerAddress)
                .withIdleTimeout(Duration.ofMinutes(idleTimeoutMinutes));
        return new MongosServer.Settings(catalog, bind, port, speed, memoryBudgetMb * 1024L * 1024L, limits);
    }

    private void checkBind() {
        if (!isLoopback(bind) && !allowRemote) {
            throw new IllegalArgumentException("--bind: " + bind + " is not a loopback address; add --allow-remote "
                    + "to accept clients from other machines");
        }
    }

    /** Whether {@code address} is a loopback address; refuses an unknown one with one line. */
    private static boolean isLoopback(String address) {
        try {
            return InetAddress.getByName(address).isLoopbackAddress();
        } catch (UnknownHostException e) {
            throw new IllegalArgumentException("--bind: unknown address '" + address + "'");
        }
    }
}
