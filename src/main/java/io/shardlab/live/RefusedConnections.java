package io.shardlab.live;

import com.mongodb.connection.ClusterDescription;
import com.mongodb.connection.ServerDescription;
import com.mongodb.event.ClusterDescriptionChangedEvent;
import com.mongodb.event.ClusterListener;
import java.net.ConnectException;
import java.util.List;

/**
 * Notices, while a client connects, that every server it knows of refused the TCP connection (nothing listens
 * at the address), so the connect can fail at once instead of waiting out the server selection timeout. The
 * driver keeps retrying a refused server until that timeout; a refusal is the operating system's immediate
 * answer (an RST), so waiting longer only helps when a server is just starting.
 *
 * <p>Armed from {@link #onAllRefused} until {@link #disarm}: once connected, a server that goes away is the
 * connection's business ({@link LiveErrors}), not this listener's. Thread-safe: the driver calls it from its
 * monitor threads.
 */
final class RefusedConnections implements ClusterListener {

    private Runnable action;
    private boolean refused;
    private boolean disarmed;
    private List<String> addresses = List.of();

    @Override
    public void clusterDescriptionChanged(ClusterDescriptionChangedEvent event) {
        ClusterDescription cluster = event.getNewDescription();
        List<ServerDescription> servers = cluster.getServerDescriptions();
        if (servers.isEmpty() || cluster.getSrvResolutionException() != null) {
            return;
        }
        for (ServerDescription server : servers) {
            if (!isRefusal(server.getException())) {
                return;
            }
        }
        Runnable run;
        synchronized (this) {
            if (refused || disarmed) {
                return;
            }
            refused = true;
            addresses = servers.stream().map(s -> s.getAddress().toString()).toList();
            run = action;
        }
        if (run != null) {
            run.run();
        }
    }

    /** Runs {@code whenRefused} (on a driver thread) once every server refused, or now if they already have. */
    void onAllRefused(Runnable whenRefused) {
        boolean now;
        synchronized (this) {
            action = whenRefused;
            now = refused && !disarmed;
        }
        if (now) {
            whenRefused.run();
        }
    }

    /** Stops watching: the client is connected. */
    synchronized void disarm() {
        disarmed = true;
        action = null;
    }

    /** Whether every server refused before {@link #disarm}. */
    synchronized boolean refused() {
        return refused;
    }

    /** The servers that refused, as host:port. */
    synchronized List<String> addresses() {
        return addresses;
    }

    private static boolean isRefusal(Throwable t) {
        for (Throwable c = t; c != null; c = c.getCause() == c ? null : c.getCause()) {
            if (c instanceof ConnectException) {
                return true;
            }
        }
        return false;
    }
}
