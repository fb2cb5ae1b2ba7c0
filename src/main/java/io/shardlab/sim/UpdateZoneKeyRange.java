package io.shardlab.sim;

import io.shardlab.cluster.ZoneRange;
import io.shardlab.key.ShardKey;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.bson.BsonDocument;

/**
 * {@code sh.updateZoneKeyRange(ns, min, max, zone)}: assigns {@code [min, max)} to {@code zone},
 * or with a null zone removes the range with exactly those bounds. From 4.0.2 it also works before
 * the collection is sharded (the range waits for shardCollection).
 *
 * <p>Errors, mongo {@code sharding_catalog_manager_zone_operations.cpp} and
 * {@code balancer_policy.cpp} ({@code ZoneInfo::addRangeToZone}): a zone no shard belongs to
 * ("zone … does not exist"); bounds that are not a prefix of the shard key ("min: … is not a prefix
 * of the shard key … of ns: …"); overlap with an existing range ("Zone range: … is overlapping with
 * existing: …", {@code ZoneRange::toString} = {@code min -->> max  on  zone}); an exact duplicate
 * with the same zone is accepted as a no-op in MongoDB (refused here: nothing would change).
 *
 * @param namespace the collection
 * @param min inclusive lower bound
 * @param max exclusive upper bound
 * @param zone the zone, or null to remove the range
 */
public record UpdateZoneKeyRange(String namespace, BsonDocument min, BsonDocument max, String zone)
        implements ClusterCommand {

    public UpdateZoneKeyRange {
        Namespaces.check(namespace);
        min = min.clone();
        max = max.clone();
    }

    @Override
    public Optional<String> canApply(ClusterState state) {
        return refusal(state).map(Refusal::message);
    }

    @Override
    public Optional<Refusal> refusal(ClusterState state) {
        if (zone != null && !state.zoneShards().containsKey(zone)) {
            return Optional.of(new Refusal("ZoneNotFound", "zone " + zone + " does not exist"));
        }
        boolean sharded = state.collection != null && state.collection.namespace().equals(namespace);
        if (!sharded) {
            return Optional.empty();
        }
        Optional<ShardKey> lo = CommandSupport.boundKey(state.key(), min);
        Optional<ShardKey> hi = CommandSupport.boundKey(state.key(), max);
        String keyDoc = ServerText.of(state.key().toDocument());
        if (lo.isEmpty()) {
            return Optional.of(new Refusal("ShardKeyNotFound", "min: " + ServerText.of(min)
                    + " is not a prefix of the shard key " + keyDoc + " of ns: " + namespace));
        }
        if (hi.isEmpty()) {
            return Optional.of(new Refusal("ShardKeyNotFound", "max: " + ServerText.of(max)
                    + " is not a prefix of the shard key " + keyDoc + " of ns: " + namespace));
        }
        if (lo.get().compareTo(hi.get()) >= 0) {
            // ShardLab's text (ChunkRange's own check in MongoDB)
            return Optional.of(Refusal.operationFailed("max is not greater than min"));
        }
        if (zone == null) {
            return Optional.empty();
        }
        for (ZoneRange z : state.collection.zones()) {
            if (z.overlaps(lo.get(), hi.get())) {
                if (z.min().equals(lo.get()) && z.max().equals(hi.get()) && z.zone().equals(zone)) {
                    return Optional.of(Refusal.operationFailed("zone range "
                            + ServerText.range(lo.get(), hi.get(), state.key()) + " is already assigned to " + zone));
                }
                return Optional.of(new Refusal("RangeOverlapConflict", "Zone range: "
                        + ServerText.of(lo.get(), state.key()) + " -->> " + ServerText.of(hi.get(), state.key()) + "  on  " + zone + " is overlapping with existing: "
                        + ServerText.of(z.min(), state.key()) + " -->> " + ServerText.of(z.max(), state.key()) + "  on  "
                        + z.zone()));
            }
        }
        return Optional.empty();
    }

    @Override
    public void apply(ClusterState state) {
        boolean sharded = state.collection != null && state.collection.namespace().equals(namespace);
        if (!sharded) {
            state.pendingZones.removeIf(z -> z.namespace().equals(namespace) && z.min().equals(min) && z.max().equals(max));
            if (zone != null) {
                state.pendingZones.add(new PendingZoneRange(namespace, min, max, zone));
            }
        } else {
            ShardKey lo = CommandSupport.boundKey(state.key(), min).orElseThrow();
            ShardKey hi = CommandSupport.boundKey(state.key(), max).orElseThrow();
            List<ZoneRange> zones = new ArrayList<>(state.collection.zones());
            zones.removeIf(z -> z.min().equals(lo) && z.max().equals(hi));
            if (zone != null) {
                zones.add(new ZoneRange(lo, hi, zone));
            }
            zones.sort((a, b) -> a.min().compareTo(b.min()));
            state.collection = state.collection.withZones(zones);
        }
        state.emit(new ClusterEvent.MetadataChanged(state.clock, describe()));
    }

    @Override
    public String describe() {
        return (zone == null ? "remove zone range " : "assign zone " + zone + " to ") + namespace + " ["
                + CommandSupport.shell(min) + ", " + CommandSupport.shell(max) + ")";
    }

    @Override
    public String mongoshCommand() {
        return "sh.updateZoneKeyRange(\"" + namespace + "\", " + CommandSupport.shell(min) + ", "
                + CommandSupport.shell(max) + ", " + (zone == null ? "null" : "\"" + zone + "\"") + ")";
    }
}
