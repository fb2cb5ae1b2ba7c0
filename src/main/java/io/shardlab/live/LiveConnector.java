package io.shardlab.live;

import com.mongodb.ConnectionString;
import com.mongodb.MongoClientSettings;
import com.mongodb.ReadPreference;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.connection.ClusterDescription;
import com.mongodb.connection.ServerDescription;
import com.mongodb.connection.ServerType;
import com.mongodb.event.CommandListener;
import io.shardlab.text.Message;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.SSLContext;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonValue;

/**
 * Opens read-only connections to a MongoDB deployment: a mongos, a config server, or any mongod
 * holding a restored copy of the {@code config} database.
 *
 * <p>Every client it opens identifies itself as {@code appName=ShardLab}, waits at most the request's
 * server selection timeout (10 s by default) for a server, and is checked with {@code ping} and
 * {@code buildInfo} before it is handed out, so an unreachable server fails here with one clear
 * line rather than later; when every server refuses the connection (nothing listens), at once. Blocking: call it from a background thread ({@link ConnectionAttempt}).
 */
public final class LiveConnector {

    /** The application name every ShardLab client sends in its handshake. */
    public static final String APP_NAME = "ShardLab";

    /** What a failure to connect was doing. */
    private static final Message CONNECTING = Message.of("live.doing.connecting");

    private final List<CommandListener> listeners;

    /** A connector with no command listeners. */
    public LiveConnector() {
        this(List.of());
    }

    /** A connector whose clients report every command to {@code listeners} (tests record them). */
    public LiveConnector(List<CommandListener> listeners) {
        this.listeners = List.copyOf(listeners);
    }

    /** Connects; see {@link #connect(LiveConnectionRequest, Cancellation)}. */
    public LiveConnection connect(LiveConnectionRequest request) {
        return connect(request, Cancellation.none());
    }

    /**
     * Connects and checks that a server answers.
     *
     * @throws IllegalArgumentException when the connection string or a TLS file is invalid
     * @throws LiveClusterException when no server answers, TLS or authentication fails, or the user cancels
     */
    public LiveConnection connect(LiveConnectionRequest request, Cancellation cancellation) {
        LiveErrors errors = new LiveErrors(request);
        RefusedConnections refusals = new RefusedConnections();
        MongoClientSettings settings = settings(request, errors, refusals);
        if (cancellation.isCancelled()) {
            throw errors.translate(new IllegalStateException("cancelled"), CONNECTING, null, true);
        }
        MongoClient client;
        try {
            client = MongoClients.create(settings);
        } catch (RuntimeException e) {
            throw errors.translate(e, CONNECTING, null, cancellation.isCancelled());
        }
        cancellation.onCancel(client::close);
        // nothing listening: give up at once rather than after the server selection timeout
        refusals.onAllRefused(() -> new Thread(client::close, "shardlab-connect-refused").start());
        try {
            client.getDatabase("admin").runCommand(new BsonDocument("ping", new BsonInt32(1)), BsonDocument.class);
            BsonDocument build = client.getDatabase("admin")
                    .runCommand(new BsonDocument("buildInfo", new BsonInt32(1)), BsonDocument.class);
            ServerInfo info = serverInfo(client.getClusterDescription(), build);
            if (cancellation.isCancelled()) {
                throw new IllegalStateException("state should be: open");
            }
            refusals.disarm();
            return new LiveConnection(client, request, info, errors, cancellation);
        } catch (RuntimeException e) {
            ClusterDescription cluster = safeDescription(client);
            client.close();
            if (refusals.refused() && !cancellation.isCancelled()) {
                throw errors.refused(refusals.addresses(), e);
            }
            throw errors.translate(e, CONNECTING, cluster, cancellation.isCancelled());
        }
    }

    private MongoClientSettings settings(
            LiveConnectionRequest request, LiveErrors errors, RefusedConnections refusals) {
        MongoClientSettings.Builder builder = baseSettings(request, errors);
        listeners.forEach(builder::addCommandListener);
        builder.applyToClusterSettings(c -> c.addClusterListener(refusals));
        return builder.build();
    }

    /** The driver settings for a request: timeouts, appName, read preference and TLS material. */
    static MongoClientSettings.Builder baseSettings(LiveConnectionRequest request, LiveErrors errors) {
        LiveConnectionOptions options = LiveConnectionOptions.of(request.connectionString());
        ConnectionString cs;
        try {
            cs = new ConnectionString(options.driverConnectionString());
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("uri: " + errors.redact(e.getMessage()), e);
        }
        LiveTimeouts t = request.timeouts();
        MongoClientSettings.Builder builder = MongoClientSettings.builder()
                .applyConnectionString(cs)
                .applicationName(APP_NAME)
                .retryWrites(false)
                .readPreference(
                        cs.getReadPreference() != null ? cs.getReadPreference() : ReadPreference.primaryPreferred())
                .applyToClusterSettings(
                        c -> c.serverSelectionTimeout(t.serverSelection().toMillis(), TimeUnit.MILLISECONDS))
                .applyToSocketSettings(s -> s.connectTimeout((int) t.connect().toMillis(), TimeUnit.MILLISECONDS)
                        .readTimeout((int) t.read().toMillis(), TimeUnit.MILLISECONDS));
        Path ca = request.effectiveTlsCaFile().orElse(null);
        Path cert = request.effectiveTlsCertificateKeyFile().orElse(null);
        if (ca != null || cert != null) {
            SSLContext context = PemTlsMaterial.sslContext(ca, cert);
            builder.applyToSslSettings(s -> s.enabled(true).context(context));
        }
        return builder;
    }

    private static ServerInfo serverInfo(ClusterDescription cluster, BsonDocument buildInfo) {
        ServerDescription server = cluster.getServerDescriptions().stream()
                .filter(ServerDescription::isOk)
                .findFirst()
                .orElse(
                        cluster.getServerDescriptions().isEmpty()
                                ? null
                                : cluster.getServerDescriptions().get(0));
        BsonValue version = buildInfo.get("version");
        String address = server == null ? "?" : server.getAddress().toString();
        ServerRole role =
                server != null && server.getType() == ServerType.SHARD_ROUTER ? ServerRole.MONGOS : ServerRole.MONGOD;
        return new ServerInfo(
                address,
                version != null && version.isString() ? version.asString().getValue() : "unknown",
                role);
    }

    private static ClusterDescription safeDescription(MongoClient client) {
        try {
            return client.getClusterDescription();
        } catch (RuntimeException e) {
            return null;
        }
    }
}
