package io.shardlab.sim;

import io.shardlab.bson.BsonOrder;
import io.shardlab.bson.BsonPrinter;
import io.shardlab.cluster.ChunkMap;
import io.shardlab.cluster.ZoneRange;
import io.shardlab.key.KeyField;
import io.shardlab.key.ShardKey;
import io.shardlab.key.ShardKeyPattern;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.bson.BsonDocument;
import org.bson.BsonType;
import org.bson.BsonValue;

/**
 * {@code sh.shardCollection(ns, key, unique, {presplitHashedZones})} on an empty collection: creates
 * the initial chunks of the simulated version ({@link InitialChunks}). Zone ranges defined for the
 * namespace beforehand become the collection's zones.
 *
 * <p>Preconditions, mongo {@code src/mongo/db/s/create_collection_coordinator.cpp}: hashed keys
 * cannot be unique; existing zones must use the proposed key's fields
 * ({@code validateShardKeyAgainstExistingZones}); presplitHashedZones needs zones and a hashed
 * field, and for a hashed prefix exactly one zone covering the whole key space
 * ({@code PresplitHashedZonesSplitPolicy::_validate}, in {@code initial_split_policy.cpp}).
 *
 * @param namespace {@code "db.coll"}
 * @param key the shard key pattern
 * @param unique whether the shard key index is unique
 * @param presplitHashedZones pre-split every zone into hashed chunks on its shards
 * @param numInitialChunks the {@code numInitialChunks} option, 0 when not given; honoured before
 *     7.2 ({@link InitialChunks#honoursNumInitialChunks}), accepted and ignored from 7.2
 * @param populated whether the collection already holds documents: then its one chunk is on the primary shard
 *     whatever the key and the zones ({@code InitialSplitPolicy::calculateOptimizationStrategy},
 *     initial_split_policy.cpp: {@code SingleChunkOnPrimarySplitPolicy} for a non-empty collection), and
 *     {@code presplitHashedZones} is refused (31387)
 */
public record ShardCollection(
        String namespace,
        ShardKeyPattern key,
        boolean unique,
        boolean presplitHashedZones,
        long numInitialChunks,
        boolean populated)
        implements CodedCommand {

    /** mongo create_collection_coordinator.cpp: "Cannot have more than 8192 initial chunks per shard". */
    public static final long MAX_INITIAL_CHUNKS_PER_SHARD = 8192;
    /** mongo create_collection_coordinator.cpp: "Arbitrary limit to memory consumption". */
    public static final long MAX_INITIAL_CHUNKS_TOTAL = 1000 * 1000;

    public ShardCollection {
        Namespaces.check(namespace);
        if (key == null) {
            throw new IllegalArgumentException("key: required");
        }
    }

    /** Of an empty collection. */
    public ShardCollection(
            String namespace, ShardKeyPattern key, boolean unique, boolean presplitHashedZones, long numInitialChunks) {
        this(namespace, key, unique, presplitHashedZones, numInitialChunks, false);
    }

    /** Of an empty collection, without {@code numInitialChunks}. */
    public ShardCollection(String namespace, ShardKeyPattern key, boolean unique, boolean presplitHashedZones) {
        this(namespace, key, unique, presplitHashedZones, 0);
    }

    /** This command, on a collection that holds documents. */
    public ShardCollection onPopulatedCollection() {
        return new ShardCollection(namespace, key, unique, presplitHashedZones, numInitialChunks, true);
    }

    /** {@code sh.shardCollection(ns, key)}. */
    public static ShardCollection of(String namespace, String key) {
        return new ShardCollection(namespace, ShardKeyPattern.parse(key), false, false);
    }

    /**
     * Codes: InvalidOptions for the option and zone checks ({@code create_collection_coordinator.cpp},
     * {@code shard_key_util.cpp}, {@code initial_split_policy.cpp}), AlreadyInitialized for a
     * sharded namespace, location codes 50973 and 31387–31391 / 31412 where MongoDB asserts by number;
     * ShardLab's own texts are OperationFailed.
     */
    @Override
    public Optional<Refusal> refusal(ClusterState state) {
        if (state.shards().isEmpty() || state.nonDrainingShardIds().isEmpty()) {
            // ShardLab's text: a real cluster cannot hold a database without a shard
            return Optional.of(new Refusal(
                    "OperationFailed", "cannot shard " + namespace + ": the cluster has no shard to hold it"));
        }
        if (state.collection() != null) {
            if (state.collection().namespace().equals(namespace)) {
                // ShardLab's text: MongoDB accepts a repeat with the same key as a no-op and refuses
                // another key; the simulator refuses both so that the history holds no empty steps
                return Optional.of(
                        new Refusal("AlreadyInitialized", "sharding already enabled for collection " + namespace));
            }
            // ShardLab's text: the simulator models one sharded collection per cluster
            return Optional.of(new Refusal(
                    "OperationFailed",
                    "the simulated cluster already has the sharded collection "
                            + state.collection().namespace() + "; ShardLab simulates one sharded collection"));
        }
        if (state.policies().initialChunks().honoursNumInitialChunks()) {
            Optional<Refusal> invalid = validateNumInitialChunks(state.shards().size());
            if (invalid.isPresent()) {
                return invalid;
            }
        }
        if (key.isHashed() && unique) {
            return Optional.of(new Refusal(
                    "InvalidOptions",
                    "Hashed shard keys cannot be declared unique. It's possible to ensure uniqueness on "
                            + "the hashed field by declaring an additional (non-hashed) unique index on the field."));
        }
        List<PendingZoneRange> pending = pendingZones(state);
        for (PendingZoneRange z : pending) {
            Optional<Refusal> mismatch = validateAgainstZone(z);
            if (mismatch.isPresent()) {
                return mismatch;
            }
        }
        List<ZoneRange> zones = zoneRanges(pending);
        Map<String, List<String>> zoneShards = state.zoneShards();
        for (ZoneRange z : zones) {
            if (!zoneShards.containsKey(z.zone())) {
                // mongo initial_split_policy.cpp AbstractTagsBasedSplitPolicy::createFirstChunks (50973)
                return Optional.of(new Refusal(
                        "Location50973",
                        "Cannot shard collection " + namespace + " due to zone " + z.zone()
                                + " which is not assigned to a shard. Please assign this zone to a shard."));
            }
        }
        if (presplitHashedZones) {
            return populated ? Optional.of(presplitNotSupported()) : validatePresplit(zones);
        }
        return Optional.empty();
    }

    /**
     * The {@code numInitialChunks} checks before 7.2: its bounds (mongo
     * {@code create_collection_coordinator.cpp}, {@code numShards} counting every shard) and where
     * it applies ({@code InitialSplitPolicy::calculateOptimizationStrategy}, initial_split_policy.cpp;
     * the collection is always empty here).
     */
    private Optional<Refusal> validateNumInitialChunks(int numShards) {
        long maxForShards = numShards * MAX_INITIAL_CHUNKS_PER_SHARD;
        if (numInitialChunks < 0 || numInitialChunks > maxForShards || numInitialChunks > MAX_INITIAL_CHUNKS_TOTAL) {
            return Optional.of(new Refusal(
                    "InvalidOptions",
                    "numInitialChunks cannot be more than either: " + maxForShards + ", " + MAX_INITIAL_CHUNKS_PER_SHARD
                            + " * number of shards; or " + MAX_INITIAL_CHUNKS_TOTAL));
        }
        if (numInitialChunks != 0 && !key.isHashed()) {
            return Optional.of(new Refusal(
                    "InvalidOptions",
                    "numInitialChunks is only supported when the collection is empty and has a hashed "
                            + "field in the shard key pattern"));
        }
        if (numInitialChunks != 0 && !key.hasHashedPrefix() && !presplitHashedZones) {
            return Optional.of(new Refusal(
                    "InvalidOptions",
                    "When the prefix of the hashed shard key is a range field, 'numInitialChunks' can only "
                            + "be used when the 'presplitHashedZones' is true"));
        }
        return Optional.empty();
    }

    private List<PendingZoneRange> pendingZones(ClusterState state) {
        List<PendingZoneRange> out = new ArrayList<>();
        for (PendingZoneRange z : state.pendingZones()) {
            if (z.namespace().equals(namespace)) {
                out.add(z);
            }
        }
        return out;
    }

    private Optional<Refusal> validateAgainstZone(PendingZoneRange zone) {
        BsonDocument proposed = key.toDocument();
        String bounds = ServerText.of(zone.min()) + " -->> " + ServerText.of(zone.max());
        Iterator<Map.Entry<String, BsonValue>> min = zone.min().entrySet().iterator();
        Iterator<Map.Entry<String, BsonValue>> max = zone.max().entrySet().iterator();
        Iterator<KeyField> fields = key.fields().iterator();
        while (min.hasNext() && fields.hasNext()) {
            Map.Entry<String, BsonValue> lo = min.next();
            Map.Entry<String, BsonValue> hi = max.hasNext() ? max.next() : null;
            if (hi == null || !lo.getKey().equals(hi.getKey())) {
                return Optional.of(new Refusal(
                        "InvalidOptions",
                        "the min and max of the existing zone " + bounds + " have non-matching keys"));
            }
            KeyField field = fields.next();
            boolean match = lo.getKey().equals(field.path()) && (min.hasNext() == fields.hasNext());
            if (!match) {
                return Optional.of(new Refusal(
                        "InvalidOptions",
                        "the proposed shard key " + ServerText.of(proposed)
                                + " does not match with the shard key of the existing zone " + bounds));
            }
            if (field.hashed() && !(validHashed(lo.getValue()) && validHashed(hi.getValue()))) {
                return Optional.of(new Refusal(
                        "InvalidOptions",
                        "cannot do hash sharding with the proposed key " + ServerText.of(proposed)
                                + " because there exists a zone " + bounds
                                + " whose boundaries are not of type NumberLong, MinKey or MaxKey"));
            }
        }
        return Optional.empty();
    }

    private static boolean validHashed(BsonValue v) {
        return v.getBsonType() == BsonType.INT64
                || v.getBsonType() == BsonType.MIN_KEY
                || v.getBsonType() == BsonType.MAX_KEY;
    }

    private List<ZoneRange> zoneRanges(List<PendingZoneRange> pending) {
        List<ZoneRange> out = new ArrayList<>();
        for (PendingZoneRange z : pending) {
            out.add(new ZoneRange(
                    ShardKey.of(new ArrayList<>(z.min().values())),
                    ShardKey.of(new ArrayList<>(z.max().values())),
                    z.zone()));
        }
        out.sort((a, b) -> a.min().compareTo(b.min()));
        return out;
    }

    /** {@code PresplitHashedZonesSplitPolicy::_validate}, mongo initial_split_policy.cpp (errors 31387–31391, 31412). */
    private Optional<Refusal> validatePresplit(List<ZoneRange> zones) {
        if (zones.isEmpty() || !key.isHashed()) {
            return Optional.of(presplitNotSupported());
        }
        if (key.hasHashedPrefix()) {
            if (zones.size() != 1
                    || !zones.get(0).min().isGlobalMin()
                    || !zones.get(0).max().isGlobalMax()) {
                return Optional.of(new Refusal(
                        "Location31412",
                        "For hashed prefix shard keys, 'presplitHashedZones' is only supported when there "
                                + "is a single zone defined which covers entire shard key range"));
            }
            return Optional.empty();
        }
        int hashed = key.hashedFieldIndex();
        for (ZoneRange z : zones) {
            boolean prefixDifferent = false;
            for (int i = 0; i < hashed; i++) {
                BsonType t = z.min().get(i).getBsonType();
                if (t == BsonType.MIN_KEY || t == BsonType.MAX_KEY) {
                    return Optional.of(new Refusal(
                            "Location31388",
                            "One or more zones are not defined in a manner that supports hashed "
                                    + "pre-splitting. Cannot have MinKey or MaxKey in the lower bound for fields preceding "
                                    + "the hashed field but found one, for zone " + z.zone()));
                }
                prefixDifferent |=
                        BsonOrder.compareValues(z.min().get(i), z.max().get(i)) != 0;
            }
            if (!prefixDifferent) {
                return Optional.of(new Refusal(
                        "Location31390",
                        "One or more zones are not defined in a manner that supports hashed pre-splitting. "
                                + "The value preceding hashed field of the upper bound should be greater than that of lower "
                                + "bound, for zone " + z.zone()));
            }
            if (z.min().get(hashed).getBsonType() != BsonType.MIN_KEY) {
                return Optional.of(new Refusal(
                        "Location31389",
                        "One or more zones are not defined in a manner that supports hashed pre-splitting. "
                                + "The hashed field value for lower bound must be MinKey, for zone " + z.zone()));
            }
            for (int i = hashed + 1; i < key.arity(); i++) {
                if (z.min().get(i).getBsonType() != BsonType.MIN_KEY) {
                    return Optional.of(new Refusal(
                            "Location31391",
                            "One or more zones are not defined in a manner that supports hashed "
                                    + "pre-splitting. The fields after the hashed field must have MinKey value, for zone "
                                    + z.zone()));
                }
            }
        }
        return Optional.empty();
    }

    private static Refusal presplitNotSupported() {
        return new Refusal(
                "Location31387",
                "'presplitHashedZones' is only supported when the collection is empty, zones are set up "
                        + "and shard key pattern has a hashed field");
    }

    @Override
    public void apply(ClusterState state) {
        List<PendingZoneRange> pending = pendingZones(state);
        List<ZoneRange> zones = zoneRanges(pending);
        InitialChunks initialChunks = state.policies().initialChunks();
        ChunkMap chunks = populated
                ? ChunkMap.single(key.arity(), state.primaryShard())
                : initialChunks.create(
                        key,
                        state.primaryShard(),
                        state.nonDrainingShardIds(),
                        new ArrayList<>(state.shards().keySet()),
                        zones,
                        state.zoneShards(),
                        presplitHashedZones,
                        numInitialChunks,
                        initialChunks.shuffledBy(state.random()));
        state.removePendingZonesIf(pending::contains);
        state.shardCollection(new CollectionMetadata(namespace, key, unique, chunks, zones, state.clock() + 1));
        state.emit(new ClusterEvent.CollectionSharded(state.clock(), namespace, key, chunks.size()));
    }

    @Override
    public String describe() {
        return "shard " + namespace + " on " + key + (unique ? " (unique)" : "")
                + (presplitHashedZones ? " with presplitHashedZones" : "")
                + (numInitialChunks != 0 ? " with numInitialChunks " + numInitialChunks : "");
    }

    @Override
    public String mongoshCommand() {
        String base = "sh.shardCollection(\"" + namespace + "\", " + BsonPrinter.shell(key.toDocument());
        List<String> options = new ArrayList<>();
        if (presplitHashedZones) {
            options.add("presplitHashedZones: true");
        }
        if (numInitialChunks != 0) {
            options.add("numInitialChunks: " + numInitialChunks);
        }
        if (!options.isEmpty()) {
            return base + ", " + unique + ", { " + String.join(", ", options) + " })";
        }
        return base + (unique ? ", true)" : ")");
    }
}
