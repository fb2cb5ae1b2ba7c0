package io.shardlab.live;

import com.mongodb.MongoCommandException;
import com.mongodb.MongoConfigurationException;
import com.mongodb.MongoCredential;
import com.mongodb.MongoException;
import com.mongodb.MongoInterruptedException;
import com.mongodb.MongoSecurityException;
import com.mongodb.MongoSocketException;
import com.mongodb.MongoSocketOpenException;
import com.mongodb.MongoSocketReadTimeoutException;
import com.mongodb.MongoTimeoutException;
import com.mongodb.connection.ClusterDescription;
import com.mongodb.connection.ServerDescription;
import java.net.ConnectException;
import java.net.UnknownHostException;
import java.time.Duration;
import java.util.List;
import javax.net.ssl.SSLException;

/**
 * Turns the driver's exceptions into {@link LiveClusterException}s with one-line messages a DBA
 * can act on. Every message goes through {@link ConnectionStringSecrets#redact} before it leaves.
 */
final class LiveErrors {

    /** MongoDB's error code for a missing privilege ({@code Unauthorized}, mongo error_codes.yml; not re-read here). */
    private static final int UNAUTHORIZED = 13;
    /**
     * MongoDB's error code for a refused login: 18 {@code AuthenticationFailed}, "Authentication
     * failed." (mongo error_codes.yml; seen here in server replies quoted by third parties).
     */
    private static final int AUTHENTICATION_FAILED = 18;

    private final String connectionString;
    private final String masked;
    private final Duration serverSelectionTimeout;

    LiveErrors(LiveConnectionRequest request) {
        this.connectionString = request.connectionString();
        this.masked = request.masked();
        this.serverSelectionTimeout = request.timeouts().serverSelection();
    }

    /**
     * The live exception for a driver failure while doing {@code what} (e.g. "reading config.chunks").
     *
     * @param cluster the client's view of the cluster at the time, for the per-server cause; may be null
     */
    LiveClusterException translate(RuntimeException e, String what, ClusterDescription cluster, boolean cancelled) {
        if (e instanceof LiveClusterException live) {
            return live;
        }
        if (cancelled
                || e instanceof MongoInterruptedException
                || (e instanceof IllegalStateException
                        && String.valueOf(e.getMessage()).contains("open"))) {
            return new LiveClusterException(
                    LiveClusterException.Kind.CANCELLED, redact("cancelled while " + what + " at " + masked), e);
        }
        if (e instanceof MongoConfigurationException config) {
            // e.g. a mongodb+srv:// host whose SRV or TXT records cannot be looked up
            return new LiveClusterException(
                    LiveClusterException.Kind.UNREACHABLE,
                    redact("cannot use " + masked + ": " + rootMessage(config)),
                    e);
        }
        if (e instanceof MongoSecurityException security) {
            return authentication(security);
        }
        if (e instanceof MongoCommandException command) {
            if (command.getErrorCode() == AUTHENTICATION_FAILED) {
                return new LiveClusterException(
                        LiveClusterException.Kind.AUTHENTICATION,
                        redact("authentication failed at " + masked + ": " + command.getErrorMessage()),
                        e);
            }
            if (command.getErrorCode() == UNAUTHORIZED) {
                return new LiveClusterException(
                        LiveClusterException.Kind.NOT_AUTHORIZED,
                        redact("not authorized while " + what + " at " + masked + ": " + command.getErrorMessage()
                                + " (ShardLab needs find on the config database)"),
                        e);
            }
            return new LiveClusterException(
                    LiveClusterException.Kind.READ_FAILED,
                    redact("the server refused " + what + " at " + masked + ": " + command.getErrorCodeName() + " ("
                            + command.getErrorCode() + "): " + command.getErrorMessage()),
                    e);
        }
        if (e instanceof MongoTimeoutException) {
            return unreachable(e, cluster);
        }
        if (e instanceof MongoSocketReadTimeoutException timeout) {
            return new LiveClusterException(
                    LiveClusterException.Kind.CONNECTION_LOST,
                    redact("the server " + timeout.getServerAddress() + " stopped answering while " + what
                            + " (no reply within the read timeout)"),
                    e);
        }
        if (e instanceof MongoSocketOpenException open) {
            return new LiveClusterException(
                    LiveClusterException.Kind.UNREACHABLE,
                    redact("cannot connect to " + open.getServerAddress() + " (" + masked + "): " + rootMessage(open)),
                    e);
        }
        if (e instanceof MongoSocketException socket) {
            return new LiveClusterException(
                    LiveClusterException.Kind.CONNECTION_LOST,
                    redact("lost the connection to " + socket.getServerAddress() + " while " + what + ": "
                            + rootMessage(socket)),
                    e);
        }
        if (e instanceof MongoException) {
            return new LiveClusterException(
                    LiveClusterException.Kind.READ_FAILED,
                    redact("failed while " + what + " at " + masked + ": " + rootMessage(e)),
                    e);
        }
        return new LiveClusterException(
                LiveClusterException.Kind.READ_FAILED, redact("failed while " + what + " at " + masked + ": " + e), e);
    }

    /** Every server of {@code addresses} refused the TCP connection: nothing listens there. */
    LiveClusterException refused(List<String> addresses, RuntimeException e) {
        return new LiveClusterException(
                LiveClusterException.Kind.UNREACHABLE,
                redact("no server answered at " + masked + ": " + String.join(", ", addresses) + " refused the "
                        + "connection (nothing listens there; is the server running, and is the port right?)"),
                e);
    }

    private LiveClusterException authentication(MongoSecurityException e) {
        MongoCredential credential = e.getCredential();
        String user = credential == null ? "?" : credential.getUserName();
        String mechanism = credential == null || credential.getAuthenticationMechanism() == null
                ? "negotiated"
                : credential.getAuthenticationMechanism().getMechanismName();
        String reason = e.getCause() instanceof MongoCommandException c ? c.getErrorMessage() : rootMessage(e);
        return new LiveClusterException(
                LiveClusterException.Kind.AUTHENTICATION,
                redact("authentication failed for user '" + user + "' (" + mechanism + ") at " + masked + ": "
                        + reason),
                e);
    }

    private LiveClusterException unreachable(RuntimeException e, ClusterDescription cluster) {
        StringBuilder causes = new StringBuilder();
        boolean tls = false;
        if (cluster != null && cluster.getSrvResolutionException() != null) {
            causes.append("DNS SRV lookup failed: ").append(rootMessage(cluster.getSrvResolutionException()));
        }
        if (cluster != null) {
            for (ServerDescription server : cluster.getServerDescriptions()) {
                Throwable cause = server.getException();
                if (cause == null) {
                    continue;
                }
                if (causes.length() > 0) {
                    causes.append("; ");
                }
                tls |= hasCause(cause, SSLException.class);
                causes.append(server.getAddress()).append(": ").append(describe(cause));
            }
        }
        long seconds = Math.max(1, serverSelectionTimeout.toSeconds());
        if (tls) {
            return new LiveClusterException(
                    LiveClusterException.Kind.TLS,
                    redact("TLS handshake failed at " + masked + ": " + causes
                            + " (check tls=true and give the servers' CA with --tls-ca-file)"),
                    e);
        }
        String detail = causes.length() > 0 ? causes.toString() : "no server answered";
        return new LiveClusterException(
                LiveClusterException.Kind.UNREACHABLE,
                redact("no server answered at " + masked + " within " + seconds + " s (" + detail + ")"),
                e);
    }

    private static String describe(Throwable cause) {
        if (hasCause(cause, ConnectException.class)) {
            return "connection refused";
        }
        if (hasCause(cause, UnknownHostException.class)) {
            return "unknown host";
        }
        return rootMessage(cause);
    }

    private static boolean hasCause(Throwable t, Class<? extends Throwable> type) {
        for (Throwable c = t; c != null; c = c.getCause()) {
            if (type.isInstance(c)) {
                return true;
            }
            if (c.getCause() == c) {
                break;
            }
        }
        return false;
    }

    static String rootMessage(Throwable t) {
        Throwable root = t;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        String message = root.getMessage();
        return message == null || message.isBlank() ? root.getClass().getSimpleName() : message;
    }

    String redact(String message) {
        return ConnectionStringSecrets.redact(message, connectionString);
    }
}
