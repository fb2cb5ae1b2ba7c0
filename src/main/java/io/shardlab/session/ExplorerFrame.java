package io.shardlab.session;

import io.shardlab.cluster.ClusterSnapshot;
import io.shardlab.key.ShardKey;
import io.shardlab.mongos.ConfigDatabase;
import io.shardlab.routing.Targeting;
import io.shardlab.sim.SimulationCounters;
import io.shardlab.sim.SimulationSnapshot;
import io.shardlab.text.Language;
import io.shardlab.text.Message;
import io.shardlab.text.Messages;
import io.shardlab.workload.Query;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.bson.BsonDocument;

/**
 * Everything the explorer shows at one simulated moment, built on the simulation thread and handed
 * to the JavaFX thread whole (docs/ARCHITECTURE.md rule 5). Immutable; the newest frame wins.
 *
 * @param sequence increases with every frame of one session
 * @param scenario the scenario this session plays
 * @param cluster the simulated cluster: chunks, per-chunk documents and bytes, migrations, counters
 * @param stream how far the insert stream has got
 * @param writes inserts per shard (rows in {@link #shardIds()} order) per time window
 * @param heat inserts per key range (rows between {@link #heatBounds()}) per time window
 * @param heatBounds the heatmap's key-range bounds, MinKey first and MaxKey last
 * @param inserts a sample of the newest inserts, oldest first, for the short-lived marks on the line
 * @param moves the newest committed migrations, oldest first, for the sliding animation
 * @param splits the newest splits, oldest first, for a flash at each new bound
 * @param activity what happened, newest first: splits, migrations, jumbo flags, merges, undo
 * @param commands the user's commands still in the undo history, newest first
 * @param undo what undo and redo would do now
 * @param targeting the filter on show and where mongos sends it, if a filter is set
 * @param sampleQueries one query of each kind the workload's application sends (empty for a dataset)
 * @param error the last command's refusal (MongoDB's text), until the next command
 * @param valueLine for a hashed key, the stream's values before hashing laid out as a layout of their own,
 *     each value's range owned by the shard its hash lands on ({@link ValueLine})
 * @param routing the collection's {@code config.chunks} documents beside its data: what the config servers
 *     store to route it ({@link ConfigDatabase#metadataSize(io.shardlab.cluster.MongoVersion, String, SimulationSnapshot)})
 */
public record ExplorerFrame(
        long sequence,
        ResolvedScenario scenario,
        SimulationSnapshot cluster,
        StreamProgress stream,
        WindowedCounts.Snapshot writes,
        WindowedCounts.Snapshot heat,
        List<ShardKey> heatBounds,
        List<InsertMark> inserts,
        List<ChunkMove> moves,
        List<SplitMark> splits,
        List<Activity> activity,
        List<CommandEntry> commands,
        UndoState undo,
        Optional<QueryTargeting> targeting,
        List<Query> sampleQueries,
        Optional<String> error,
        Optional<ClusterSnapshot> valueLine,
        ConfigDatabase.MetadataSize routing) {

    public ExplorerFrame {
        heatBounds = List.copyOf(heatBounds);
        inserts = List.copyOf(inserts);
        moves = List.copyOf(moves);
        splits = List.copyOf(splits);
        activity = List.copyOf(activity);
        commands = List.copyOf(commands);
        sampleQueries = List.copyOf(sampleQueries);
        Objects.requireNonNull(routing, "routing");
    }

    /** The shard ids, sorted: the rows of {@link #writes()} (colours follow the order the view first saw them in). */
    public List<String> shardIds() {
        return cluster.cluster().shardIds();
    }

    /**
     * How far the stream has got.
     *
     * @param inserted documents inserted so far
     * @param total documents in the stream
     * @param startMillis simulated time of the stream's start (after the pre-split)
     * @param exhausted every document is in
     * @param finished exhausted, and the balancer has nothing left to move
     * @param atStart the cluster's counts when the session began, before the stream's first document: the
     *     set-up's splits and moves (a pre-split cut and placed with moveRange), which the explorer's counters
     *     leave out, so that they count what the stream and the balancer did
     */
    public record StreamProgress(
            long inserted,
            long total,
            long startMillis,
            boolean exhausted,
            boolean finished,
            SimulationCounters atStart) {

        public StreamProgress {
            Objects.requireNonNull(atStart, "atStart");
        }

        /** Inserted over total, 0 to 1. */
        public double fraction() {
            return total == 0 ? 1 : (double) inserted / total;
        }
    }

    /**
     * One insert, for its mark on the number line.
     *
     * @param sequence increases with every mark of a session
     * @param key its shard key (hashed fields hashed)
     * @param valueBeforeHashing for a hashed key, the values before hashing
     * @param atMillis simulated time of the insert
     */
    public record InsertMark(long sequence, ShardKey key, Optional<ShardKey> valueBeforeHashing, long atMillis) {}

    /**
     * A committed migration: the range {@code [min, max)} moved from one shard to another.
     *
     * @param sequence increases with every move of a session
     * @param min inclusive lower bound
     * @param max exclusive upper bound
     * @param from donor shard
     * @param to recipient shard
     * @param atMillis simulated time of the commit
     */
    public record ChunkMove(long sequence, ShardKey min, ShardKey max, String from, String to, long atMillis) {}

    /**
     * A split: the new bounds it made.
     *
     * @param sequence increases with every split of a session
     * @param points the split points
     * @param atMillis simulated time of the split
     */
    public record SplitMark(long sequence, List<ShardKey> points, long atMillis) {
        public SplitMark {
            points = List.copyOf(points);
        }
    }

    /** What kind of thing happened, for the activity list's icons. */
    public enum ActivityKind {
        SPLIT,
        MIGRATION,
        JUMBO,
        MERGE,
        BALANCER,
        COMMAND,
        UNDO,
        FAILURE
    }

    /**
     * One line of the activity list.
     *
     * @param atMillis simulated time
     * @param kind what kind of thing happened
     * @param text one line, MongoDB's words
     */
    public record Activity(long atMillis, ActivityKind kind, Message line) {

        private static final Messages ENGLISH = Messages.of(Language.ENGLISH);

        /** The line in English: the words a plain-text log or a test reads; the window says {@link #line()}. */
        public String text() {
            return ENGLISH.text(line);
        }
    }

    /**
     * One of the user's commands.
     *
     * @param description one line, e.g. {@code split shardlab.events at { ts: 100 }}
     * @param mongosh the equivalent mongosh command, ready to copy
     */
    public record CommandEntry(String description, String mongosh) {}

    /**
     * What undo and redo would do now.
     *
     * <p>One timeline: the explorer's commands and the placement board's verbs ({@link PlacementEditor}) are undone
     * newest first and redone in the order undo took them back.
     *
     * @param undo what undo takes back (a user command with the inserts and automatic steps after it, or a board's
     *     verb: "move of app.orders to shard02"), if any
     * @param stepsToUndo history entries undo takes back, the command included (1 for a board's verb); 0 when undo
     *     is unavailable
     * @param redo what redo puts back, if any
     */
    public record UndoState(Optional<Message> undo, int stepsToUndo, Optional<Message> redo) {

        public static final UndoState NOTHING = new UndoState(Optional.empty(), 0, Optional.empty());

        /** The state of the explorer's commands, described by {@link io.shardlab.sim.ClusterCommand#describe()}. */
        static UndoState ofCommands(Optional<String> undo, int stepsToUndo, Optional<String> redo) {
            return new UndoState(undo.map(UndoState::verbatim), stepsToUndo, redo.map(UndoState::verbatim));
        }

        /** A command's description as it is said (MongoDB's command words and the shell's values). */
        static Message verbatim(String description) {
            return Message.of("common.verbatim", description);
        }
    }

    /** This frame with undo and redo as {@code undo} says. */
    public ExplorerFrame withUndo(UndoState undo) {
        return new ExplorerFrame(
                sequence,
                scenario,
                cluster,
                stream,
                writes,
                heat,
                heatBounds,
                inserts,
                moves,
                splits,
                activity,
                commands,
                undo,
                targeting,
                sampleQueries,
                error,
                valueLine,
                routing);
    }

    /**
     * A filter and where mongos sends it on the frame's chunks.
     *
     * @param filter the filter
     * @param targeting the shards it reaches, its class and the reason; empty when routing refused it
     * @param error why routing refused it, e.g. an operator whose bounds ShardLab does not model
     */
    public record QueryTargeting(BsonDocument filter, Optional<Targeting> targeting, Optional<String> error) {}
}
