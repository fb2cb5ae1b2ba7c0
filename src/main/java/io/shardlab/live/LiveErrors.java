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
import io.shardlab.text.Message;
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
     * The live exception for a driver failure while doing {@code what} (e.g. "reading config.chunks",
     * {@code live.doing.readingConfig}).
     *
     * @param cluster the client's view of the cluster at the time, for the per-server cause; may be null
     */
    LiveClusterException translate(RuntimeException e, Message what, ClusterDescription cluster, boolean cancelled) {
        if (e instanceof LiveClusterException live) {
            return live;
        }
        if (cancelled
                || e instanceof MongoInterruptedException
                || (e instanceof IllegalStateException
                        && String.valueOf(e.getMessage()).contains("open"))) {
            return failure(LiveClusterException.Kind.CANCELLED, e, "live.failure.cancelled", what, masked);
        }
        if (e instanceof MongoConfigurationException config) {
            // e.g. a mongodb+srv:// host whose SRV or TXT records cannot be looked up
            return failure(
                    LiveClusterException.Kind.UNREACHABLE, e, "live.failure.cannotUse", masked, rootMessage(config));
        }
        if (e instanceof MongoSecurityException security) {
            return authentication(security);
        }
        if (e instanceof MongoCommandException command) {
            if (command.getErrorCode() == AUTHENTICATION_FAILED) {
                return failure(
                        LiveClusterException.Kind.AUTHENTICATION,
                        e,
                        "live.failure.authenticationAt",
                        masked,
                        command.getErrorMessage());
            }
            if (command.getErrorCode() == UNAUTHORIZED) {
                return failure(
                        LiveClusterException.Kind.NOT_AUTHORIZED,
                        e,
                        "live.failure.notAuthorized",
                        what,
                        masked,
                        command.getErrorMessage());
            }
            return failure(
                    LiveClusterException.Kind.READ_FAILED,
                    e,
                    "live.failure.refusedCommand",
                    what,
                    masked,
                    command.getErrorCodeName(),
                    String.valueOf(command.getErrorCode()),
                    command.getErrorMessage());
        }
        if (e instanceof MongoTimeoutException) {
            return unreachable(e, cluster);
        }
        if (e instanceof MongoSocketReadTimeoutException timeout) {
            return failure(
                    LiveClusterException.Kind.CONNECTION_LOST,
                    e,
                    "live.failure.stoppedAnswering",
                    String.valueOf(timeout.getServerAddress()),
                    what);
        }
        if (e instanceof MongoSocketOpenException open) {
            return failure(
                    LiveClusterException.Kind.UNREACHABLE,
                    e,
                    "live.failure.cannotConnect",
                    String.valueOf(open.getServerAddress()),
                    masked,
                    rootMessage(open));
        }
        if (e instanceof MongoSocketException socket) {
            return failure(
                    LiveClusterException.Kind.CONNECTION_LOST,
                    e,
                    "live.failure.connectionLost",
                    String.valueOf(socket.getServerAddress()),
                    what,
                    rootMessage(socket));
        }
        if (e instanceof MongoException) {
            return failure(
                    LiveClusterException.Kind.READ_FAILED, e, "live.failure.failed", what, masked, rootMessage(e));
        }
        return failure(LiveClusterException.Kind.READ_FAILED, e, "live.failure.failed", what, masked, e.toString());
    }

    /** Every server of {@code addresses} refused the TCP connection: nothing listens there. */
    LiveClusterException refused(List<String> addresses, RuntimeException e) {
        return failure(
                LiveClusterException.Kind.UNREACHABLE, e, "live.failure.refused", masked, String.join(", ", addresses));
    }

    private LiveClusterException authentication(MongoSecurityException e) {
        MongoCredential credential = e.getCredential();
        String user = credential == null ? "?" : credential.getUserName();
        Message mechanism = credential == null || credential.getAuthenticationMechanism() == null
                ? Message.of("live.failure.mechanismNegotiated")
                : Message.of(
                        "common.verbatim",
                        credential.getAuthenticationMechanism().getMechanismName());
        String reason = e.getCause() instanceof MongoCommandException c ? c.getErrorMessage() : rootMessage(e);
        return failure(
                LiveClusterException.Kind.AUTHENTICATION,
                e,
                "live.failure.authenticationFor",
                user,
                mechanism,
                masked,
                reason);
    }

    private LiveClusterException unreachable(RuntimeException e, ClusterDescription cluster) {
        // the causes, one after the other: "DNS SRV lookup failed: …; host:27017: connection refused; …"
        Message causes = null;
        boolean tls = false;
        if (cluster != null && cluster.getSrvResolutionException() != null) {
            causes = said("live.failure.dnsSrv", rootMessage(cluster.getSrvResolutionException()));
        }
        if (cluster != null) {
            for (ServerDescription server : cluster.getServerDescriptions()) {
                Throwable cause = server.getException();
                if (cause == null) {
                    continue;
                }
                tls |= hasCause(cause, SSLException.class);
                Message one = said("live.failure.serverCause", String.valueOf(server.getAddress()), describe(cause));
                causes = causes == null ? one : Message.of("live.failure.causes", causes, one);
            }
        }
        long seconds = Math.max(1, serverSelectionTimeout.toSeconds());
        if (tls) {
            return failure(LiveClusterException.Kind.TLS, e, "live.failure.tls", masked, causes);
        }
        Message detail = causes != null ? causes : Message.of("live.failure.noServerAnswered");
        return failure(LiveClusterException.Kind.UNREACHABLE, e, "live.failure.unreachable", masked, seconds, detail);
    }

    private Message describe(Throwable cause) {
        if (hasCause(cause, ConnectException.class)) {
            return Message.of("live.failure.connectionRefused");
        }
        if (hasCause(cause, UnknownHostException.class)) {
            return Message.of("live.failure.unknownHost");
        }
        return Message.of("common.verbatim", redact(rootMessage(cause)));
    }

    /** The message {@code key} with every text argument redacted (a driver's words may quote the URI). */
    /** The failure of {@code kind} that {@code cause} was, said with {@code key}'s words ({@link #said}). */
    private LiveClusterException failure(
            LiveClusterException.Kind kind, Throwable cause, String key, Object... arguments) {
        return new LiveClusterException(kind, said(key, arguments), cause);
    }

    private Message said(String key, Object... arguments) {
        Object[] redacted = new Object[arguments.length];
        for (int i = 0; i < arguments.length; i++) {
            redacted[i] = arguments[i] instanceof String text ? redact(text) : arguments[i];
        }
        return Message.of(key, redacted);
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
