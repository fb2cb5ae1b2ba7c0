package io.shardlab.live;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/**
 * Per-shard data of collections from the documents MongoDB's size reports return, whether a live mongos
 * ran them or a DBA exported them beside a config dump:
 * <ul>
 *   <li>{@code $shardedDataDistribution} (6.0.3+, admin database, docs
 *       {@code reference/operator/aggregation/shardedDataDistribution}): one document per collection,
 *       {@code {ns, shards: [{shardName, numOrphanedDocs, numOwnedDocuments, ownedSizeBytes,
 *       orphanedSizeBytes}]}};</li>
 *   <li>{@code $collStats: {storageStats: {}}} through mongos (docs
 *       {@code reference/operator/aggregation/collStats}): one document per shard with {@code shard} and
 *       {@code storageStats.count} / {@code storageStats.size}.</li>
 * </ul>
 */
final class DataDistributionDecoder {

    private DataDistributionDecoder() {}

    /** {@code $shardedDataDistribution} results by namespace; documents without {@code ns} and {@code shards} are skipped. */
    static Map<String, DataDistribution> shardedDataDistribution(List<BsonDocument> docs) {
        Map<String, DataDistribution> result = new LinkedHashMap<>();
        for (BsonDocument doc : docs) {
            if (!doc.isString("ns") || !doc.isArray("shards")) {
                continue;
            }
            List<ShardDataSize> shards = new ArrayList<>();
            for (BsonValue v : doc.getArray("shards")) {
                if (v.isDocument() && v.asDocument().isString("shardName")) {
                    BsonDocument s = v.asDocument();
                    shards.add(new ShardDataSize(
                            s.getString("shardName").getValue(),
                            orZero(number(s, "numOwnedDocuments")),
                            orZero(number(s, "ownedSizeBytes")),
                            number(s, "numOrphanedDocs"),
                            number(s, "orphanedSizeBytes")));
                }
            }
            result.put(
                    doc.getString("ns").getValue(),
                    new DataDistribution(DataDistribution.SHARDED_DATA_DISTRIBUTION, shards));
        }
        return result;
    }

    /** One collection's {@code $collStats} results; empty when no document names a shard with storage stats. */
    static Optional<DataDistribution> collStats(List<BsonDocument> docs) {
        List<ShardDataSize> shards = new ArrayList<>();
        for (BsonDocument doc : docs) {
            if (doc.isString("shard") && doc.isDocument("storageStats")) {
                BsonDocument stats = doc.getDocument("storageStats");
                shards.add(new ShardDataSize(
                        doc.getString("shard").getValue(),
                        orZero(number(stats, "count")),
                        orZero(number(stats, "size")),
                        null,
                        null));
            }
        }
        return shards.isEmpty()
                ? Optional.empty()
                : Optional.of(new DataDistribution(DataDistribution.COLL_STATS, shards));
    }

    private static Long number(BsonDocument doc, String field) {
        BsonValue v = doc.get(field);
        return v != null && v.isNumber() ? v.asNumber().longValue() : null;
    }

    private static long orZero(Long n) {
        return n == null ? 0 : n;
    }
}
