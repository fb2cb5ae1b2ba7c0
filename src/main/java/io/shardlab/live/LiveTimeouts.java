package io.shardlab.live;

import java.time.Duration;

/**
 * How long the live reader waits for a server.
 *
 * @param connect TCP connect and TLS handshake per socket; positive
 * @param serverSelection how long to wait for a usable server before giving up ("nothing answers");
 *     positive. The budget is 10 s
 * @param read how long one read may wait for a reply once connected (a stalled server); positive
 */
public record LiveTimeouts(Duration connect, Duration serverSelection, Duration read) {

    /** 10 s to connect and to find a server, 30 s per read. */
    public static final LiveTimeouts DEFAULT =
            new LiveTimeouts(Duration.ofSeconds(10), Duration.ofSeconds(10), Duration.ofSeconds(30));

    public LiveTimeouts {
        check("connect", connect);
        check("serverSelection", serverSelection);
        check("read", read);
    }

    /** The same timeouts for all three waits. */
    public static LiveTimeouts all(Duration timeout) {
        return new LiveTimeouts(timeout, timeout, timeout);
    }

    private static void check(String name, Duration d) {
        if (d == null || d.isNegative() || d.isZero()) {
            throw new IllegalArgumentException(String.format(
                    "%s: a timeout must be positive, got %s", // untranslated: a developer's contract
                    name, d));
        }
    }
}
