package io.shardlab.sim;

import io.shardlab.bson.BsonPrinter;
import io.shardlab.cluster.Chunk;
import io.shardlab.cluster.ChunkMap;
import io.shardlab.cluster.ZoneRange;
import io.shardlab.key.ShardKey;
import io.shardlab.key.ShardKeyPattern;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.bson.BsonMaxKey;
import org.bson.BsonMinKey;
import org.bson.BsonNull;
import org.bson.BsonValue;

/**
 * {@code db.adminCommand({refineCollectionShardKey: ns, key})} (4.4+): extends the shard key with
 * suffix fields. Every chunk and zone bound gets MinKey for each new field, except the global max,
 * which gets MaxKey (jstest {@code refine_collection_shard_key_basic.js}); the epoch changes.
 * Existing documents keep their chunk (the refined chunks are the same ranges) and take their values of
 * the new fields from {@code documents} when the caller has every document at hand, as MongoDB reads them
 * from the documents; otherwise (the simulator keeps only shard keys) the new fields count as null. No
 * document moves either way. Errors: before 4.4 the command does not exist (CommandNotFound, "no such
 * command"); mongo {@code refine_collection_shard_key_coordinator.cpp}: "refineCollectionShardKey shard
 * key … does not extend the current shard key …" (InvalidOptions;
 * 4.4's {@code configsvr_refine_collection_shard_key_command.cpp} the same).
 *
 * @param namespace the collection
 * @param key the new shard key; the current key must be its prefix
 * @param documents every document of the collection the cluster holds with a key, keyed on {@code key},
 *     or null when they are not at hand
 */
public record RefineCollectionShardKey(String namespace, ShardKeyPattern key, InsertBatch documents)
        implements CodedCommand {

    public RefineCollectionShardKey {
        Namespaces.check(namespace);
    }

    /** The refine of a caller that does not have the documents: the new fields count as null. */
    public RefineCollectionShardKey(String namespace, ShardKeyPattern key) {
        this(namespace, key, null);
    }

    @Override
    public Optional<Refusal> refusal(ClusterState state) {
        if (!state.policies().rules().refineShardKey()) {
            // the command is new in 4.4 (ReleaseRules): an older server does not know its name
            return Optional.of(new Refusal("CommandNotFound", "no such command: 'refineCollectionShardKey'"));
        }
        Optional<Refusal> sharded = CommandSupport.requireShardedRefusal(state, "refineCollectionShardKey", namespace);
        if (sharded.isPresent()) {
            return sharded;
        }
        ShardKeyPattern current = state.key();
        boolean extendsCurrent = key.arity() > current.arity()
                && key.fields().subList(0, current.arity()).equals(current.fields());
        if (!extendsCurrent) {
            return Optional.of(new Refusal(
                    "InvalidOptions",
                    "refineCollectionShardKey shard key "
                            + ServerText.of(key.toDocument()) + " does not extend the current shard key "
                            + ServerText.of(current.toDocument())));
        }
        if (!state.migrations().isEmpty()) {
            return Optional.of(Refusal.operationFailed(CommandSupport.migrationInProgress("refine the shard key")));
        }
        return Optional.empty();
    }

    @Override
    public void apply(ClusterState state) {
        int extra = key.arity() - state.key().arity();
        List<Chunk> chunks = new ArrayList<>();
        for (Chunk c : state.chunks().chunks()) {
            chunks.add(new Chunk(extend(c.min(), extra), extend(c.max(), extra), c.shard(), c.jumbo(), c.version()));
        }
        List<ZoneRange> zones = new ArrayList<>();
        for (ZoneRange z : state.collection().zones()) {
            zones.add(new ZoneRange(extend(z.min(), extra), extend(z.max(), extra), z.zone()));
        }
        // unknown documents stay with their chunk: the refined chunks are the same ranges
        state.refineCollection(
                new CollectionMetadata(
                        namespace,
                        key,
                        state.collection().unique(),
                        new ChunkMap(chunks),
                        zones,
                        state.collection().epoch() + 1),
                Optional.ofNullable(documents),
                k -> withNulls(k, extra));
        state.emit(new ClusterEvent.MetadataChanged(state.clock(), describe()));
    }

    /** A document's key with the new fields null (the simulator keeps only shard keys). */
    private static ShardKey withNulls(ShardKey documentKey, int extra) {
        List<BsonValue> values = new ArrayList<>(documentKey.values());
        for (int e = 0; e < extra; e++) {
            values.add(BsonNull.VALUE);
        }
        return ShardKey.of(values);
    }

    private static ShardKey extend(ShardKey bound, int extra) {
        List<BsonValue> values = new ArrayList<>(bound.values());
        for (int i = 0; i < extra; i++) {
            values.add(bound.isGlobalMax() ? new BsonMaxKey() : new BsonMinKey());
        }
        return ShardKey.of(values);
    }

    @Override
    public String describe() {
        return "refine the shard key of " + namespace + " to " + key;
    }

    @Override
    public String mongoshCommand() {
        return "db.adminCommand({ refineCollectionShardKey: \"" + namespace + "\", key: "
                + BsonPrinter.shell(key.toDocument()) + " })";
    }
}
