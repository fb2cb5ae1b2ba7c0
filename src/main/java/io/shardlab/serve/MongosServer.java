package io.shardlab.serve;

import de.bwaldvogel.mongo.MongoServer;
import io.shardlab.mongos.ConfigDatabase;
import io.shardlab.mongos.MongosCommands;
import io.shardlab.mongos.MongosRelease;
import io.shardlab.mongos.ServerCounters;
import io.shardlab.mongos.ShardedCatalog;
import io.shardlab.session.ClientConnection;
import io.shardlab.session.CommandLane;
import io.shardlab.session.MongosEndpoint;
import java.net.BindException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * ShardLab listening on the MongoDB wire protocol as a mongos of the simulated release: the wire
 * library's server with a {@link ShardLabBackend}, and a ticker that moves the simulated clock
 * {@code speed} times as fast as the wall clock (balancer rounds, migrations). The explorer's listener
 * ({@link MongosEndpoint.Listener}) is one with the clock stopped.
 */
public final class MongosServer implements MongosEndpoint.Listener {

    /** How often the simulated clock moves, in wall-clock ms. */
    static final long TICK_MILLIS = 100;

    private final MongoServer server;
    private final ShardLabBackend backend;
    private final ScheduledExecutorService clock;
    private final InetSocketAddress address;

    /**
     * What a server needs.
     *
     * @param catalog the simulated cluster to serve
     * @param bind the address to listen on (loopback unless the user allowed remote clients)
     * @param port the port, 0 for any free one
     * @param speed simulated ms per wall-clock ms; 0 stops the clock
     * @param memoryBudgetBytes stored document bytes beyond which writes are routed but not kept
     * @param maxClients connections served at once
     */
    public record Settings(
            ShardedCatalog catalog, String bind, int port, double speed, long memoryBudgetBytes, int maxClients) {}

    private MongosServer(
            MongoServer server, ShardLabBackend backend, ScheduledExecutorService clock, InetSocketAddress address) {
        this.server = server;
        this.backend = backend;
        this.clock = clock;
        this.address = address;
    }

    /**
     * Starts listening.
     *
     * @param clientLog receives one line per client connecting or leaving, and the memory-budget notices
     * @throws IllegalArgumentException with one line when the address is unknown or the port is taken
     */
    public static MongosServer start(Settings settings, Consumer<String> clientLog) {
        return start(settings, clientLog, CommandLane.DIRECT);
    }

    /**
     * Starts listening; every client command runs through {@code lane} (e.g. on the thread that owns
     * the catalog's clusters).
     *
     * @param clientLog receives one line per client connecting or leaving, and the memory-budget notices
     * @throws PortInUseException with one line when the port is taken
     * @throws IllegalArgumentException with one line when the address is unknown
     */
    public static MongosServer start(Settings settings, Consumer<String> clientLog, CommandLane lane) {
        InProcess mongos = new InProcess(
                settings.catalog(),
                "localhost:" + settings.port(),
                settings.memoryBudgetBytes(),
                settings.maxClients(),
                clientLog,
                lane);
        return listen(mongos, settings.bind(), settings.port(), settings.speed());
    }

    /**
     * Starts listening as {@code mongos}: the clients see the documents it holds, what the process wrote
     * through {@link InProcess#commands()} before, and the process sees theirs. Closing the server leaves
     * {@code mongos} and its documents as they are.
     *
     * @param bind the address to listen on
     * @param port the port, 0 for any free one
     * @param speed simulated ms per wall-clock ms; 0 stops the clock
     * @throws PortInUseException with one line when the port is taken
     * @throws IllegalArgumentException with one line when the address is unknown
     */
    public static MongosServer listen(InProcess mongos, String bind, int port, double speed) {
        InetAddress host;
        try {
            host = InetAddress.getByName(bind);
        } catch (UnknownHostException e) {
            throw new IllegalArgumentException("--bind: unknown address '" + bind + "'");
        }
        ShardLabBackend backend = mongos.backend;
        MongoServer server = new MongoServer(backend);
        try {
            server.bind(new InetSocketAddress(host, port));
        } catch (Exception e) { // netty rethrows the socket's checked BindException unchecked
            if (causedBy(e, BindException.class)) {
                throw new PortInUseException(bind + ":" + port + " is already in use (or not allowed)");
            }
            throw new IllegalArgumentException("cannot listen on " + bind + ":" + port + ": " + e.getMessage());
        }
        InetSocketAddress bound = server.getLocalAddress();
        ScheduledExecutorService clock = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "shardlab-serve-clock");
            t.setDaemon(true);
            return t;
        });
        if (speed > 0) {
            long step = Math.max(1, Math.round(TICK_MILLIS * speed));
            clock.scheduleAtFixedRate(
                    () -> backend.commands().advance(step), TICK_MILLIS, TICK_MILLIS, TimeUnit.MILLISECONDS);
        }
        return new MongosServer(server, backend, clock, bound);
    }

    /** The port asked for is taken by another program (or not allowed to this one). */
    public static final class PortInUseException extends MongosEndpoint.PortTakenException {
        private static final long serialVersionUID = 1L;

        PortInUseException(String message) {
            super(message);
        }
    }

    /**
     * The command layer over the wire library's document engine, without listening anywhere: what the
     * shell drives. Its simulated clock moves only through {@link MongosCommands#advance}.
     *
     * @param notices receives the memory-budget notices
     */
    public static MongosCommands inProcess(ShardedCatalog catalog, long memoryBudgetBytes, Consumer<String> notices) {
        return new InProcess(catalog, "localhost:27017", memoryBudgetBytes, 1, notices, CommandLane.DIRECT).commands();
    }

    /**
     * A mongos of the catalog's release held in the process: its command layer and the documents clients
     * write, before (and after) it listens ({@link #listen}). The explorer keeps one per cluster, so what
     * the Shell panel wrote is there for the clients that connect later, and theirs for the panel: its
     * constructor is the {@link MongosEndpoint.Factory} the application hands the explorer's engine.
     */
    public static final class InProcess implements MongosEndpoint {
        private final ShardLabBackend backend;

        /**
         * @param catalog the simulated cluster
         * @param mongosHost the {@code host:port} the config database names this mongos by
         * @param memoryBudgetBytes stored document bytes beyond which writes are routed but not kept
         * @param maxClients connections served at once once it listens
         * @param clientLog receives one line per client connecting or leaving, and the memory-budget notices
         * @param lane where the clients' commands run (commands given to {@link #commands()} run on the caller's thread)
         */
        public InProcess(
                ShardedCatalog catalog,
                String mongosHost,
                long memoryBudgetBytes,
                int maxClients,
                Consumer<String> clientLog,
                CommandLane lane) {
            MongosRelease release = MongosRelease.of(catalog.config().version());
            long start = System.currentTimeMillis();
            ServerCounters counters = new ServerCounters(maxClients);
            backend = new ShardLabBackend(
                    storage -> new MongosCommands(
                            catalog,
                            release,
                            new ConfigDatabase(catalog, release, start, mongosHost),
                            storage,
                            memoryBudgetBytes,
                            System::currentTimeMillis,
                            clientLog,
                            new ThisMachine(),
                            counters),
                    clientLog,
                    maxClients,
                    lane,
                    counters);
        }

        /** The command layer, for commands from inside the process. */
        @Override
        public MongosCommands commands() {
            return backend.commands();
        }

        /** Listens with the simulated clock stopped ({@link MongosServer#listen}, speed 0). */
        @Override
        public MongosServer listen(String bind, int port) {
            return MongosServer.listen(this, bind, port, 0);
        }
    }

    private static boolean causedBy(Throwable e, Class<? extends Throwable> type) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (type.isInstance(t)) {
                return true;
            }
        }
        return false;
    }

    /** {@code mongodb://HOST:PORT/}, the string a client connects with. */
    @Override
    public String connectionString() {
        String host = address.getAddress().isAnyLocalAddress()
                ? "127.0.0.1"
                : address.getAddress().getHostAddress();
        return connectionString(host);
    }

    /**
     * One string per address of this machine that reaches the port ({@link ThisMachine#addressesReaching}); for
     * a server on every address, the network ones first, so the first is what another machine types.
     */
    @Override
    public List<String> connectionStrings() {
        return ThisMachine.addressesReaching(address.getAddress()).stream()
                .map(a -> connectionString(a.getHostAddress()))
                .toList();
    }

    private String connectionString(String host) {
        int zone = host.indexOf('%');
        String bare = zone < 0 ? host : host.substring(0, zone);
        return "mongodb://" + (bare.contains(":") ? "[" + bare + "]" : bare) + ":" + address.getPort() + "/";
    }

    /** The port listened on. */
    @Override
    public int port() {
        return address.getPort();
    }

    /** The command layer the clients drive. */
    public MongosCommands commands() {
        return backend.commands();
    }

    /** Clients connected now. */
    public int clientCount() {
        return backend.clientCount();
    }

    /** The clients connected now, {@code ADDRESS:PORT (appName)} (the app name when the client's handshake gave one), sorted. */
    @Override
    public List<String> clients() {
        return backend.clientNames();
    }

    @Override
    public List<ClientConnection> connections() {
        return backend.connections();
    }

    @Override
    public void disconnect(long id) {
        backend.disconnect(id);
    }

    @Override
    public void readOnly(boolean refuseWrites) {
        backend.readOnly(refuseWrites);
    }

    @Override
    public void close() {
        clock.shutdownNow();
        server.shutdownNow();
    }
}
