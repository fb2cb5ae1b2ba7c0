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
            return new LiveClusterException(
                    LiveClusterException.Kind.CANCELLED, said("live.failure.cancelled", what, masked), e);
        }
        if (e instanceof MongoConfigurationException config) {
            // e.g. a mongodb+srv:// host whose SRV or TXT records cannot be looked up
            return new LiveClusterException(
                    LiveClusterException.Kind.UNREACHABLE,
                    said("live.failure.cannotUse", masked, rootMessage(config)),
                    e);
        }
        if (e instanceof MongoSecurityException security) {
            return authentication(security);
        }
        if (e instanceof MongoCommandException command) {
            if (command.getErrorCode() == AUTHENTICATION_FAILED) {
                return new LiveClusterException(
                        LiveClusterException.Kind.AUTHENTICATION,
                        said("live.failure.authenticationAt", masked, command.getErrorMessage()),
                        e);
            }
            if (command.getErrorCode() == UNAUTHORIZED) {
                return new LiveClusterException(
                        LiveClusterException.Kind.NOT_AUTHORIZED,
                        said("live.failure.notAuthorized", what, masked, command.getErrorMessage()),
                        e);
            }
            return new LiveClusterException(
                    LiveClusterException.Kind.READ_FAILED,
                    said(
                            "live.failure.refusedCommand",
                            what,
                            masked,
                            command.getErrorCodeName(),
                            String.valueOf(command.getErrorCode()),
                            command.getErrorMessage()),
                    e);
        }
        if (e instanceof MongoTimeoutException) {
            return unreachable(e, cluster);
        }
        if (e instanceof MongoSocketReadTimeoutException timeout) {
            return new LiveClusterException(
                    LiveClusterException.Kind.CONNECTION_LOST,
                    said("live.failure.stoppedAnswering", String.valueOf(timeout.getServerAddress()), what),
                    e);
        }
        if (e instanceof MongoSocketOpenException open) {
            return new LiveClusterException(
                    LiveClusterException.Kind.UNREACHABLE,
                    said(
                            "live.failure.cannotConnect",
                            String.valueOf(open.getServerAddress()),
                            masked,
                            rootMessage(open)),
                    e);
        }
        if (e instanceof MongoSocketException socket) {
            return new LiveClusterException(
                    LiveClusterException.Kind.CONNECTION_LOST,
                    said(
                            "live.failure.connectionLost",
                            String.valueOf(socket.getServerAddress()),
                            what,
                            rootMessage(socket)),
                    e);
        }
        if (e instanceof MongoException) {
            return new LiveClusterException(
                    LiveClusterException.Kind.READ_FAILED,
                    said("live.failure.failed", what, masked, rootMessage(e)),
                    e);
        }
        return new LiveClusterException(
                LiveClusterException.Kind.READ_FAILED, said("live.failure.failed", what, masked, e.toString()), e);
    }

    /** Every server of {@code addresses} refused the TCP connection: nothing listens there. */
    LiveClusterException refused(List<String> addresses, RuntimeException e) {
        return new LiveClusterException(
                LiveClusterException.Kind.UNREACHABLE,
                said("live.failure.refused", masked, String.join(", ", addresses)),
                e);
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
        return new LiveClusterException(
                LiveClusterException.Kind.AUTHENTICATION,
                said("live.failure.authenticationFor", user, mechanism, masked, reason),
                e);
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
            return new LiveClusterException(LiveClusterException.Kind.TLS, said("live.failure.tls", masked, causes), e);
        }
        Message detail = causes != null ? causes : Message.of("live.failure.noServerAnswered");
        return new LiveClusterException(
                LiveClusterException.Kind.UNREACHABLE, said("live.failure.unreachable", masked, seconds, detail), e);
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
