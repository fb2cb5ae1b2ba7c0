package io.shardlab.advisor;

import io.shardlab.cluster.ChunkMap;
import io.shardlab.key.ShardKey;
import java.util.ArrayList;
import java.util.List;

/**
 * The ranges of a candidate key that analyzeShardKey counts reads and writes over
 * ({@code numReadsByRange}, {@code numWritesByRange}): it splits the collection into
 * {@code analyzeShardKeyNumRanges} (default {@value #NUM_RANGES}) ranges holding roughly equal numbers
 * of documents, from MinKey to MaxKey (mongo {@code analyze_shard_key_cmd_util.cpp},
 * {@code generateSplitPoints} with {@code SamplingBasedSplitPolicy}; parameter in
 * {@code src/mongo/s/analyze_shard_key_server_parameters.idl}), and routes the sampled queries over
 * them as if each range were a chunk on its own shard.
 *
 * <p>MongoDB picks the split points from a random sample of {@code analyzeShardKeyNumRanges ×
 * analyzeShardKeyNumSamplesPerRange} documents; ShardLab takes the exact quantiles of its sample:
 * split point {@code j} (1 to N−1) is the key at sorted position {@code ⌊j·n/N⌋}, repeated values
 * dropped. A key with fewer distinct values than N has fewer ranges, as MongoDB's splitter gives.
 *
 * @param chunks the ranges as chunks, chunk {@code i} on shard {@code "i"} (as MongoDB's own tests
 *     lay them out, {@code analyze_shard_key_read_write_distribution_test.cpp},
 *     {@code makeCollectionRoutingInfoTargeter})
 */
public record AnalysisRanges(ChunkMap chunks) {

    /** {@code analyzeShardKeyNumRanges}' default. */
    public static final int NUM_RANGES = 100;

    /** Ranges cut at {@code splitPoints}, ascending and distinct (routing keys: a hashed field hashed). */
    public static AnalysisRanges at(int arity, List<ShardKey> splitPoints) {
        List<String> shards = new ArrayList<>();
        for (int i = 0; i <= splitPoints.size(); i++) {
            shards.add(Integer.toString(i));
        }
        return new AnalysisRanges(ChunkMap.fromSplitPoints(arity, splitPoints, shards, 1));
    }

    /** The {@value #NUM_RANGES} equal-count ranges of the sample's sorted routing keys. */
    static AnalysisRanges ofSample(ShardKey[] keys, KeyValueRuns runs, int arity) {
        int n = runs.size();
        List<ShardKey> points = new ArrayList<>();
        for (int j = 1; j < NUM_RANGES; j++) {
            ShardKey k = keys[runs.documentAt((int) ((long) j * n / NUM_RANGES))];
            if (points.isEmpty() || points.get(points.size() - 1).compareTo(k) < 0) {
                points.add(k);
            }
        }
        return at(arity, points);
    }

    /** Number of ranges. */
    public int size() {
        return chunks.size();
    }
}
