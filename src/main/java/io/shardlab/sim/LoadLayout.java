package io.shardlab.sim;

import io.shardlab.cluster.ActiveMigration;
import io.shardlab.cluster.Chunk;
import io.shardlab.cluster.ChunkStatistics;
import io.shardlab.cluster.ClusterSnapshot;
import io.shardlab.cluster.ZoneRange;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Starts the simulated cluster from a layout read elsewhere (a live cluster, a snapshot file, a
 * config dump) instead of {@link ShardCollection}: its shards (with their zones and draining
 * state), the collection with its chunks exactly as read (bounds, shards, jumbo flags, versions)
 * and its zone ranges. There is no mongosh equivalent; it is ShardLab's own command.
 *
 * <p>What each chunk holds is given as totals ({@link ChunkStatistics}: documents and bytes), or
 * not at all. The simulator keeps every document's key, but a layout source holds none, so the
 * loaded documents are <em>unknown documents</em> ({@link ChunkDocuments#unknownDocuments()}):
 * counted in every per-shard and per-chunk figure the balancer uses (data size per shard from
 * 6.0, the donor's ChunkTooBig check), moved exactly when a whole chunk moves, and divided by
 * {@link KeyInterpolation} only where a step must cut inside a chunk (a 6.0+ {@code moveRange}
 * of about one chunk size, a split after ChunkTooBig, a zone boundary): it assumes distinct keys
 * spread evenly over the chunk's key range and marks the result as estimated
 * ({@link Migration#estimatedMax()}); a ranged chunk with a MinKey or MaxKey end is taken to hold
 * consecutive values next to its bounded end. Where the key range allows no placement at all
 * (strings, mixed types) the step is skipped with a {@link ClusterEvent.DocumentsUnknown} event,
 * never guessed. Without contents every chunk starts empty.
 *
 * <p>Migrations the source's balancer had in progress ({@code inFlight}, config.migrations) start
 * again at load and commit after their copy time, as the balancer's recovery resumes them (mongo
 * {@code migration_manager.cpp} {@code finishRecovery}); until then their shards take part in no
 * other migration. Their reason counts as {@code chunksImbalance}, as the record carries none
 * ({@code MigrationType::toMigrateInfo} in {@code type_migration.cpp}).
 *
 * <p>Precondition: the simulated cluster is new (no shard, no collection). The first shard in id
 * order becomes the database's primary shard (the source's is not part of a layout).
 *
 * <p>When each chunk came to its shard ({@code onCurrentShardSince}, what the 7.0+ auto-merger, the
 * defragmenter and {@code mergeAllChunksOnShard} wait on: mongo {@code sharding_catalog_manager_chunk_operations.cpp}
 * merges only chunks whose {@code onCurrentShardSince} is older than the snapshot history window) is kept as the
 * source knew it: a chunk of {@code timeOnShard} had been on its shard that long when the layout was read, so it
 * arrived that long before the current simulated time. A chunk the source gave no time for counts as arrived at the
 * current simulated time: it may have just moved, and MongoDB merges no chunk it cannot show to be older than the
 * window (the merge's query, {@code onCurrentShardSince: {$lt: oldest}}, matches no chunk without the field).
 *
 * @param layout the collection and its cluster
 * @param contents per chunk, in key order, what it holds; empty when unknown
 * @param inFlight migrations in progress when the layout was read; each a range from the min of a
 *     chunk of its donor, within that chunk, to another shard of the layout
 * @param timeOnShard for the chunks whose arrival the source knew, how long each had been on its shard when the
 *     layout was read; each a chunk of the layout, not negative
 */
public record LoadLayout(
        ClusterSnapshot layout,
        List<ChunkStatistics> contents,
        List<ActiveMigration> inFlight,
        Map<Chunk, Duration> timeOnShard)
        implements ClusterCommand {

    /** A layout without migrations in progress. */
    public LoadLayout(ClusterSnapshot layout, List<ChunkStatistics> contents) {
        this(layout, contents, List.of());
    }

    /** A layout whose chunks all count as arrived at load. */
    public LoadLayout(ClusterSnapshot layout, List<ChunkStatistics> contents, List<ActiveMigration> inFlight) {
        this(layout, contents, inFlight, Map.of());
    }

    public LoadLayout {
        if (layout == null) {
            throw new IllegalArgumentException("layout: required");
        }
        Namespaces.check(layout.namespace());
        contents = List.copyOf(contents);
        if (layout.shards().isEmpty()) {
            throw new IllegalArgumentException("layout: " + layout.namespace() + " has no shards");
        }
        Set<String> ids = new HashSet<>(layout.shardIds());
        for (Chunk c : layout.chunks().chunks()) {
            if (!ids.contains(c.shard())) {
                throw new IllegalArgumentException("layout: chunk " + c + " is on shard '" + c.shard()
                        + "', which is not one of the layout's shards " + layout.shardIds());
            }
        }
        inFlight = List.copyOf(inFlight);
        timeOnShard = Map.copyOf(timeOnShard);
        Set<Chunk> chunks = new HashSet<>(layout.chunks().chunks());
        for (Map.Entry<Chunk, Duration> t : timeOnShard.entrySet()) {
            if (!chunks.contains(t.getKey())) {
                throw new IllegalArgumentException(
                        "timeOnShard: " + t.getKey() + " is not a chunk of " + layout.namespace());
            }
            if (t.getValue().isNegative()) {
                throw new IllegalArgumentException("timeOnShard: " + t.getKey() + " has been on its shard for "
                        + t.getValue() + "; a time on a shard is not negative");
            }
        }
        Set<String> busy = new HashSet<>();
        for (ActiveMigration m : inFlight) {
            int i = layout.chunks().indexOf(m.min());
            Chunk c = layout.chunks().get(i);
            if (!c.min().equals(m.min())
                    || m.max().compareTo(c.max()) > 0
                    || !c.shard().equals(m.fromShard())) {
                throw new IllegalArgumentException("inFlight: the migration of [" + m.min() + ", " + m.max() + ") from "
                        + m.fromShard() + " is not a range from the min of a chunk of " + m.fromShard());
            }
            if (!ids.contains(m.toShard())) {
                throw new IllegalArgumentException(
                        "inFlight: the migration of [" + m.min() + ", " + m.max() + ") goes to '" + m.toShard()
                                + "', which is not one of the layout's shards " + layout.shardIds());
            }
            for (String shard : List.of(m.fromShard(), m.toShard())) {
                if (!busy.add(shard)) {
                    // mongo balancer_policy.cpp: a shard takes part in one migration at a time
                    throw new IllegalArgumentException("inFlight: shard " + shard + " is in two migrations at once");
                }
            }
        }
        if (!contents.isEmpty()) {
            if (contents.size() != layout.chunks().size()) {
                throw new IllegalArgumentException("contents: " + contents.size() + " entries for "
                        + layout.chunks().size() + " chunks");
            }
            for (int i = 0; i < contents.size(); i++) {
                ChunkStatistics s = contents.get(i);
                if (!s.chunk().equals(layout.chunks().get(i))) {
                    throw new IllegalArgumentException("contents[" + i + "]: is for " + s.chunk() + ", not "
                            + layout.chunks().get(i));
                }
                if ((s.documents() == 0) != (s.bytes() == 0) || s.bytes() < s.documents()) {
                    throw new IllegalArgumentException("contents[" + i + "]: " + s.documents() + " documents of "
                            + s.bytes() + " bytes in " + s.chunk() + "; documents take at least one byte each, and "
                            + "no documents take no bytes");
                }
            }
        }
    }

    /** A layout whose chunk contents are unknown: every chunk starts empty. */
    public static LoadLayout withoutContents(ClusterSnapshot layout) {
        return new LoadLayout(layout, List.of());
    }

    @Override
    public Optional<String> canApply(ClusterState state) {
        if (!state.shards().isEmpty()
                || state.collection() != null
                || !state.pendingZones().isEmpty()) {
            // ShardLab's text: a layout replaces the whole cluster, so it loads only into a new one
            return Optional.of("a layout loads only into a new simulated cluster; this one already has "
                    + (state.collection() != null
                            ? "the collection " + state.collection().namespace()
                            : state.shards().size() + " shards"));
        }
        return Optional.empty();
    }

    @Override
    public void apply(ClusterState state) {
        state.clusterShards().load(layout.shards());
        List<ZoneRange> zones = layout.zones();
        state.loadCollection(
                new CollectionMetadata(
                        layout.namespace(), layout.key(), layout.unique(), layout.chunks(), zones, state.clock() + 1),
                contents);
        for (int i = 0; i < state.chunks().size(); i++) {
            Duration onShard = timeOnShard.get(state.chunks().get(i));
            if (onShard != null) {
                state.documentsOf(i).setOnShardSince(state.clock() - onShard.toMillis());
            }
        }
        for (ActiveMigration m : inFlight) {
            int index = state.chunks().indexOf(m.min());
            Chunk c = state.chunks().get(index);
            if (m.max().compareTo(c.max()) < 0 && !state.canPlace(index, List.of(m.max()))) {
                state.emit(
                        new ClusterEvent.DocumentsUnknown(
                                state.clock(),
                                c,
                                m.toShard(),
                                "the source's balancer was "
                                        + "moving part of this chunk, and the chunk's key range gives no place to divide its documents"));
                continue;
            }
            state.startMigration(index, m.max(), m.toShard(), MigrationReason.CHUNKS_IMBALANCE);
        }
        long docs = contents.stream().mapToLong(ChunkStatistics::documents).sum();
        long bytes = contents.stream().mapToLong(ChunkStatistics::bytes).sum();
        state.emit(new ClusterEvent.LayoutLoaded(
                state.clock(),
                layout.namespace(),
                layout.key(),
                layout.shards().size(),
                layout.chunks().size(),
                docs,
                bytes));
    }

    @Override
    public String describe() {
        return "load the layout of " + layout.namespace() + " ("
                + layout.chunks().size() + " chunks on " + layout.shards().size() + " shards)";
    }

    @Override
    public String mongoshCommand() {
        return "// ShardLab loads the layout of " + layout.namespace() + " read from a cluster, a snapshot or a dump";
    }
}
