package io.shardlab.render;

import io.shardlab.cluster.Shard;
import io.shardlab.text.Message;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;

/**
 * One shard's row in the lanes: its chunks, data and writes in the current window, and whether it is the hot
 * shard.
 *
 * <p>Hot shard rule (a ShardLab display rule, not a MongoDB one): with N ≥ 2 shards and at least one write
 * in the window, the shard with the most writes is hot when its share of the window's writes is at least
 * {@code min(2 / N, 0.75)}, i.e. twice its even share, or three quarters of all writes when N is 2. A
 * monotonically increasing shard key, which sends every insert to the chunk holding MaxKey, makes that
 * chunk's shard hot.
 *
 * @param shardIndex the shard's index in the number line model (its colour is {@link NumberLineModel#colorOf} of it)
 * @param shard the shard id
 * @param chunks chunks the shard owns
 * @param jumboChunks jumbo chunks among them
 * @param documents documents in its chunks, when sizes are known
 * @param bytes bytes in its chunks, when sizes are known
 * @param writes writes it received in the window, when a write series is given
 * @param hot whether it is the hot shard
 * @param draining whether the shard is draining ({@code removeShard} is moving its chunks off; config.shards
 *     {@code draining: true})
 * @param drainLeft for a draining shard, what is left of its drain when known ({@code 3 chunks · 2 collections
 *     left}); empty otherwise
 */
public record ShardSummary(
        int shardIndex,
        String shard,
        int chunks,
        int jumboChunks,
        OptionalLong documents,
        OptionalLong bytes,
        OptionalLong writes,
        boolean hot,
        boolean draining,
        Optional<Message> drainLeft) {

    /** Share of writes at or above which the busiest of N ≥ 2 shards is hot: {@code min(2 / N, 0.75)}. */
    public static double hotThreshold(int shards) {
        return Math.min(2.0 / shards, 0.75);
    }

    /**
     * The rows for every shard of the model, in shard index order.
     *
     * @param sizes per-chunk sizes, if known
     * @param writes the write series, if any
     * @param window the window whose writes are shown (usually the last), ignored without a series
     */
    public static List<ShardSummary> of(
            NumberLineModel model, Optional<ChunkSizes> sizes, Optional<WriteSeries> writes, int window) {
        return of(model, sizes, writes, window, Map.of());
    }

    /**
     * As {@link #of(NumberLineModel, Optional, Optional, int)}, each draining shard's row with what is left of its
     * drain.
     *
     * @param drainsLeft per draining shard id, what is left of its drain; ignored for shards not draining
     */
    public static List<ShardSummary> of(
            NumberLineModel model,
            Optional<ChunkSizes> sizes,
            Optional<WriteSeries> writes,
            int window,
            Map<String, Message> drainsLeft) {
        int shardCount = model.shards().size();
        int[] chunks = new int[shardCount];
        int[] jumbo = new int[shardCount];
        long[] docs = new long[shardCount];
        long[] bytes = new long[shardCount];
        for (int i = 0; i < model.chunkCount(); i++) {
            int s = model.shardOf(i);
            chunks[s]++;
            if (model.jumbo(i)) {
                jumbo[s]++;
            }
            if (sizes.isPresent()) {
                docs[s] += sizes.get().documents(i);
                bytes[s] += sizes.get().bytes(i);
            }
        }
        long[] w = new long[shardCount];
        long total = 0;
        int busiest = -1;
        if (writes.isPresent()) {
            WriteSeries series = writes.get();
            if (window < 0 || window >= series.windows()) {
                throw new IllegalArgumentException(String.format(
                        "window: expected 0..%s, got %s", // untranslated: a developer's contract
                        series.windows() - 1, window));
            }
            for (int s = 0; s < shardCount; s++) {
                w[s] = series.writesOf(model.shards().get(s), window);
                total += w[s];
                if (busiest < 0 || w[s] > w[busiest]) {
                    busiest = s;
                }
            }
        }
        boolean anyHot = shardCount >= 2 && total > 0 && (double) w[busiest] / total >= hotThreshold(shardCount);
        Set<String> draining = new HashSet<>();
        model.snapshot().shards().stream().filter(Shard::draining).forEach(sh -> draining.add(sh.id()));
        List<ShardSummary> rows = new ArrayList<>(shardCount);
        for (int s = 0; s < shardCount; s++) {
            rows.add(new ShardSummary(
                    s,
                    model.shards().get(s),
                    chunks[s],
                    jumbo[s],
                    sizes.isPresent() ? OptionalLong.of(docs[s]) : OptionalLong.empty(),
                    sizes.isPresent() ? OptionalLong.of(bytes[s]) : OptionalLong.empty(),
                    writes.isPresent() ? OptionalLong.of(w[s]) : OptionalLong.empty(),
                    anyHot && s == busiest,
                    draining.contains(model.shards().get(s)),
                    draining.contains(model.shards().get(s))
                            ? Optional.ofNullable(drainsLeft.get(model.shards().get(s)))
                            : Optional.empty()));
        }
        return List.copyOf(rows);
    }
}
