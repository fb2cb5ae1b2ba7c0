package io.shardlab.serve;

import io.shardlab.cluster.MongoVersion;
import io.shardlab.mongos.ConfigDatabase;
import io.shardlab.mongos.MongosCommands;
import io.shardlab.mongos.MongosRelease;
import io.shardlab.mongos.ServerCounters;
import io.shardlab.mongos.ShardedCatalog;
import io.shardlab.mongos.UserAccounts;
import io.shardlab.session.ClientConnection;
import io.shardlab.session.CommandLane;
import io.shardlab.session.DataFileContents;
import io.shardlab.session.MongosEndpoint;
import io.shardlab.session.PendingSave;
import java.net.BindException;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * ShardLab listening on the MongoDB wire protocol as a mongos of the simulated release: a {@link
 * WireListener} whose connections ({@link ServedConnection}) hand every command to a {@link
 * ShardLabBackend} over the wire library's document engine, under {@link ConnectionLimits}, and a
 * ticker that moves the simulated clock {@code speed} times as fast as the wall clock (balancer rounds,
 * migrations).
 */
public final class MongosServer implements MongosEndpoint.Listener {

    /** How often the simulated clock moves, in wall-clock ms. */
    static final long TICK_MILLIS = 100;

    private final WireListener listener;
    private final ShardLabBackend backend;
    private final ClientConnections connections;
    private final ScheduledExecutorService clock;
    private final InetSocketAddress address;
    private final InetAddress boundTo;
    private final ThisMachine machine;

    /**
     * What a server needs.
     *
     * @param catalog the simulated cluster to serve
     * @param bind the address to listen on (loopback unless the user allowed remote clients)
     * @param port the port, 0 for any free one
     * @param speed simulated ms per wall-clock ms; 0 stops the clock
     * @param memoryBudgetBytes stored document bytes past which writes are refused
     * @param limits how many connections are served, from one address, and for how long
     * @param users the users clients must authenticate as ({@link UserAccounts#NONE}: no authentication)
     */
    public record Settings(
            ShardedCatalog catalog,
            String bind,
            int port,
            double speed,
            long memoryBudgetBytes,
            ConnectionLimits limits,
            UserAccounts users) {

        /** Settings without users: every client may do everything. */
        public Settings(
                ShardedCatalog catalog,
                String bind,
                int port,
                double speed,
                long memoryBudgetBytes,
                ConnectionLimits limits) {
            this(catalog, bind, port, speed, memoryBudgetBytes, limits, UserAccounts.NONE);
        }

        /**
         * Settings with {@link ConnectionLimits#DEFAULT} serving at most {@code maxClients} connections at
         * once.
         */
        public Settings(
                ShardedCatalog catalog, String bind, int port, double speed, long memoryBudgetBytes, int maxClients) {
            this(
                    catalog,
                    bind,
                    port,
                    speed,
                    memoryBudgetBytes,
                    ConnectionLimits.DEFAULT.withMaxConnections(maxClients));
        }

        /** The heap {@code serve} needs besides its clients' documents, in MB (its own, the wire's, 40 clients'). */
        public static final long HEAP_BESIDES_DOCUMENTS_MB = 160;

        /**
         * The default memory budget, in MB, from the heap the JVM was given ({@code maxHeapBytes}, as
         * {@code Runtime.maxMemory} says): all of it but {@value #HEAP_BESIDES_DOCUMENTS_MB} MB, at least a quarter of
         * it. Under the launchers' 448 MB heap that is 288 MB, which holds a class of 40 students × 50,000 documents of
         * about 90 BSON bytes, at their bytes and {@code EncodedCollection.KEPT_BYTES_PER_DOCUMENT} each (README,
         * Performance: the memory budget).
         */
        public static long defaultMemoryBudgetMb(long maxHeapBytes) {
            long heapMb = maxHeapBytes >> 20;
            return Math.max(heapMb / 4, heapMb - HEAP_BESIDES_DOCUMENTS_MB);
        }

        /** Connections served at once. */
        public int maxClients() {
            return limits.maxConnections();
        }
    }

    private MongosServer(
            WireListener listener,
            ShardLabBackend backend,
            ClientConnections connections,
            ScheduledExecutorService clock,
            InetSocketAddress address,
            InetAddress boundTo,
            ThisMachine machine) {
        this.listener = listener;
        this.backend = backend;
        this.connections = connections;
        this.clock = clock;
        this.address = address;
        this.boundTo = boundTo;
        this.machine = machine;
    }

    /**
     * Starts listening.
     *
     * @param clientLog receives one line per client connecting, leaving or refused, per connection closed
     *     by the server and why, per command failing with an InternalError, and the memory-budget notices
     * @throws IllegalArgumentException with one line when the address is unknown or the port is taken
     */
    public static MongosServer start(Settings settings, Consumer<String> clientLog) {
        return start(settings, clientLog, CommandLane.DIRECT);
    }

    /**
     * Starts listening; every client command runs through {@code lane} (e.g. on the thread that owns
     * the catalog's clusters).
     *
     * @param clientLog receives one line per client connecting, leaving or refused, per connection closed
     *     by the server and why, per command failing with an InternalError, and the memory-budget notices
     * @throws PortInUseException with one line when the port is taken
     * @throws IllegalArgumentException with one line when the address is unknown or not this machine's
     */
    public static MongosServer start(Settings settings, Consumer<String> clientLog, CommandLane lane) {
        InProcess mongos = new InProcess(
                settings.catalog(),
                "localhost:" + settings.port(),
                settings.memoryBudgetBytes(),
                settings.limits(),
                clientLog,
                lane);
        mongos.requireUsers(settings.users());
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
     * @throws IllegalArgumentException with one line when the address is unknown or not this machine's
     */
    public static MongosServer listen(InProcess mongos, String bind, int port, double speed) {
        InetAddress host;
        try {
            host = InetAddress.getByName(bind);
        } catch (UnknownHostException e) {
            throw new IllegalArgumentException("--bind: unknown address '" + bind + "'");
        }
        ThisMachine machine = mongos.machine;
        if (!machine.isOwn(host)) {
            throw new IllegalArgumentException("--bind: " + bind + " is not an address of this machine"
                    + addressList(machine.reachableAddresses()));
        }
        ShardLabBackend backend = mongos.backend;
        Set<InetAddress> own = new HashSet<>(machine.ownAddresses());
        ClientConnections connections = new ClientConnections(mongos.limits, mongos.clientLog, mongos.counters, own);
        boolean before50 = !mongos.release.atLeast(MongoVersion.V5_0);
        WireRequestReader reader = new WireRequestReader(new MessageDocumentCheck(before50));
        WireReply replies = new WireReply();
        LegacyOpQuery opQuery = new LegacyOpQuery(mongos.release);
        WireListener listener;
        try {
            listener = WireListener.bind(
                    new InetSocketAddress(host, port),
                    mongos.limits.messageTimeout(),
                    commandThreads -> new ServedConnection(
                            connections,
                            backend,
                            reader,
                            replies,
                            opQuery,
                            mongos.limits,
                            mongos.counters,
                            mongos.clientLog,
                            commandThreads));
        } catch (Exception e) { // netty rethrows the socket's checked BindException unchecked
            if (causedBy(e, BindException.class)) {
                if (port > 0 && port < 1024 && String.valueOf(rootMessage(e)).contains("denied")) {
                    throw new PortInUseException(bind + ":" + port + " is not allowed to this program (ports "
                            + "below 1024 need administrator rights)");
                }
                throw new PortInUseException(bind + ":" + port + " is already in use (or not allowed)");
            }
            throw new IllegalArgumentException("cannot listen on " + bind + ":" + port + ": " + e.getMessage());
        }
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
        return new MongosServer(listener, backend, connections, clock, listener.address(), host, machine);
    }

    private static String addressList(List<InetAddress> addresses) {
        List<String> names = new ArrayList<>();
        for (InetAddress a : addresses) {
            names.add(a.getHostAddress());
        }
        names.add("127.0.0.1");
        return " (its addresses: " + String.join(", ", names) + ")";
    }

    private static String rootMessage(Throwable e) {
        Throwable t = e;
        while (t.getCause() != null && t.getCause() != t) {
            t = t.getCause();
        }
        return t.getMessage();
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
        private final ConnectionLimits limits;
        private final Consumer<String> clientLog;
        private final ServerCounters counters;
        private final MongoVersion release;
        private final ThisMachine machine = new ThisMachine();

        /**
         * A mongos that serves, once it listens, {@link ConnectionLimits#DEFAULT} but at most {@code
         * maxClients} connections at once.
         *
         * @param catalog the simulated cluster
         * @param mongosHost the {@code host:port} the config database names this mongos by
         * @param memoryBudgetBytes stored document bytes past which writes are refused
         * @param maxClients connections served at once once it listens
         * @param clientLog receives one line per client connecting, leaving or refused, per connection the
         *     server closes, per InternalError, and the memory-budget notices
         * @param lane where the clients' commands run (commands given to {@link #commands()} run on the caller's thread)
         */
        public InProcess(
                ShardedCatalog catalog,
                String mongosHost,
                long memoryBudgetBytes,
                int maxClients,
                Consumer<String> clientLog,
                CommandLane lane) {
            this(
                    catalog,
                    mongosHost,
                    memoryBudgetBytes,
                    ConnectionLimits.DEFAULT.withMaxConnections(maxClients),
                    clientLog,
                    lane);
        }

        /**
         * @param catalog the simulated cluster
         * @param mongosHost the {@code host:port} the config database names this mongos by
         * @param memoryBudgetBytes stored document bytes past which writes are refused
         * @param limits the connections served once it listens
         * @param clientLog receives one line per client connecting, leaving or refused, per connection the
         *     server closes, per InternalError, and the memory-budget notices
         * @param lane where the clients' commands run (commands given to {@link #commands()} run on the caller's thread)
         */
        public InProcess(
                ShardedCatalog catalog,
                String mongosHost,
                long memoryBudgetBytes,
                ConnectionLimits limits,
                Consumer<String> clientLog,
                CommandLane lane) {
            MongosRelease release = MongosRelease.of(catalog.config().version());
            long start = System.currentTimeMillis();
            this.limits = limits;
            this.clientLog = clientLog;
            this.release = catalog.config().version();
            this.counters = new ServerCounters(limits.maxConnections());
            ServerCounters counted = counters;
            backend = new ShardLabBackend(
                    storage -> new MongosCommands(
                            catalog,
                            release,
                            new ConfigDatabase(catalog, release, start, mongosHost),
                            storage,
                            memoryBudgetBytes,
                            System::currentTimeMillis,
                            clientLog,
                            machine,
                            counted),
                    lane,
                    clientLog);
        }

        /** The command layer, for commands from inside the process. */
        @Override
        public MongosCommands commands() {
            return backend.commands();
        }

        /**
         * Takes what a save of {@code file} writes ({@link DataFile}: the layout and every client document), between
         * two commands ({@link DataFile#take}).
         */
        @Override
        public PendingSave takeSave(Path file) {
            return take(file);
        }

        DataFile.CapturedSave take(Path file) {
            return DataFile.take(file, backend.commands(), backend);
        }

        /** A save of a throwaway cluster of this release, written to nowhere ({@link DataFile#warmUp}). */
        @Override
        public void warmUpSaves() {
            DataFile.warmUp(release);
        }

        /**
         * Stores the documents of data file {@code file}, whose layout this mongos' catalog was made from
         * ({@link DataFile#catalog}).
         *
         * @throws io.shardlab.files.FileException with one line naming the file and the problem
         */
        @Override
        public DataFileContents restoreFrom(Path file) {
            return DataFile.restore(file, backend.commands());
        }

        @Override
        public void requireUsers(UserAccounts users) {
            backend.requireUsers(users);
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

    /**
     * {@code mongodb://HOST:PORT/}, the string a client on this machine connects with: the address
     * listened on, 127.0.0.1 when it is the wildcard.
     */
    @Override
    public String connectionString() {
        InetAddress host =
                address.getAddress().isAnyLocalAddress() ? InetAddress.getLoopbackAddress() : address.getAddress();
        return connectionString(host);
    }

    /**
     * One connection string per address clients can reach the server by: the address listened on; for
     * the wildcard ({@code 0.0.0.0}, {@code ::}), each of this machine's reachable addresses of that
     * family (both for {@code ::}) and then 127.0.0.1, so the first names the machine to other machines.
     */
    @Override
    public List<String> connectionStrings() {
        if (!address.getAddress().isAnyLocalAddress()) {
            return List.of(connectionString());
        }
        // the socket may report the IPv6 wildcard for 0.0.0.0: the family asked for decides
        boolean ipv6 = boundTo instanceof Inet6Address;
        List<String> out = new ArrayList<>();
        for (InetAddress a : machine.reachableAddresses()) {
            if (ipv6 || !(a instanceof Inet6Address)) {
                out.add(connectionString(a));
            }
        }
        out.add(connectionString());
        return List.copyOf(out);
    }

    private String connectionString(InetAddress host) {
        String name = host.getHostAddress();
        int zone = name.indexOf('%');
        if (zone >= 0) {
            name = name.substring(0, zone);
        }
        if (name.contains(":")) {
            name = "[" + name + "]";
        }
        return "mongodb://" + name + ":" + address.getPort() + "/";
    }

    /** The port listened on. */
    public int port() {
        return address.getPort();
    }

    /** The command layer the clients drive. */
    public MongosCommands commands() {
        return backend.commands();
    }

    /** Whether clients must authenticate. */
    public boolean usersRequired() {
        return backend.usersRequired();
    }

    /** Clients connected now (the app window's included). */
    public int clientCount() {
        return connections.count();
    }

    /** The clients connected now, {@code ADDRESS:PORT (appName)} (the app name when the client's handshake gave one), sorted. */
    @Override
    public List<String> clients() {
        return connections.names();
    }

    @Override
    public List<ClientConnection> connections() {
        return connections.samples();
    }

    /** Closes the client's connections and keeps its host and appName out while this server listens. */
    @Override
    public void disconnect(long id) {
        connections.disconnect(id).forEach(ServedConnection::closeChannel);
    }

    @Override
    public void readOnly(boolean refuseWrites) {
        backend.readOnly(refuseWrites);
    }

    @Override
    public void close() {
        clock.shutdownNow();
        listener.close();
    }
}
