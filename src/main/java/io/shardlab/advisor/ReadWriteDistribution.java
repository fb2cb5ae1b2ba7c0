package io.shardlab.advisor;

import io.shardlab.bson.DottedPath;
import io.shardlab.cluster.ChunkMap;
import io.shardlab.cluster.MongoVersion;
import io.shardlab.key.InvalidShardKeyException;
import io.shardlab.key.KeyField;
import io.shardlab.key.ShardKey;
import io.shardlab.key.ShardKeyHasher;
import io.shardlab.key.ShardKeyPattern;
import io.shardlab.routing.Operation;
import io.shardlab.routing.Router;
import io.shardlab.routing.Targeting;
import io.shardlab.routing.TargetingClass;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/**
 * How a query mix would be routed with one candidate key: analyzeShardKey's
 * {@code readDistribution} and {@code writeDistribution}, plus the operations MongoDB would refuse
 * on the replayed layout.
 *
 * <p>Each operation is classed as analyzeShardKey classes a sampled query (mongo
 * {@code analyze_shard_key_read_write_distribution.cpp}, {@code _getTargetingInfoForQuery} and
 * {@code _incrementMetricsForQuery}) over the candidate's {@link AnalysisRanges}, each range a chunk
 * on its own shard: {@code kSingleKey} (single-shard) when the filter pins the full shard key
 * ({@code extractShardKeyFromQuery}) and the key can be looked up under the query's collation
 * ({@code ChunkManager::findIntersectingChunk}: with a non-simple collation a string, symbol, object
 * or array value, or any value of a hashed field, cannot); {@code kMinKeyToMaxKey} (scatter-gather)
 * when the filter leaves the whole key space; {@code kMultipleKeys} (multi-shard) otherwise. The
 * ranges a query reaches each count it once ({@code _incrementNumByRanges}); a query that can match
 * nothing still reaches the first range (SERVER-4914, as {@code getShardIdsForQuery} does).
 *
 * <p>Under a non-simple collation the shard-key index (simple collation) cannot bound a comparison
 * with a string, symbol, object or array, so such a condition leaves its field unbounded
 * ({@link CollationWidening}).
 *
 * <p>Writes: a non-upsert replacement whose filter is not single-shard is targeted by the shard key
 * of its replacement document, missing fields as null ({@code _addUpdateQuery}); from 7.1, where
 * {@code featureFlagUpdateOneWithoutShardKey} is on, only when the filter is an exact {@code _id}
 * ({@code CollectionRoutingInfoTargeter::isExactIdQuery}). A write that is
 * not single-shard counts as a single or multi write without shard key, from 7.0 on
 * ({@code WriteDistributionMetricsCalculator::_incrementMetricsForQuery}: {@code info.desc != kSingleKey}), so a
 * write on the full shard key under a non-simple collation counts as one when its key is collatable (or hashed), as
 * {@code analyze_shard_key_read_write_distribution_test.cpp}
 * {@code ShardKeyEqualityNonSimpleCollation_ShardKeyContainsCollatableFields} asserts. A shard-key update is an
 * update or findAndModify whose {@code $}-operators name a shard-key path, a path above one or one
 * inside one, or a replacement that gives a shard-key field another value than the filter's
 * equality (or drops it). <b>MongoDB</b> counts shard-key updates from the sampled
 * before-and-after diffs ({@code config.sampledQueriesDiff}), so an update that sets a key field to
 * the value it already has counts here but not on the server.
 *
 * @param read the read distribution
 * @param write the write distribution
 * @param rejected the operations MongoDB would refuse on the replayed layout, in mix order
 */
public record ReadWriteDistribution(
        ReadDistributionMetrics read, WriteDistributionMetrics write, List<RejectedQuery> rejected) {

    public ReadWriteDistribution {
        if (read == null || write == null) {
            throw new IllegalArgumentException("read/write: required"); // untranslated: a developer's contract
        }
        rejected = List.copyOf(rejected);
    }

    /** How one operation is targeted over the ranges. */
    private record Classified(TargetingClass targeting, List<String> ranges) {}

    /**
     * Routes {@code queries}, sharded on {@code pattern}, over {@code ranges} for the metrics and on
     * {@code layout} (the replayed chunks) for MongoDB's refusals, with {@code version}'s rules.
     */
    static ReadWriteDistribution route(
            List<SampledQuery> queries,
            ShardKeyPattern pattern,
            AnalysisRanges ranges,
            ChunkMap layout,
            MongoVersion version) {
        Router overRanges = new Router(pattern, ranges.chunks(), version);
        Router overLayout = new Router(pattern, layout, version);
        ShardKeyHasher hasher = new ShardKeyHasher();
        long[] reads = new long[4];
        long[] readClass = new long[3];
        long[] readsByRange = new long[ranges.size()];
        long[] writes = new long[3];
        long[] writeClass = new long[3];
        long[] writesByRange = new long[ranges.size()];
        long shardKeyUpdates = 0;
        long singleWithoutKey = 0;
        long multiWithoutKey = 0;
        List<RejectedQuery> rejected = new ArrayList<>();
        for (SampledQuery q : queries) {
            Classified c = classify(overRanges, pattern, q.filter(), q.hasSimpleCollation());
            if (c.targeting() != TargetingClass.SINGLE_SHARD
                    && q.command() == QueryCommand.REPLACE_ONE
                    && !q.upsert()
                    && (!version.atLeast(7, 1) || exactId(q))) {
                c = byReplacement(ranges, pattern, hasher, q).orElse(c);
            }
            long w = q.weight();
            boolean read = q.command().isRead();
            long[] byRange = read ? readsByRange : writesByRange;
            for (String r : c.ranges()) {
                byRange[Integer.parseInt(r)] += w;
            }
            if (read) {
                reads[q.command().ordinal()] += w;
                readClass[c.targeting().ordinal()] += w;
                continue;
            }
            writes[q.command().isUpdate() ? 0 : q.command().isDelete() ? 1 : 2] += w;
            writeClass[c.targeting().ordinal()] += w;
            if (c.targeting() != TargetingClass.SINGLE_SHARD) {
                if (q.command().isMulti()) {
                    multiWithoutKey += w;
                } else {
                    singleWithoutKey += w;
                }
            }
            if (updatesShardKey(q, pattern)) {
                shardKeyUpdates += w;
            }
            refusal(overLayout, q, version).ifPresent(error -> rejected.add(new RejectedQuery(q, error)));
        }
        long readTotal = reads[0] + reads[1] + reads[2] + reads[3];
        long writeTotal = writes[0] + writes[1] + writes[2];
        ReadDistributionMetrics read = new ReadDistributionMetrics(
                readTotal,
                reads[0],
                reads[1],
                reads[2],
                reads[3],
                readClass[0],
                readClass[1],
                readClass[2],
                readTotal == 0 ? List.of() : boxed(readsByRange));
        WriteDistributionMetrics write = new WriteDistributionMetrics(
                writeTotal,
                writes[0],
                writes[1],
                writes[2],
                writeClass[0],
                writeClass[1],
                writeClass[2],
                writeTotal == 0 ? List.of() : boxed(writesByRange),
                shardKeyUpdates,
                singleWithoutKey,
                multiWithoutKey);
        return new ReadWriteDistribution(read, write, rejected);
    }

    private static Classified classify(
            Router router, ShardKeyPattern pattern, BsonDocument filter, boolean simpleCollation) {
        if (simpleCollation) {
            Targeting t = router.route(new Operation.Find(filter));
            return new Classified(t.targeting(), t.shards());
        }
        Targeting exact = router.route(new Operation.Find(filter));
        boolean pinned = exact.targeting() == TargetingClass.SINGLE_SHARD;
        Targeting t = router.route(new Operation.Find(CollationWidening.widen(filter, pattern)));
        TargetingClass c = t.targeting();
        if (pinned && (pattern.isHashed() || CollationWidening.pinsCollatableValue(filter, pattern))) {
            c = TargetingClass.MULTI_SHARD;
        }
        return new Classified(c, t.shards());
    }

    private static Optional<Classified> byReplacement(
            AnalysisRanges ranges, ShardKeyPattern pattern, ShardKeyHasher hasher, SampledQuery q) {
        try {
            ShardKey key = pattern.extractKey(q.update(), hasher);
            if (!q.hasSimpleCollation()
                    && (pattern.isHashed() || CollationWidening.holdsCollatableValue(q.update(), pattern))) {
                return Optional.empty();
            }
            String range = Integer.toString(ranges.chunks().indexOf(key));
            return Optional.of(new Classified(TargetingClass.SINGLE_SHARD, List.of(range)));
        } catch (InvalidShardKeyException e) {
            // an array on a key path: no shard key can be extracted, the class stays
            return Optional.empty();
        }
    }

    /**
     * Whether the filter is an exact {@code _id} query: an equality on {@code _id} with a value that
     * is not a document, array or regex, and not a string under a non-simple collation.
     */
    static boolean exactId(SampledQuery q) {
        BsonValue id = q.filter().get("_id");
        if (id != null
                && id.isDocument()
                && id.asDocument().size() == 1
                && id.asDocument().containsKey("$eq")) {
            id = id.asDocument().get("$eq");
        }
        if (id == null || id.isDocument() || id.isArray() || id.isRegularExpression()) {
            return false;
        }
        return q.hasSimpleCollation() || !(id.isString() || id.isSymbol());
    }

    /** Whether the write changes a shard-key field, as far as the operation itself tells. */
    static boolean updatesShardKey(SampledQuery q, ShardKeyPattern pattern) {
        if (q.update() == null) {
            return false;
        }
        if (q.command() == QueryCommand.REPLACE_ONE) {
            for (KeyField f : pattern.fields()) {
                BsonValue pinned = q.filter().get(f.path());
                if (pinned != null
                        && !pinned.isDocument()
                        && !pinned.equals(DottedPath.valueAt(q.update(), f.path()))) {
                    return true;
                }
            }
            return false;
        }
        for (Map.Entry<String, BsonValue> op : q.update().entrySet()) {
            if (!op.getValue().isDocument()) {
                continue;
            }
            for (Map.Entry<String, BsonValue> target :
                    op.getValue().asDocument().entrySet()) {
                if (touches(pattern, target.getKey())
                        || op.getKey().equals("$rename")
                                && target.getValue().isString()
                                && touches(pattern, target.getValue().asString().getValue())) {
                    return true;
                }
            }
        }
        return false;
    }

    private static boolean touches(ShardKeyPattern pattern, String path) {
        String p = path.replaceAll("\\.\\$(\\[[^]]*])?", "");
        for (KeyField f : pattern.fields()) {
            String k = f.path();
            if (p.equals(k) || k.startsWith(p + ".") || p.startsWith(k + ".")) {
                return true;
            }
        }
        return false;
    }

    /**
     * MongoDB's error when it refuses the write on this layout and version. Single writes of 4.2 and
     * 4.4, whose targeting {@link Router} does not model, are not checked.
     */
    private static Optional<String> refusal(Router router, SampledQuery q, MongoVersion version) {
        boolean singleWrite = !q.command().isMulti() || q.upsert();
        if (singleWrite && version.atLeast(4, 2) && !version.atLeast(5, 0)) {
            return Optional.empty();
        }
        Targeting t = router.route(q.operation());
        return t.error();
    }

    private static List<Long> boxed(long[] values) {
        List<Long> out = new ArrayList<>(values.length);
        for (long v : values) {
            out.add(v);
        }
        return out;
    }
}
