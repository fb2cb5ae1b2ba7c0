package io.shardlab.cli;

import io.shardlab.cluster.MongoVersion;
import io.shardlab.mongos.ShardedCatalog;
import io.shardlab.serve.MongosServer;
import io.shardlab.sim.SimulationConfig;
import java.io.PrintWriter;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
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
 * <p>The first line on standard output, printed once connections are accepted, is the connection
 * string; then one line per client connecting or leaving. It runs until interrupted and then exits 0.
 * Binding to anything but loopback needs {@code --allow-remote} and prints a warning on stderr.
 */
@Command(name = "serve", mixinStandardHelpOptions = true,
        description = "Answer as a mongos of the simulated cluster: connect mongosh, Compass or a driver to it.")
final class ServeCommand implements Runnable {

    /** The most shards a new cluster may have. */
    static final int MAX_SHARDS = 1000;

    @Spec
    private CommandSpec spec;

    @Option(names = "--port", paramLabel = "N", defaultValue = "27017",
            description = "Port to listen on; 0 takes any free port (default: ${DEFAULT-VALUE}).")
    int port;

    @Option(names = "--bind", paramLabel = "ADDRESS", defaultValue = "127.0.0.1",
            description = "Address to listen on (default: ${DEFAULT-VALUE}); anything but loopback needs --allow-remote.")
    String bind;

    @Option(names = "--allow-remote", description = "Allow --bind to a non-loopback address: anyone who reaches the "
            + "port can then write to the simulated cluster.")
    boolean allowRemote;

    @Option(names = "--shards", paramLabel = "N",
            description = "Number of shards of a new cluster, shard01 … shardNN (default: 2); a layout from a source "
                    + "has its own.")
    Integer shards;

    @Mixin
    LayoutSourceOptions source;

    @Option(names = "--mongodb-version", paramLabel = "V",
            description = "Release to answer as: 4.4, 5.0, 6.0, 7.0 or 8.0 (default: the source server's when "
                    + "ShardLab models it, else 8.0).")
    String mongodbVersion;

    @Option(names = "--chunk-size", paramLabel = "MB",
            description = "Maximum chunk size in MB, 1 to 1024 (default: the release's, 64 before 6.0, 128 from 6.0).")
    Integer chunkSizeMb;

    @Option(names = "--speed", paramLabel = "X", defaultValue = "1",
            description = "Simulated time runs X times the wall clock: balancer rounds, migrations (default: "
                    + "${DEFAULT-VALUE}; 0 stops the clock).")
    double speed;

    @Option(names = "--memory-budget", paramLabel = "MB", defaultValue = "256",
            description = "Documents kept for reads, in MB of BSON; past it writes are still routed and counted but "
                    + "not kept (default: ${DEFAULT-VALUE}).")
    long memoryBudgetMb;

    @Option(names = "--max-connections", paramLabel = "N", defaultValue = "200",
            description = "Connections served at once (default: ${DEFAULT-VALUE}).")
    int maxConnections;

    @Option(names = "--seed", paramLabel = "S", defaultValue = "1", description = "Seed of the simulation "
            + "(default: ${DEFAULT-VALUE}).")
    long seed;

    @Override
    public void run() {
        MongosServer server = MongosServer.start(settings(), line -> {
            PrintWriter out = spec.commandLine().getOut();
            out.println(line);
            out.flush();
        });
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            server.close();
            spec.commandLine().getOut().flush();
            stopped.countDown();
            // an interrupted serve is its normal end: exit 0, not the JVM's 130
            Runtime.getRuntime().halt(0);
        }, "shardlab-serve-stop"));
        PrintWriter out = spec.commandLine().getOut();
        out.println(server.connectionString());
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
        if (shards != null && (shards < 1 || shards > MAX_SHARDS)) {
            throw new IllegalArgumentException("--shards: between 1 and " + MAX_SHARDS + ", got " + shards);
        }
        if (speed < 0 || Double.isNaN(speed) || Double.isInfinite(speed)) {
            throw new IllegalArgumentException("--speed: expected a number of at least 0, got " + speed);
        }
        if (chunkSizeMb != null && (chunkSizeMb < 1 || chunkSizeMb > 1024)) {
            throw new IllegalArgumentException("--chunk-size: between 1 and 1024 MB, got " + chunkSizeMb);
        }
        if (memoryBudgetMb < 0) {
            throw new IllegalArgumentException("--memory-budget: must not be negative, got " + memoryBudgetMb);
        }
        if (maxConnections < 1) {
            throw new IllegalArgumentException("--max-connections: at least 1, got " + maxConnections);
        }
        checkBind();
        ShardedCatalog catalog = source != null && source.isGiven() ? forkedCatalog() : newCatalog();
        return new MongosServer.Settings(catalog, bind, port, speed, memoryBudgetMb * 1024L * 1024L, maxConnections);
    }

    private SimulationConfig config(MongoVersion version) {
        SimulationConfig config = SimulationConfig.of(version).withSeed(seed);
        return chunkSizeMb == null ? config : config.withMaxChunkSizeBytes(chunkSizeMb * 1024L * 1024L);
    }

    private ShardedCatalog newCatalog() {
        MongoVersion version = MongoVersion.parseModelled(mongodbVersion == null ? "8.0" : mongodbVersion);
        List<String> ids = new ArrayList<>();
        for (int i = 1; i <= (shards == null ? 2 : shards); i++) {
            ids.add(String.format(Locale.ROOT, "shard%02d", i));
        }
        return new ShardedCatalog(config(version), ids);
    }

    /** A catalog holding the source's collection, forked: the source is only read. */
    private ShardedCatalog forkedCatalog() {
        if (shards != null) {
            throw new IllegalArgumentException("--shards: sizes a new cluster; the layout from " + source.describe()
                    + " has its own shards");
        }
        SourceLayout loaded = source.layout(java.time.Clock.systemUTC());
        io.shardlab.cluster.ClusterSnapshot cluster = loaded.cluster();
        if (cluster.shards().size() > MAX_SHARDS) {
            throw new IllegalArgumentException("source: " + cluster.namespace() + " lives on " + cluster.shards().size()
                    + " shards; ShardLab simulates up to " + MAX_SHARDS);
        }
        MongoVersion version;
        if (mongodbVersion != null) {
            version = MongoVersion.parseModelled(mongodbVersion);
        } else {
            io.shardlab.live.SourceRelease release = loaded.release();
            if (!release.version().atLeast(MongoVersion.V4_4)) {
                throw new IllegalArgumentException("source: " + release.note() + "; serve answers as MongoDB 4.4 or "
                        + "later (current drivers and mongosh 2.x refuse older servers): choose one with --mongodb-version");
            }
            version = release.version();
        }
        io.shardlab.live.ChunkContents contents = io.shardlab.live.ChunkContents.of(cluster, loaded.recorded(),
                loaded.layout().estimatedDataSizeBytes(), loaded.layout().dataDistribution());
        ShardedCatalog catalog = new ShardedCatalog(config(version), cluster.shardIds());
        catalog.loadCollection(new io.shardlab.sim.LoadLayout(cluster, contents.perChunk()));
        spec.commandLine().getErr().println("serve: " + loaded.describe() + ", forked (the source is only read); "
                + "MongoDB " + version + " rules; chunk contents: " + contents.description());
        spec.commandLine().getErr().flush();
        return catalog;
    }

    private void checkBind() {
        InetAddress address;
        try {
            address = InetAddress.getByName(bind);
        } catch (UnknownHostException e) {
            throw new IllegalArgumentException("--bind: unknown address '" + bind + "'");
        }
        if (!address.isLoopbackAddress()) {
            if (!allowRemote) {
                throw new IllegalArgumentException("--bind: " + bind + " is not a loopback address; add --allow-remote "
                        + "to accept clients from other machines");
            }
            spec.commandLine().getErr().println("serve: warning: listening on " + bind + ": anyone who reaches this "
                    + "port can read and write the simulated cluster");
            spec.commandLine().getErr().flush();
        }
    }
}
