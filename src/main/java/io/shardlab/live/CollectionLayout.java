package io.shardlab.live;

import io.shardlab.cluster.ActiveMigration;
import io.shardlab.cluster.Chunk;
import io.shardlab.cluster.ChunkMap;
import io.shardlab.cluster.ClusterSnapshot;
import io.shardlab.cluster.Shard;
import io.shardlab.cluster.ZoneRange;
import io.shardlab.key.ShardKeyPattern;
import io.shardlab.text.Message;
import io.shardlab.text.RefusedInput;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * One sharded collection as read from a cluster: its config.collections entry, its chunks in key
 * order, its zone ranges and, where the server could tell, its per-shard data.
 *
 * <p>Invariant: {@code map} is present exactly when every chunk document decoded, the chunks tile
 * {@code [MinKey, MaxKey)} and every chunk is on a shard config.shards lists; otherwise
 * {@code problems} says why, and {@code chunks} still holds every chunk that could be decoded, so
 * broken metadata can be shown. {@code problems} may also hold problems that do not affect the
 * chunks (a zone range on a zone without shards, an odd uuid).
 *
 * @param entry the config.collections entry
 * @param chunks the decoded chunks in key order (by min, then max)
 * @param map the chunk map, or null when the chunks do not tile the key space
 * @param zones the zone ranges, sorted by min
 * @param dataDistribution per-shard data, or null when no source could report it
 * @param problems what is wrong with this collection's metadata; empty when it is sound
 * @param estimatedDataSizeBytes config.chunks {@code estimatedDataSizeBytes} of the chunks whose
 *     documents carry one (written only while the balancer defragments the collection, and cleared
 *     when it is done: mongo {@code balancer_defragmentation_policy.cpp},
 *     {@code _clearDefragmentationState}); {@code Long.MAX_VALUE} is the defragmenter's
 *     "bigger than a small chunk" marker ({@code kBigChunkMarker}), not a size
 * @param migrations the migrations the balancer had in progress when the layout was read
 *     (config.migrations, {@link ActiveMigration}); each fits the chunks: from the min of a chunk of
 *     its donor, within that chunk, and no shard in two of them. Empty for a layout at an earlier moment.
 * @param onCurrentShardSince when each chunk whose document says so came to its shard
 *     ({@link ChunkDocument#onCurrentShardSince()}); empty for a layout at an earlier moment
 */
public record CollectionLayout(
        CollectionEntry entry,
        List<Chunk> chunks,
        ChunkMap map,
        List<ZoneRange> zones,
        DataDistribution dataDistribution,
        List<MetadataProblem> problems,
        Map<Chunk, Long> estimatedDataSizeBytes,
        List<ActiveMigration> migrations,
        Map<Chunk, Instant> onCurrentShardSince) {

    public CollectionLayout {
        chunks = List.copyOf(chunks);
        zones = List.copyOf(zones);
        problems = List.copyOf(problems);
        estimatedDataSizeBytes = Map.copyOf(estimatedDataSizeBytes);
        migrations = List.copyOf(migrations);
        onCurrentShardSince = Map.copyOf(onCurrentShardSince);
    }

    /**
     * The same collection and zones with {@code then}'s chunks, as at an earlier moment of its changelog: per-shard
     * data, config.chunks size estimates, migrations in progress and arrival times describe today's chunks, so the
     * earlier layout has none.
     */
    public CollectionLayout at(ChunkMap then) {
        return new CollectionLayout(entry, then.chunks(), then, zones, null, problems, Map.of(), List.of(), Map.of());
    }

    /** The namespace. */
    public String namespace() {
        return entry.namespace();
    }

    /** The shard key pattern. */
    public ShardKeyPattern key() {
        return entry.key();
    }

    /** The chunk map when the chunks tile the key space. */
    public Optional<ChunkMap> chunkMap() {
        return Optional.ofNullable(map);
    }

    /** Chunk counts per shard, sorted by shard id. */
    public Map<String, Integer> chunksPerShard() {
        return chunks.stream().collect(Collectors.toMap(Chunk::shard, c -> 1, Integer::sum, TreeMap::new));
    }

    /** This layout with per-shard data attached. */
    public CollectionLayout withDataDistribution(DataDistribution distribution) {
        return new CollectionLayout(
                entry,
                chunks,
                map,
                zones,
                distribution,
                problems,
                estimatedDataSizeBytes,
                migrations,
                onCurrentShardSince);
    }

    /** This layout with the migrations in progress and the problems found reading them. */
    public CollectionLayout withMigrations(List<ActiveMigration> inFlight, List<MetadataProblem> found) {
        List<MetadataProblem> all = new ArrayList<>(problems);
        all.addAll(found);
        return new CollectionLayout(
                entry,
                chunks,
                map,
                zones,
                dataDistribution,
                all,
                estimatedDataSizeBytes,
                inFlight,
                onCurrentShardSince);
    }

    /**
     * The snapshot every view, export and router works from.
     *
     * @throws RefusedInput when the metadata is broken, naming the first problem
     */
    public ClusterSnapshot snapshot(List<Shard> shards) {
        if (map == null) {
            throw new RefusedInput(
                    problems.isEmpty()
                            ? Message.of("live.refused.invalidLayout.noChunks", namespace())
                            : Message.of(
                                    "live.refused.invalidLayout",
                                    namespace(),
                                    problems.get(0).said(),
                                    problems.size() - 1));
        }
        return new ClusterSnapshot(namespace(), key(), entry.unique(), shards, map, zones);
    }
}
