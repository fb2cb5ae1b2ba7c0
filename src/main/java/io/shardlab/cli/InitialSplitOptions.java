package io.shardlab.cli;

import io.shardlab.key.ShardKeyPattern;
import io.shardlab.sim.ClusterCommand;
import io.shardlab.sim.ShardCollection;
import io.shardlab.sim.ShardZone;
import io.shardlab.sim.ShardingSetup;
import io.shardlab.sim.ZoneKeyRange;
import io.shardlab.text.Message;
import io.shardlab.text.RefusedInput;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Option;

/**
 * How a new collection's initial chunks are laid out, as {@code shardCollection} takes it: zones
 * for shards ({@code sh.addShardToZone}) and zone ranges for the namespace
 * ({@code sh.updateZoneKeyRange}) set before sharding, {@code numInitialChunks} and
 * {@code presplitHashedZones}. The simulator applies MongoDB's initial-split policy of the chosen
 * release to them ({@code initial_split_policy.cpp}). Use it as a picocli mixin. Every check fails
 * with an {@link IllegalArgumentException} of one line naming the option.
 */
final class InitialSplitOptions {

    @Option(names = "--zone", paramLabel = "SHARD:ZONE")
    List<String> zones = new ArrayList<>();

    @Option(names = "--zone-range", arity = "3", paramLabel = "<zone> <min> <max>", hideParamSyntax = true)
    List<String> zoneRanges = new ArrayList<>();

    @Option(names = "--num-initial-chunks", paramLabel = "N")
    Long numInitialChunks;

    @Option(names = "--presplit-hashed-zones")
    boolean presplitHashedZones;

    /** Whether any of these options was given. */
    boolean anyGiven() {
        return !zones.isEmpty() || !zoneRanges.isEmpty() || numInitialChunks != null || presplitHashedZones;
    }

    /** Refuses the options where the collection is not sharded anew (a layout read from a source). */
    void refuseWith(String what) {
        if (anyGiven()) {
            throw new RefusedInput(Message.of("cli.initialSplit.newCollectionOnly", firstGiven(), what));
        }
    }

    private String firstGiven() {
        if (!zones.isEmpty()) {
            return "--zone";
        }
        if (!zoneRanges.isEmpty()) {
            return "--zone-range";
        }
        return numInitialChunks != null ? "--num-initial-chunks" : "--presplit-hashed-zones";
    }

    /**
     * The options as the simulator takes them.
     *
     * @throws IllegalArgumentException one line naming the option: {@code --zone: expected SHARD:ZONE…},
     *     {@code --zone-range: MIN …}
     */
    ShardingSetup setup() {
        List<ShardZone> shardZones = new ArrayList<>();
        for (String z : zones) {
            shardZones.add(OptionValue.named("--zone", z, ShardZone::parse));
        }
        List<ZoneKeyRange> ranges = new ArrayList<>();
        for (int i = 0; i + 2 < zoneRanges.size(); i += 3) {
            try {
                ranges.add(ZoneKeyRange.parse(zoneRanges.get(i), zoneRanges.get(i + 1), zoneRanges.get(i + 2)));
            } catch (IllegalArgumentException e) {
                // the option's own words for the bounds: <zone> <min> <max>
                String reason = e.getMessage().replaceFirst("^min: ", "MIN ").replaceFirst("^max: ", "MAX ");
                throw new IllegalArgumentException("--zone-range: " + reason, e);
            }
        }
        return new ShardingSetup(
                shardZones, ranges, numInitialChunks == null ? 0 : numInitialChunks, presplitHashedZones);
    }

    /** The commands to run before {@code shardCollection}: zones for shards, then zone ranges. */
    List<ClusterCommand> beforeSharding(String namespace) {
        return setup().beforeSharding(namespace);
    }

    /** {@code shardCollection} of {@code namespace} on {@code key} with these options. */
    ShardCollection shardCollection(String namespace, ShardKeyPattern key) {
        return setup().shardCollection(namespace, key);
    }
}
