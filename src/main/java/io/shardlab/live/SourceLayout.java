package io.shardlab.live;

import io.shardlab.cluster.Chunk;
import io.shardlab.cluster.ChunkMap;
import io.shardlab.cluster.ChunkStatistics;
import io.shardlab.cluster.ClusterSnapshot;
import io.shardlab.cluster.MongoVersion;
import io.shardlab.sim.LoadLayout;
import io.shardlab.sim.SetChunkSize;
import io.shardlab.text.Message;
import io.shardlab.text.RefusedInput;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * One collection's layout as a source gave it, with what the source knew besides, resolved once for
 * every front end: what {@code explain}, {@code export}, {@code simulate}, {@code serve}, {@code shell}
 * and the GUI's read-only view and "Fork into simulator" start from. It converts to the simulator's
 * load command ({@link #load()}), to the layout at an earlier moment ({@link #at(ChunkMap)}) and to the
 * diagram's per-chunk sizes ({@link #recordedSizes()}).
 *
 * @param cluster the collection and its cluster, a valid layout
 * @param layout the collection as read: its config.collections flags, per-shard data, chunk size
 *     estimates and migrations in flight
 * @param metadata the whole read: balancer, server, notes, release
 * @param recorded what a snapshot file recorded per chunk, by chunk; empty for other sources
 */
public record SourceLayout(
        ClusterSnapshot cluster,
        CollectionLayout layout,
        ClusterMetadata metadata,
        Map<Chunk, ChunkStatistics> recorded) {

    public SourceLayout {
        Objects.requireNonNull(cluster, "cluster");
        Objects.requireNonNull(layout, "layout");
        Objects.requireNonNull(metadata, "metadata");
        recorded = Map.copyOf(recorded);
    }

    /** The release the source's metadata came from, and how that is known ({@link ReleaseInference}). */
    public SourceRelease release() {
        return metadata.release();
    }

    /**
     * The release whose rules a simulation of this layout follows unless the user names one: the
     * source's, or {@link MongoVersion#DEFAULT} when the source is older than ShardLab models (before 4.0).
     */
    public MongoVersion simulatedVersion() {
        return release().version().atLeast(MongoVersion.V4_0) ? release().version() : MongoVersion.DEFAULT;
    }

    /** What each chunk holds, from the best figures the source has ({@link ChunkContents}). */
    public ChunkContents contents() {
        return ChunkContents.of(cluster, recorded, layout.estimatedDataSizeBytes(), layout.dataDistribution());
    }

    /**
     * The simulator's command that starts a cluster from this layout, with its {@link #contents()}, the
     * migrations the source's balancer had in progress ({@link CollectionLayout#migrations()}), which the
     * simulator resumes, and how long each chunk had been on its shard ({@link #timeOnShard()}).
     */
    public LoadLayout load() {
        return new LoadLayout(cluster, contents().perChunk(), layout.migrations(), timeOnShard());
    }

    /**
     * How long each chunk whose document says when it came to its shard
     * ({@link CollectionLayout#onCurrentShardSince()}) had been there at the moment the layout describes: for a live
     * server, when the read finished; for a dump or a file, whose moment of capture is not known, the latest moment
     * the source shows (its newest {@code onCurrentShardSince} or changelog entry), so the chunk that moved last counts
     * as having just arrived rather than as old as the time since the dump. A time after that moment (a clock ahead)
     * counts as zero. Chunks without a time are left out: {@link LoadLayout} has them arrive at load.
     */
    public Map<Chunk, Duration> timeOnShard() {
        Map<Chunk, Instant> arrivals = layout.onCurrentShardSince();
        if (arrivals.isEmpty()) {
            return Map.of();
        }
        Instant at = metadata.readAt();
        if (metadata.server() == null) {
            at = arrivals.values().stream().max(Instant::compareTo).orElse(at);
            for (ChunkChange change : metadata.changes()) {
                if (change.time().isAfter(at)) {
                    at = change.time();
                }
            }
        }
        Map<Chunk, Duration> out = new HashMap<>();
        for (Chunk c : cluster.chunks().chunks()) {
            Instant since = arrivals.get(c);
            if (since != null) {
                Duration onShard = Duration.between(since, at);
                out.put(c, onShard.isNegative() ? Duration.ZERO : onShard);
            }
        }
        return out;
    }

    /**
     * Documents and bytes per chunk in key order where the source recorded them for every chunk (a
     * snapshot file of a simulation); empty otherwise. What the diagram draws sizes from.
     */
    public Optional<List<ChunkStatistics>> recordedSizes() {
        if (recorded.isEmpty()) {
            return Optional.empty();
        }
        List<ChunkStatistics> out = new ArrayList<>(cluster.chunks().size());
        for (Chunk c : cluster.chunks().chunks()) {
            ChunkStatistics s = recorded.get(c);
            if (s == null) {
                return Optional.empty();
            }
            out.add(s);
        }
        return Optional.of(out);
    }

    /**
     * The collection as it was at an earlier moment of its changelog ({@link LayoutHistory}): the same
     * collection, shards and zones with {@code then}'s chunks. Per-shard data and config.chunks size
     * estimates describe today's chunks, so the earlier layout has none; what a snapshot recorded per chunk
     * still applies to the chunks that are unchanged.
     */
    public SourceLayout at(ChunkMap then) {
        CollectionLayout earlier = layout.at(then);
        ClusterSnapshot snapshot = new ClusterSnapshot(
                cluster.namespace(), cluster.key(), cluster.unique(), cluster.shards(), then, cluster.zones());
        return new SourceLayout(snapshot, earlier, metadata, recorded);
    }

    /**
     * The collection's max chunk size as the source sets it, in MongoDB's precedence (mongo
     * {@code src/mongo/db/s/balancer/balancer.cpp}:
     * {@code coll.getMaxChunkSizeBytes().value_or(balancerConfig->getMaxChunkSizeBytes())}): the
     * collection's {@code maxChunkSizeBytes}, else config.settings {@code chunksize}, else the release's
     * default. Either is 1 to 1024 MB, as MongoDB accepts it ({@code configureCollectionBalancing}'s
     * {@code chunkSize}; {@code ChunkSizeSettingsType::checkMaxChunkSizeValid}, mongo
     * {@code src/mongo/s/balancer_configuration.cpp}).
     *
     * @throws RefusedInput naming the source and the field when a size set there is outside 1 to 1024 MB (0 and
     *     negative included: a snapshot or a dump written by hand)
     */
    public ChunkSize chunkSize() {
        Long collection = layout.entry().flags().maxChunkSizeBytes();
        if (collection != null) {
            if (collection < MEGABYTE || collection > SetChunkSize.MAX_MEGABYTES * MEGABYTE) {
                throw new RefusedInput(
                        Message.of("live.refused.chunkSizeBytes", metadata.source(), cluster.namespace(), collection));
            }
            return new ChunkSize(collection, ChunkSize.Origin.COLLECTION);
        }
        BalancerState balancer = metadata.balancer();
        if (balancer != null
                && BalancerState.FROM_SETTINGS.equals(balancer.chunkSizeSource())
                && balancer.chunkSizeMB() != null) {
            int megabytes = balancer.chunkSizeMB();
            if (megabytes < 1 || megabytes > SetChunkSize.MAX_MEGABYTES) {
                throw new RefusedInput(Message.of("live.refused.chunkSizeMegabytes", metadata.source(), megabytes));
            }
            return new ChunkSize(megabytes * MEGABYTE, ChunkSize.Origin.SETTINGS);
        }
        return new ChunkSize(0, ChunkSize.Origin.RELEASE_DEFAULT);
    }

    private static final long MEGABYTE = 1024L * 1024L;

    /**
     * A max chunk size and where it was set.
     *
     * @param bytes the size in bytes; 0 for {@link Origin#RELEASE_DEFAULT}
     * @param origin where it was set
     */
    public record ChunkSize(long bytes, Origin origin) {

        /** Where a chunk size was set. */
        public enum Origin {
            /** config.collections {@code maxChunkSizeBytes}. */
            COLLECTION,
            /** config.settings {@code {_id: "chunksize", value: MB}}. */
            SETTINGS,
            /** Not set: the release's default applies. */
            RELEASE_DEFAULT
        }

        public ChunkSize {
            Objects.requireNonNull(origin, "origin");
            if (bytes < 0 || (bytes == 0) != (origin == Origin.RELEASE_DEFAULT)) {
                String contract =
                        "bytes: positive when set, 0 for the release's default, got "; // untranslated: a contract
                throw new IllegalArgumentException(contract + bytes + " from " + origin);
            }
        }
    }

    /** {@code "test.users from SOURCE: 4 chunks on 3 shards"}, in the reader's language. */
    public Message describe() {
        return Message.of(
                "live.layout.described",
                cluster.namespace(),
                metadata.source(),
                cluster.chunks().size(),
                cluster.shards().size());
    }
}
