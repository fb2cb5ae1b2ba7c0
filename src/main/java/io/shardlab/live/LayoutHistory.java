package io.shardlab.live;

import io.shardlab.cluster.Chunk;
import io.shardlab.cluster.ChunkMap;
import io.shardlab.cluster.ChunkVersion;
import io.shardlab.key.ShardKey;
import io.shardlab.text.Message;
import io.shardlab.text.RefusedInput;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.TreeSet;

/**
 * How one collection's layout got to where it is: the current chunk map rewound through its
 * config.changelog entries (split, multi-split, moveChunk.commit, merge), newest first, so a time
 * slider can show the layout after any recorded change, or at any chosen time.
 *
 * <p>Undoing a change:
 * <ul>
 *   <li>a split puts back one chunk over the split range, with the logged {@code before.lastmod}
 *       (which MongoDB records as the collection version of the time);</li>
 *   <li>a migration gives the moved range back to the donor;</li>
 *   <li>a merge cuts the merged chunk at the bounds the entry lists (4.4/5.0 shape) or, when it
 *       only names the range (7.0 shape), at the bounds older changes had created inside it, checked
 *       against the logged {@code numChunks}.</li>
 * </ul>
 * A step that does not fit the layout of its time (the changelog is capped, so old entries are
 * gone; a 6.0+ {@code moveRange} carves ranges without a separate entry) is still taken as far as
 * it fits and is marked inexact with a note. Chunk versions not recorded by the changelog keep the
 * newer version the rewind knows.
 *
 * <p>Immutable once built. Layouts between checkpoints are recomputed on demand, so a long history
 * of a large collection does not hold a full copy of the map per step.
 */
public final class LayoutHistory {

    /** At most about this many chunk references are kept in checkpoints. */
    private static final long CHECKPOINT_BUDGET = 4_000_000L;

    private final List<ChunkChange> changes;
    private final List<HistoryStep> steps;
    private final ChunkMap[] checkpoints;
    private final int every;

    /**
     * One recorded change and how well it could be undone.
     *
     * @param change the change
     * @param exact whether undoing it fit the layout of its time exactly
     * @param note why it was not exact, or {@code ""}
     */
    public record HistoryStep(ChunkChange change, boolean exact, Optional<Message> note) {}

    private LayoutHistory(List<ChunkChange> changes, ChunkMap current) {
        this.changes = changes;
        int n = changes.size();
        this.every = (int) Math.max(16, (long) n * current.size() / CHECKPOINT_BUDGET + 1);
        // checkpoints[k] is the layout after k * every changes; the last slot is the current layout.
        this.checkpoints = new ChunkMap[n / every + 2];
        this.checkpoints[checkpoints.length - 1] = current;
        HistoryStep[] result = new HistoryStep[n];
        ChunkMap state = current;
        for (int i = n - 1; i >= 0; i--) {
            Undo undo = undo(i, state);
            result[i] = new HistoryStep(changes.get(i), undo.note.isEmpty(), undo.note);
            state = undo.map;
            if (i % every == 0) {
                checkpoints[i / every] = state;
            }
        }
        if (n == 0) {
            checkpoints[0] = current;
        }
        this.steps = List.of(result);
    }

    /**
     * Rewinds {@code current} through {@code changes} (one collection's; any order).
     */
    public static LayoutHistory rewind(ChunkMap current, List<ChunkChange> changes) {
        List<ChunkChange> sorted =
                changes.stream().sorted(Comparator.comparing(ChunkChange::time)).toList();
        return new LayoutHistory(sorted, current);
    }

    /** The recorded changes, oldest first, with how exactly each was undone. */
    public List<HistoryStep> steps() {
        return steps;
    }

    /** Number of recorded changes. */
    public int size() {
        return changes.size();
    }

    /** The layout now. */
    public ChunkMap current() {
        return layoutAfter(changes.size() - 1);
    }

    /** The layout before the oldest recorded change. */
    public ChunkMap earliest() {
        return layoutAfter(-1);
    }

    /**
     * The layout right after change {@code index} (oldest is 0); {@code -1} is the layout before
     * every recorded change, {@code size() - 1} the current one.
     */
    public ChunkMap layoutAfter(int index) {
        if (index < -1 || index >= changes.size()) {
            throw new IllegalArgumentException(String.format(
                    "index: must be in [-1, %s], got %s", // untranslated: a developer's contract
                    changes.size() - 1, index));
        }
        int applied = index + 1;
        int checkpoint = (applied + every - 1) / every * every;
        ChunkMap state;
        if (checkpoint >= changes.size()) {
            checkpoint = changes.size();
            state = checkpoints[checkpoints.length - 1];
        } else {
            state = checkpoints[checkpoint / every];
        }
        for (int i = checkpoint - 1; i >= applied; i--) {
            state = undo(i, state).map;
        }
        return state;
    }

    /** The layout at {@code time}: after every change logged at or before it. */
    public ChunkMap layoutAt(Instant time) {
        int index = -1;
        for (int i = 0; i < changes.size(); i++) {
            if (!changes.get(i).time().isAfter(time)) {
                index = i;
            }
        }
        return layoutAfter(index);
    }

    /** @param note why the undo is not exact ({@code live.history.*}), empty when it is */
    private record Undo(ChunkMap map, Optional<Message> note) {

        Undo(ChunkMap map, Message note) {
            this(map, Optional.of(note));
        }

        /**
         * {@code after} left as it is: the change's range [{@code min}, {@code max}) is not in it as the change left
         * it; {@code key}'s note names the range.
         */
        static Undo rangeNotFound(ChunkMap after, String key, ShardKey min, ShardKey max) {
            return new Undo(after, Message.of(key, min.toString(), max.toString()));
        }
    }

    /** The layout before change {@code i}, given the layout after it. */
    private Undo undo(int i, ChunkMap after) {
        ChunkChange change = changes.get(i);
        if (after.arity() != arityOf(change)) {
            return new Undo(after, Message.of("live.history.otherArity"));
        }
        if (change instanceof ChunkSplit split) {
            return undoSplit(split, after);
        }
        if (change instanceof ChunkMigration move) {
            return undoMigration(move, after);
        }
        return undoMerge((ChunkMerge) change, i, after);
    }

    private static int arityOf(ChunkChange change) {
        if (change instanceof ChunkSplit s) {
            return s.min().arity();
        }
        if (change instanceof ChunkMigration m) {
            return m.min().arity();
        }
        return ((ChunkMerge) change).min().arity();
    }

    private static Undo undoSplit(ChunkSplit split, ChunkMap after) {
        int from = boundary(after, split.min());
        int to = boundary(after, split.max());
        if (from < 0 || to < 0 || to - from < 1) {
            return Undo.rangeNotFound(after, "live.history.splitNotWhole", split.min(), split.max());
        }
        String shard = after.get(from).shard();
        Optional<Message> note = Optional.empty();
        for (int k = from; k < to; k++) {
            if (!after.get(k).shard().equals(shard)) {
                note = Optional.of(Message.of("live.history.splitShards"));
            }
        }
        if (note.isEmpty() && split.pieces() > 0 && to - from != split.pieces()) {
            note = Optional.of(Message.of("live.history.splitPieces", split.pieces(), to - from));
        }
        ChunkVersion version = split.beforeVersion() != null ? split.beforeVersion() : maxVersion(after, from, to);
        Chunk merged = new Chunk(split.min(), split.max(), shard, false, version);
        return new Undo(after.replace(from, to, new Chunk[] {merged}), note);
    }

    private static Undo undoMigration(ChunkMigration move, ChunkMap after) {
        int from = boundary(after, move.min());
        int to = boundary(after, move.max());
        if (from < 0 || to < 0 || to - from < 1) {
            return Undo.rangeNotFound(after, "live.history.moveNotWhole", move.min(), move.max());
        }
        Optional<Message> note = Optional.empty();
        Chunk[] back = new Chunk[to - from];
        for (int k = from; k < to; k++) {
            Chunk c = after.get(k);
            if (!c.shard().equals(move.to())) {
                note = Optional.of(Message.of("live.history.moveElsewhere", c.shard(), move.to()));
            }
            back[k - from] = new Chunk(c.min(), c.max(), move.from(), c.jumbo(), c.version());
        }
        return new Undo(after.replace(from, to, back), note);
    }

    private Undo undoMerge(ChunkMerge merge, int index, ChunkMap after) {
        int at = boundary(after, merge.min());
        if (at < 0 || at >= after.size() || !after.get(at).max().equals(merge.max())) {
            return Undo.rangeNotFound(after, "live.history.mergeNotOne", merge.min(), merge.max());
        }
        Chunk merged = after.get(at);
        List<ShardKey> inner = merge.innerBounds();
        Optional<Message> note = Optional.empty();
        if (inner == null) {
            inner = boundsBefore(index, merge.min(), merge.max());
            if (inner.isEmpty()) {
                return new Undo(after, Message.of("live.history.mergeUnknown"));
            }
            if (merge.chunks() > 0 && inner.size() + 1 != merge.chunks()) {
                note = Optional.of(Message.of("live.history.mergeCount", merge.chunks(), inner.size() + 1));
            }
        }
        String shard = merge.shard() != null ? merge.shard() : merged.shard();
        Chunk[] pieces = new Chunk[inner.size() + 1];
        ShardKey lower = merge.min();
        for (int k = 0; k <= inner.size(); k++) {
            ShardKey upper = k < inner.size() ? inner.get(k) : merge.max();
            pieces[k] = new Chunk(lower, upper, shard, false, merged.version());
            lower = upper;
        }
        return new Undo(after.replace(at, at + 1, pieces), note);
    }

    /**
     * The chunk bounds strictly inside {@code (min, max)} right before change {@code index}, as
     * the older changes created and removed them, oldest first.
     */
    private List<ShardKey> boundsBefore(int index, ShardKey min, ShardKey max) {
        TreeSet<ShardKey> bounds = new TreeSet<>();
        for (int i = 0; i < index; i++) {
            ChunkChange c = changes.get(i);
            if (c instanceof ChunkSplit s) {
                addInside(bounds, min, max, s.min(), s.max());
                s.splitPoints().forEach(p -> addInside(bounds, min, max, p));
            } else if (c instanceof ChunkMigration m) {
                addInside(bounds, min, max, m.min(), m.max());
            } else if (c instanceof ChunkMerge m) {
                bounds.removeIf(b -> b.compareTo(m.min()) > 0 && b.compareTo(m.max()) < 0);
                addInside(bounds, min, max, m.min(), m.max());
            }
        }
        return new ArrayList<>(bounds);
    }

    private static void addInside(TreeSet<ShardKey> bounds, ShardKey min, ShardKey max, ShardKey... keys) {
        for (ShardKey k : keys) {
            if (k.compareTo(min) > 0 && k.compareTo(max) < 0) {
                bounds.add(k);
            }
        }
    }

    /** The index of the chunk whose min is {@code key}; {@code size()} for the global max; -1 if none. */
    private static int boundary(ChunkMap map, ShardKey key) {
        if (key.isGlobalMax()) {
            return map.size();
        }
        int i = map.indexOf(key);
        return map.get(i).min().equals(key) ? i : -1;
    }

    private static ChunkVersion maxVersion(ChunkMap map, int from, int to) {
        ChunkVersion max = map.get(from).version();
        for (int k = from + 1; k < to; k++) {
            if (map.get(k).version().compareTo(max) > 0) {
                max = map.get(k).version();
            }
        }
        return max;
    }

    /**
     * The metadata narrowed to one collection, its layout rewound to {@code moment} by undoing every chunk
     * change after it, with a note of what was undone (the CLI's {@code --at}; the GUI steps through the same
     * rewind by position, {@link #layoutAfter}).
     *
     * @param namespace the collection, or null for the only sharded one
     * @throws IllegalArgumentException with one line when the layout is broken or the source does not hold the
     *     collection's whole changelog
     */
    public static ClusterMetadata rewound(ClusterMetadata metadata, String namespace, Instant moment) {
        CollectionLayout layout = metadata.layout(namespace);
        if (layout.map() == null) {
            throw new RefusedInput(Message.of(
                    "live.history.brokenNow",
                    layout.namespace(),
                    layout.problems().get(0).said()));
        }
        if (!metadata.changelogComplete()) {
            throw new RefusedInput(
                    Message.of("live.history.changelogIncomplete", metadata.source(), layout.namespace()));
        }
        LayoutHistory history = LayoutHistory.rewind(layout.map(), metadata.changes(layout.namespace()));
        ChunkMap then = history.layoutAt(moment);
        List<ChunkChange> undone = metadata.changes(layout.namespace()).stream()
                .filter(c -> c.time().isAfter(moment))
                .toList();
        long entries = undone.stream().mapToLong(ChunkChange::changelogEntries).sum();
        long inexact = history.steps().stream()
                .filter(s -> !s.exact() && s.change().time().isAfter(moment))
                .count();
        List<Message> notes = new ArrayList<>(metadata.notes());
        notes.add(
                inexact > 0
                        ? Message.of(
                                "live.note.rewoundInexact",
                                layout.namespace(),
                                moment.toString(),
                                undone.size(),
                                entries,
                                inexact)
                        : Message.of(
                                "live.note.rewound", layout.namespace(), moment.toString(), undone.size(), entries));
        if (!metadata.changes(layout.namespace()).isEmpty()
                && moment.isBefore(metadata.changes(layout.namespace()).get(0).time())) {
            notes.add(Message.of(
                    "live.note.changelogStarts",
                    layout.namespace(),
                    metadata.changes(layout.namespace()).get(0).time().toString()));
        }
        CollectionLayout rewound = layout.at(then);
        return new ClusterMetadata(
                metadata.source(),
                moment,
                metadata.server(),
                metadata.shards(),
                metadata.databases(),
                metadata.balancer(),
                List.of(rewound),
                metadata.changes(layout.namespace()).stream()
                        .filter(c -> !c.time().isAfter(moment))
                        .toList(),
                metadata.changelogComplete(),
                notes,
                metadata.problems(),
                metadata.release(),
                metadata.unsharded());
    }
}
