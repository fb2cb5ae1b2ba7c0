package io.shardlab.sim;

import io.shardlab.bson.BsonOrder;
import io.shardlab.cluster.ZoneRange;
import io.shardlab.key.InvalidShardKeyException;
import io.shardlab.key.ShardKey;
import io.shardlab.key.ShardKeyPattern;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.bson.BsonDocument;
import org.bson.BsonMinKey;
import org.bson.BsonType;
import org.bson.BsonValue;

/**
 * {@code sh.updateZoneKeyRange(ns, min, max, zone)}: assigns {@code [min, max)} to {@code zone},
 * or with a null zone removes the range with exactly those bounds. From 4.0.2 it also works before
 * the collection is sharded (the range waits for shardCollection).
 *
 * <p>Checks in MongoDB's order, mongo {@code update_zone_key_range_request_type.cpp} (the range
 * parsed by {@code ChunkRange::fromBSON}: "min: … should be less than max: …", the documents
 * compared field name and value), {@code sharding_catalog_manager_zone_operations.cpp}
 * {@code assignKeyRangeToZone}: bounds valid for metadata storage; a zone no shard belongs to
 * ("zone … does not exist"); on a sharded collection bounds whose field names are a prefix of the
 * shard key, in order ("min: … is not a prefix of the shard key … of ns: …"), extended with MinKey
 * ({@code KeyPattern::extendRangeBound}); before sharding min and max naming the same fields
 * ({@code ChunkRange::extractKeyPattern}); hashed fields bounded by NumberLong, MinKey or MaxKey
 * ({@code checkHashedShardKeyRange}); no overlap with the namespace's other ranges
 * ({@code ZoneInfo::addRangeToZone}, balancer_policy.cpp: "Zone range: … is overlapping with
 * existing: …", {@code ZoneRange::toString} = {@code min -->> max  on  zone}). An exact duplicate
 * with the same zone is accepted as a no-op in MongoDB (refused here: nothing would change).
 *
 * @param namespace the collection
 * @param min inclusive lower bound
 * @param max exclusive upper bound
 * @param zone the zone, or null to remove the range
 */
public record UpdateZoneKeyRange(String namespace, BsonDocument min, BsonDocument max, String zone)
        implements CodedCommand {

    public UpdateZoneKeyRange {
        Namespaces.check(namespace);
        min = min.clone();
        max = max.clone();
    }

    /**
     * Code names: FailedToParse for an empty range ({@code ChunkRange::fromBSON}), ZoneNotFound,
     * ShardKeyNotFound for a bound that is not a prefix, InvalidOptions for a hashed bound
     * ({@code checkHashedShardKeyRange}), RangeOverlapConflict ({@code ZoneInfo::addRangeToZone}).
     */
    @Override
    public Optional<Refusal> refusal(ClusterState state) {
        boolean sharded =
                state.collection() != null && state.collection().namespace().equals(namespace);
        if (!sharded) {
            return refusalBeforeSharding(state.shardRegistry(), state.pendingZones());
        }
        Optional<Refusal> range = rangeRefusal(state.shardRegistry());
        if (range.isPresent()) {
            return range;
        }
        String keyDoc = ServerText.of(state.key().toDocument());
        if (!isFieldNamePrefix(min, state.key())) {
            return Optional.of(new Refusal(
                    "ShardKeyNotFound",
                    "min: " + ServerText.of(min) + " is not a prefix of the shard key " + keyDoc + " of ns: "
                            + namespace));
        }
        if (!isFieldNamePrefix(max, state.key())) {
            return Optional.of(new Refusal(
                    "ShardKeyNotFound",
                    "max: " + ServerText.of(max) + " is not a prefix of the shard key " + keyDoc + " of ns: "
                            + namespace));
        }
        ShardKey lo = extended(min, state.key());
        ShardKey hi = extended(max, state.key());
        if (lo.compareTo(hi) >= 0) {
            // the MinKey extension can make a range empty: {a: 1} -->> {a: 1, b: MinKey}
            return Optional.of(new Refusal(
                    "FailedToParse",
                    "min: " + ServerText.of(lo, state.key()) + " should be less than max: "
                            + ServerText.of(hi, state.key())));
        }
        for (int i = 0; i < state.key().arity(); i++) {
            if (state.key().fields().get(i).hashed() && !(validHashedBound(lo.get(i)) && validHashedBound(hi.get(i)))) {
                return Optional.of(new Refusal(
                        "InvalidOptions",
                        "there exists a field in the range " + ServerText.of(lo, state.key()) + " -->> "
                                + ServerText.of(hi, state.key()) + " not of type NumberLong, MinKey, or MaxKey which "
                                + "corresponds to a hashed field in the shard key pattern " + keyDoc));
            }
        }
        if (zone == null) {
            return Optional.empty();
        }
        for (ZoneRange z : state.collection().zones()) {
            if (z.overlaps(lo, hi)) {
                if (z.min().equals(lo) && z.max().equals(hi) && z.zone().equals(zone)) {
                    return Optional.of(Refusal.alreadyDone(
                            "zone range " + ServerText.range(lo, hi, state.key()) + " is already assigned to " + zone));
                }
                return Optional.of(new Refusal(
                        "RangeOverlapConflict",
                        overlapping(
                                ServerText.of(lo, state.key()),
                                ServerText.of(hi, state.key()),
                                ServerText.of(z.min(), state.key()),
                                ServerText.of(z.max(), state.key()),
                                z.zone())));
            }
        }
        return Optional.empty();
    }

    /**
     * The checks of this range for {@link #namespace()} while it is not sharded, in MongoDB's order:
     * the range itself, the zone among {@code shards}' zones, min and max naming the same fields
     * ({@code ChunkRange::extractKeyPattern}: ShardKeyNotFound), no overlap with the namespace's ranges in
     * {@code kept}, the ranges set for collections not sharded yet ({@code ZoneInfo::addRangeToZone}:
     * RangeOverlapConflict; an exact duplicate is a no-op, {@link Refusal#alreadyDone}).
     *
     * @return empty when the range can be kept, else MongoDB's refusal
     */
    public Optional<Refusal> refusalBeforeSharding(ShardRegistry shards, List<PendingZoneRange> kept) {
        return rangeRefusal(shards).or(() -> canApplyBeforeSharding(kept));
    }

    /**
     * The ranges set for collections not sharded yet once this command ran on {@code kept}: the
     * namespace's range with the same bounds replaced by this one, or removed when the zone is null.
     * Precondition: {@link #refusalBeforeSharding} was empty.
     */
    public List<PendingZoneRange> keptAfter(List<PendingZoneRange> kept) {
        List<PendingZoneRange> out = new ArrayList<>(kept);
        out.removeIf(z -> z.namespace().equals(namespace)
                && z.min().equals(min)
                && z.max().equals(max));
        if (zone != null) {
            out.add(new PendingZoneRange(namespace, min, max, zone));
        }
        return out;
    }

    /** The checks every range goes through first: an empty range, bounds not storable, an unknown zone. */
    private Optional<Refusal> rangeRefusal(ShardRegistry shards) {
        if (BsonOrder.compareValues(min, max) >= 0) {
            return Optional.of(new Refusal(
                    "FailedToParse", "min: " + ServerText.of(min) + " should be less than max: " + ServerText.of(max)));
        }
        for (BsonDocument bound : List.of(min, max)) {
            try {
                ShardKeyPattern.checkShardKeyIsValidForMetadataStorage(bound);
            } catch (InvalidShardKeyException e) {
                // mongo shard_key_pattern.cpp checkShardKeyIsValidForMetadataStorage
                return Optional.of(new Refusal("BadValue", e.getMessage()));
            }
        }
        if (zone != null && !shards.zoneShards().containsKey(zone)) {
            return Optional.of(new Refusal("ZoneNotFound", "zone " + zone + " does not exist"));
        }
        return Optional.empty();
    }

    /** The checks of a range kept for a collection not sharded yet: same fields in min and max, no overlap. */
    private Optional<Refusal> canApplyBeforeSharding(List<PendingZoneRange> kept) {
        if (!new ArrayList<>(min.keySet()).equals(new ArrayList<>(max.keySet()))) {
            // mongo chunk_range.cpp (ChunkRange::extractKeyPattern)
            return Optional.of(new Refusal(
                    "ShardKeyNotFound",
                    "the shard key of min " + ServerText.of(min) + " doesn't match with the shard key of max "
                            + ServerText.of(max)));
        }
        if (zone == null) {
            return Optional.empty();
        }
        for (PendingZoneRange z : kept) {
            if (!z.namespace().equals(namespace)) {
                continue;
            }
            boolean overlaps = BsonOrder.compareValues(min, z.max()) < 0 && BsonOrder.compareValues(z.min(), max) < 0;
            if (overlaps) {
                if (z.min().equals(min) && z.max().equals(max) && z.zone().equals(zone)) {
                    return Optional.of(Refusal.alreadyDone("zone range [" + ServerText.of(min) + ", "
                            + ServerText.of(max) + ") is already assigned to " + zone));
                }
                return Optional.of(new Refusal(
                        "RangeOverlapConflict",
                        overlapping(
                                ServerText.of(min),
                                ServerText.of(max),
                                ServerText.of(z.min()),
                                ServerText.of(z.max()),
                                z.zone())));
            }
        }
        return Optional.empty();
    }

    private String overlapping(String lo, String hi, String otherLo, String otherHi, String otherZone) {
        return "Zone range: " + lo + " -->> " + hi + "  on  " + zone + " is overlapping with existing: " + otherLo
                + " -->> " + otherHi + "  on  " + otherZone;
    }

    /** {@code BSONObj::isFieldNamePrefixOf}: the bound's field names start the pattern's, in order. */
    private static boolean isFieldNamePrefix(BsonDocument bound, ShardKeyPattern key) {
        if (bound.size() > key.arity()) {
            return false;
        }
        int i = 0;
        for (String name : bound.keySet()) {
            if (!name.equals(key.fields().get(i++).path())) {
                return false;
            }
        }
        return true;
    }

    /** {@code KeyPattern::extendRangeBound(bound, false)}: the missing fields of the key as MinKey. */
    private static ShardKey extended(BsonDocument bound, ShardKeyPattern key) {
        BsonValue[] values = new BsonValue[key.arity()];
        for (int i = 0; i < values.length; i++) {
            values[i] = bound.get(key.fields().get(i).path(), new BsonMinKey());
        }
        return ShardKey.of(values);
    }

    /** {@code ShardKeyPattern::isValidHashedValue}. */
    private static boolean validHashedBound(BsonValue v) {
        return v.isInt64() || v.getBsonType() == BsonType.MIN_KEY || v.getBsonType() == BsonType.MAX_KEY;
    }

    @Override
    public void apply(ClusterState state) {
        boolean sharded =
                state.collection() != null && state.collection().namespace().equals(namespace);
        if (!sharded) {
            state.setPendingZones(keptAfter(state.pendingZones()));
        } else {
            ShardKey lo = extended(min, state.key());
            ShardKey hi = extended(max, state.key());
            List<ZoneRange> zones = new ArrayList<>(state.collection().zones());
            zones.removeIf(z -> z.min().equals(lo) && z.max().equals(hi));
            if (zone != null) {
                zones.add(new ZoneRange(lo, hi, zone));
            }
            zones.sort((a, b) -> a.min().compareTo(b.min()));
            state.setZones(zones);
        }
        state.emit(new ClusterEvent.MetadataChanged(state.clock(), describe()));
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
