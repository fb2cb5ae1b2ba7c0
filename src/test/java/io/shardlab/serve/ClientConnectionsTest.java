package io.shardlab.serve;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardlab.live.LiveConnector;
import io.shardlab.mongos.ServerCounters;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.bson.BsonDocument;
import org.junit.jupiter.api.Test;

/**
 * Who is let in under {@link ConnectionLimits}: at most so many clients at once and from one address, the
 * app window's own connections always; one log line per client connecting, leaving or refused, with its
 * address and the reason.
 */
class ClientConnectionsTest {

    private final List<String> log = new ArrayList<>();
    private final ServerCounters counters = new ServerCounters(4);
    private final ClientConnections connections = new ClientConnections(
            new ConnectionLimits(4, 2, Duration.ofSeconds(30), Duration.ofMinutes(10)),
            log::add,
            counters,
            Set.of(address("192.168.1.10")));

    private static InetAddress address(String ip) {
        try {
            return InetAddress.getByName(ip);
        } catch (UnknownHostException e) {
            throw new AssertionError(e);
        }
    }

    private static BsonDocument hello(String app) {
        return BsonDocument.parse("{hello: 1, client: {application: {name: '" + app + "'}}}");
    }

    /** Opens a connection from {@code ip:port} and sends its handshake; returns whether it was let in. */
    private boolean connect(Object connection, String ip, int port, String app) {
        return connections.opened(connection, new InetSocketAddress(address(ip), port))
                && connections.firstMessage(connection, hello(app));
    }

    @Test
    void anAddressWithItsShareOfConnectionsIsRefusedTheNextAndOthersAreNot() {
        assertTrue(connect("a", "10.0.0.5", 50001, "mongosh 2.12.0"));
        assertTrue(connect("b", "10.0.0.5", 50002, "mongosh 2.12.0"));

        assertFalse(connect("c", "10.0.0.5", 50003, "mongosh 2.12.0"));
        assertTrue(connect("d", "10.0.0.6", 50001, "mongosh 2.12.0"));

        assertEquals(
                "refused connection from 10.0.0.5:50003 (mongosh 2.12.0): 10.0.0.5 already has 2 connections "
                        + "(at most 2 per address)",
                log.get(2));
        assertEquals(3, connections.count());
    }

    @Test
    void pastTheCapEveryAddressIsRefusedUntilAClientLeaves() {
        connect("a", "10.0.0.1", 1, "x");
        connect("b", "10.0.0.2", 1, "x");
        connect("c", "10.0.0.3", 1, "x");
        connect("d", "10.0.0.4", 1, "x");

        assertFalse(connect("e", "10.0.0.5", 1, "x"));
        connections.closed("a");
        assertTrue(connect("f", "10.0.0.5", 2, "x"));

        assertTrue(log.contains(
                "refused connection from 10.0.0.5:1 (x): too many open connections (4, at most 4 at once)"));
        assertTrue(log.contains("client disconnected: 10.0.0.1:1 (x)"));
        assertEquals(4, counters.currentConnections());
    }

    @Test
    void theAppWindowsOwnConnectionsAreNeverRefusedNorCounted() {
        for (int i = 0; i < 4; i++) {
            connect("full" + i, "10.0.0." + (i + 1), 1, "mongosh 2.12.0");
        }
        connect("local1", "127.0.0.1", 1, "mongosh 2.12.0");

        assertTrue(connect("window1", "127.0.0.1", 2, LiveConnector.APP_NAME), "loopback");
        assertTrue(connect("window2", "192.168.1.10", 3, LiveConnector.APP_NAME), "this machine's own address");
        assertTrue(connect("window3", "127.0.0.1", 4, LiveConnector.APP_NAME));
        assertFalse(connect("remote", "10.0.0.9", 1, LiveConnector.APP_NAME), "the name alone does not do");

        assertFalse(log.stream()
                .anyMatch(
                        l -> l.startsWith("refused connection from 127.0.0.1:") && l.contains(LiveConnector.APP_NAME)));
    }

    @Test
    void connectionsThatHaveSentNothingYetAreLimitedPerAddressExceptThisMachines() {
        assertTrue(connections.opened("s1", new InetSocketAddress(address("10.0.0.7"), 1)));
        assertTrue(connections.opened("s2", new InetSocketAddress(address("10.0.0.7"), 2)));

        assertFalse(connections.opened("s3", new InetSocketAddress(address("10.0.0.7"), 3)));
        for (int i = 0; i < 10; i++) {
            assertTrue(connections.opened("l" + i, new InetSocketAddress(address("127.0.0.1"), 100 + i)));
        }

        assertEquals(
                List.of("refused connection from 10.0.0.7:3: 2 connections from 10.0.0.7 have sent nothing yet (at "
                        + "most 2 per address)"),
                log);
        assertEquals(0, connections.count(), "nobody said hello yet");
    }

    @Test
    void aClientIsNamedByItsAddressAndApplicationWhileConnected() {
        connect("a", "10.0.0.5", 50001, "mongosh 2.12.0");
        connections.opened("b", new InetSocketAddress(address("10.0.0.6"), 7));
        connections.firstMessage("b", BsonDocument.parse("{isMaster: 1}"));

        assertEquals(List.of("10.0.0.5:50001 (mongosh 2.12.0)", "10.0.0.6:7"), connections.names());
        assertEquals(List.of("client connected: 10.0.0.5:50001 (mongosh 2.12.0)", "client connected: 10.0.0.6:7"), log);
    }
}
