package io.shardlab.serve;

import io.shardlab.live.LiveConnector;
import io.shardlab.mongos.ServerCounters;
import io.shardlab.session.ClientConnection;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import org.bson.BsonDocument;

/**
 * The clients of a listening mongos and who is let in, under {@link ConnectionLimits}: one log line
 * per client connecting, leaving or refused (with its address and the reason).
 *
 * <p>A connection is judged twice. When it opens, it is refused at once if its address already has
 * {@code maxPerAddress} connections that have not sent their first message (this machine's own
 * addresses excepted); when its first message (the driver's handshake, which names the application)
 * arrives, it is let in unless its address already has {@code maxPerAddress} clients or the server
 * {@code maxConnections}. A refused connection is closed without a reply, as a mongos closes the
 * connections beyond {@code net.maxIncomingConnections} (mongo {@code session_manager_common.cpp}).
 *
 * <p>The app window's own connections are never refused and not counted against the limits: the
 * window's explorer and Shell panel use the command layer in the process, and the one part of it that
 * connects through the socket is File → Connect (the live view, which names itself
 * {@link LiveConnector#APP_NAME} in its handshake), from this machine.
 *
 * <p>Thread-safe: connections open and close on the listener's threads, handshakes arrive on the
 * connections' command threads.
 */
final class ClientConnections {

    private final ConnectionLimits limits;
    private final Consumer<String> log;
    private final ServerCounters counters;
    private final Set<InetAddress> ownAddresses;
    private final Map<Object, Client> clients = new HashMap<>();
    private final AtomicLong nextId = new AtomicLong();
    /** The clients the teacher sent away ({@link #disconnect}): their host and appName, refused from then on. */
    private final Set<String> sentAway = new HashSet<>();

    /** @param tally what the connection has done, counted once it is let in (null before) */
    private record Client(InetAddress address, String name, boolean admitted, boolean window, ConnectedClient tally) {}

    /**
     * @param log receives one line per client connecting, leaving or refused
     * @param counters where {@code serverStatus} counts the connections
     * @param ownAddresses the addresses of this machine (loopback besides)
     */
    ClientConnections(
            ConnectionLimits limits, Consumer<String> log, ServerCounters counters, Set<InetAddress> ownAddresses) {
        this.limits = limits;
        this.log = log;
        this.counters = counters;
        this.ownAddresses = Set.copyOf(ownAddresses);
    }

    /**
     * A connection opened from {@code remote}.
     *
     * @param connection the connection's identity (its channel)
     * @return false when it is refused: the caller closes it
     */
    boolean opened(Object connection, SocketAddress remote) {
        InetAddress address = addressOf(remote);
        String name = nameOf(remote);
        synchronized (clients) {
            if (!isOwn(address)) {
                long waiting = clients.values().stream()
                        .filter(c -> !c.admitted() && address.equals(c.address()))
                        .count();
                if (waiting >= limits.maxPerAddress()) {
                    log.accept("refused connection from " + name + ": " + waiting + " connections from "
                            + address.getHostAddress() + " have sent nothing yet (at most "
                            + limits.maxPerAddress() + " per address)");
                    return false;
                }
            }
            clients.put(connection, new Client(address, name, false, false, null));
            return true;
        }
    }

    /**
     * The connection's first message arrived.
     *
     * @param handshake its command (a driver's {@code hello} / {@code isMaster} names the application in
     *     {@code client.application.name})
     * @return false when it is refused: the caller closes it without answering
     */
    boolean firstMessage(Object connection, BsonDocument handshake) {
        synchronized (clients) {
            Client pending = clients.get(connection);
            if (pending == null || pending.admitted()) {
                return pending != null;
            }
            String app = applicationName(handshake);
            String name = app == null ? pending.name() : pending.name() + " (" + app + ")";
            boolean window = isOwn(pending.address()) && LiveConnector.APP_NAME.equals(app);
            ConnectedClient tally =
                    new ConnectedClient(nextId.incrementAndGet(), bracketed(pending.name()), Optional.ofNullable(app));
            if (!window && sentAway.contains(tally.who())) {
                log.accept("refused connection from " + name + ": the teacher disconnected this client");
                return false;
            }
            if (!window) {
                long fromAddress = clients.values().stream()
                        .filter(c ->
                                c.admitted() && !c.window() && pending.address().equals(c.address()))
                        .count();
                if (fromAddress >= limits.maxPerAddress()) {
                    log.accept("refused connection from " + name + ": "
                            + pending.address().getHostAddress()
                            + " already has " + fromAddress + " connections (at most " + limits.maxPerAddress()
                            + " per address)");
                    return false;
                }
                long served = clients.values().stream()
                        .filter(c -> c.admitted() && !c.window())
                        .count();
                if (served >= limits.maxConnections()) {
                    log.accept("refused connection from " + name + ": too many open connections (" + served
                            + ", at most " + limits.maxConnections() + " at once)");
                    return false;
                }
            }
            clients.put(connection, new Client(pending.address(), name, true, window, tally));
            counters.connected();
            log.accept("client connected: " + name);
            return true;
        }
    }

    /** The connection closed (by either side). */
    void closed(Object connection) {
        Client gone;
        synchronized (clients) {
            gone = clients.remove(connection);
        }
        if (gone != null && gone.admitted()) {
            counters.disconnected();
            log.accept("client disconnected: " + gone.name());
        }
    }

    /** How a log line names the connection: {@code ADDRESS:PORT (appName)} once it said hello. */
    String name(Object connection) {
        synchronized (clients) {
            Client c = clients.get(connection);
            return c == null ? "a closed connection" : c.name();
        }
    }

    /** Clients let in and connected now. */
    int count() {
        synchronized (clients) {
            return (int) clients.values().stream().filter(Client::admitted).count();
        }
    }

    /** The clients let in, as their log lines name them, sorted. */
    List<String> names() {
        synchronized (clients) {
            return clients.values().stream()
                    .filter(Client::admitted)
                    .map(Client::name)
                    .sorted()
                    .toList();
        }
    }

    /** What the connection has done so far, once it is let in. */
    Optional<ConnectedClient> tally(Object connection) {
        synchronized (clients) {
            Client c = clients.get(connection);
            return c == null ? Optional.empty() : Optional.ofNullable(c.tally());
        }
    }

    /** The connections let in now, by number, the window's own left out. */
    List<ClientConnection> samples() {
        synchronized (clients) {
            return clients.values().stream()
                    .filter(c -> c.admitted() && !c.window())
                    .map(c -> c.tally().sample())
                    .sorted(Comparator.comparingLong(ClientConnection::id))
                    .toList();
        }
    }

    /**
     * Sends connection {@code id}'s client away: from now on its host and appName are refused (a driver connects
     * again at once, and a student sent away should stay away).
     *
     * @return the connections of that client open now, for the caller to close
     */
    List<Object> disconnect(long id) {
        synchronized (clients) {
            Optional<String> who = clients.values().stream()
                    .filter(c -> c.tally() != null && c.tally().id() == id)
                    .map(c -> c.tally().who())
                    .findFirst();
            if (who.isEmpty()) {
                return List.of();
            }
            sentAway.add(who.get());
            return clients.entrySet().stream()
                    .filter(e -> e.getValue().tally() != null
                            && e.getValue().tally().who().equals(who.get()))
                    .map(Map.Entry::getKey)
                    .toList();
        }
    }

    private boolean isOwn(InetAddress address) {
        return address.isLoopbackAddress() || ownAddresses.contains(address);
    }

    private static String applicationName(BsonDocument handshake) {
        if (handshake.get("client") instanceof BsonDocument client
                && client.get("application") instanceof BsonDocument application
                && application.isString("name")) {
            return application.getString("name").getValue();
        }
        return null;
    }

    private static InetAddress addressOf(SocketAddress remote) {
        if (remote instanceof InetSocketAddress a && a.getAddress() != null) {
            return a.getAddress();
        }
        return InetAddress.getLoopbackAddress();
    }

    /** {@code HOST:PORT} with an IPv6 host in brackets. */
    private static String bracketed(String hostAndPort) {
        int colon = hostAndPort.lastIndexOf(':');
        String host = colon < 0 ? hostAndPort : hostAndPort.substring(0, colon);
        return host.contains(":") ? "[" + host + "]" + hostAndPort.substring(colon) : hostAndPort;
    }

    private static String nameOf(SocketAddress remote) {
        if (remote instanceof InetSocketAddress a && a.getAddress() != null) {
            return a.getAddress().getHostAddress() + ":" + a.getPort();
        }
        return String.valueOf(remote);
    }
}
