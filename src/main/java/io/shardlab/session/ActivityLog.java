package io.shardlab.session;

import io.shardlab.key.ShardKey;
import io.shardlab.render.KeyLabelFormat;
import io.shardlab.session.ExplorerFrame.Activity;
import io.shardlab.session.ExplorerFrame.ActivityKind;
import io.shardlab.sim.ClusterEvent;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.List;
import java.util.Locale;

/**
 * What happened in a session, in English, for the Log tab: the cluster's events (migrations, splits,
 * jumbo marks, merges, failed migrations, balancer rounds that moved something, undos) and the lines the
 * session adds itself (commands, refusals, steps). Bounded: the oldest lines go first. Confined to the
 * simulation thread.
 */
final class ActivityLog {

    private final int capacity;
    private final Deque<Activity> lines = new ArrayDeque<>();

    /** @param capacity the most lines kept, at least 1 */
    ActivityLog(int capacity) {
        if (capacity < 1) {
            throw new IllegalArgumentException("capacity: at least 1, got " + capacity);
        }
        this.capacity = capacity;
    }

    /** Adds one line at simulated time {@code atMillis}. */
    void add(long atMillis, ActivityKind kind, String text) {
        lines.addLast(new Activity(atMillis, kind, text));
        while (lines.size() > capacity) {
            lines.removeFirst();
        }
    }

    /** Adds the line {@code event} reads as, if it reads as one (a balancer round that moved nothing does not). */
    void add(ClusterEvent event) {
        if (event instanceof ClusterEvent.MigrationCommitted c) {
            add(
                    c.atMillis(),
                    ActivityKind.MIGRATION,
                    "moved " + range(c.migration().min(), c.migration().max())
                            + " from " + c.migration().from() + " to "
                            + c.migration().to() + " ("
                            + c.migration()
                                    .reason()
                                    .toString()
                                    .toLowerCase(Locale.ROOT)
                                    .replace('_', ' ') + ")");
        } else if (event instanceof ClusterEvent.ChunkSplit s) {
            add(
                    s.atMillis(),
                    ActivityKind.SPLIT,
                    "split " + range(s.min(), s.max()) + " on " + s.shard() + " at "
                            + s.splitPoints().size() + " point"
                            + (s.splitPoints().size() == 1 ? "" : "s") + " ("
                            + s.cause().toString().toLowerCase(Locale.ROOT).replace('_', ' ') + ")");
        } else if (event instanceof ClusterEvent.JumboMarked j) {
            add(
                    j.atMillis(),
                    ActivityKind.JUMBO,
                    "marked " + range(j.chunk().min(), j.chunk().max()) + " on "
                            + j.chunk().shard() + " jumbo");
        } else if (event instanceof ClusterEvent.ChunksMerged m) {
            add(
                    m.atMillis(),
                    ActivityKind.MERGE,
                    "merged " + m.chunkCount() + " chunks into " + range(m.min(), m.max()) + " on " + m.shard());
        } else if (event instanceof ClusterEvent.MigrationFailed f) {
            add(
                    f.atMillis(),
                    ActivityKind.FAILURE,
                    "migration of " + range(f.migration().min(), f.migration().max()) + " failed: " + f.error());
        } else if (event instanceof ClusterEvent.BalancerRound b && b.migrationsStarted() > 0) {
            add(
                    b.atMillis(),
                    ActivityKind.BALANCER,
                    "balancer round started " + b.migrationsStarted() + " migration"
                            + (b.migrationsStarted() == 1 ? "" : "s"));
        } else if (event instanceof ClusterEvent.Undone u) {
            add(u.atMillis(), ActivityKind.UNDO, "undid: " + u.description());
        }
    }

    /** The lines kept, newest first. */
    List<Activity> newestFirst() {
        List<Activity> out = new ArrayList<>(lines);
        Collections.reverse(out);
        return out;
    }

    /** {@code [59170, MaxKey)}: bounds as the number line labels them (render's KeyLabelFormat). */
    private static String range(ShardKey min, ShardKey max) {
        return "[" + LABELS.format(min) + ", " + LABELS.format(max) + ")";
    }

    private static final KeyLabelFormat LABELS = new KeyLabelFormat(24);
}
