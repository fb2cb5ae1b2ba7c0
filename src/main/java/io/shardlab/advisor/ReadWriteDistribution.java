package io.shardlab.advisor;

import io.shardlab.cluster.ChunkMap;
import io.shardlab.cluster.MongoVersion;
import io.shardlab.key.InvalidShardKeyException;
import io.shardlab.key.ShardKeyHasher;
import io.shardlab.key.ShardKeyPattern;
import io.shardlab.routing.Operation;
import io.shardlab.routing.Router;
import io.shardlab.routing.Targeting;
import io.shardlab.routing.TargetingClass;
import java.util.ArrayList;
import java.util.List;

/**
 * How a query mix would be routed with one candidate key on its replayed layout: analyzeShardKey's
 * {@code readDistribution} and {@code writeDistribution}, plus the operations MongoDB would refuse.
 *
 * <p>Each operation is classed as analyzeShardKey classes a sampled query
 * ({@code DistributionMetricsCalculator::_incrementMetricsForQuery}): single-shard when the filter
 * pins the full shard key ({@code extractShardKeyFromQuery}), or, for a replacement update that is
 * not an upsert, when the replacement document gives it ({@code extractShardKeyFromDoc}, missing
 * fields as null); scatter-gather when the filter leaves the whole key space
 * ({@code targetMinkeyToMaxKey}); multi-shard otherwise. A write without the full shard key also
 * counts as a single or multi write without shard key. The class comes from {@link Router}, which
 * implements mongos's targeting; collations are simple.
 *
 * @param read the read distribution
 * @param write the write distribution
 * @param rejected the operations MongoDB would refuse, in mix order
 */
public record ReadWriteDistribution(ReadDistributionMetrics read, WriteDistributionMetrics write,
        List<RejectedQuery> rejected) {

    public ReadWriteDistribution {
        if (read == null || write == null) {
            throw new IllegalArgumentException("read/write: required");
        }
        rejected = List.copyOf(rejected);
    }

    /** Routes {@code queries} on {@code chunks}, sharded on {@code pattern}, with {@code version}'s rules. */
    static ReadWriteDistribution route(List<SampledQuery> queries, ShardKeyPattern pattern, ChunkMap chunks,
            MongoVersion version) {
        Router router = new Router(pattern, chunks, version);
        ShardKeyHasher hasher = new ShardKeyHasher();
        long[] reads = new long[4];
        long[] readClass = new long[3];
        long[] writes = new long[3];
        long[] writeClass = new long[3];
        long singleWithoutKey = 0;
        long multiWithoutKey = 0;
        List<RejectedQuery> rejected = new ArrayList<>();
        for (SampledQuery q : queries) {
            TargetingClass c = router.route(new Operation.Find(q.filter())).targeting();
            boolean byReplacement = false;
            if (c != TargetingClass.SINGLE_SHARD && q.command() == QueryCommand.REPLACE_ONE && !q.upsert()) {
                try {
                    pattern.extractKey(q.update(), hasher);
                    c = TargetingClass.SINGLE_SHARD;
                    byReplacement = true;
                } catch (InvalidShardKeyException e) {
                    // an array on a key path: no shard key can be extracted, the class stays
                }
            }
            long w = q.weight();
            if (q.command().isRead()) {
                reads[q.command().ordinal()] += w;
                readClass[c.ordinal()] += w;
                continue;
            }
            writes[q.command().isUpdate() ? 0 : q.command().isDelete() ? 1 : 2] += w;
            writeClass[c.ordinal()] += w;
            if (c != TargetingClass.SINGLE_SHARD && !byReplacement) {
                if (q.command().isMulti()) {
                    multiWithoutKey += w;
                } else {
                    singleWithoutKey += w;
                }
            }
            refusal(router, q, version).ifPresent(error -> rejected.add(new RejectedQuery(q, error)));
        }
        long readTotal = reads[0] + reads[1] + reads[2] + reads[3];
        long writeTotal = writes[0] + writes[1] + writes[2];
        ReadDistributionMetrics read = new ReadDistributionMetrics(readTotal, reads[0], reads[1], reads[2], reads[3],
                pct(readClass[0], readTotal), pct(readClass[1], readTotal), pct(readClass[2], readTotal));
        WriteDistributionMetrics write = new WriteDistributionMetrics(writeTotal, writes[0], writes[1], writes[2],
                pct(writeClass[0], writeTotal), pct(writeClass[1], writeTotal), pct(writeClass[2], writeTotal),
                pct(singleWithoutKey, writeTotal), pct(multiWithoutKey, writeTotal));
        return new ReadWriteDistribution(read, write, rejected);
    }

    /**
     * MongoDB's error when it refuses the write on this layout and version. Single writes of 4.2 and
     * 4.4, whose targeting {@link Router} does not model, are not checked.
     */
    private static java.util.Optional<String> refusal(Router router, SampledQuery q, MongoVersion version) {
        boolean singleWrite = !q.command().isMulti() || q.upsert();
        if (singleWrite && version.atLeast(4, 2) && !version.atLeast(5, 0)) {
            return java.util.Optional.empty();
        }
        Targeting t = router.route(q.operation());
        return t.error();
    }

    private static double pct(long part, long whole) {
        return whole == 0 ? 0 : MetricRounding.percentage(part, whole);
    }
}
