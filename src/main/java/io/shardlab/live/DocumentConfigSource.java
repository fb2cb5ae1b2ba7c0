package io.shardlab.live;

import io.shardlab.cluster.ChunkVersion;
import io.shardlab.text.Message;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import org.bson.BsonDocument;
import org.bson.BsonDocumentReader;
import org.bson.BsonReader;
import org.bson.BsonValue;
import org.bson.RawBsonDocument;
import org.bson.codecs.DecoderContext;

/**
 * A {@code config} database held in memory, as an offline dump loads it: the same documents a live
 * server would return, without a server to run commands. Chunk documents may be
 * {@link RawBsonDocument}s, which keep a large dump compact and decode straight into chunks.
 */
public final class DocumentConfigSource implements ConfigSource {

    private static final DecoderContext CONTEXT = DecoderContext.builder().build();

    private final String description;
    private final Map<String, List<BsonDocument>> collections;
    private final Message offlineReason;
    private final Optional<String> recordedServerVersion;
    private final Map<String, DataDistribution> dataDistribution;
    private Map<BsonValue, List<BsonDocument>> chunksByOwner;

    /**
     * A source over documents by config collection name.
     *
     * @param description what they were loaded from, safe to show
     * @param collections documents by collection name ({@code "chunks"}, {@code "shards"}, …)
     * @param offlineReason why commands (balancerStatus, per-shard data) are unavailable, e.g.
     *     "a config dump holds no per-shard data sizes"
     */
    public DocumentConfigSource(String description, Map<String, List<BsonDocument>> collections, String offlineReason) {
        this(description, collections, offlineReason, Optional.empty());
    }

    /**
     * A source over documents that also knows the server version its copy recorded.
     *
     * @param recordedServerVersion e.g. a mongodump archive's {@code server_version}; empty when unknown
     */
    public DocumentConfigSource(
            String description,
            Map<String, List<BsonDocument>> collections,
            String offlineReason,
            Optional<String> recordedServerVersion) {
        this(description, collections, Message.of("common.verbatim", offlineReason), recordedServerVersion, Map.of());
    }

    /**
     * A source over documents with per-shard data exported beside them.
     *
     * @param offlineReason why commands are unavailable, to be said in the user's language
     * @param dataDistribution per-shard data by namespace (an exported {@code $shardedDataDistribution} or
     *     {@code $collStats} result); empty when none was exported
     */
    public DocumentConfigSource(
            String description,
            Map<String, List<BsonDocument>> collections,
            Message offlineReason,
            Optional<String> recordedServerVersion,
            Map<String, DataDistribution> dataDistribution) {
        this.dataDistribution = Map.copyOf(dataDistribution);
        this.description = description;
        this.collections = Map.copyOf(collections);
        this.offlineReason = offlineReason;
        this.recordedServerVersion = Objects.requireNonNull(recordedServerVersion, "recordedServerVersion");
    }

    @Override
    public Optional<String> recordedServerVersion() {
        return recordedServerVersion;
    }

    @Override
    public String description() {
        return description;
    }

    @Override
    public Optional<ServerInfo> server() {
        return Optional.empty();
    }

    @Override
    public List<BsonDocument> documents(String collection) {
        return collections.getOrDefault(collection, List.of());
    }

    @Override
    public List<ChunkDocument> chunks(CollectionEntry entry, ChunkDocumentCodec codec) {
        List<BsonDocument> docs = owned(entry);
        List<ChunkDocument> out = new ArrayList<>(docs.size());
        for (BsonDocument doc : docs) {
            BsonReader reader = doc instanceof RawBsonDocument raw ? raw.asBsonReader() : new BsonDocumentReader(doc);
            try {
                out.add(codec.decode(reader, CONTEXT));
            } finally {
                reader.close();
            }
        }
        return out;
    }

    @Override
    public Optional<ChunkVersion> collectionVersion(CollectionEntry entry) {
        return owned(entry).stream()
                .filter(d -> d.isTimestamp("lastmod"))
                .map(d -> d.getTimestamp("lastmod").getValue())
                .max(Long::compareUnsigned)
                .map(bits -> new ChunkVersion((int) (bits >>> 32), (int) (long) bits));
    }

    /** The chunk documents of one collection: by uuid or ns as the entry says, else the other. */
    private List<BsonDocument> owned(CollectionEntry entry) {
        Map<BsonValue, List<BsonDocument>> index = index();
        for (BsonDocument filter : LiveConfigSource.filters(entry)) {
            List<BsonDocument> docs = index.get(filter.get(filter.getFirstKey()));
            if (docs != null && !docs.isEmpty()) {
                return docs;
            }
        }
        return List.of();
    }

    private synchronized Map<BsonValue, List<BsonDocument>> index() {
        if (chunksByOwner == null) {
            chunksByOwner = new HashMap<>();
            for (BsonDocument doc : documents("chunks")) {
                for (String field : List.of("uuid", "ns")) {
                    BsonValue owner = doc.get(field);
                    if (owner != null) {
                        chunksByOwner
                                .computeIfAbsent(owner, k -> new ArrayList<>())
                                .add(doc);
                    }
                }
            }
        }
        return chunksByOwner;
    }

    @Override
    public List<BsonDocument> changelog(Set<String> namespaces, int newest) {
        List<BsonDocument> out = new ArrayList<>();
        for (BsonDocument doc : documents("changelog")) {
            if (doc.isString("what")
                    && LiveConfigSource.CHUNK_CHANGES.contains(
                            doc.getString("what").getValue())
                    && doc.isString("ns")
                    && namespaces.contains(doc.getString("ns").getValue())
                    && doc.isDateTime("time")) {
                out.add(doc);
            }
        }
        out.sort(Comparator.comparingLong(d -> d.getDateTime("time").getValue()));
        return newest > 0 && out.size() > newest ? List.copyOf(out.subList(out.size() - newest, out.size())) : out;
    }

    @Override
    public ReadOutcome<BsonDocument> balancerStatus() {
        return ReadOutcome.unavailable(Message.of("live.note.offlineBalancer", offlineReason));
    }

    @Override
    public ReadOutcome<Map<String, DataDistribution>> dataDistribution(List<CollectionEntry> entries) {
        if (dataDistribution.isEmpty()) {
            return ReadOutcome.unavailable(Message.of("live.note.offlineSizes", offlineReason));
        }
        Map<String, DataDistribution> out = new LinkedHashMap<>();
        for (CollectionEntry e : entries) {
            DataDistribution d = dataDistribution.get(e.namespace());
            if (d != null) {
                out.put(e.namespace(), d);
            }
        }
        return ReadOutcome.of(out);
    }

    @Override
    public void close() {}
}
