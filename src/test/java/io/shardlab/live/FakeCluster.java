package io.shardlab.live;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import de.bwaldvogel.mongo.MongoServer;
import de.bwaldvogel.mongo.MongoVersion;
import de.bwaldvogel.mongo.backend.memory.MemoryBackend;
import de.bwaldvogel.mongo.bson.Document;
import de.bwaldvogel.mongo.exception.MongoServerError;
import io.netty.channel.Channel;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/**
 * An in-process MongoDB wire-protocol server (mongo-java-server) on 127.0.0.1 and a random port,
 * dressed up as one server of a sharded cluster:
 * <ul>
 *   <li>it reports a chosen version in {@code buildInfo};</li>
 *   <li>as a mongos it answers {@code isMaster} with {@code msg: "isdbgrid"} (what the driver uses
 *       to recognise a router);</li>
 *   <li>it can answer {@code balancerStatus}, {@code $shardedDataDistribution} and
 *       {@code $collStats}, which mongo-java-server does not implement, with fixed replies; without
 *       them it answers as mongo-java-server does ("no such command", code 59), so the reader's
 *       fallbacks are exercised;</li>
 *   <li>it can refuse every login with MongoDB's {@code AuthenticationFailed} (code 18).</li>
 * </ul>
 * Seeding goes through a separate client, so tests that record commands see only the reader's.
 */
public final class FakeCluster implements AutoCloseable {

    private volatile MongoServer server;
    private final MemoryBackend backend;
    private final int port;
    private final String connectionString;
    private volatile BsonDocument balancerStatus;
    private volatile List<BsonDocument> shardedDataDistribution;
    private final Map<String, List<BsonDocument>> collStats = new ConcurrentHashMap<>();
    private volatile List<BsonDocument> sampledQueries;
    private volatile List<BsonDocument> clusterCatalog;
    private final Map<String, BsonDocument> analyzeShardKey = new ConcurrentHashMap<>();
    private volatile boolean refuseLogins;
    private volatile boolean stopAtChunks;
    private final List<String> servedCommands = new CopyOnWriteArrayList<>();
    private final List<String> applicationNames = new CopyOnWriteArrayList<>();

    private FakeCluster(String version, int wireVersion, boolean mongos) {
        this(version, wireVersion, mongos, null, null);
    }

    private FakeCluster(
            String version,
            int wireVersion,
            boolean mongos,
            java.security.PrivateKey key,
            java.security.cert.X509Certificate certificate) {
        backend = new MemoryBackend() {
            @Override
            public Document handleCommand(Channel channel, String database, String command, Document query) {
                servedCommands.add(command);
                return FakeCluster.this.handle(
                        channel,
                        database,
                        command,
                        query,
                        mongos,
                        () -> super.handleCommand(channel, database, command, query));
            }
        };
        List<Integer> numbers = new ArrayList<>();
        for (String part : version.split("\\.")) {
            numbers.add(Integer.parseInt(part));
        }
        backend.version(new MongoVersion() {
            @Override
            public List<Integer> getVersionArray() {
                return numbers;
            }

            @Override
            public int getWireVersion() {
                return wireVersion;
            }
        });
        server = new MongoServer(backend);
        if (key != null) {
            server.enableSsl(key, null, certificate);
        }
        java.net.InetSocketAddress address = server.bind();
        port = address.getPort();
        connectionString = "mongodb://127.0.0.1:" + address.getPort() + (key != null ? "/?tls=true" : "");
    }

    /** A mongos of the given release. */
    public static FakeCluster mongos(String version, int wireVersion) {
        return new FakeCluster(version, wireVersion, true);
    }

    /** A mongod (config server or restored config copy) of the given release. */
    static FakeCluster mongod(String version, int wireVersion) {
        return new FakeCluster(version, wireVersion, false);
    }

    /** A mongos seeded with the fixture in {@code shape}, answering every optional command its release has. */
    public static FakeCluster of(ConfigFixture.Shape shape) {
        FakeCluster c = mongos(shape.version, shape.wireVersion);
        c.seed(ConfigFixture.config(shape));
        c.balancerStatus = ConfigFixture.balancerStatus();
        if (shape.atLeast(ConfigFixture.Shape.V6_0)) {
            c.shardedDataDistribution = ConfigFixture.shardedDataDistribution();
        }
        c.collStats.put(ConfigFixture.USERS, ConfigFixture.collStats(ConfigFixture.USERS));
        return c;
    }

    public String connectionString() {
        return connectionString;
    }

    /** The connection string with credentials, e.g. for authentication tests. */
    String connectionString(String user, String password) {
        return connectionString.replace("mongodb://", "mongodb://" + user + ":" + password + "@");
    }

    FakeCluster withBalancerStatus(BsonDocument reply) {
        this.balancerStatus = reply;
        return this;
    }

    /** Answers {@code aggregate} on admin with a first stage {@code $listClusterCatalog} (8.0.10+) with {@code reply}. */
    public FakeCluster withClusterCatalog(List<BsonDocument> reply) {
        this.clusterCatalog = reply;
        return this;
    }

    public FakeCluster withShardedDataDistribution(List<BsonDocument> reply) {
        this.shardedDataDistribution = reply;
        return this;
    }

    /**
     * Answers {@code aggregate} on admin with a first stage {@code $listSampledQueries} (7.0+) with
     * these documents, filtered by the stage's {@code namespace}.
     */
    public FakeCluster withSampledQueries(List<BsonDocument> documents) {
        this.sampledQueries = documents;
        return this;
    }

    /** Answers {@code analyzeShardKey} for a key of the fields {@code fields} (comma-separated, in order) with {@code reply}. */
    public FakeCluster withAnalyzeShardKey(String fields, BsonDocument reply) {
        analyzeShardKey.put(fields, reply);
        return this;
    }

    FakeCluster withCollStats(String ns, List<BsonDocument> reply) {
        collStats.put(ns, reply);
        return this;
    }

    FakeCluster refusingLogins() {
        this.refuseLogins = true;
        return this;
    }

    /**
     * Stops the whole server when the first read of config.chunks arrives, without answering it:
     * the client sees its connection drop in the middle of an inspection, after the small config
     * collections were read.
     */
    FakeCluster stoppingAtChunksRead() {
        this.stopAtChunks = true;
        return this;
    }

    /** A TLS server presenting {@code certificate} with {@code key} (call before any client connects). */
    static FakeCluster tls(
            String version,
            int wireVersion,
            java.security.PrivateKey key,
            java.security.cert.X509Certificate certificate) {
        return new FakeCluster(version, wireVersion, true, key, certificate);
    }

    /** Inserts documents into config collections through a client of its own. */
    public void seed(Map<String, List<BsonDocument>> config) {
        try (MongoClient client = MongoClients.create(connectionString)) {
            config.forEach((name, docs) -> {
                if (!docs.isEmpty()) {
                    client.getDatabase("config")
                            .getCollection(name, BsonDocument.class)
                            .insertMany(docs);
                }
            });
        }
    }

    /** Changes the config database through a client of its own (what the cluster itself would do). */
    void change(java.util.function.Consumer<com.mongodb.client.MongoDatabase> change) {
        try (MongoClient client = MongoClients.create(connectionString)) {
            change.accept(client.getDatabase("config"));
        }
    }

    /** Removes every document of a config collection through a client of its own. */
    void clear(String collection) {
        try (MongoClient client = MongoClients.create(connectionString)) {
            client.getDatabase("config")
                    .getCollection(collection, BsonDocument.class)
                    .deleteMany(new BsonDocument());
        }
    }

    /** Stops the server at once, dropping open connections. */
    public void stop() {
        server.shutdownNow();
    }

    /** Starts the stopped server again on its port, with the data it held (a server that comes back). */
    public void restart() {
        server = new MongoServer(backend);
        server.bind("127.0.0.1", port);
    }

    @Override
    public void close() {
        server.shutdownNow();
    }

    private Document handle(
            Channel channel,
            String database,
            String command,
            Document query,
            boolean mongos,
            java.util.function.Supplier<Document> normal) {
        if (refuseLogins && (command.equals("saslStart") || command.equals("authenticate"))) {
            throw new MongoServerError(18, "AuthenticationFailed", "Authentication failed.");
        }
        if (command.equals("find") && "chunks".equals(query.get("find")) && stopAtChunks) {
            stopAtChunks = false;
            channel.close();
            Thread stopper = new Thread(server::shutdownNow);
            stopper.start();
            throw new MongoServerError(91, "ShutdownInProgress", "The server is shutting down");
        }
        if (query.get("client") instanceof Document client && client.get("application") instanceof Document app) {
            applicationNames.add(String.valueOf(app.get("name")));
        }
        if (mongos && (command.equalsIgnoreCase("isMaster") || command.equals("hello"))) {
            Document reply = normal.get();
            reply.put("msg", "isdbgrid");
            return reply;
        }
        if (command.equals("analyzeShardKey") && database.equals("admin") && query.get("key") instanceof Document key) {
            BsonDocument reply = analyzeShardKey.get(String.join(",", key.keySet()));
            if (reply != null) {
                Document out = toServer(reply);
                out.put("ok", 1.0);
                return out;
            }
        }
        if (command.equals("balancerStatus") && balancerStatus != null) {
            return toServer(balancerStatus);
        }
        if (command.equals("aggregate")) {
            Object pipeline = query.get("pipeline");
            String stage = pipeline instanceof List<?> list && !list.isEmpty() && list.get(0) instanceof Document first
                    ? first.keySet().iterator().next()
                    : "";
            if (stage.equals("$listSampledQueries") && database.equals("admin") && sampledQueries != null) {
                Object spec = ((Document) ((List<?>) pipeline).get(0)).get("$listSampledQueries");
                Object ns = spec instanceof Document d ? d.get("namespace") : null;
                return cursor(
                        database,
                        sampledQueries.stream()
                                .filter(q -> ns == null
                                        || q.getString("ns").getValue().equals(ns))
                                .toList());
            }
            if (stage.equals("$listClusterCatalog") && database.equals("admin") && clusterCatalog != null) {
                return cursor(database, clusterCatalog);
            }
            if (stage.equals("$shardedDataDistribution")
                    && database.equals("admin")
                    && shardedDataDistribution != null) {
                return cursor(database, shardedDataDistribution);
            }
            if (stage.equals("$collStats")) {
                String ns = database + "." + query.get("aggregate");
                List<BsonDocument> reply = collStats.get(ns);
                if (reply != null) {
                    return cursor(database, reply);
                }
            }
        }
        return normal.get();
    }

    private static Document cursor(String database, List<BsonDocument> batch) {
        List<Object> docs = new ArrayList<>();
        batch.forEach(d -> docs.add(toServer(d)));
        Document cursor = new Document("id", 0L);
        cursor.put("ns", database + ".$cmd.aggregate");
        cursor.put("firstBatch", docs);
        Document reply = new Document("cursor", cursor);
        reply.put("ok", 1.0);
        return reply;
    }

    /** A BSON document as mongo-java-server's own document type (the types the fake replies use). */
    static Document toServer(BsonDocument doc) {
        Document out = new Document();
        doc.forEach((k, v) -> out.put(k, toServer(v)));
        return out;
    }

    private static Object toServer(BsonValue v) {
        return switch (v.getBsonType()) {
            case DOCUMENT -> toServer(v.asDocument());
            case ARRAY -> {
                List<Object> list = new ArrayList<>();
                v.asArray().forEach(e -> list.add(toServer(e)));
                yield list;
            }
            case STRING -> v.asString().getValue();
            case INT32 -> v.asInt32().getValue();
            case INT64 -> v.asInt64().getValue();
            case DOUBLE -> v.asDouble().getValue();
            case BOOLEAN -> v.asBoolean().getValue();
            case DATE_TIME -> java.time.Instant.ofEpochMilli(v.asDateTime().getValue());
            case NULL -> null;
            case BINARY -> v.asBinary().asUuid();
            default -> throw new IllegalArgumentException("fake replies do not need " + v.getBsonType());
        };
    }

    /** The application names clients sent in their handshakes. */
    List<String> applicationNames() {
        return applicationNames;
    }

    /** Commands the server answered, in order (for tests). */
    public Collection<String> served() {
        return servedCommands;
    }
}
