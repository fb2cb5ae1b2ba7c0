package io.shardlab.session;

import io.shardlab.key.ShardKey;
import io.shardlab.render.KeyLabelFormat;
import io.shardlab.session.ExplorerFrame.Activity;
import io.shardlab.session.ExplorerFrame.ActivityKind;
import io.shardlab.sim.ClusterEvent;
import io.shardlab.sim.MigrationReason;
import io.shardlab.text.Message;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.List;

/**
 * What happened in a session, as {@link Message}s the Log tab says in the window's language: the cluster's events (migrations, splits,
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
            throw new IllegalArgumentException(
                    "capacity: at least 1, got " + capacity); // untranslated: a developer's contract
        }
        this.capacity = capacity;
    }

    /** Adds one line at simulated time {@code atMillis}. */
    void add(long atMillis, ActivityKind kind, Message line) {
        lines.addLast(new Activity(atMillis, kind, line));
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
                    Message.of(
                            "explorer.log.moved",
                            range(c.migration().min(), c.migration().max()),
                            c.migration().from(),
                            c.migration().to(),
                            reason(c.migration().reason())));
        } else if (event instanceof ClusterEvent.ChunkSplit s) {
            add(
                    s.atMillis(),
                    ActivityKind.SPLIT,
                    Message.of(
                            "explorer.log.split",
                            range(s.min(), s.max()),
                            s.shard(),
                            s.splitPoints().size(),
                            cause(s.cause())));
        } else if (event instanceof ClusterEvent.JumboMarked j) {
            add(
                    j.atMillis(),
                    ActivityKind.JUMBO,
                    Message.of(
                            "explorer.log.jumbo",
                            range(j.chunk().min(), j.chunk().max()),
                            j.chunk().shard()));
        } else if (event instanceof ClusterEvent.ChunksMerged m) {
            add(
                    m.atMillis(),
                    ActivityKind.MERGE,
                    Message.of("explorer.log.merged", m.chunkCount(), range(m.min(), m.max()), m.shard()));
        } else if (event instanceof ClusterEvent.MigrationFailed f) {
            add(
                    f.atMillis(),
                    ActivityKind.FAILURE,
                    Message.of(
                            "explorer.log.migrationFailed",
                            range(f.migration().min(), f.migration().max()),
                            f.error()));
        } else if (event instanceof ClusterEvent.BalancerRound b && b.migrationsStarted() > 0) {
            add(b.atMillis(), ActivityKind.BALANCER, Message.of("explorer.log.balancerRound", b.migrationsStarted()));
        } else if (event instanceof ClusterEvent.Undone u) {
            add(u.atMillis(), ActivityKind.UNDO, Message.of("explorer.log.undid", u.description()));
        }
    }

    /** Why a chunk moved, in the log's words. */
    private static Message reason(MigrationReason reason) {
        return Message.of(
                switch (reason) {
                    case DRAIN -> "explorer.log.reason.drain";
                    case ZONE_VIOLATION -> "explorer.log.reason.zoneViolation";
                    case CHUNKS_IMBALANCE -> "explorer.log.reason.chunksImbalance";
                    case TOP_CHUNK -> "explorer.log.reason.topChunk";
                    case COMMAND -> "explorer.log.reason.command";
                });
    }

    /** What split a chunk, in the log's words. */
    private static Message cause(ClusterEvent.SplitCause cause) {
        return Message.of(
                switch (cause) {
                    case AUTO_SPLIT -> "explorer.log.cause.autoSplit";
                    case COMMAND -> "explorer.log.cause.command";
                    case TOO_BIG_TO_MOVE -> "explorer.log.cause.tooBigToMove";
                    case ZONE_BOUNDARY -> "explorer.log.cause.zoneBoundary";
                    case MOVE_RANGE -> "explorer.log.cause.moveRange";
                    case DEFRAGMENTATION -> "explorer.log.cause.defragmentation";
                });
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
