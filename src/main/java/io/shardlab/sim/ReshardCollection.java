package io.shardlab.sim;

import io.shardlab.cluster.Chunk;
import io.shardlab.cluster.ChunkMap;
import io.shardlab.cluster.ChunkVersion;
import io.shardlab.cluster.ZoneRange;
import io.shardlab.key.ShardKey;
import io.shardlab.key.ShardKeyPattern;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;
import java.util.random.RandomGenerator;

/**
 * {@code sh.reshardCollection(ns, key)} (5.0+): the collection gets a new shard key, a new chunk layout
 * built from sampled split points, and its documents are placed again under the new key. MongoDB's
 * {@code SamplingBasedSplitPolicy} (mongo {@code src/mongo/db/s/config/initial_split_policy.cpp}, called
 * from {@code resharding_coordinator_service_external_state.cpp}):
 * <ol>
 *   <li>{@code numInitialChunks} defaults to 90 ({@code kReshardingNumInitialChunksDefault});</li>
 *   <li>{@code $sample} of {@code numInitialChunks × 10} documents ({@code kDefaultSamplesPerChunk}),
 *       their new keys (missing fields null, hashed fields hashed) sorted;</li>
 *   <li>every 10th sorted sample becomes a split point (the last sample when a group is short),
 *       duplicates dropped, until {@code numInitialChunks − 1} points;</li>
 *   <li>fewer distinct points refuse the command (error 4952606, "The shard key provided does not have
 *       enough cardinality to make the required number of chunks of N, it can only make M chunks");</li>
 *   <li>chunk i goes to the shard with the fewest new chunks so far, over the non-draining shards in
 *       {@code getAllNonDrainingShardIdsShuffled} order (round-robin).</li>
 * </ol>
 * With the {@code zones} option ({@code SamplingBasedSplitPolicy::createFirstSplitPoints} and
 * {@code createFirstChunks}): every zone bound that is not the global min or max is a split point
 * first, the sample adds points not already there until {@code numInitialChunks − 1}, and a chunk
 * inside a zone goes to the zone's shard with the fewest new chunks (the others to any shard as
 * above); the zones become the collection's. Every document is placed again: those given, by their new keys; a loaded layout's
 * documents, which have no keys, in equal shares over the new chunks. The new metadata has a new epoch. The sample is drawn
 * from the simulation's seeded generator, so it is reproducible but not MongoDB's exact sample.
 *
 * @param namespace the collection
 * @param key the new shard key
 * @param documents the collection's documents, keyed by the new key (the caller extracts them: the ones a
 *     document store keeps and the ones only the simulation holds, such as an explorer's stream)
 * @param numInitialChunks the number of chunks to make, at least 1
 * @param zones the new zone ranges in the new key (bounds extended with MinKey), sorted, not overlapping;
 *     empty for none
 */
public record ReshardCollection(
        String namespace, ShardKeyPattern key, InsertBatch documents, int numInitialChunks, List<ZoneRange> zones)
        implements CodedCommand {

    /** mongo resharding_coordinator_service_external_state.cpp {@code kReshardingNumInitialChunksDefault}. */
    public static final int DEFAULT_NUM_INITIAL_CHUNKS = 90;
    /** mongo initial_split_policy.h {@code SamplingBasedSplitPolicy::kDefaultSamplesPerChunk}. */
    static final int SAMPLES_PER_CHUNK = 10;

    public ReshardCollection {
        Namespaces.check(namespace);
        if (key == null || documents == null) {
            throw new IllegalArgumentException("reshardCollection: a key and the documents are required");
        }
        if (numInitialChunks < 1) {
            throw new IllegalArgumentException("numInitialChunks: must be at least 1, got " + numInitialChunks);
        }
        zones = List.copyOf(zones == null ? List.of() : zones);
    }

    /** Without zones. */
    public ReshardCollection(String namespace, ShardKeyPattern key, InsertBatch documents, int numInitialChunks) {
        this(namespace, key, documents, numInitialChunks, List.of());
    }

    @Override
    public Optional<Refusal> refusal(ClusterState state) {
        Optional<String> sharded = CommandSupport.requireSharded(state, "reshardCollection", namespace);
        if (sharded.isPresent()) {
            return Optional.of(new Refusal("NamespaceNotSharded", sharded.get()));
        }
        if (state.nonDrainingShardIds().isEmpty()) {
            return Optional.of(Refusal.operationFailed("no shard can receive the resharded collection"));
        }
        if (!state.migrations().isEmpty()) {
            // a migration planned on the chunks the resharding replaces could not commit onto the new ones; mongos
            // waits for it first (CollectionShardingCommands), as MongoDB's coordinator does
            return Optional.of(Refusal.operationFailed(CommandSupport.migrationInProgress("reshard the collection")));
        }
        int points = splitPoints(new SimulationRandom(state.random().state())).size();
        if (points < numInitialChunks - 1) {
            return Optional.of(new Refusal(
                    "Location4952606",
                    "The shard key provided does not have enough "
                            + "cardinality to make the required number of chunks of " + numInitialChunks
                            + ", it can only make "
                            + (points + 1) + " chunks"));
        }
        return Optional.empty();
    }

    /** The split points a sample drawn from {@code random} gives, sorted. */
    private List<ShardKey> splitPoints(RandomGenerator random) {
        int n = documents.size();
        int sampleSize = (int) Math.min(n, (long) numInitialChunks * SAMPLES_PER_CHUNK);
        // a partial Fisher-Yates shuffle: the first sampleSize indexes are a uniform sample
        int[] index = new int[n];
        for (int i = 0; i < n; i++) {
            index[i] = i;
        }
        List<ShardKey> sample = new ArrayList<>(sampleSize);
        for (int i = 0; i < sampleSize; i++) {
            int j = i + random.nextInt(n - i);
            int t = index[i];
            index[i] = index[j];
            index[j] = t;
            sample.add(documents.key(index[i]));
        }
        Collections.sort(sample);
        // extractSplitPointsFromZones: the zones' bounds first
        TreeSet<ShardKey> points = new TreeSet<>();
        for (ZoneRange z : zones) {
            for (ShardKey bound : List.of(z.min(), z.max())) {
                if (!bound.isGlobalMin() && !bound.isGlobalMax()) {
                    points.add(bound);
                }
            }
        }
        int toAppend = numInitialChunks - 1 - points.size();
        for (int group = 0; group * SAMPLES_PER_CHUNK < sample.size() && toAppend > 0; group++) {
            int last = Math.min(sample.size(), (group + 1) * SAMPLES_PER_CHUNK) - 1;
            if (!sample.get(last).isGlobalMin() && points.add(sample.get(last))) {
                toAppend--;
            }
        }
        // a document holding MinKey in every key field would make an empty first chunk
        points.remove(key.globalMin());
        return new ArrayList<>(points);
    }

    @Override
    public void apply(ClusterState state) {
        List<ShardKey> points = splitPoints(state.random());
        List<String> shards = new ArrayList<>(state.nonDrainingShardIds());
        for (int i = shards.size() - 1; i > 0; i--) {
            Collections.swap(shards, i, state.random().nextInt(i + 1));
        }
        ChunkMap chunks = zones.isEmpty()
                ? ChunkMap.fromSplitPoints(key.arity(), points, shards, 1)
                : placedByZone(points, shards, state.zoneShards());
        // the new incarnation's config.collections entry carries no defragmentCollection flag
        state.setDefragmentation(null);
        // a loaded layout's documents have no keys: they go to the new chunks in equal shares, as the
        // sampled split points cut the collection into chunks of about equal document counts
        state.reshardCollection(
                new CollectionMetadata(
                        namespace, key, false, chunks, zones, state.collection().epoch() + 1),
                documents);
        state.emit(new ClusterEvent.MetadataChanged(state.clock(), describe()));
    }

    /**
     * {@code createFirstChunks} with zones: each chunk goes to the shard with the fewest new chunks
     * among its zone's shards ({@code selectBestShard}; the first such shard on a tie), a chunk in no
     * zone among all non-draining shards in their shuffled order.
     */
    private ChunkMap placedByZone(List<ShardKey> points, List<String> shards, Map<String, List<String>> zoneShards) {
        Map<String, Integer> counts = new HashMap<>();
        List<Chunk> list = new ArrayList<>(points.size() + 1);
        ShardKey lower = ShardKey.globalMin(key.arity());
        for (int i = 0; i <= points.size(); i++) {
            ShardKey upper = i < points.size() ? points.get(i) : ShardKey.globalMax(key.arity());
            List<String> candidates = shards;
            for (ZoneRange z : zones) {
                if (z.min().compareTo(lower) <= 0 && upper.compareTo(z.max()) <= 0) {
                    candidates = zoneShards.getOrDefault(z.zone(), shards);
                    break;
                }
            }
            String best = candidates.get(0);
            for (String c : candidates) {
                if (counts.getOrDefault(c, 0) < counts.getOrDefault(best, 0)) {
                    best = c;
                }
            }
            counts.merge(best, 1, Integer::sum);
            list.add(new Chunk(lower, upper, best, false, new ChunkVersion(1, i)));
            lower = upper;
        }
        return new ChunkMap(list);
    }

    @Override
    public String describe() {
        return "reshard " + namespace + " on " + key + " (" + numInitialChunks + " chunks)";
    }

    @Override
    public String mongoshCommand() {
        return "sh.reshardCollection(\"" + namespace + "\", " + CommandSupport.shell(key.toDocument())
                + (numInitialChunks == DEFAULT_NUM_INITIAL_CHUNKS
                        ? ""
                        : ", { numInitialChunks: " + numInitialChunks + " }")
                + ")";
    }
}
