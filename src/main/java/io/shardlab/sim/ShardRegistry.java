package io.shardlab.sim;

import io.shardlab.cluster.Shard;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

/**
 * The shards of a sharded cluster as {@code config.shards} holds them: each shard's id, host, zones
 * ({@code tags}) and draining state. MongoDB keeps them once, on the config server (mongo
 * {@code src/mongo/db/s/config/sharding_catalog_manager.h}: {@code sharding_catalog_manager_shard_operations.cpp}
 * adds and removes shards, {@code sharding_catalog_manager_zone_operations.cpp} puts them in and out of
 * zones); zone <em>ranges</em> are kept per namespace ({@code config.tags}), by each collection.
 *
 * <p>A registry has one {@link Owner} and changes only through {@link ShardCommand}s ({@link #execute}),
 * checked against the shards and against what the owner says uses them (every namespace's zone ranges,
 * every collection's chunks). There are two owners:
 *
 * <ul>
 *   <li>a lone {@link SimulatedCluster} owns its own registry: each shard command is an entry of its
 *       history, and undo puts the shards back as they were before it;
 *   <li>a catalog of several collections (the mongos layer's {@code ShardedCatalog}) owns one registry
 *       that the cluster of each of its collections reads ({@link
 *       SimulatedCluster#SimulatedCluster(SimulationConfig, ShardRegistry, String)}): no cluster holds a
 *       copy, and a shard command run on one of them is run here, for all of them; the owner then tells
 *       each cluster ({@link SimulatedCluster#shardsChanged}), which publishes the change as its event.
 * </ul>
 *
 * <p>Invariant: every shard is keyed by its id. Threading: not thread-safe; confined to the thread that
 * drives its owner.
 */
public final class ShardRegistry {

    /** The registry's one owner: what the shard commands' checks read beyond the shards, and whom a change reaches. */
    public interface Owner {

        /**
         * Whether any namespace has a zone range in {@code zone} ({@code config.tags} {@code {tag: zone}}),
         * a collection not sharded yet included.
         */
        boolean zoneHasRange(String zone);

        /** The chunks on {@code shard}, over every collection ({@code config.chunks} {@code {shard: id}}). */
        long chunksOn(String shard);

        /** The shards changed: every cluster reading them publishes {@code change}. */
        void shardsChanged(ShardChange change);
    }

    private final TreeMap<String, Shard> shards = new TreeMap<>();
    private final Owner owner;

    /** A registry with no shards yet, owned by {@code owner}. */
    public ShardRegistry(Owner owner) {
        this.owner = Objects.requireNonNull(owner, "owner");
    }

    // ---- reads ------------------------------------------------------------------------------------

    /** The shards by id (unmodifiable, read-through: it shows later changes). */
    public NavigableMap<String, Shard> shards() {
        return Collections.unmodifiableNavigableMap(shards);
    }

    /** The shard ids, sorted. */
    public List<String> shardIds() {
        return List.copyOf(shards.keySet());
    }

    /** Whether shard {@code id} exists. */
    public boolean contains(String id) {
        return shards.containsKey(id);
    }

    /** The ids of the shards that are not draining, sorted. */
    public List<String> nonDrainingShardIds() {
        List<String> ids = new ArrayList<>();
        for (Shard s : shards.values()) {
            if (!s.draining()) {
                ids.add(s.id());
            }
        }
        return ids;
    }

    /** Whether a shard other than {@code shard} is left that does not drain (removing or draining it may go on). */
    public boolean anotherShardNotDraining(String shard) {
        return shards().values().stream().anyMatch(o -> !o.id().equals(shard) && !o.draining());
    }

    /** Zone name → ids of the shards in it, sorted; a zone exists while a shard is in it. */
    public Map<String, List<String>> zoneShards() {
        Map<String, List<String>> out = new TreeMap<>();
        for (Shard s : shards.values()) {
            for (String z : s.zones()) {
                out.computeIfAbsent(z, k -> new ArrayList<>()).add(s.id());
            }
        }
        return out;
    }

    /** {@link Owner#zoneHasRange}. */
    public boolean zoneHasRange(String zone) {
        return owner.zoneHasRange(zone);
    }

    /** {@link Owner#chunksOn}. */
    public long chunksOn(String shard) {
        return owner.chunksOn(shard);
    }

    // ---- commands ---------------------------------------------------------------------------------

    /** Empty when {@code command} can be applied now, else MongoDB's refusal; changes nothing. */
    public Optional<Refusal> refusal(ShardCommand command) {
        return command.refusal(this);
    }

    /**
     * Checks and applies {@code command}; the owner then tells every cluster reading these shards. A
     * refused command changes nothing.
     *
     * @throws CommandFailedException with MongoDB's code and text when the command is refused
     */
    public void execute(ShardCommand command) {
        Optional<Refusal> error = refusal(command);
        if (error.isPresent()) {
            throw new CommandFailedException(command.mongoshCommand(), error.get());
        }
        apply(command);
    }

    /** Applies {@code command} without checking it (the caller did) and tells the owner. */
    void apply(ShardCommand command) {
        owner.shardsChanged(command.applyTo(shards));
    }

    // ---- the owning cluster's load and undo -------------------------------------------------------

    /** Installs a loaded layout's shards as they are ({@link LoadLayout}). */
    void load(Collection<Shard> loaded) {
        for (Shard s : loaded) {
            shards.put(s.id(), s);
        }
    }

    /** A copy of the shards, for undo. */
    TreeMap<String, Shard> copy() {
        return new TreeMap<>(shards);
    }

    /** Puts back shards {@link #copy} took. */
    void restore(Map<String, Shard> copied) {
        shards.clear();
        shards.putAll(copied);
    }

    /**
     * Takes in the shards a cluster owned until it came to read this registry ({@link
     * SimulatedCluster#handShardsTo}): the same ids; each shard keeps the zones it has here and gains
     * those it had there, and drains when it drained in either.
     *
     * @throws IllegalArgumentException when the ids differ
     */
    void takeIn(Collection<Shard> handed) {
        TreeMap<String, Shard> byId = new TreeMap<>();
        handed.forEach(s -> byId.put(s.id(), s));
        if (!byId.keySet().equals(shards.keySet())) {
            throw new IllegalArgumentException("shards: a cluster on " + byId.keySet() + " cannot read the shards "
                    + shards.keySet() + " of another owner");
        }
        for (Shard s : handed) {
            Shard mine = shards.get(s.id());
            Set<String> zones = new LinkedHashSet<>(mine.zones());
            zones.addAll(s.zones());
            shards.put(
                    s.id(),
                    mine.withZones(zones)
                            .withTagsListed(mine.tagsListed() || s.tagsListed())
                            .withDraining(mine.draining() || s.draining()));
        }
    }
}
