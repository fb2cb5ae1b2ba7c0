package io.shardlab.sim;

import io.shardlab.cluster.Chunk;
import io.shardlab.cluster.ChunkMap;
import io.shardlab.cluster.MongoVersion;
import io.shardlab.cluster.ReleaseRules;
import io.shardlab.key.ShardKey;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

/**
 * The balancer's defragmentation of a collection ({@code configureCollectionBalancing
 * {defragmentCollection: true}}, 5.3+), mongo {@code src/mongo/db/s/balancer/
 * balancer_defragmentation_policy.cpp} (5.3 to 7.x: {@code balancer_defragmentation_policy_impl.cpp}):
 * <ol>
 *   <li>{@code mergeAndMeasureChunks}: every run of contiguous chunks on one shard whose zones are equal
 *       ({@code areMergeable}: same shard, same {@code getZoneForRange}, {@code first.max == second.min})
 *       is merged; every chunk left without an estimate is measured ({@code dataSize}). From 7.0 a chunk
 *       over the small-chunk threshold is stored as {@link #BIG_CHUNK_MARKER} ({@code dataSize} with
 *       {@code maxSize}, SERVER-71771).</li>
 *   <li>{@code moveAndMergeChunks}: a chunk is small when its estimate is at most 25 % of the chunk size
 *       ({@code (maxChunkSizeBytes / 100) * kSmallChunkSizeThresholdPctg}). Shards are visited by
 *       decreasing collection size; on a shard not yet used this round, its smallest small chunk that has
 *       a usable neighbour (same zone; a different shard must not be draining; neither in a migration;
 *       the neighbour's shard not used this round) moves to the neighbour's shard, and merges with it once
 *       the migration commits. Of two neighbours the higher {@code _rankMergeableSibling} wins (no move
 *       needed 8, moving the smaller of the two 4, the merge leaves no small chunk 2 or leaves one 1),
 *       a tie goes to the neighbour on the shard with less data; the right neighbour is the first
 *       candidate. Each selection uses its two shards for the round.</li>
 *   <li>{@code mergeChunks}: the merges of phase 1 again.</li>
 *   <li>{@code splitChunks} (5.3 to 6.0.2, while the release auto-splits; skipped from 6.0.3 by
 *       SERVER-65956 and deleted in 7.0 by SERVER-74237): each chunk over the chunk size or without an
 *       estimate is split at {@code autoSplitVector}'s points.</li>
 * </ol>
 * Then the estimates and the collection's flag are cleared ({@code _clearDefragmentationState}).
 *
 * <p>Timing: merges, measurements and splits are the policy's streaming actions, which MongoDB runs as
 * soon as they are ready; ShardLab applies them at once when a balancer round runs or a phase-2
 * migration commits. Migrations take their simulated time. While a collection defragments, the
 * ordinary balancer policy leaves it alone ({@code canBalanceCollection} is false when
 * {@code defragmentCollection} is set, {@code balancer_chunk_selection_policy.cpp}).
 *
 * <p>Not modelled: retries after errors (nothing fails in the simulator), the range-deletion wait
 * ({@code shardsToAvoid}), the 16 MB cap on split points per {@code autoSplitVector} reply. A neighbour
 * on the chunk's own shard (possible after earlier merges) is merged directly, with no migration.
 */
final class Defragmenter {

    /** mongo balancer_defragmentation_policy.cpp {@code kBigChunkMarker}. */
    static final long BIG_CHUNK_MARKER = Long.MAX_VALUE;
    /** mongo balancer_defragmentation_policy.h {@code kSmallChunkSizeThresholdPctg}. */
    static final long SMALL_CHUNK_PERCENT = 25;

    private Defragmenter() {}

    /** The small-chunk threshold in bytes: {@code (maxChunkSizeBytes / 100) * 25}. */
    static long smallChunkThreshold(ClusterState state) {
        return (state.maxChunkSizeBytes() / 100) * SMALL_CHUNK_PERCENT;
    }

    /**
     * Runs what the defragmentation can do now: the streaming actions and phase changes, and in phase 2
     * the migrations on shards not in {@code busy}.
     *
     * @return migrations started
     */
    static int round(ClusterState state, Set<String> busy) {
        int started = 0;
        while (state.defragmentation() != null) {
            Defragmentation d = state.defragmentation();
            switch (d.phase()) {
                case MERGE_AND_MEASURE_CHUNKS -> {
                    mergeRuns(state);
                    measure(state);
                    Map<String, Long> sizes = new TreeMap<>();
                    state.dataByShard().forEach((shard, t) -> sizes.put(shard, t[1]));
                    state.setDefragmentation(state.defragmentation().withShardSizes(sizes));
                    enter(state, DefragmentationPhase.MOVE_AND_MERGE_CHUNKS);
                }
                case MOVE_AND_MERGE_CHUNKS -> {
                    started += startMoves(state, busy);
                    if (started > 0
                            || !state.defragmentation().pendingMerges().isEmpty()
                            || smallChunksLeft(state) > 0) {
                        return started;
                    }
                    enter(state, DefragmentationPhase.MERGE_CHUNKS);
                }
                case MERGE_CHUNKS -> {
                    mergeRuns(state);
                    if (splitPhase(state.policies().rules())) {
                        enter(state, DefragmentationPhase.SPLIT_CHUNKS);
                    } else {
                        finish(state);
                    }
                }
                case SPLIT_CHUNKS -> {
                    splitBigChunks(state);
                    finish(state);
                }
            }
        }
        return started;
    }

    /** Whether the release still has the split phase: it auto-splits (5.3 to 6.0.2). */
    static boolean splitPhase(ReleaseRules rules) {
        return rules.autoSplit() != ReleaseRules.AutoSplit.NONE;
    }

    /** A phase-2 migration committed: the moved chunk merges with the neighbour it was moved to. */
    static void migrationCommitted(ClusterState state, Migration m) {
        Defragmentation d = state.defragmentation();
        if (d == null || !d.pendingMerges().containsKey(m.id())) {
            return;
        }
        ShardKey neighbourMin = d.pendingMerges().get(m.id());
        Map<Long, ShardKey> pending = new TreeMap<>(d.pendingMerges());
        pending.remove(m.id());
        state.setDefragmentation(d.withPendingMerges(pending));
        int moved = state.indexOfChunkWithMin(m.min());
        int neighbour = state.indexOfChunkWithMin(neighbourMin);
        if (moved < 0
                || neighbour < 0
                || Math.abs(moved - neighbour) != 1
                || !state.chunks()
                        .get(moved)
                        .shard()
                        .equals(state.chunks().get(neighbour).shard())) {
            return;
        }
        long movedBytes = estimate(state, moved);
        Map<String, Long> sizes = new TreeMap<>(state.defragmentation().shardSizes());
        sizes.merge(m.from(), -movedBytes, Long::sum);
        sizes.merge(m.to(), movedBytes, Long::sum);
        state.setDefragmentation(state.defragmentation().withShardSizes(sizes));
        mergePair(state, Math.min(moved, neighbour));
    }

    /** What {@code balancerCollectionStatus} reports while the collection defragments. */
    static DefragmentationProgress progress(ClusterState state) {
        Defragmentation d = state.defragmentation();
        long remaining = switch (d.phase()) {
            // MergeAndMeasureChunksPhase::reportProgress: ranges to merge + ranges without a size
            case MERGE_AND_MEASURE_CHUNKS -> mergeableRuns(state).size() + unmeasuredSingles(state);
            // MoveAndMergeChunksPhase::reportProgress: the small chunks still listed
            case MOVE_AND_MERGE_CHUNKS ->
                smallChunksLeft(state) + d.pendingMerges().size();
            // MergeChunksPhase::reportProgress: ranges to merge
            case MERGE_CHUNKS -> mergeableRuns(state).size();
            // SplitChunksPhase::reportProgress: ranges to find split points in
            case SPLIT_CHUNKS -> splitCandidates(state).size();
        };
        return new DefragmentationProgress(d.phase(), remaining);
    }

    // ---- phases 1 and 3 ---------------------------------------------------------------------------

    private static void enter(ClusterState state, DefragmentationPhase phase) {
        state.setDefragmentation(state.defragmentation().withPhase(phase));
        state.emit(new ClusterEvent.MetadataChanged(
                state.clock(),
                "defragmentation of " + state.collection().namespace() + ": phase " + phase.mongoName()));
    }

    private static void finish(ClusterState state) {
        state.setDefragmentation(null);
        state.emit(new ClusterEvent.MetadataChanged(
                state.clock(), "defragmentation of " + state.collection().namespace() + " finished"));
    }

    /** mongo {@code areMergeable}, with chunks in a migration left alone. */
    private static boolean areMergeable(ClusterState state, int left) {
        Chunk a = state.chunks().get(left);
        Chunk b = state.chunks().get(left + 1);
        return a.shard().equals(b.shard())
                && state.zoneOf(a).equals(state.zoneOf(b))
                && a.max().equals(b.min())
                && !state.isMigrating(left)
                && !state.isMigrating(left + 1);
    }

    /** Runs {@code [from, to)} of two or more mergeable chunks, in key order. */
    private static List<int[]> mergeableRuns(ClusterState state) {
        List<int[]> runs = new ArrayList<>();
        int n = state.chunks().size();
        int start = 0;
        for (int i = 0; i < n; i++) {
            if (i == n - 1 || !areMergeable(state, i)) {
                if (i - start >= 1) {
                    runs.add(new int[] {start, i + 1});
                }
                start = i + 1;
            }
        }
        return runs;
    }

    private static long unmeasuredSingles(ClusterState state) {
        Set<Integer> inRuns = new HashSet<>();
        for (int[] r : mergeableRuns(state)) {
            for (int i = r[0]; i < r[1]; i++) {
                inRuns.add(i);
            }
        }
        long count = 0;
        for (int i = 0; i < state.chunks().size(); i++) {
            if (!inRuns.contains(i)
                    && !state.defragmentation()
                            .estimatedSizeBytes()
                            .containsKey(state.chunks().get(i).min())) {
                count++;
            }
        }
        return count;
    }

    private static void mergeRuns(ClusterState state) {
        List<int[]> runs = mergeableRuns(state);
        Map<ShardKey, Long> estimates = new TreeMap<>(state.defragmentation().estimatedSizeBytes());
        for (int r = runs.size() - 1; r >= 0; r--) {
            int from = runs.get(r)[0];
            int to = runs.get(r)[1];
            long since = 0;
            for (int i = from; i < to; i++) {
                estimates.remove(state.chunks().get(i).min());
                since = Math.max(since, state.documentsOf(i).onShardSinceMillis());
            }
            state.merge(from, to, ClusterEvent.MergeCause.DEFRAGMENTATION, since);
        }
        state.setDefragmentation(state.defragmentation().withEstimates(estimates));
    }

    /** {@code dataSize} of every chunk without an estimate (capped at the threshold from 7.0). */
    private static void measure(ClusterState state) {
        Map<ShardKey, Long> estimates = new TreeMap<>(state.defragmentation().estimatedSizeBytes());
        boolean capped = state.config().version().atLeast(MongoVersion.V7_0);
        long threshold = smallChunkThreshold(state);
        for (int i = 0; i < state.chunks().size(); i++) {
            ShardKey min = state.chunks().get(i).min();
            if (!estimates.containsKey(min)) {
                long bytes = state.documentsOf(i).totalBytes();
                estimates.put(min, capped && bytes > threshold ? BIG_CHUNK_MARKER : bytes);
            }
        }
        state.setDefragmentation(state.defragmentation().withEstimates(estimates));
    }

    private static long estimate(ClusterState state, int index) {
        Long e = state.defragmentation()
                .estimatedSizeBytes()
                .get(state.chunks().get(index).min());
        return e != null ? e : state.documentsOf(index).totalBytes();
    }

    // ---- phase 2 ----------------------------------------------------------------------------------

    /** A small chunk and the neighbours it may merge with now. */
    private record SmallChunk(int index, List<Integer> neighbours) {}

    private static int startMoves(ClusterState state, Set<String> busy) {
        Set<String> available = new HashSet<>(state.shards().keySet());
        available.removeAll(busy);
        int started = 0;
        boolean found = true;
        while (found) {
            found = false;
            for (String shard : processingOrder(state)) {
                if (!available.contains(shard)) {
                    continue;
                }
                Optional<SmallChunk> next = nextSmallChunk(state, shard, available, true);
                if (next.isEmpty()) {
                    continue;
                }
                int index = next.get().index();
                int target = chooseNeighbour(state, index, next.get().neighbours());
                Chunk chunk = state.chunks().get(index);
                Chunk neighbour = state.chunks().get(target);
                available.remove(chunk.shard());
                available.remove(neighbour.shard());
                if (neighbour.shard().equals(chunk.shard())) {
                    mergePair(state, Math.min(index, target));
                } else {
                    // the policy's MigrateInfo names the whole chunk; 5.3 gives it the chunksImbalance reason
                    Migration m = state.startMigration(
                            index, chunk.max(), neighbour.shard(), MigrationReason.CHUNKS_IMBALANCE);
                    Map<Long, ShardKey> pending =
                            new TreeMap<>(state.defragmentation().pendingMerges());
                    pending.put(m.id(), neighbour.min());
                    state.setDefragmentation(state.defragmentation().withPendingMerges(pending));
                    started++;
                }
                found = true;
                break;
            }
        }
        return started;
    }

    /** Shards by decreasing collection size (phase 2's view), ties by shard id. */
    private static List<String> processingOrder(ClusterState state) {
        Map<String, Long> sizes = state.defragmentation().shardSizes();
        List<String> order = new ArrayList<>(state.shards().keySet());
        order.sort(Comparator.comparing((String s) -> sizes.getOrDefault(s, 0L))
                .reversed()
                .thenComparing(Comparator.naturalOrder()));
        return order;
    }

    /**
     * {@code _findNextSmallChunkInShard}: the shard's small chunks by increasing estimate (key order on
     * ties); the first with a neighbour usable now. {@code now} false: any neighbour allowed by zone and
     * draining, whatever is busy (whether the phase still has work).
     */
    private static Optional<SmallChunk> nextSmallChunk(
            ClusterState state, String shard, Set<String> available, boolean now) {
        long threshold = smallChunkThreshold(state);
        List<Integer> small = new ArrayList<>();
        for (int i = 0; i < state.chunks().size(); i++) {
            if (state.chunks().get(i).shard().equals(shard) && estimate(state, i) <= threshold) {
                small.add(i);
            }
        }
        small.sort(Comparator.comparingLong((Integer i) -> estimate(state, i)));
        for (int i : small) {
            if (now && state.isMigrating(i)) {
                continue;
            }
            List<Integer> usable = new ArrayList<>();
            for (int n : siblings(state, i)) {
                if (!now
                        || (!state.isMigrating(n)
                                && available.contains(state.chunks().get(n).shard()))) {
                    usable.add(n);
                }
            }
            if (!usable.isEmpty()) {
                return Optional.of(new SmallChunk(i, usable));
            }
        }
        return Optional.empty();
    }

    /** {@code _getChunkSiblings}: right then left neighbour, same zone, a different shard not draining. */
    private static List<Integer> siblings(ClusterState state, int index) {
        ChunkMap chunks = state.chunks();
        Chunk c = chunks.get(index);
        List<Integer> out = new ArrayList<>();
        for (int n : new int[] {index + 1, index - 1}) {
            if (n < 0 || n >= chunks.size()) {
                continue;
            }
            Chunk s = chunks.get(n);
            boolean sameZone = state.zoneOf(c).equals(state.zoneOf(s));
            boolean destinationAvailable = s.shard().equals(c.shard())
                    || !state.shards().get(s.shard()).draining();
            if (sameZone && destinationAvailable) {
                out.add(n);
            }
        }
        return out;
    }

    /** Small chunks that still have a neighbour allowed by zone and draining. */
    private static long smallChunksLeft(ClusterState state) {
        long threshold = smallChunkThreshold(state);
        long count = 0;
        for (int i = 0; i < state.chunks().size(); i++) {
            if (estimate(state, i) <= threshold && !siblings(state, i).isEmpty()) {
                count++;
            }
        }
        return count;
    }

    private static int chooseNeighbour(ClusterState state, int index, List<Integer> neighbours) {
        int target = neighbours.get(0);
        int challenger = neighbours.get(neighbours.size() - 1);
        if (challenger != target) {
            long targetScore = rank(state, index, target);
            long challengerScore = rank(state, index, challenger);
            Map<String, Long> sizes = state.defragmentation().shardSizes();
            long challengerShard =
                    sizes.getOrDefault(state.chunks().get(challenger).shard(), 0L);
            long targetShard = sizes.getOrDefault(state.chunks().get(target).shard(), 0L);
            if (challengerScore > targetScore || (challengerScore == targetScore && challengerShard < targetShard)) {
                target = challenger;
            }
        }
        return target;
    }

    /** {@code _rankMergeableSibling} (8.0 weights; 5.3's are these doubled, the same order). */
    private static long rank(ClusterState state, int chunk, int sibling) {
        long threshold = smallChunkThreshold(state);
        long chunkSize = estimate(state, chunk);
        long siblingSize = estimate(state, sibling);
        long ranking = 0;
        if (state.chunks().get(chunk).shard().equals(state.chunks().get(sibling).shard())) {
            ranking += 8;
        } else if (chunkSize < siblingSize) {
            ranking += 4;
        }
        long merged = chunkSize == BIG_CHUNK_MARKER || siblingSize == BIG_CHUNK_MARKER
                ? BIG_CHUNK_MARKER
                : chunkSize + siblingSize;
        if (merged > threshold) {
            ranking += siblingSize < threshold ? 2 : 1;
        }
        return ranking;
    }

    /** Merges chunks {@code left} and {@code left + 1}; the merged chunk's estimate is their sum. */
    private static void mergePair(ClusterState state, int left) {
        long a = estimate(state, left);
        long b = estimate(state, left + 1);
        ShardKey min = state.chunks().get(left).min();
        ShardKey upperMin = state.chunks().get(left + 1).min();
        long since = Math.max(
                state.documentsOf(left).onShardSinceMillis(),
                state.documentsOf(left + 1).onShardSinceMillis());
        state.merge(left, left + 2, ClusterEvent.MergeCause.DEFRAGMENTATION, since);
        Map<ShardKey, Long> estimates = new TreeMap<>(state.defragmentation().estimatedSizeBytes());
        estimates.remove(upperMin);
        estimates.put(min, a == BIG_CHUNK_MARKER || b == BIG_CHUNK_MARKER ? BIG_CHUNK_MARKER : a + b);
        state.setDefragmentation(state.defragmentation().withEstimates(estimates));
    }

    // ---- split phase (5.3 to 6.0.2) ----------------------------------------------------------------

    private static List<Integer> splitCandidates(ClusterState state) {
        List<Integer> out = new ArrayList<>();
        for (int i = 0; i < state.chunks().size(); i++) {
            Long e = state.defragmentation()
                    .estimatedSizeBytes()
                    .get(state.chunks().get(i).min());
            if (e == null || e > state.maxChunkSizeBytes()) {
                out.add(i);
            }
        }
        return out;
    }

    private static void splitBigChunks(ClusterState state) {
        List<Integer> candidates = splitCandidates(state);
        for (int c = candidates.size() - 1; c >= 0; c--) {
            int index = candidates.get(c);
            if (state.isMigrating(index)) {
                continue;
            }
            Optional<List<ShardKey>> points = new AutoSplitVector().pointsOf(state, index, 0, "the defragmentation");
            if (points.isPresent()
                    && !points.get().isEmpty()
                    && CommandSupport.unstorableSplitPoint(state.key(), points.get())
                            .isEmpty()) {
                // (commitChunkSplit refuses a point it may not store, a regular expression)
                state.split(index, points.get(), ClusterEvent.SplitCause.DEFRAGMENTATION);
            }
        }
    }
}
