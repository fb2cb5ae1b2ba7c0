package io.shardlab.session;

import io.shardlab.bson.BsonPrinter;
import io.shardlab.mongos.MongoCommandException;
import io.shardlab.mongos.MongosCommands;
import io.shardlab.mongos.PlacementMemento;
import io.shardlab.mongos.ShardedCatalog;
import io.shardlab.session.ExplorerFrame.UndoState;
import io.shardlab.sim.CommandFailedException;
import io.shardlab.text.Message;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.BooleanSupplier;
import java.util.stream.Collectors;
import org.bson.BsonArray;
import org.bson.BsonBoolean;
import org.bson.BsonDocument;
import org.bson.BsonString;
import org.bson.BsonValue;

/**
 * The placement board's verbs on the explorer's cluster: each runs MongoDB's commands through the cluster's mongos
 * (the one the Shell panel and clients reach, so a move here is the same code as {@code sh.moveCollection}), and each
 * can be undone. Undo takes the placement back as it was before the verb ({@link PlacementMemento}); it shares the
 * explorer's one undo (Edit → Undo): a verb newer than the explorer's newest command is undone first, and undo of an
 * explorer command comes only when no newer verb of the board's is left. Redo walks the same timeline forward: a verb
 * undone after the explorer's undone commands is redone before them ({@link #canRedo}), and redo puts the placement
 * back as the verb had left it. A new verb or explorer command forgets what undo took back. Each verb is labelled
 * ({@link #undoLabel}, {@link #redoLabel}: "move of app.orders to shard02") for Edit → Undo and Redo.
 *
 * <p>Confined to the simulation thread.
 */
public final class PlacementEditor {

    /**
     * What a verb did.
     *
     * @param placement the placement after it (before it when refused)
     * @param commands the mongosh calls it ran, in order
     * @param refusal MongoDB's refusal text of the command that failed; then nothing changed
     * @param move the move a {@code moveCollection} made, for its phases
     */
    public record Change(
            ClusterPlacement placement,
            List<String> commands,
            Optional<String> refusal,
            Optional<CollectionMove> move) {

        public Change {
            Objects.requireNonNull(placement, "placement");
            commands = List.copyOf(commands);
            Objects.requireNonNull(refusal, "refusal");
            Objects.requireNonNull(move, "move");
        }
    }

    /**
     * One verb: the placement before and after it, what Edit → Undo calls it, and how many explorer commands were in
     * reach of undo when it ran.
     */
    private record Step(PlacementMemento before, PlacementMemento after, Message label, int explorerCommands) {}

    /**
     * A simulated shard's disk unless the user sets another ({@link #shardCapacity(long)}): 1 GiB, small enough that
     * the scenarios' collections (megabytes to hundreds of megabytes) fill a visible share of it.
     */
    public static final long DEFAULT_SHARD_CAPACITY_BYTES = 1L << 30;

    private long shardCapacityBytes = DEFAULT_SHARD_CAPACITY_BYTES;
    private final Deque<Step> steps = new ArrayDeque<>();
    /** The verbs undo took back, the newest undo first. */
    private final Deque<Step> undone = new ArrayDeque<>();

    private int explorerCommands;

    /**
     * What the indexes were last read for: the mongos, its {@link MongosCommands#writeRevision write revision} and
     * the placement as read (every collection's shard, chunks and their documents). While all three are equal no
     * command changed documents, indexes or metadata and no document moved, so the indexes are as read.
     */
    private record IndexesRead(MongosCommands mongos, long writeRevision, ClusterPlacement placement) {}

    private IndexesRead indexesReadFor;
    /** Each collection's indexes per shard, in bytes, as read for {@link #indexesReadFor}, by namespace. */
    private Map<String, Map<String, Long>> indexesByNamespace = Map.of();

    /**
     * The placement now: each lane's data and the indexes of every collection on it (what fills its disk), and what
     * is left of a draining shard's drain. The indexes are read with one {@code $collStats} per collection when
     * something changed since the last read ({@link IndexesRead}), else taken as then: a refresh of an idle cluster
     * sends no command.
     */
    public ClusterPlacement read(MongosCommands mongos) {
        ClusterPlacement data = ClusterPlacement.of(mongos.catalog(), mongos.storedNamespaces(), shardCapacityBytes);
        IndexesRead now = new IndexesRead(mongos, mongos.writeRevision(), data);
        if (!now.equals(indexesReadFor)) {
            Map<String, Map<String, Long>> read = new HashMap<>();
            for (String namespace : data.namespaces()) {
                read.put(namespace, indexBytesPerShard(mongos, namespace));
            }
            indexesByNamespace = read;
            // the aggregations are reads: they leave the write revision as it was
            indexesReadFor = now;
        }
        Map<String, Long> indexes = new HashMap<>();
        indexesByNamespace
                .values()
                .forEach(perShard -> perShard.forEach((shard, bytes) -> indexes.merge(shard, bytes, Long::sum)));
        return data.withLaneFigures(indexes, ShardDrain.leftByShard(mongos));
    }

    /** The size of each simulated shard's disk, in bytes; {@link #DEFAULT_SHARD_CAPACITY_BYTES} until set. */
    public long shardCapacity() {
        return shardCapacityBytes;
    }

    /**
     * Sets the size of each simulated shard's disk, which a move's free-space check measures against.
     *
     * @param bytes the size in bytes, at least 1
     * @throws IllegalArgumentException when {@code bytes} is not positive
     */
    public void shardCapacity(long bytes) {
        if (bytes <= 0) {
            throw new IllegalArgumentException("shardCapacity(" + bytes + ")");
        }
        shardCapacityBytes = bytes;
    }

    /**
     * {@code sh.moveCollection(namespace, toShard)}, after the destination's free-space check ({@link
     * CollectionMove#room()}): below the tutorial's requirement the move runs (MongoDB does not enforce it) and its
     * {@link Change#move()} says so; without room for the collection and its indexes nothing runs and the change has
     * the move with {@link CollectionMove.Room#NO_ROOM}, no refusal and no placement change.
     */
    public Change moveCollection(MongosCommands mongos, String namespace, String toShard) {
        ShardedCatalog catalog = mongos.catalog();
        String from = catalog.shardOfUnsharded(namespace).orElse("");
        ClusterPlacement now = read(mongos);
        long free = now.lane(toShard).map(ClusterPlacement.Lane::freeBytes).orElse(shardCapacityBytes);
        CollectionMove move = new CollectionMove(
                namespace, from, toShard, catalog.unshardedBytes(namespace), indexBytes(mongos, namespace), free);
        List<String> call = shellCall("moveCollection", new BsonString(namespace), new BsonString(toShard));
        if (!from.equals(toShard) && move.room() == CollectionMove.Room.NO_ROOM && now.movesCollections()) {
            return new Change(now, call, Optional.empty(), Optional.of(move));
        }
        Change change = run(
                mongos,
                Message.of("placement.step.move", namespace, toShard),
                List.of(new BsonDocument("moveCollection", new BsonString(namespace))
                        .append("toShard", new BsonString(toShard))),
                call);
        return change.refusal().isPresent()
                ? change
                : new Change(change.placement(), change.commands(), Optional.empty(), Optional.of(move));
    }

    /** {@code sh.unshardCollection(namespace)}: onto the non-draining shard with the least data. */
    public Change unshardCollection(MongosCommands mongos, String namespace) {
        return run(
                mongos,
                Message.of("placement.step.unshard", namespace),
                List.of(new BsonDocument("unshardCollection", new BsonString(namespace))),
                shellCall("unshardCollection", new BsonString(namespace)));
    }

    /**
     * {@code sh.shardAndDistributeCollection(namespace, key)}: {@code shardCollection}, then a {@code reshardCollection}
     * on the same key with {@code forceRedistribution: true} (mongosh {@code packages/shell-api/src/shard.ts}).
     */
    public Change shardAndDistribute(MongosCommands mongos, String namespace, BsonDocument key) {
        return run(
                mongos,
                Message.of("placement.step.shardAndDistribute", namespace, BsonPrinter.shell(key)),
                List.of(
                        new BsonDocument("shardCollection", new BsonString(namespace)).append("key", key.clone()),
                        new BsonDocument("reshardCollection", new BsonString(namespace))
                                .append("key", key.clone())
                                .append("forceRedistribution", BsonBoolean.TRUE)),
                shellCall("shardAndDistributeCollection", new BsonString(namespace), key));
    }

    /**
     * The collection's indexes on its shard, in bytes ({@link #indexBytesPerShard}), as the last {@link #read} found
     * them; 0 when it does not exist.
     */
    private long indexBytes(MongosCommands mongos, String namespace) {
        Map<String, Long> perShard = indexesByNamespace.get(namespace);
        return (perShard != null ? perShard : indexBytesPerShard(mongos, namespace))
                .values().stream().mapToLong(Long::longValue).sum();
    }

    /**
     * The collection's indexes on each shard that holds part of it, in bytes: {@code $collStats}' {@code
     * storageStats.totalIndexSize} per {@code shard} through the mongos, as Compass reads it; empty when the
     * collection does not exist.
     */
    private static Map<String, Long> indexBytesPerShard(MongosCommands mongos, String namespace) {
        int dot = namespace.indexOf('.');
        BsonDocument reply;
        try {
            reply = mongos.run(
                    namespace.substring(0, dot),
                    new BsonDocument("aggregate", new BsonString(namespace.substring(dot + 1)))
                            .append(
                                    "pipeline",
                                    new BsonArray(List.of(new BsonDocument(
                                            "$collStats", new BsonDocument("storageStats", new BsonDocument())))))
                            .append("cursor", new BsonDocument()));
        } catch (MongoCommandException | CommandFailedException e) {
            return Map.of();
        }
        Map<String, Long> out = new HashMap<>();
        for (BsonValue part : reply.getDocument("cursor", new BsonDocument()).getArray("firstBatch", new BsonArray())) {
            BsonValue size = part.asDocument()
                    .getDocument("storageStats", new BsonDocument())
                    .get("totalIndexSize");
            out.merge(
                    part.asDocument().getString("shard", new BsonString("")).getValue(),
                    size != null && size.isNumber() ? size.asNumber().longValue() : 0,
                    Long::sum);
        }
        return out;
    }

    /** The mongosh helper call a user would type for a verb: {@code sh.<helper>(<arguments in mongosh syntax>)}. */
    private static List<String> shellCall(String helper, BsonValue... arguments) {
        return List.of("sh." + helper + "("
                + Arrays.stream(arguments).map(BsonPrinter::shell).collect(Collectors.joining(", ")) + ")");
    }

    private Change run(MongosCommands mongos, Message label, List<BsonDocument> commands, List<String> shown) {
        ShardedCatalog catalog = mongos.catalog();
        PlacementMemento before = catalog.placementMemento();
        List<String> ran = new ArrayList<>(shown);
        try {
            for (BsonDocument command : commands) {
                mongos.run("admin", command);
            }
        } catch (MongoCommandException | CommandFailedException e) {
            // shardAndDistribute is one verb: a refused reshard takes the shardCollection back too
            catalog.restorePlacement(before);
            return new Change(read(mongos), ran, Optional.of(e.getMessage()), Optional.empty());
        }
        steps.push(new Step(before, catalog.placementMemento(), label, explorerCommands));
        undone.clear();
        return new Change(read(mongos), ran, Optional.empty(), Optional.empty());
    }

    /** The explorer ran one of the user's commands: undo takes it back before the board's older verbs. */
    public void explorerCommandRan() {
        explorerCommands++;
        undone.clear();
    }

    /** The explorer's undo took one of its commands back. */
    public void explorerCommandUndone() {
        explorerCommands = Math.max(0, explorerCommands - 1);
    }

    /** The explorer's redo put one of its commands back. */
    public void explorerCommandRedone() {
        explorerCommands++;
    }

    /**
     * Takes the newest verb back when it is newer than the explorer's newest command in reach; false when there is
     * none, or when the explorer's command comes first.
     */
    public boolean undo(ShardedCatalog catalog) {
        Step newest = steps.peek();
        if (newest == null || newest.explorerCommands() != explorerCommands || catalog == null) {
            return false;
        }
        steps.pop();
        catalog.restorePlacement(newest.before());
        undone.push(newest);
        return true;
    }

    /**
     * Puts back the verb undo took back last when it comes before the explorer's undone commands; false when there is
     * none, or when the explorer's redo comes first.
     */
    public boolean redo(ShardedCatalog catalog) {
        if (!canRedo() || catalog == null) {
            return false;
        }
        Step next = undone.pop();
        catalog.restorePlacement(next.after());
        steps.push(next);
        return true;
    }

    /**
     * Edit → Undo on the one timeline: the board's newest verb when it comes first, else {@code explorerUndo} (the
     * explorer's undo: true when it took a command back). True when the placement changed.
     */
    public boolean undo(ShardedCatalog catalog, BooleanSupplier explorerUndo) {
        return undo(catalog) || explorerStep(explorerUndo, this::explorerCommandUndone);
    }

    /**
     * Edit → Redo on the one timeline: the board's verb when it comes first, else {@code explorerRedo} (the explorer's
     * redo: true when it put a command back). True when the placement changed.
     */
    public boolean redo(ShardedCatalog catalog, BooleanSupplier explorerRedo) {
        return redo(catalog) || explorerStep(explorerRedo, this::explorerCommandRedone);
    }

    /**
     * The explorer's step on the timeline when the board has none: {@code whenTaken} counts it when {@code step} took
     * one. Always false: the explorer's commands do not change the placement.
     */
    private static boolean explorerStep(BooleanSupplier step, Runnable whenTaken) {
        if (step.getAsBoolean()) {
            whenTaken.run();
        }
        return false;
    }

    /** Whether undo would take back one of the board's verbs now. */
    public boolean canUndo() {
        Step newest = steps.peek();
        return newest != null && newest.explorerCommands() == explorerCommands;
    }

    /** Whether redo would put back one of the board's verbs now. */
    public boolean canRedo() {
        Step next = undone.peek();
        return next != null && next.explorerCommands() == explorerCommands;
    }

    /**
     * {@code frame} with the board's verbs in its undo timeline: undo takes back the board's newest verb when it is
     * newer than the explorer's newest command, and redo puts back the board's verb undone after the explorer's.
     */
    ExplorerFrame onTimeline(ExplorerFrame frame) {
        Optional<Message> undo = undoLabel();
        Optional<Message> redo = redoLabel();
        if (undo.isEmpty() && redo.isEmpty()) {
            return frame;
        }
        UndoState explorer = frame.undo();
        return frame.withUndo(new UndoState(
                undo.or(explorer::undo), undo.isPresent() ? 1 : explorer.stepsToUndo(), redo.or(explorer::redo)));
    }

    /** What Edit → Undo would take back now when it is one of the board's verbs: "move of app.orders to shard02". */
    public Optional<Message> undoLabel() {
        return canUndo() ? Optional.of(steps.peek().label()) : Optional.empty();
    }

    /** What Edit → Redo would put back now when it is one of the board's verbs. */
    public Optional<Message> redoLabel() {
        return canRedo() ? Optional.of(undone.peek().label()) : Optional.empty();
    }
}
