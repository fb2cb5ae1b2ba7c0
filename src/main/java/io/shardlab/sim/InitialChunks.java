package io.shardlab.sim;

import io.shardlab.cluster.Chunk;
import io.shardlab.cluster.ChunkMap;
import io.shardlab.cluster.ChunkVersion;
import io.shardlab.cluster.MongoVersion;
import io.shardlab.cluster.ReleaseRules;
import io.shardlab.cluster.ZoneRange;
import io.shardlab.key.HashedSplitPoints;
import io.shardlab.key.ShardKey;
import io.shardlab.key.ShardKeyPattern;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import java.util.random.RandomGenerator;
import org.bson.BsonInt64;
import org.bson.BsonMinKey;
import org.bson.BsonValue;

/**
 * The chunks {@code shardCollection} creates for an empty collection, per MongoDB version. The
 * choice of policy follows mongo {@code src/mongo/db/s/create_collection_coordinator.cpp}
 * ({@code createPolicy}) and the layouts {@code src/mongo/db/s/config/initial_split_policy.cpp}:
 * <ol>
 *   <li>{@code presplitHashedZones: true} → {@code PresplitHashedZonesSplitPolicy}: every zone range
 *       is cut into hashed split points, at least {@code minNumInitialChunksPerShard} chunks on every
 *       shard of the zone (2 before 7.2, 1 from 7.2: feature flag
 *       {@code gOneChunkPerShardEmptyCollectionWithHashedShardKey}, SERVER-76405), divided between
 *       the zones a shard belongs to; gaps between zones get one chunk each, round-robin.</li>
 *   <li>no zones and a hashed <em>prefix</em> → {@code SplitPointsBasedSplitPolicy}:
 *       {@code calculateHashedSplitPoints(n)} ({@link HashedSplitPoints}) with n = 2 × shards
 *       before 7.2, laid out in contiguous runs of 2 per shard, and n = shards from 7.2, chunk i on
 *       {@code shardIds[i % n]} of a shuffled list of non-draining shards
 *       ({@code getAllNonDrainingShardIdsShuffled}).</li>
 *   <li>zones defined before sharding → {@code SingleChunkPerTagSplitPolicy}: one chunk per zone
 *       range on a shard of that zone (round-robin per zone), one chunk per gap, gaps on shards
 *       round-robin (4.0.3+).</li>
 *   <li>otherwise {@code SingleChunkOnPrimarySplitPolicy}: one chunk {@code [MinKey, MaxKey)} on
 *       the database's primary shard.</li>
 * </ol>
 * MongoDB shuffles with its own engine; ShardLab draws the shuffle from the simulation's seeded
 * generator, so the order is reproducible but not MongoDB's exact permutation.
 */
public final class InitialChunks {

    private final ReleaseRules rules;

    InitialChunks(ReleaseRules rules) {
        this.rules = rules;
    }

    /** True from 7.2 ({@link ReleaseRules#hashedChunksPerShard()}): one chunk per shard instead of two. */
    boolean oneChunkPerShard() {
        return rules.hashedChunksPerShard() == 1;
    }

    /**
     * Whether {@code shardCollection} honours {@code numInitialChunks}: before 7.2; from 7.2 it is
     * accepted and ignored (SERVER-74747, kept in the IDL by SERVER-83005, out of the split
     * policies by SERVER-82611).
     */
    boolean honoursNumInitialChunks() {
        return rules.numInitialChunks();
    }

    /**
     * The chunks {@code shardCollection} creates for an empty collection of {@code version} with no zones
     * and no options, on {@code shardIds} (sorted, the first the primary shard), with the shards taken in
     * id order where MongoDB shuffles them ({@code getAllNonDrainingShardIdsShuffled}): the layout a
     * diagram or an explanation of a freshly sharded collection shows without running a simulation.
     *
     * @throws IllegalArgumentException when {@code shardIds} is empty
     */
    public static ChunkMap inShardIdOrder(MongoVersion version, ShardKeyPattern key, List<String> shardIds) {
        if (shardIds.isEmpty()) {
            throw new IllegalArgumentException("shards: a sharded cluster has at least 1 shard, got 0");
        }
        return new InitialChunks(ReleaseRules.of(version))
                .create(key, shardIds.get(0), shardIds, shardIds, List.of(), Map.of(), false, 0, List::copyOf);
    }

    /** The shard order {@code getAllNonDrainingShardIdsShuffled} gives, drawn from {@code random}. */
    UnaryOperator<List<String>> shuffledBy(RandomGenerator random) {
        return shards -> shardOrder(shards, random);
    }

    /**
     * The initial chunk map.
     *
     * @param nonDrainingShards shard ids sorted by id, not empty
     * @param allShards every shard id sorted by id ({@code getAllShardIdsSorted}), draining included
     * @param zoneShards zone name → shard ids in that zone (sorted)
     * @param zones the collection's zone ranges sorted by min, not overlapping
     * @param numInitialChunks the option, 0 when not given (checked by {@link ShardCollection})
     * @param shardOrder the order the shards take chunks in: {@link #shuffledBy} as {@code
     *     getAllNonDrainingShardIdsShuffled} gives it, or {@link List#copyOf} for id order
     */
    ChunkMap create(
            ShardKeyPattern key,
            String primaryShard,
            List<String> nonDrainingShards,
            List<String> allShards,
            List<ZoneRange> zones,
            Map<String, List<String>> zoneShards,
            boolean presplitHashedZones,
            long numInitialChunks,
            UnaryOperator<List<String>> shardOrder) {
        long requested = honoursNumInitialChunks() ? numInitialChunks : 0;
        if (presplitHashedZones) {
            return presplitHashedZones(key, zones, zoneShards, shardOrder.apply(nonDrainingShards), requested);
        }
        if (!rules.zonesBeforeSharding()) {
            // before 4.0.3 zones take effect only when the balancer enforces them after sharding
            zones = List.of();
        }
        if (zones.isEmpty() && key.hasHashedPrefix()) {
            if (oneChunkPerShard()) {
                List<ShardKey> points = hashedPoints(key, List.of(), nonDrainingShards.size());
                return ChunkMap.fromSplitPoints(key.arity(), points, shardOrder.apply(nonDrainingShards), 1);
            }
            return splitPointsBased(key, primaryShard, allShards, requested);
        }
        if (!zones.isEmpty()) {
            return singleChunkPerZone(key, zones, zoneShards, shardOrder.apply(nonDrainingShards));
        }
        return ChunkMap.single(key.arity(), primaryShard);
    }

    /**
     * {@code SplitPointsBasedSplitPolicy} for a hashed prefix before 7.2 (initial_split_policy.h and
     * {@code generateShardCollectionInitialChunks}): {@code n = numInitialChunks}, else 2 × shards;
     * runs of {@code max(n / shards, 1)} contiguous chunks per shard in id order; the first chunk on
     * the primary shard when there are fewer chunks than shards.
     */
    private static ChunkMap splitPointsBased(
            ShardKeyPattern key, String primaryShard, List<String> shards, long numInitialChunks) {
        int n = (int) (numInitialChunks != 0 ? numInitialChunks : 2L * shards.size());
        int contiguous = Math.max(n / shards.size(), 1);
        List<ShardKey> points = hashedPoints(key, List.of(), n);
        List<Chunk> chunks = new ArrayList<>(points.size() + 1);
        ShardKey lower = key.globalMin();
        for (int i = 0; i <= points.size(); i++) {
            ShardKey upper = i < points.size() ? points.get(i) : key.globalMax();
            String shard = i == 0 && points.size() + 1 < shards.size()
                    ? primaryShard
                    : shards.get((i / contiguous) % shards.size());
            chunks.add(new Chunk(lower, upper, shard, false, new ChunkVersion(1, i)));
            lower = upper;
        }
        return new ChunkMap(chunks);
    }

    /** The shard list as {@code getAllNonDrainingShardIdsShuffled} returns it (shuffled from 7.2). */
    private List<String> shardOrder(List<String> shards, RandomGenerator random) {
        List<String> order = new ArrayList<>(shards);
        if (oneChunkPerShard()) {
            for (int i = order.size() - 1; i > 0; i--) {
                Collections.swap(order, i, random.nextInt(i + 1));
            }
        }
        return order;
    }

    /** Hashed split points with the prefix fields' values copied and MinKey after the hashed field. */
    static List<ShardKey> hashedPoints(ShardKeyPattern key, List<BsonValue> prefix, int numChunks) {
        int hashed = key.hashedFieldIndex();
        List<ShardKey> out = new ArrayList<>();
        for (long p : HashedSplitPoints.of(numChunks)) {
            BsonValue[] values = new BsonValue[key.arity()];
            for (int i = 0; i < values.length; i++) {
                if (i < hashed) {
                    values[i] = prefix.get(i);
                } else if (i == hashed) {
                    values[i] = new BsonInt64(p);
                } else {
                    values[i] = new BsonMinKey();
                }
            }
            out.add(ShardKey.of(values));
        }
        return out;
    }

    private ChunkMap singleChunkPerZone(
            ShardKeyPattern key, List<ZoneRange> zones, Map<String, List<String>> zoneShards, List<String> shardIds) {
        Map<String, Integer> nextIndexForZone = new HashMap<>();
        return zoned(key, zones, shardIds, zone -> {
            List<String> inZone = zoneShards.get(zone.zone());
            int i = nextIndexForZone.merge(zone.zone(), 1, Integer::sum) - 1;
            return List.of(new Placement(inZone.get(i % inZone.size()), zone.min(), zone.max()));
        });
    }

    /**
     * {@code PresplitHashedZonesSplitPolicy::buildSplitInfoForTag}: {@code numChunksPerShard =
     * ceil(numInitialChunks / shards with zones)} (numInitialChunks defaulting to 2 × those shards,
     * so 2; 1 from 7.2), each shard of a zone taking {@code ceil(numChunksPerShard / its zones)}.
     */
    private ChunkMap presplitHashedZones(
            ShardKeyPattern key,
            List<ZoneRange> zones,
            Map<String, List<String>> zoneShards,
            List<String> shardIds,
            long numInitialChunks) {
        Map<String, Integer> zonesPerShard = new HashMap<>();
        for (ZoneRange z : zones) {
            for (String s : zoneShards.get(z.zone())) {
                zonesPerShard.merge(s, 1, Integer::sum);
            }
        }
        int minPerShard;
        if (numInitialChunks != 0) {
            long shardsWithZones = zonesPerShard.size();
            minPerShard =
                    (int) (numInitialChunks / shardsWithZones + (numInitialChunks % shardsWithZones != 0 ? 1 : 0));
        } else {
            minPerShard = oneChunkPerShard() ? 1 : 2;
        }
        int hashed = key.hashedFieldIndex();
        return zoned(key, zones, shardIds, zone -> {
            List<String> inZone = zoneShards.get(zone.zone());
            List<String> distribution = new ArrayList<>();
            for (String s : inZone) {
                int perZone = zonesPerShard.get(s);
                int n = minPerShard / perZone + (minPerShard % perZone != 0 ? 1 : 0);
                for (int i = 0; i < n; i++) {
                    distribution.add(s);
                }
            }
            List<BsonValue> prefix = zone.min().values().subList(0, hashed);
            List<ShardKey> points = hashedPoints(key, prefix, distribution.size());
            List<Placement> out = new ArrayList<>();
            for (int i = 0; i <= points.size(); i++) {
                ShardKey min = i == 0 ? zone.min() : points.get(i - 1);
                ShardKey max = i == points.size() ? zone.max() : points.get(i);
                out.add(new Placement(distribution.get(i), min, max));
            }
            return out;
        });
    }

    private record Placement(String shard, ShardKey min, ShardKey max) {}

    private interface ZoneLayout {
        List<Placement> chunksFor(ZoneRange zone);
    }

    /** {@code AbstractTagsBasedSplitPolicy::createFirstChunks}: zones laid out, holes round-robin. */
    private static ChunkMap zoned(
            ShardKeyPattern key, List<ZoneRange> zones, List<String> shardIds, ZoneLayout layout) {
        List<Chunk> chunks = new ArrayList<>();
        int hole = 0;
        ShardKey lastMax = key.globalMin();
        int minor = 0;
        for (ZoneRange zone : zones) {
            if (zone.min().compareTo(lastMax) > 0) {
                chunks.add(new Chunk(
                        lastMax,
                        zone.min(),
                        shardIds.get(hole++ % shardIds.size()),
                        false,
                        new ChunkVersion(1, minor++)));
            }
            for (Placement p : layout.chunksFor(zone)) {
                chunks.add(new Chunk(p.min(), p.max(), p.shard(), false, new ChunkVersion(1, minor++)));
            }
            lastMax = zone.max();
        }
        if (lastMax.compareTo(key.globalMax()) < 0) {
            chunks.add(new Chunk(
                    lastMax, key.globalMax(), shardIds.get(hole % shardIds.size()), false, new ChunkVersion(1, minor)));
        }
        return new ChunkMap(chunks);
    }
}
