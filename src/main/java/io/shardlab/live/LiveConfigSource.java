package io.shardlab.live;

import com.mongodb.MongoClientSettings;
import com.mongodb.MongoCommandException;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.MongoDatabase;
import io.shardlab.cluster.ChunkVersion;
import io.shardlab.text.Message;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.bson.BsonArray;
import org.bson.BsonBoolean;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonString;
import org.bson.codecs.configuration.CodecRegistries;
import org.bson.codecs.configuration.CodecRegistry;

/**
 * Reads the {@code config} database of a live server through a {@link LiveConnection}. Every
 * command it sends is a read: {@code find}, {@code getMore}, {@code aggregate} without {@code $out}
 * or {@code $merge}, and {@code balancerStatus}.
 */
public final class LiveConfigSource implements ConfigSource {

    /** The changelog {@code what} values that change chunks (docs {@code reference/config-database}). */
    static final List<String> CHUNK_CHANGES = List.of("split", "multi-split", "moveChunk.commit", "merge");

    private static final BsonDocument BY_MIN = new BsonDocument("min", new BsonInt32(1));
    private static final BsonDocument BY_LASTMOD_DESC = new BsonDocument("lastmod", new BsonInt32(-1));

    private final LiveConnection connection;
    private final boolean closeConnection;
    private final MongoDatabase config;

    /**
     * A source over an open connection.
     *
     * @param closeConnection whether {@link #close()} closes the connection too
     */
    public LiveConfigSource(LiveConnection connection, boolean closeConnection) {
        this.connection = connection;
        this.closeConnection = closeConnection;
        this.config = connection.database("config");
    }

    @Override
    public String description() {
        return connection.masked();
    }

    @Override
    public Optional<ServerInfo> server() {
        return Optional.of(connection.server());
    }

    @Override
    public List<BsonDocument> documents(String collection) {
        return connection.read(
                Message.of("live.doing.readingConfig", collection),
                () -> config.getCollection(collection, BsonDocument.class)
                        .find()
                        .into(new ArrayList<>()));
    }

    @Override
    public List<ChunkDocument> chunks(CollectionEntry entry, ChunkDocumentCodec codec) {
        CodecRegistry registry = CodecRegistries.fromRegistries(
                CodecRegistries.fromCodecs(codec), MongoClientSettings.getDefaultCodecRegistry());
        MongoCollection<ChunkDocument> chunks =
                config.getCollection("chunks", ChunkDocument.class).withCodecRegistry(registry);
        List<BsonDocument> filters = filters(entry);
        List<ChunkDocument> result = List.of();
        for (BsonDocument filter : filters) {
            result = connection.read(
                    Message.of("live.doing.readingChunks", entry.namespace()),
                    () -> chunks.find(filter).sort(BY_MIN).into(new ArrayList<>()));
            if (!result.isEmpty()) {
                break;
            }
        }
        return result;
    }

    @Override
    public Optional<ChunkVersion> collectionVersion(CollectionEntry entry) {
        for (BsonDocument filter : filters(entry)) {
            BsonDocument newest = connection.read(
                    Message.of("live.doing.readingVersion", entry.namespace()),
                    () -> config.getCollection("chunks", BsonDocument.class)
                            .find(filter)
                            .sort(BY_LASTMOD_DESC)
                            .limit(1)
                            .first());
            if (newest != null && newest.isTimestamp("lastmod")) {
                long bits = newest.getTimestamp("lastmod").getValue();
                return Optional.of(new ChunkVersion((int) (bits >>> 32), (int) bits));
            }
        }
        return Optional.empty();
    }

    /** The chunk filters to try, in order: the entry's own keying first. */
    static List<BsonDocument> filters(CollectionEntry entry) {
        BsonDocument byUuid = entry.uuid() == null ? null : new BsonDocument("uuid", entry.uuid());
        BsonDocument byNs = new BsonDocument("ns", new BsonString(entry.namespace()));
        List<BsonDocument> filters = new ArrayList<>();
        if (entry.chunksByUuid() && byUuid != null) {
            filters.add(byUuid);
            filters.add(byNs);
        } else {
            filters.add(byNs);
            if (byUuid != null) {
                filters.add(byUuid);
            }
        }
        return filters;
    }

    @Override
    public List<BsonDocument> changelog(Set<String> namespaces, int newest) {
        BsonArray kinds = new BsonArray();
        CHUNK_CHANGES.forEach(k -> kinds.add(new BsonString(k)));
        BsonArray nss = new BsonArray();
        namespaces.stream().sorted().forEach(ns -> nss.add(new BsonString(ns)));
        BsonDocument filter =
                new BsonDocument("what", new BsonDocument("$in", kinds)).append("ns", new BsonDocument("$in", nss));
        // config.changelog is capped, so natural order is insertion order and needs no index.
        BsonDocument order = new BsonDocument("$natural", new BsonInt32(newest > 0 ? -1 : 1));
        List<BsonDocument> docs = connection.read(Message.of("live.doing.readingConfig", "changelog"), () -> {
            var find = config.getCollection("changelog", BsonDocument.class)
                    .find(filter)
                    .sort(order);
            return (newest > 0 ? find.limit(newest) : find).into(new ArrayList<>());
        });
        if (newest > 0) {
            Collections.reverse(docs);
        }
        return docs;
    }

    @Override
    public ReadOutcome<BsonDocument> balancerStatus() {
        try {
            return ReadOutcome.of(connection.read(
                    Message.of("live.doing.running", "balancerStatus"),
                    () -> connection
                            .database("admin")
                            .runCommand(new BsonDocument("balancerStatus", new BsonInt32(1)), BsonDocument.class)));
        } catch (LiveClusterException e) {
            if (e.getCause() instanceof MongoCommandException c) {
                return ReadOutcome.unavailable(Message.of(
                        "live.note.balancerStatusUnavailable",
                        connection.server().address(),
                        c.getErrorCodeName()));
            }
            throw e;
        }
    }

    @Override
    public ReadOutcome<List<BsonDocument>> clusterCatalog() {
        ServerInfo server = connection.server();
        if (server.role() != ServerRole.MONGOS || !server.isAtLeast(8, 0, 10)) {
            return ConfigSource.super.clusterCatalog();
        }
        List<BsonDocument> pipeline = List.of(new BsonDocument(
                "$listClusterCatalog",
                new BsonDocument("shards", BsonBoolean.TRUE).append("tracked", BsonBoolean.TRUE)));
        try {
            return ReadOutcome.of(connection.read(
                    Message.of("live.doing.running", "$listClusterCatalog"),
                    () -> connection
                            .database("admin")
                            .aggregate(pipeline, BsonDocument.class)
                            .into(new ArrayList<>())));
        } catch (LiveClusterException e) {
            if (e.getCause() instanceof MongoCommandException c) {
                return ReadOutcome.unavailable(
                        Message.of("live.note.commandFailed", "$listClusterCatalog", c.getErrorCodeName()));
            }
            throw e;
        }
    }

    @Override
    public ReadOutcome<Map<String, DataDistribution>> dataDistribution(List<CollectionEntry> collections) {
        ServerInfo server = connection.server();
        if (server.role() != ServerRole.MONGOS) {
            return ReadOutcome.unavailable(Message.of("live.note.sizesNeedMongos", server.address()));
        }
        Message reason = null;
        // $shardedDataDistribution: new in 6.0.3, admin database, mongos only (docs
        // reference/operator/aggregation/shardedDataDistribution).
        if (server.isAtLeast(6, 0, 3)) {
            try {
                return ReadOutcome.of(shardedDataDistribution(collections));
            } catch (LiveClusterException e) {
                if (!(e.getCause() instanceof MongoCommandException c)) {
                    throw e;
                }
                reason = Message.of("live.note.commandFailed", "$shardedDataDistribution", c.getErrorCodeName());
            }
        }
        Map<String, DataDistribution> result = new LinkedHashMap<>();
        Message collStatsReason = null;
        for (CollectionEntry entry : collections) {
            try {
                collStats(entry).ifPresent(d -> result.put(entry.namespace(), d));
            } catch (LiveClusterException e) {
                if (!(e.getCause() instanceof MongoCommandException c)) {
                    throw e;
                }
                collStatsReason = Message.of("live.note.collStatsFailed", c.getErrorCodeName(), c.getErrorMessage());
            }
        }
        if (result.isEmpty() && !collections.isEmpty()) {
            Message why = reason == null
                    ? collStatsReason
                    : collStatsReason == null ? reason : Message.of("live.note.reasons", reason, collStatsReason);
            return ReadOutcome.unavailable(
                    why == null
                            ? Message.of("live.note.sizesOmitted")
                            : Message.of("live.note.sizesOmittedBecause", why));
        }
        return ReadOutcome.of(result);
    }

    private Map<String, DataDistribution> shardedDataDistribution(List<CollectionEntry> collections) {
        BsonArray nss = new BsonArray();
        collections.forEach(c -> nss.add(new BsonString(c.namespace())));
        List<BsonDocument> pipeline = List.of(
                new BsonDocument("$shardedDataDistribution", new BsonDocument()),
                new BsonDocument("$match", new BsonDocument("ns", new BsonDocument("$in", nss))));
        List<BsonDocument> docs = connection.read(
                Message.of("live.doing.running", "$shardedDataDistribution"),
                () -> connection
                        .database("admin")
                        .aggregate(pipeline, BsonDocument.class)
                        .into(new ArrayList<>()));
        return DataDistributionDecoder.shardedDataDistribution(docs);
    }

    /**
     * {@code $collStats} with {@code storageStats} on a sharded collection through mongos returns
     * one document per shard with {@code shard} and {@code storageStats.count/size} (docs
     * {@code reference/operator/aggregation/collStats}).
     */
    private Optional<DataDistribution> collStats(CollectionEntry entry) {
        int dot = entry.namespace().indexOf('.');
        String db = entry.namespace().substring(0, dot);
        String coll = entry.namespace().substring(dot + 1);
        List<BsonDocument> pipeline =
                List.of(new BsonDocument("$collStats", new BsonDocument("storageStats", new BsonDocument())));
        List<BsonDocument> docs = connection.read(
                Message.of("live.doing.runningOn", "$collStats", entry.namespace()),
                () -> connection
                        .database(db)
                        .getCollection(coll, BsonDocument.class)
                        .aggregate(pipeline)
                        .into(new ArrayList<>()));
        return DataDistributionDecoder.collStats(docs);
    }

    @Override
    public void close() {
        if (closeConnection) {
            connection.close();
        }
    }
}
