package io.shardlab.session;

import io.shardlab.cluster.Chunk;
import io.shardlab.cluster.ChunkMap;
import io.shardlab.key.ShardKey;
import io.shardlab.mongos.ConfigDatabase;
import io.shardlab.session.ExplorerFrame.ChunkMove;
import io.shardlab.session.ExplorerFrame.SplitMark;
import io.shardlab.session.ExplorerFrame.StreamProgress;
import io.shardlab.session.ExplorerFrame.UndoState;
import io.shardlab.sim.ClusterCommand;
import io.shardlab.sim.SimulationSnapshot;
import io.shardlab.workload.Query;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Puts one {@link ExplorerSession}'s state together as an immutable {@link ExplorerFrame}: numbers the frames,
 * copies the recent marks, moves, splits and activity, orders the per-shard writes as the cluster's shards are
 * now, states undo and redo from the session's {@link UndoTimeline}, targets the filter on the collection's key
 * now, and measures the routing table again only when the chunks or the document count changed. It reads the
 * session's parts, never changes them; confined to the session's thread like them.
 */
final class FrameAssembler {

    private final ResolvedScenario scenario;
    private final UndoTimeline timeline;
    private final WindowedCounts writes;
    /** The session's row of {@link #writes} per shard id; it gains a row when a shard is added. */
    private final Map<String, Integer> shardRow;

    private final WindowedCounts heat;
    private final List<ShardKey> heatBounds;
    private final InsertMarkRing marks;
    private final Deque<ChunkMove> moves;
    private final Deque<SplitMark> splits;
    private final ActivityLog activity;
    private final FilterTargeting targeting;
    private final List<Query> sampleQueries;

    private long sequence;
    private ChunkMap routingChunks;
    private long routingDocuments = -1;
    private ConfigDatabase.MetadataSize routing;
    /** Each chunk's config.chunks document size, measured once per chunk (ConfigDatabase.metadataSize). */
    private final Map<Chunk, Long> routingDocumentSizes = new HashMap<>();

    FrameAssembler(
            ResolvedScenario scenario,
            UndoTimeline timeline,
            WindowedCounts writes,
            Map<String, Integer> shardRow,
            WindowedCounts heat,
            List<ShardKey> heatBounds,
            InsertMarkRing marks,
            Deque<ChunkMove> moves,
            Deque<SplitMark> splits,
            ActivityLog activity,
            FilterTargeting targeting,
            List<Query> sampleQueries) {
        this.scenario = scenario;
        this.timeline = timeline;
        this.writes = writes;
        this.shardRow = shardRow;
        this.heat = heat;
        this.heatBounds = heatBounds;
        this.marks = marks;
        this.moves = moves;
        this.splits = splits;
        this.activity = activity;
        this.targeting = targeting;
        this.sampleQueries = sampleQueries;
    }

    /**
     * The next frame of the cluster as {@code snapshot} and {@code history} show it now.
     *
     * @param progress how far the playing stream has got
     * @param inserts the stream's documents on the collection's key now (the insert marks point into them)
     * @param error the refusal of the user's last command, if it was refused
     * @param valueLine the hashed key's value line, or null when the key is not hashed
     */
    ExplorerFrame assemble(
            SimulationSnapshot snapshot,
            List<ClusterCommand> history,
            StreamProgress progress,
            PreparedInserts inserts,
            Optional<String> error,
            ValueLine valueLine) {
        int steps = timeline.stepsToUndo(history);
        Optional<String> undoLabel = steps == 0
                ? Optional.empty()
                : Optional.of(history.get(steps - 1).describe());
        return new ExplorerFrame(
                ++sequence,
                scenario,
                snapshot,
                progress,
                writesByShard(snapshot),
                heat.snapshot(),
                heatBounds,
                marks.marks(inserts),
                List.copyOf(moves),
                List.copyOf(splits),
                activity.newestFirst(),
                timeline.userEntries(history),
                UndoState.ofCommands(undoLabel, steps, timeline.redoLabel()),
                targeting.on(snapshot.cluster().key(), snapshot.cluster().chunks()),
                sampleQueries,
                error,
                valueLine == null ? Optional.empty() : Optional.of(valueLine.on(snapshot.cluster())),
                routing(snapshot));
    }

    /** The collection as {@code snapshot} shows it now, with the writes of the newest {@code windows} windows. */
    CollectionGlance glance(SimulationSnapshot snapshot, int windows) {
        return new CollectionGlance(snapshot, writes.lastWindows(windows).selectRows(shardOrder(snapshot)));
    }

    /** The routing table's size, measured again only when the chunks changed. */
    private ConfigDatabase.MetadataSize routing(SimulationSnapshot snapshot) {
        ChunkMap chunks = snapshot.cluster().chunks();
        if (routingChunks != chunks || routingDocuments != snapshot.documents()) {
            routing = ConfigDatabase.metadataSize(
                    scenario.scenario().version(), scenario.namespace(), snapshot, routingDocumentSizes);
            routingChunks = chunks;
            routingDocuments = snapshot.documents();
        }
        return routing;
    }

    /** The writes with one row per shard of the cluster now, in its order (as the frame promises). */
    private WindowedCounts.Snapshot writesByShard(SimulationSnapshot snapshot) {
        return writes.snapshot().selectRows(shardOrder(snapshot));
    }

    /** The writes' row of each shard of the cluster now, in its order; -1 for a shard without one. */
    private int[] shardOrder(SimulationSnapshot snapshot) {
        List<String> ids = snapshot.cluster().shardIds();
        int[] order = new int[ids.size()];
        for (int i = 0; i < order.length; i++) {
            order[i] = shardRow.getOrDefault(ids.get(i), -1);
        }
        return order;
    }
}
