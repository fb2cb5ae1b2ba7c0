package io.shardlab.mongos;

import io.shardlab.sim.InsertBatch;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.BiFunction;
import org.bson.BsonArray;
import org.bson.BsonBoolean;
import org.bson.BsonDocument;
import org.bson.BsonDouble;
import org.bson.BsonInt32;
import org.bson.BsonInt64;
import org.bson.BsonNull;
import org.bson.BsonString;
import org.bson.BsonValue;

/**
 * The storage figures a mongos gathers from its shards: {@code dbStats} and {@code $collStats}'
 * {@code storageStats}, one shard's part at a time.
 *
 * <p>A sharded collection's documents and bytes per shard are the simulated cluster's (they count the
 * documents routed past the memory budget too); an unsharded collection's are its stored documents'
 * count and the bytes written to it, on the shard it lives on. ShardLab simulates no storage engine:
 * {@code storageSize} is the data's BSON size (no compression, no free space), and an index's size on a
 * shard is the shard's document count times the average BSON size of the index key (each document's
 * indexed values) over the first {@link #INDEX_SAMPLE} stored documents.
 */
final class StorageStatistics {

    /** One shard's part of a collection. */
    record ShardPart(long count, long size, Map<String, Long> indexSizes) {
        long totalIndexSize() {
            return indexSizes.values().stream().mapToLong(Long::longValue).sum();
        }
    }

    private final ShardedCatalog catalog;
    private final DocumentStorage storage;
    private final BiFunction<String, String, List<BsonDocument>> documents;

    /**
     * @param documents up to {@link #INDEX_SAMPLE} stored documents of {@code (database, collection)}
     */
    StorageStatistics(
            ShardedCatalog catalog, DocumentStorage storage, BiFunction<String, String, List<BsonDocument>> documents) {
        this.catalog = catalog;
        this.storage = storage;
        this.documents = documents;
    }

    /** The collection's indexes as {@code listIndexes} lists them (name → key pattern), in order. */
    Map<String, BsonDocument> indexes(String db, String coll) {
        Map<String, BsonDocument> out = new LinkedHashMap<>();
        BsonDocument reply = storage.run(db, new BsonDocument("listIndexes", new BsonString(coll)));
        for (BsonValue v : Replies.firstBatch(reply)) {
            BsonDocument index = v.asDocument();
            out.put(index.getString("name").getValue(), index.getDocument("key"));
        }
        return out;
    }

    /** Stored documents whose index keys give an index's average entry size. */
    static final int INDEX_SAMPLE = 1000;

    /** The collection's part on each shard that holds it, by shard id; empty for an unknown database. */
    Map<String, ShardPart> perShard(String db, String coll) {
        String ns = db + "." + coll;
        Map<String, long[]> data = new TreeMap<>();
        var sharded = catalog.collection(ns);
        if (sharded.isPresent()) {
            data.putAll(ConfigDatabase.perShard(sharded.get()));
        } else {
            var home = catalog.shardOfUnsharded(ns);
            if (home.isEmpty()) {
                return Map.of();
            }
            BsonDocument count = storage.run(db, new BsonDocument("count", new BsonString(coll)));
            data.put(home.get(), new long[] {
                count.getNumber("n", new BsonInt32(0)).longValue(), catalog.unshardedBytes(ns)
            });
        }
        Map<String, BsonDocument> indexes = indexes(db, coll);
        List<BsonDocument> sample = documents.apply(db, coll);
        Map<String, Long> sampleKeyBytes = zeroes(indexes);
        for (BsonDocument d : sample) {
            addIndexKeys(sampleKeyBytes, indexes, d);
        }
        Map<String, ShardPart> out = new TreeMap<>();
        for (Map.Entry<String, long[]> e : data.entrySet()) {
            long documentsOnShard = e.getValue()[0];
            Map<String, Long> sizes = new LinkedHashMap<>();
            sampleKeyBytes.forEach(
                    (name, bytes) -> sizes.put(name, sample.isEmpty() ? 0 : bytes * documentsOnShard / sample.size()));
            out.put(e.getKey(), new ShardPart(documentsOnShard, e.getValue()[1], sizes));
        }
        return out;
    }

    private static Map<String, Long> zeroes(Map<String, BsonDocument> indexes) {
        Map<String, Long> out = new LinkedHashMap<>();
        indexes.keySet().forEach(name -> out.put(name, 0L));
        return out;
    }

    private static void addIndexKeys(Map<String, Long> sizes, Map<String, BsonDocument> indexes, BsonDocument d) {
        for (Map.Entry<String, BsonDocument> index : indexes.entrySet()) {
            BsonDocument key = new BsonDocument();
            for (String path : index.getValue().keySet()) {
                key.append(path, valueAt(d, path));
            }
            sizes.merge(index.getKey(), (long) InsertBatch.bsonSize(key), Long::sum);
        }
    }

    private static BsonValue valueAt(BsonDocument d, String path) {
        BsonValue current = d;
        for (String part : path.split("\\.")) {
            if (!current.isDocument() || !current.asDocument().containsKey(part)) {
                return BsonNull.VALUE;
            }
            current = current.asDocument().get(part);
        }
        return current;
    }

    /**
     * The database's data bytes on each shard holding part of it (no index bytes: a sharded collection's
     * bytes come from the simulated cluster without reading its documents), for {@code listDatabases}.
     */
    Map<String, Long> dataBytesPerShard(String db, List<String> collections) {
        Map<String, Long> out = new TreeMap<>();
        for (String coll : collections) {
            String ns = db + "." + coll;
            var sharded = catalog.collection(ns);
            if (sharded.isPresent()) {
                ConfigDatabase.perShard(sharded.get()).forEach((shard, t) -> out.merge(shard, t[1], Long::sum));
            } else {
                catalog.shardOfUnsharded(ns).ifPresent(home -> out.merge(home, catalog.unshardedBytes(ns), Long::sum));
            }
        }
        return out;
    }

    /**
     * {@code $collStats: {storageStats: {}}} for one shard's part, the fields of docs
     * {@code reference/operator/aggregation/collStats} (storageStats output) ShardLab can tell.
     *
     * @param orphans whether the release reports {@code numOrphanDocs} (6.0+)
     */
    static BsonDocument storageStats(ShardPart part, boolean orphans) {
        BsonDocument sizes = new BsonDocument();
        part.indexSizes().forEach((name, size) -> sizes.append(name, number(size)));
        BsonDocument d = new BsonDocument("size", number(part.size()))
                .append("count", number(part.count()))
                .append("avgObjSize", new BsonInt32(part.count() == 0 ? 0 : (int) (part.size() / part.count())));
        if (orphans) {
            d.append("numOrphanDocs", new BsonInt32(0));
        }
        return d.append("storageSize", number(part.size()))
                .append("freeStorageSize", new BsonInt32(0))
                .append("capped", BsonBoolean.FALSE)
                .append("nindexes", new BsonInt32(part.indexSizes().size()))
                .append("indexBuilds", new BsonArray())
                .append("totalIndexSize", number(part.totalIndexSize()))
                .append("totalSize", number(part.size() + part.totalIndexSize()))
                .append("indexSizes", sizes)
                .append("scaleFactor", new BsonInt32(1));
    }

    /**
     * {@code dbStats} through mongos: each shard's figures under {@code raw} (keyed {@code shard/host}) and
     * their sums, {@code avgObjSize} weighted by documents (mongo {@code cluster_db_stats_cmd.cpp}
     * {@code aggregateResults}). A shard's figures sum its parts of the database's collections, its sizes divided by
     * {@code scale} ({@link DbStatsScale}); the mongos sums the divided sizes.
     */
    BsonDocument dbStats(String db, List<String> collections, DbStatsScale scale) {
        Map<String, long[]> perShard = new TreeMap<>(); // collections, objects, dataSize, indexes, indexSize
        for (String coll : collections) {
            for (Map.Entry<String, ShardPart> e : perShard(db, coll).entrySet()) {
                long[] t = perShard.computeIfAbsent(e.getKey(), k -> new long[5]);
                t[0]++;
                t[1] += e.getValue().count();
                t[2] += e.getValue().size();
                t[3] += e.getValue().indexSizes().size();
                t[4] += e.getValue().totalIndexSize();
            }
        }
        BsonDocument raw = new BsonDocument();
        long[] sum = new long[5];
        long[] scaledSums = new long[3]; // the shards' divided dataSize, indexSize, totalSize
        for (Map.Entry<String, long[]> e : perShard.entrySet()) {
            long[] t = e.getValue();
            raw.append(
                    e.getKey() + "/" + e.getKey() + ".shardlab:27018",
                    figures(db, t, scale).append("ok", new BsonDouble(1)));
            for (int i = 0; i < sum.length; i++) {
                sum[i] += t[i];
            }
            scaledSums[0] += scale.of(t[2]);
            scaledSums[1] += scale.of(t[4]);
            scaledSums[2] += scale.of(t[2] + t[4]);
        }
        BsonDocument out = new BsonDocument("raw", raw);
        figures(db, sum, scale).forEach(out::append);
        // the mongos sums what each shard divided (cluster_db_stats_cmd.cpp aggregateResults)
        out.put("dataSize", number(scaledSums[0]));
        out.put("storageSize", number(scaledSums[0]));
        out.put("indexSize", number(scaledSums[1]));
        out.put("totalSize", number(scaledSums[2]));
        return out.append("ok", new BsonDouble(1));
    }

    /**
     * The figures of {@code t} (collections, objects, dataSize, indexes, indexSize), after {@code db} when given, the
     * sizes divided by {@code scale} ({@code avgObjSize} is not).
     */
    private static BsonDocument figures(String db, long[] t, DbStatsScale scale) {
        BsonDocument f = new BsonDocument();
        if (db != null) {
            f.append("db", new BsonString(db));
        }
        return f.append("collections", number(t[0]))
                .append("views", new BsonInt32(0))
                .append("objects", number(t[1]))
                .append("avgObjSize", new BsonDouble(t[1] == 0 ? 0 : (double) t[2] / t[1]))
                .append("dataSize", number(scale.of(t[2])))
                .append("storageSize", number(scale.of(t[2])))
                .append("indexes", number(t[3]))
                .append("indexSize", number(scale.of(t[4])))
                .append("totalSize", number(scale.of(t[2] + t[4])))
                .append("scaleFactor", number(scale.divisor()));
    }

    /** An int32 when it fits (mongosh prints int64 as Long('n')), else an int64. */
    static BsonValue number(long n) {
        return n == (int) n ? new BsonInt32((int) n) : new BsonInt64(n);
    }
}
