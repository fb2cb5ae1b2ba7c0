package io.shardlab.sim;

import io.shardlab.key.ShardKeyPattern;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * What a new collection's initial chunks are laid out by besides its key, as a user prepares it
 * before {@code sh.shardCollection}: zones given to shards ({@code sh.addShardToZone}), zone ranges
 * set for the namespace ({@code sh.updateZoneKeyRange}, from 4.0.2 before sharding), and the
 * {@code numInitialChunks} and {@code presplitHashedZones} options. The cluster applies MongoDB's
 * initial-split policy of its release to them ({@link InitialChunks}, mongo
 * {@code initial_split_policy.cpp}); every check is the cluster's own, with MongoDB's text.
 *
 * @param shardZones the shards' zones, in the order given
 * @param zoneRanges the zone ranges, in the order given
 * @param numInitialChunks {@code numInitialChunks}, 0 when not given (its bounds are shardCollection's checks)
 * @param presplitHashedZones {@code presplitHashedZones}
 */
public record ShardingSetup(
        List<ShardZone> shardZones, List<ZoneKeyRange> zoneRanges, long numInitialChunks, boolean presplitHashedZones) {

    /** No zones and no initial-split option: shardCollection's defaults. */
    public static final ShardingSetup NONE = new ShardingSetup(List.of(), List.of(), 0, false);

    public ShardingSetup {
        shardZones = List.copyOf(shardZones);
        zoneRanges = List.copyOf(zoneRanges);
    }

    /** Whether nothing is set: the collection is sharded with shardCollection's defaults. */
    public boolean isEmpty() {
        return equals(NONE);
    }

    /** The zone names, each once, in the order they first appear (shards' zones, then ranges). */
    public List<String> zones() {
        Set<String> out = new LinkedHashSet<>();
        shardZones.forEach(z -> out.add(z.zone()));
        zoneRanges.forEach(z -> out.add(z.zone()));
        return List.copyOf(out);
    }

    /** The commands to run before {@code shardCollection}: zones for shards, then zone ranges. */
    public List<ClusterCommand> beforeSharding(String namespace) {
        List<ClusterCommand> out = new ArrayList<>();
        shardZones.forEach(z -> out.add(z.command()));
        zoneRanges.forEach(z -> out.add(z.command(namespace)));
        return out;
    }

    /** {@code shardCollection} of {@code namespace} on {@code key} with these options. */
    public ShardCollection shardCollection(String namespace, ShardKeyPattern key) {
        return new ShardCollection(namespace, key, false, presplitHashedZones, numInitialChunks);
    }

    /**
     * Why a cluster of {@code config}'s release with {@code shardIds} would refuse this setup for
     * {@code namespace} on {@code key}: the first refused command as mongosh reports it,
     * {@code "<command>: <MongoDB's message>"}; empty when every command would run.
     */
    public Optional<String> refusal(
            SimulationConfig config, List<String> shardIds, String namespace, ShardKeyPattern key) {
        SimulatedCluster probe = new SimulatedCluster(config);
        try {
            for (String id : shardIds) {
                probe.execute(new AddShard(id));
            }
            for (ClusterCommand c : beforeSharding(namespace)) {
                probe.execute(c);
            }
            ShardCollection shard = shardCollection(namespace, key);
            return probe.canApply(shard).map(reason -> shard.mongoshCommand() + ": " + reason);
        } catch (CommandFailedException e) {
            return Optional.of(e.getMessage());
        }
    }

    public ShardingSetup withShardZones(List<ShardZone> zones) {
        return new ShardingSetup(zones, zoneRanges, numInitialChunks, presplitHashedZones);
    }

    public ShardingSetup withZoneRanges(List<ZoneKeyRange> ranges) {
        return new ShardingSetup(shardZones, ranges, numInitialChunks, presplitHashedZones);
    }

    public ShardingSetup withNumInitialChunks(long n) {
        return new ShardingSetup(shardZones, zoneRanges, n, presplitHashedZones);
    }

    public ShardingSetup withPresplitHashedZones(boolean presplit) {
        return new ShardingSetup(shardZones, zoneRanges, numInitialChunks, presplit);
    }
}
