package io.shardlab.live;

import io.shardlab.cluster.ActiveWindow;
import io.shardlab.cluster.Chunk;
import io.shardlab.cluster.ChunkMap;
import io.shardlab.cluster.ChunkStatistics;
import io.shardlab.cluster.Shard;
import io.shardlab.key.ShardKey;
import io.shardlab.key.ShardKeyPattern;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * What a recorded layout (a live cluster's metadata, a config dump, a snapshot file) says about its collection's
 * health, the figures {@code sh.status()} and {@code getShardDistribution()} print and a read-only view has no
 * simulator counters for: jumbo chunks, draining shards, the balancer's state, chunks per shard and how they
 * changed through {@code config.changelog}, the largest chunk and the densest run of chunks.
 *
 * @param key the collection's shard key pattern, which the ranges' bounds are values of
 * @param chunks the collection's chunks at the moment shown
 * @param jumboChunks how many of them carry config.chunks' {@code jumbo: true}
 * @param drainingShards the shards config.shards marks {@code draining: true} ({@code removeShard} under way), by id
 * @param balancer the balancer's state and the collection's own balancing flag
 * @param chunksPerShard chunks per shard at the moment shown, every shard of the cluster (0 included), by shard id
 * @param overHistory chunks per shard through the recorded changes, oldest first; the last point is the current
 *     layout, never more than {@link #MAX_HISTORY_POINTS} points (evenly spaced steps when the changelog is longer)
 * @param largest the chunk with the most bytes, when the source tells each chunk's bytes (a snapshot's record, or
 *     config.chunks' {@code estimatedDataSizeBytes}); empty when only per-shard totals or nothing are known
 * @param densest the longest run of consecutive chunks on one shard: where a key range is cut finest without the
 *     balancer spreading it (thousands of chunks there draw as one bar of one colour)
 */
public record LayoutHealth(
        ShardKeyPattern key,
        int chunks,
        int jumboChunks,
        List<String> drainingShards,
        Balancing balancer,
        SortedMap<String, Integer> chunksPerShard,
        List<ShardCounts> overHistory,
        Optional<ChunkStatistics> largest,
        ChunkRun densest) {

    /** The most points {@link #overHistory} holds: a small chart's worth. */
    public static final int MAX_HISTORY_POINTS = 60;

    public LayoutHealth {
        Objects.requireNonNull(key, "key");
        drainingShards = List.copyOf(drainingShards);
        Objects.requireNonNull(balancer, "balancer");
        chunksPerShard = new TreeMap<>(chunksPerShard);
        overHistory = List.copyOf(overHistory);
        Objects.requireNonNull(largest, "largest");
        Objects.requireNonNull(densest, "densest");
    }

    /** What the balancer does to the collection. */
    public enum BalancerMode {
        /** config.settings or balancerStatus: mode {@code "full"}, the collection not excluded. */
        ENABLED,
        /** mode {@code "off"} (or 4.x-5.x {@code "autoSplitOnly"}): {@code sh.stopBalancer()}. */
        STOPPED,
        /** the source did not record the balancer (a simulator's snapshot). */
        UNKNOWN
    }

    /**
     * The balancer as the source recorded it.
     *
     * @param mode running, stopped or not known
     * @param window the balancing window (config.settings {@code activeWindow}), empty when it may run at any time
     * @param collectionExcluded config.collections {@code noBalance: true} ({@code sh.disableBalancing})
     */
    public record Balancing(BalancerMode mode, Optional<ActiveWindow> window, boolean collectionExcluded) {
        public Balancing {
            Objects.requireNonNull(mode, "mode");
            Objects.requireNonNull(window, "window");
        }

        /** Whether the balancer moves this collection's chunks at all (within its window). */
        public boolean balancesCollection() {
            return mode == BalancerMode.ENABLED && !collectionExcluded;
        }
    }

    /**
     * Chunks per shard after a number of recorded changes.
     *
     * @param position how many recorded changes are applied (0: before the oldest)
     * @param time when the last applied change happened; empty at position 0
     * @param chunks chunks per shard, by shard id
     */
    public record ShardCounts(int position, Optional<Instant> time, SortedMap<String, Integer> chunks) {
        public ShardCounts {
            Objects.requireNonNull(time, "time");
            chunks = new TreeMap<>(chunks);
        }
    }

    /**
     * Consecutive chunks on one shard.
     *
     * @param shard their shard
     * @param chunks how many
     * @param min the first chunk's min
     * @param max the last chunk's max
     */
    public record ChunkRun(String shard, int chunks, ShardKey min, ShardKey max) {}

    /**
     * The health of {@code shown}, the layout after {@code position} of {@code history}'s changes.
     *
     * @param shown the collection at the moment on show (the current layout, or a rewound one)
     * @param history the collection's recorded changes, rewound from the current layout
     */
    public static LayoutHealth of(SourceLayout shown, LayoutHistory history) {
        ChunkMap map = shown.cluster().chunks();
        List<String> shardIds = shown.cluster().shardIds();
        int jumbo = (int) map.chunks().stream().filter(Chunk::jumbo).count();
        List<String> draining = shown.cluster().shards().stream()
                .filter(Shard::draining)
                .map(Shard::id)
                .toList();
        return new LayoutHealth(
                shown.cluster().key(),
                map.size(),
                jumbo,
                draining,
                balancing(shown),
                counts(map, shardIds),
                overHistory(history, shardIds, MAX_HISTORY_POINTS),
                largest(shown),
                densest(map));
    }

    private static Balancing balancing(SourceLayout shown) {
        BalancerState state = shown.metadata().balancer();
        boolean excluded = shown.layout().entry().flags().noBalance();
        if (state == null) {
            return new Balancing(BalancerMode.UNKNOWN, Optional.empty(), excluded);
        }
        return new Balancing(
                state.enabled() ? BalancerMode.ENABLED : BalancerMode.STOPPED,
                Optional.ofNullable(state.activeWindow()),
                excluded);
    }

    private static SortedMap<String, Integer> counts(ChunkMap map, List<String> shardIds) {
        SortedMap<String, Integer> counts = new TreeMap<>();
        shardIds.forEach(id -> counts.put(id, 0));
        map.chunks().forEach(c -> counts.merge(c.shard(), 1, Integer::sum));
        return counts;
    }

    /** At most {@code maxPoints} (2 or more) evenly spaced positions, always the first and the last. */
    static List<ShardCounts> overHistory(LayoutHistory history, List<String> shardIds, int maxPoints) {
        int steps = history.size();
        int points = Math.min(steps + 1, maxPoints);
        List<ShardCounts> out = new ArrayList<>(points);
        int last = -1;
        for (int i = 0; i < points; i++) {
            int position = points == 1 ? steps : (int) Math.round((double) i * steps / (points - 1));
            if (position == last) {
                continue;
            }
            last = position;
            Optional<Instant> time = position == 0
                    ? Optional.empty()
                    : Optional.of(history.steps().get(position - 1).change().time());
            out.add(new ShardCounts(position, time, counts(history.layoutAfter(position - 1), shardIds)));
        }
        return out;
    }

    private static Optional<ChunkStatistics> largest(SourceLayout shown) {
        ChunkContents contents = shown.contents();
        if (contents.basis() != ChunkContents.Basis.RECORDED
                && contents.basis() != ChunkContents.Basis.ESTIMATED_DATA_SIZE) {
            return Optional.empty();
        }
        ChunkStatistics best = null;
        for (ChunkStatistics s : contents.perChunk()) {
            if (best == null || s.bytes() > best.bytes()) {
                best = s;
            }
        }
        return Optional.ofNullable(best);
    }

    /** The longest run of consecutive chunks on one shard; the first such run in key order on a tie. */
    static ChunkRun densest(ChunkMap map) {
        List<Chunk> chunks = map.chunks();
        int bestFrom = 0;
        int bestLength = 0;
        int from = 0;
        for (int i = 1; i <= chunks.size(); i++) {
            if (i == chunks.size()
                    || !chunks.get(i).shard().equals(chunks.get(from).shard())) {
                if (i - from > bestLength) {
                    bestFrom = from;
                    bestLength = i - from;
                }
                from = i;
            }
        }
        return new ChunkRun(
                chunks.get(bestFrom).shard(),
                bestLength,
                chunks.get(bestFrom).min(),
                chunks.get(bestFrom + bestLength - 1).max());
    }
}
