package io.shardlab.live;

import io.shardlab.cluster.ChunkVersion;
import io.shardlab.text.Message;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.bson.BsonDocument;

/**
 * Where a cluster's {@code config} database is read from: a live server, or an offline dump. The
 * inspector works the same on all of them; nothing here ever writes.
 */
public interface ConfigSource extends AutoCloseable {

    /** What is read, safe to show (a masked connection string or a path). */
    String description();

    /** The server, for a live source. */
    Optional<ServerInfo> server();

    /**
     * The server version an offline copy recorded when it was made (a mongodump archive's prelude
     * {@code server_version}); empty when it recorded none or the source is live.
     */
    default Optional<String> recordedServerVersion() {
        return Optional.empty();
    }

    /**
     * Every document of a small config collection ({@code shards}, {@code databases},
     * {@code collections}, {@code tags}, {@code settings}, {@code version}); empty when the
     * collection is absent.
     */
    List<BsonDocument> documents(String collection);

    /**
     * The chunks of one collection, decoded with {@code codec}. They come from config.chunks
     * filtered by {@code uuid} (5.0+) or {@code ns} (before) as the entry says, falling back to the
     * other key when the first finds none. Live sources return them sorted by {@code min}; the
     * caller must not rely on the order.
     */
    List<ChunkDocument> chunks(CollectionEntry entry, ChunkDocumentCodec codec);

    /** The collection version (highest {@code lastmod} of its chunks), to notice changes cheaply. */
    Optional<ChunkVersion> collectionVersion(CollectionEntry entry);

    /**
     * The config.changelog entries about chunks ({@code split}, {@code multi-split},
     * {@code moveChunk.commit}, {@code merge}) of {@code namespaces}, oldest first.
     *
     * @param newest keep only the newest this many entries; 0 keeps all
     */
    List<BsonDocument> changelog(Set<String> namespaces, int newest);

    /** The {@code balancerStatus} command's reply, where the source can run it. */
    ReadOutcome<BsonDocument> balancerStatus();

    /** Per-shard data of the collections by namespace, where the source can tell. */
    ReadOutcome<Map<String, DataDistribution>> dataDistribution(List<CollectionEntry> collections);

    /**
     * The {@code $listClusterCatalog} documents of every collection with their shards and tracking state (run on
     * admin with {@code {shards: true, tracked: true}}), where the source can run it: a live mongos of 8.0.10 or later
     * (the stage came in 8.1 and was backported to 8.0.10; mongo
     * {@code src/mongo/db/pipeline/document_source_list_cluster_catalog.cpp}). Offline sources cannot.
     */
    default ReadOutcome<List<BsonDocument>> clusterCatalog() {
        return ReadOutcome.unavailable(Message.of("live.note.catalogNeedsMongos"));
    }

    @Override
    void close();
}
