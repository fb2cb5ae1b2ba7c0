package io.shardlab.live;

import io.shardlab.cluster.Chunk;
import io.shardlab.cluster.ChunkStatistics;
import io.shardlab.cluster.ClusterSnapshot;
import io.shardlab.text.Message;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * What each chunk of a layout read from a source holds, from the best figures the source has, and
 * which figures those were, so {@code simulate} can say what its balancer decisions rest on. In
 * order of preference:
 * <ol>
 *   <li>{@link Basis#RECORDED}: documents and bytes per chunk as a snapshot file recorded them
 *       (every chunk must have them);</li>
 *   <li>{@link Basis#ESTIMATED_DATA_SIZE}: bytes per chunk from config.chunks
 *       {@code estimatedDataSizeBytes} (written while the balancer defragments a collection; every
 *       chunk must have one, and none may be the defragmenter's "big chunk" marker
 *       {@code Long.MAX_VALUE}), documents from the average document size of the chunk's shard
 *       (per-shard data of the source, e.g. {@code $shardedDataDistribution});</li>
 *   <li>{@link Basis#SHARD_TOTALS}: each shard's documents and bytes spread evenly over its
 *       chunks (the earlier chunks in key order take the remainder), the estimate the shell's
 *       {@code getShardDistribution()} prints as "estimated data per chunk" (mongo
 *       {@code src/mongo/shell/collection.js}); the per-shard totals, which the 6.0+ balancer
 *       compares, stay exact;</li>
 *   <li>{@link Basis#UNKNOWN}: no figures: the simulator holds no documents for the chunks, and every size
 *       derived from them is reported as unknown, never 0.</li>
 * </ol>
 * A ladder step applies only if every chunk gets figures that can be real: no documents exactly
 * when no bytes, and at least one byte per document.
 *
 * @param perChunk per chunk in key order, documents and bytes; empty for {@link Basis#UNKNOWN}
 * @param basis which figures were used
 * @param description one line saying which, for the report ({@code live.contents.*})
 */
public record ChunkContents(List<ChunkStatistics> perChunk, Basis basis, Message description) {

    /** Where the figures came from. */
    public enum Basis {
        RECORDED("recorded"),
        ESTIMATED_DATA_SIZE("estimatedDataSizeBytes"),
        SHARD_TOTALS("shardTotals"),
        UNKNOWN("unknown");

        public final String label;

        Basis(String label) {
            this.label = label;
        }
    }

    public ChunkContents {
        perChunk = List.copyOf(perChunk);
    }

    /**
     * The contents of {@code cluster}'s chunks.
     *
     * @param recorded what a snapshot recorded per chunk, by chunk; empty when nothing
     * @param estimated config.chunks {@code estimatedDataSizeBytes} by chunk; empty when none
     * @param distribution per-shard data, or null when the source has none
     */
    public static ChunkContents of(
            ClusterSnapshot cluster,
            Map<Chunk, ChunkStatistics> recorded,
            Map<Chunk, Long> estimated,
            DataDistribution distribution) {
        List<Chunk> chunks = cluster.chunks().chunks();
        List<ChunkStatistics> fromRecord = new ArrayList<>();
        for (Chunk c : chunks) {
            ChunkStatistics s = recorded.get(c);
            if (s != null) {
                fromRecord.add(s);
            }
        }
        if (!chunks.isEmpty() && fromRecord.size() == chunks.size() && plausible(fromRecord)) {
            return new ChunkContents(fromRecord, Basis.RECORDED, Message.of("live.contents.recorded"));
        }
        if (distribution != null) {
            List<ChunkStatistics> fromEstimates = fromEstimates(chunks, estimated, distribution);
            if (fromEstimates != null && plausible(fromEstimates)) {
                return new ChunkContents(
                        fromEstimates,
                        Basis.ESTIMATED_DATA_SIZE,
                        Message.of("live.contents.estimated", distribution.source()));
            }
            List<ChunkStatistics> spread = spread(chunks, distribution);
            if (plausible(spread)) {
                return new ChunkContents(
                        spread, Basis.SHARD_TOTALS, Message.of("live.contents.shardTotals", distribution.source()));
            }
        }
        return new ChunkContents(
                List.of(),
                Basis.UNKNOWN,
                Message.of("live.contents.unknown", ConfigDumpReader.SHARDED_DATA_DISTRIBUTION_FILE));
    }

    private static List<ChunkStatistics> fromEstimates(
            List<Chunk> chunks, Map<Chunk, Long> estimated, DataDistribution distribution) {
        Map<String, ShardDataSize> shards = byShard(distribution);
        List<ChunkStatistics> out = new ArrayList<>();
        for (Chunk c : chunks) {
            Long bytes = estimated.get(c);
            if (bytes == null || bytes < 0 || bytes == Long.MAX_VALUE) {
                return null;
            }
            ShardDataSize shard = shards.get(c.shard());
            long docs = 0;
            if (bytes > 0) {
                if (shard == null || shard.documents() <= 0 || shard.bytes() <= 0) {
                    return null;
                }
                // bytes / average document size of the shard, at least one document
                docs = Math.max(
                        1,
                        BigInteger.valueOf(bytes)
                                .multiply(BigInteger.valueOf(shard.documents()))
                                .add(BigInteger.valueOf(shard.bytes() / 2))
                                .divide(BigInteger.valueOf(shard.bytes()))
                                .longValueExact());
                docs = Math.min(docs, bytes);
            }
            out.add(new ChunkStatistics(c, docs, bytes));
        }
        return out;
    }

    private static List<ChunkStatistics> spread(List<Chunk> chunks, DataDistribution distribution) {
        Map<String, ShardDataSize> shards = byShard(distribution);
        Map<String, Integer> count = new HashMap<>();
        chunks.forEach(c -> count.merge(c.shard(), 1, Integer::sum));
        Map<String, Integer> seen = new HashMap<>();
        List<ChunkStatistics> out = new ArrayList<>();
        for (Chunk c : chunks) {
            ShardDataSize shard = shards.get(c.shard());
            int n = count.get(c.shard());
            int i = seen.merge(c.shard(), 1, Integer::sum) - 1;
            long docs = shard == null ? 0 : share(shard.documents(), n, i);
            long bytes = shard == null ? 0 : share(shard.bytes(), n, i);
            out.add(new ChunkStatistics(c, docs, bytes));
        }
        return out;
    }

    /** The {@code i}-th of {@code n} even parts of {@code total}: the first {@code total % n} get one more. */
    static long share(long total, int n, int i) {
        return total / n + (i < total % n ? 1 : 0);
    }

    private static Map<String, ShardDataSize> byShard(DataDistribution distribution) {
        Map<String, ShardDataSize> out = new HashMap<>();
        distribution.shards().forEach(s -> out.put(s.shard(), s));
        return out;
    }

    private static boolean plausible(List<ChunkStatistics> stats) {
        for (ChunkStatistics s : stats) {
            if ((s.documents() == 0) != (s.bytes() == 0) || s.bytes() < s.documents()) {
                return false;
            }
        }
        return true;
    }
}
