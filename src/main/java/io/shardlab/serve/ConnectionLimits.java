package io.shardlab.serve;

import java.time.Duration;

/**
 * How many connections a served mongos keeps, and for how long, so that no client can starve the
 * others. These are ShardLab's choices: a mongos has {@code net.maxIncomingConnections} (a cap on all
 * connections, refused ones closed with the log line "Connection refused because there are too many
 * open connections", mongo {@code src/mongo/transport/session_manager_common.cpp}) and no per-address
 * limit or idle timeout.
 *
 * <p>Sizing: a mongosh 2.12 session holds 4 connections once started and 8 after {@code sh.status()}
 * and a workshop's first commands ({@code MongoshConnectionsTest} measures it against {@code serve}); a
 * class of 40 with the teacher is about 330, so {@link #DEFAULT} serves 400 at once and at most 50 from
 * one address (two mongosh windows and a driver program's pool). The app window's own connections are
 * not counted ({@link ClientConnections}).
 *
 * @param maxConnections connections served at once, at least 1
 * @param maxPerAddress connections served at once from one client address, at least 1
 * @param messageTimeout how long a connection may keep a message unfinished without sending more of
 *     it, and how long a new connection may wait before its first message; positive
 * @param idleTimeout how long a connection may stay without a request before it is closed; positive
 */
public record ConnectionLimits(int maxConnections, int maxPerAddress, Duration messageTimeout, Duration idleTimeout) {

    /** What {@code serve} and the window's Accept connections use unless told otherwise. */
    public static final ConnectionLimits DEFAULT =
            new ConnectionLimits(400, 50, Duration.ofSeconds(30), Duration.ofMinutes(10));

    public ConnectionLimits {
        if (maxConnections < 1) {
            throw new IllegalArgumentException("maxConnections: at least 1, got " + maxConnections);
        }
        if (maxPerAddress < 1) {
            throw new IllegalArgumentException("maxPerAddress: at least 1, got " + maxPerAddress);
        }
        if (messageTimeout == null || messageTimeout.isNegative() || messageTimeout.isZero()) {
            throw new IllegalArgumentException("messageTimeout: must be positive, got " + messageTimeout);
        }
        if (idleTimeout == null || idleTimeout.isNegative() || idleTimeout.isZero()) {
            throw new IllegalArgumentException("idleTimeout: must be positive, got " + idleTimeout);
        }
    }

    /** These limits serving at most {@code n} connections at once. */
    public ConnectionLimits withMaxConnections(int n) {
        return new ConnectionLimits(n, maxPerAddress, messageTimeout, idleTimeout);
    }

    /** These limits serving at most {@code n} connections at once from one address. */
    public ConnectionLimits withMaxPerAddress(int n) {
        return new ConnectionLimits(maxConnections, n, messageTimeout, idleTimeout);
    }

    /** These limits closing a connection after {@code timeout} without a request. */
    public ConnectionLimits withIdleTimeout(Duration timeout) {
        return new ConnectionLimits(maxConnections, maxPerAddress, messageTimeout, timeout);
    }

    /** These limits closing a connection whose message stalls for {@code timeout}. */
    public ConnectionLimits withMessageTimeout(Duration timeout) {
        return new ConnectionLimits(maxConnections, maxPerAddress, timeout, idleTimeout);
    }
}
