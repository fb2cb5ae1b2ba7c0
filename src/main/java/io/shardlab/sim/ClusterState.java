package io.shardlab.sim;

import io.shardlab.cluster.Chunk;
import io.shardlab.cluster.ChunkMap;
import io.shardlab.cluster.ChunkStatistics;
import io.shardlab.cluster.ClusterSnapshot;
import io.shardlab.cluster.Shard;
import io.shardlab.cluster.ZoneRange;
import io.shardlab.key.ShardKey;
import io.shardlab.key.ShardKeyPattern;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.bson.BsonInt64;
import org.bson.BsonType;

/**
 * The mutable inside of a {@link SimulatedCluster}: catalog (shards, collection, zones,
 * settings), documents per chunk, migrations in flight, clock and counters. Only commands change
 * it, through the methods here; {@link #memento()} / {@link #restore} take and put back everything
 * but the documents, which {@link #retile} re-partitions to the restored chunk boundaries.
 *
 * <p>Invariants ({@link #checkInvariants()}): the chunk map tiles the key space (ChunkMap checks
 * on every change); there is one document set per chunk, in the same order; every document's key
 * lies in its chunk's {@code [min, max)}; the per-chunk totals of known documents add up to the
 * documents inserted, and those of unknown documents (a loaded layout's contents, see
 * {@link ChunkDocuments#unknownDocuments}) to the documents and bytes loaded.
 */
final class ClusterState {

    final SimulationConfig config;
    final VersionPolicies policies;
    final SimulationRandom random;
    private final EventSink events;

    long clock;
    TreeMap<String, Shard> shards = new TreeMap<>();
    String primaryShard;
    CollectionMetadata collection;
    List<PendingZoneRange> pendingZones = new ArrayList<>();
    BalancerSettings settings = BalancerSettings.DEFAULT;
    List<Migration> migrations = new ArrayList<>();
    long nextMigrationId = 1;
    SimulationCounters counters = SimulationCounters.ZERO;
    long nextBalancerRoundAt;
    boolean balancerRoundInProgress;
    long nextAutoMergeAt;
    /** The collection's defragmentation in progress, or null. */
    Defragmentation defragmentation;
    /** {@code config.collections.noBalance}: the balancer policy leaves the collection alone. */
    boolean noBalance;
    /**
     * Shards in a migration of another collection of the same cluster: a shard takes part in one
     * migration at a time, so the balancer leaves them out of this collection's round. Set from
     * outside ({@link SimulatedCluster#setShardsBusyElsewhere}); not part of the undo state.
     */
    java.util.Set<String> shardsBusyElsewhere = java.util.Set.of();
    /** Documents and bytes a loaded layout brought without keys ({@link LoadLayout}). */
    long documentsLoaded;

    long bytesLoaded;

    /** Documents per chunk, index-aligned with {@code collection.chunks()}. */
    final ArrayList<ChunkDocuments> buckets = new ArrayList<>();
    /** True while every document key is one Int64 (one-field keys): {@link LongChunkDocuments}. */
    boolean longLayout;

    KeyEncoder encoder;

    /** Routing cache for the long layout: ceiling of each chunk min; valid while {@code routingVersion} matches. */
    private long[] ceilings = new long[0];

    private int reachableChunks;
    private byte[][] encodedMins = new byte[0][];
    private ChunkMap routingFor;

    interface EventSink {
        void emit(ClusterEvent event);
    }

    ClusterState(SimulationConfig config, EventSink events) {
        this.config = config;
        this.policies = VersionPolicies.of(config.version());
        this.random = new SimulationRandom(config.seed());
        this.events = events;
    }

    void emit(ClusterEvent event) {
        if (!quiet) {
            events.emit(event);
        }
    }

    /** While true, events are not published (a read-only look at what the balancer would do). */
    boolean quiet;

    long maxChunkSizeBytes() {
        return config.effectiveMaxChunkSizeBytes();
    }

    boolean isSharded() {
        return collection != null;
    }

    ChunkMap chunks() {
        return collection.chunks();
    }

    ShardKeyPattern key() {
        return collection.key();
    }

    // ---- catalog ----------------------------------------------------------------------------------

    List<String> nonDrainingShardIds() {
        List<String> ids = new ArrayList<>();
        for (Shard s : shards.values()) {
            if (!s.draining()) {
                ids.add(s.id());
            }
        }
        return ids;
    }

    /** Zone name → ids of the shards in it, sorted. */
    Map<String, List<String>> zoneShards() {
        Map<String, List<String>> out = new TreeMap<>();
        for (Shard s : shards.values()) {
            for (String z : s.zones()) {
                out.computeIfAbsent(z, k -> new ArrayList<>()).add(s.id());
            }
        }
        return out;
    }

    /** The zone of a chunk: the zone range that contains it entirely, or "" (mongo {@code getZoneForChunk}). */
    String zoneOf(Chunk chunk) {
        for (ZoneRange z : collection.zones()) {
            if (z.containsChunk(chunk)) {
                return z.zone();
            }
        }
        return "";
    }

    // ---- collection setup ---------------------------------------------------------------------------

    void shardCollection(CollectionMetadata metadata) {
        collection = metadata;
        buckets.clear();
        longLayout = metadata.key().arity() == 1;
        encoder = new KeyEncoder(metadata.key().arity());
        for (int i = 0; i < metadata.chunks().size(); i++) {
            ChunkDocuments d = newBucket();
            d.onShardSinceMillis = clock;
            buckets.add(d);
        }
        routingFor = null;
    }

    private ChunkDocuments newBucket() {
        return longLayout ? new LongChunkDocuments(BsonType.INT64) : new EncodedChunkDocuments(encoder);
    }

    /** Converts every chunk's documents to the encoded layout (a key arrived that is not one Int64). */
    void switchToEncodedLayout() {
        if (!longLayout) {
            return;
        }
        for (int i = 0; i < buckets.size(); i++) {
            LongChunkDocuments old = (LongChunkDocuments) buckets.get(i);
            EncodedChunkDocuments converted = new EncodedChunkDocuments(encoder);
            for (int d = 0; d < old.count(); d++) {
                converted.add(encoder.encode(ShardKey.of(new BsonInt64(old.rawKey(d)))), old.sizeAt(d));
            }
            converted.bytesWritten = old.bytesWritten;
            converted.onShardSinceMillis = old.onShardSinceMillis;
            buckets.set(i, converted);
        }
        longLayout = false;
        routingFor = null;
    }

    // ---- routing ------------------------------------------------------------------------------------

    private void refreshRouting() {
        ChunkMap map = collection.chunks();
        if (routingFor == map) {
            return;
        }
        int n = map.size();
        if (longLayout) {
            ceilings = new long[n];
            reachableChunks = 0;
            for (int i = 0; i < n; i++) {
                LongKeyBound b = LongKeyBound.of(map.get(i).min());
                if (!b.reachable()) {
                    break;
                }
                ceilings[i] = b.ceiling();
                reachableChunks = i + 1;
            }
        } else {
            encodedMins = new byte[n][];
            for (int i = 0; i < n; i++) {
                encodedMins[i] = KeyEncoder.encodeBound(map.get(i).min());
            }
        }
        routingFor = map;
    }

    /** The chunk index owning the Int64 key {@code key} (long layout). */
    int routeLong(long key) {
        refreshRouting();
        int lo = 0;
        int hi = reachableChunks - 1;
        while (lo < hi) {
            int mid = (lo + hi + 1) >>> 1;
            if (ceilings[mid] <= key) {
                lo = mid;
            } else {
                hi = mid - 1;
            }
        }
        return lo;
    }

    /** The chunk index owning an encoded key (encoded layout). */
    int routeEncoded(byte[] key) {
        refreshRouting();
        int lo = 0;
        int hi = encodedMins.length - 1;
        while (lo < hi) {
            int mid = (lo + hi + 1) >>> 1;
            if (Arrays.compareUnsigned(encodedMins[mid], key) <= 0) {
                lo = mid;
            } else {
                hi = mid - 1;
            }
        }
        return lo;
    }

    // ---- documents ----------------------------------------------------------------------------------

    /**
     * Adds one document with a one-field Int64 key to its chunk and returns the chunk index. The
     * caller must have ensured the long layout.
     */
    int addLong(long key, int size) {
        int i = routeLong(key);
        ((LongChunkDocuments) buckets.get(i)).add(key, size);
        return i;
    }

    /** Adds one document with any key (switching to the encoded layout if needed); returns the chunk index. */
    int addKey(ShardKey key, int size) {
        if (longLayout) {
            if (key.get(0).getBsonType() == BsonType.INT64) {
                return addLong(key.get(0).asInt64().getValue(), size);
            }
            switchToEncodedLayout();
        }
        byte[] encoded = encoder.encode(key);
        int i = routeEncoded(encoded);
        ((EncodedChunkDocuments) buckets.get(i)).add(encoded, size);
        return i;
    }

    /** Removes documents (undo of an insert batch): each is routed and removed from its chunk. */
    void removeDocuments(List<ShardKey> keys, int[] sizes) {
        removeDocuments(keys, sizes, true);
    }

    /**
     * Removes documents, each routed to its chunk; when not {@code strict} a document found only by its
     * key (its size changed) is removed too and one not found is skipped. Returns the documents removed.
     */
    int removeDocuments(List<ShardKey> keys, int[] sizes, boolean strict) {
        int removedCount = 0;
        Map<Integer, List<Integer>> byChunk = new HashMap<>();
        if (longLayout) {
            long[] raw = new long[keys.size()];
            for (int d = 0; d < keys.size(); d++) {
                raw[d] = keys.get(d).get(0).asInt64().getValue();
                byChunk.computeIfAbsent(routeLong(raw[d]), k -> new ArrayList<>())
                        .add(d);
            }
            for (Map.Entry<Integer, List<Integer>> e : byChunk.entrySet()) {
                List<Integer> docs = e.getValue();
                long[] k = new long[docs.size()];
                int[] s = new int[docs.size()];
                for (int j = 0; j < k.length; j++) {
                    k[j] = raw[docs.get(j)];
                    s[j] = sizes[docs.get(j)];
                }
                removedCount += ((LongChunkDocuments) buckets.get(e.getKey())).remove(k, s, k.length, strict);
            }
            return removedCount;
        }
        byte[][] encoded = new byte[keys.size()][];
        for (int d = 0; d < keys.size(); d++) {
            encoded[d] = KeyEncoder.encodeBound(keys.get(d));
            byChunk.computeIfAbsent(routeEncoded(encoded[d]), k -> new ArrayList<>())
                    .add(d);
        }
        for (Map.Entry<Integer, List<Integer>> e : byChunk.entrySet()) {
            List<Integer> docs = e.getValue();
            byte[][] k = new byte[docs.size()][];
            int[] s = new int[docs.size()];
            for (int j = 0; j < k.length; j++) {
                k[j] = encoded[docs.get(j)];
                s[j] = sizes[docs.get(j)];
            }
            removedCount += ((EncodedChunkDocuments) buckets.get(e.getKey())).remove(k, s, k.length, strict);
        }
        return removedCount;
    }

    /** Documents and bytes of the collection on each shard, sorted by shard id (every shard present). */
    Map<String, long[]> dataByShard() {
        Map<String, long[]> out = new TreeMap<>();
        for (String id : shards.keySet()) {
            out.put(id, new long[2]);
        }
        if (collection == null) {
            return out;
        }
        ChunkMap map = chunks();
        for (int i = 0; i < map.size(); i++) {
            long[] t = out.computeIfAbsent(map.get(i).shard(), k -> new long[2]);
            t[0] += buckets.get(i).totalCount();
            t[1] += buckets.get(i).totalBytes();
        }
        return out;
    }

    // ---- chunk operations ---------------------------------------------------------------------------

    /** Index of the chunk whose min equals {@code min}, or -1. */
    int indexOfChunkWithMin(ShardKey min) {
        int i = chunks().indexOf(min);
        return chunks().get(i).min().equals(min) ? i : -1;
    }

    /** Whether a migration in flight covers chunk {@code index}. */
    boolean isMigrating(int index) {
        Chunk c = chunks().get(index);
        for (Migration m : migrations) {
            if (c.min().compareTo(m.max()) < 0 && m.min().compareTo(c.max()) < 0) {
                return true;
            }
        }
        return false;
    }

    /** Whether shard {@code id} is donor or recipient of a migration in flight. */
    boolean isShardMigrating(String id) {
        for (Migration m : migrations) {
            if (m.from().equals(id) || m.to().equals(id)) {
                return true;
            }
        }
        return false;
    }

    /**
     * Splits chunk {@code index} at {@code points} (sorted, strictly inside), moving the documents
     * into the new chunks, emitting {@link ClusterEvent.ChunkSplit}.
     */
    void split(int index, List<ShardKey> points, ClusterEvent.SplitCause cause) {
        Chunk chunk = chunks().get(index);
        if (!canPlace(index, points)) {
            throw new IllegalStateException(
                    "split: the unknown documents of " + chunk + " cannot be placed around " + points);
        }
        ChunkMap next = chunks().split(index, points);
        ChunkDocuments docs = buckets.get(index);
        long[][] unknown = apportionUnknown(index, points);
        docs.sort();
        List<ChunkDocuments> parts = new ArrayList<>();
        for (int p = points.size() - 1; p >= 0; p--) {
            parts.add(0, docs.splitOff(docs.lowerBound(points.get(p))));
        }
        parts.add(0, docs);
        for (int p = 0; p < parts.size(); p++) {
            ChunkDocuments part = parts.get(p);
            // a split creates new chunk objects with fresh write trackers (ChunkInfo::_writesTracker)
            part.bytesWritten = 0;
            part.onShardSinceMillis = docs.onShardSinceMillis;
            part.unknownDocuments = unknown[p][0];
            part.unknownBytes = unknown[p][1];
        }
        buckets.remove(index);
        buckets.addAll(index, parts);
        collection = collection.withChunks(next);
        counters = counters.plusSplit();
        emit(new ClusterEvent.ChunkSplit(clock, chunk.min(), chunk.max(), chunk.shard(), points, cause));
    }

    /** Merges chunks {@code [from, to)} (same shard, contiguous), emitting {@link ClusterEvent.ChunksMerged}. */
    void merge(int from, int to, ClusterEvent.MergeCause cause, long onShardSince) {
        ChunkMap map = chunks();
        Chunk first = map.get(from);
        Chunk last = map.get(to - 1);
        ChunkMap next = map.merge(from, to);
        ChunkDocuments merged = buckets.get(from);
        for (int i = from + 1; i < to; i++) {
            merged.appendAll(buckets.get(i));
            merged.unknownDocuments += buckets.get(i).unknownDocuments;
            merged.unknownBytes += buckets.get(i).unknownBytes;
        }
        merged.bytesWritten = 0;
        merged.onShardSinceMillis = onShardSince;
        buckets.subList(from + 1, to).clear();
        collection = collection.withChunks(next);
        counters = counters.plusMerge();
        emit(new ClusterEvent.ChunksMerged(clock, first.min(), last.max(), first.shard(), to - from, cause));
    }

    /** Gives chunk {@code index} to {@code toShard} with the next major version (a migration commit). */
    void commitMove(int index, String toShard) {
        collection = collection.withChunks(chunks().move(index, toShard));
        ChunkDocuments d = buckets.get(index);
        d.onShardSinceMillis = clock;
        d.bytesWritten = 0;
    }

    /** Sets or clears the jumbo flag of chunk {@code index}. */
    void setJumbo(int index, boolean jumbo) {
        Chunk c = chunks().get(index);
        collection = collection.withChunks(chunks().with(index, c.withJumbo(jumbo)));
        if (jumbo) {
            counters = counters.plusJumbo();
            emit(new ClusterEvent.JumboMarked(clock, chunks().get(index)));
        }
    }

    /** Starts a migration of {@code [min, max)} of chunk {@code index} to {@code to}; returns it. */
    Migration startMigration(int index, ShardKey max, String to, MigrationReason reason) {
        return startMigration(index, max, to, reason, false);
    }

    /**
     * Starts a migration of {@code [min, max)} of chunk {@code index} to {@code to}; returns it.
     * {@code estimatedMax}: max was placed by {@link KeyInterpolation} inside a chunk holding
     * unknown documents.
     */
    Migration startMigration(int index, ShardKey max, String to, MigrationReason reason, boolean estimatedMax) {
        Chunk c = chunks().get(index);
        long[] content = contentBelow(index, max);
        long documents = content[0];
        long bytes = content[1];
        long duration = config.migrationOverheadMillis() + (bytes * 1000L) / config.migrationBytesPerSecond();
        Migration m = new Migration(
                nextMigrationId++,
                c.min(),
                max,
                c.shard(),
                to,
                documents,
                bytes,
                clock,
                clock + duration,
                reason,
                estimatedMax);
        migrations.add(m);
        counters = counters.plusMigrationStarted();
        emit(new ClusterEvent.MigrationStarted(clock, m));
        return m;
    }

    /**
     * Commits migration {@code m}: splits its chunk at {@code m.max()} when only part of it moves
     * (a moveRange commit), then moves the range.
     */
    void commitMigration(Migration m) {
        migrations.remove(m);
        int index = indexOfChunkWithMin(m.min());
        if (index < 0) {
            throw new IllegalStateException("migration " + m.id() + ": no chunk starts at " + m.min());
        }
        Chunk c = chunks().get(index);
        if (m.max().compareTo(c.max()) < 0) {
            split(index, List.of(m.max()), ClusterEvent.SplitCause.MOVE_RANGE);
        }
        commitMove(index, m.to());
        counters = counters.plusMigrationCommitted();
        emit(new ClusterEvent.MigrationCommitted(clock, m));
    }

    // ---- documents whose keys are unknown --------------------------------------------------------------

    /** How unknown documents are placed inside a chunk of this collection. */
    KeyInterpolation interpolation() {
        return new KeyInterpolation(collection.key());
    }

    /**
     * The index scan ShardLab assumes for chunk {@code index}, which holds unknown documents: one
     * repeated key ({@link RepeatedKey}) when the chunk has room for one key only and its known
     * documents, if any, have that key; otherwise pairwise different keys ({@link DistinctKeys}).
     */
    IndexScan assumedScan(int index) {
        Chunk c = chunks().get(index);
        ChunkDocuments docs = buckets.get(index);
        if (interpolation().holdsOneKey(c.min(), c.max())) {
            docs.sort();
            if (docs.count() == 0
                    || (docs.keyAt(0).compareTo(c.min()) == 0
                            && docs.keyAt(docs.count() - 1).compareTo(c.min()) == 0)) {
                return RepeatedKey.of(docs.totalCount());
            }
        }
        return DistinctKeys.of(docs.totalCount());
    }

    /**
     * Whether chunk {@code index} may be cut at {@code points} (sorted, strictly inside): always when
     * all its documents are known; when it holds unknown documents, only if {@link KeyInterpolation}
     * can tell how many of them lie below each point.
     */
    boolean canPlace(int index, List<ShardKey> points) {
        if (!buckets.get(index).hasUnknown() || points.isEmpty()) {
            return true;
        }
        Chunk c = chunks().get(index);
        KeyInterpolation ki = interpolation();
        long unknown = buckets.get(index).unknownDocuments;
        for (ShardKey p : points) {
            if (ki.fraction(c.min(), c.max(), p, unknown).isEmpty()) {
                return false;
            }
        }
        return true;
    }

    /**
     * The keys at document positions {@code ranks} (strictly increasing, from a finder run over
     * {@code scan}) of chunk {@code index}, which holds unknown documents: each at its share
     * {@code rank / scan.count()} of the chunk, placed by {@link KeyInterpolation}; a key equal to
     * the previous one is dropped (as the finders skip a repeated key). Empty when a key cannot be
     * placed.
     */
    java.util.Optional<List<ShardKey>> placeRanks(int index, IndexScan scan, List<Integer> ranks) {
        Chunk c = chunks().get(index);
        KeyInterpolation ki = interpolation();
        List<ShardKey> keys = new ArrayList<>(ranks.size());
        long unknown = buckets.get(index).unknownDocuments;
        for (int rank : ranks) {
            java.util.Optional<ShardKey> k = ki.keyAt(c.min(), c.max(), (double) rank / scan.count(), unknown);
            if (k.isEmpty()) {
                return java.util.Optional.empty();
            }
            if (keys.isEmpty() || keys.get(keys.size() - 1).compareTo(k.get()) < 0) {
                keys.add(k.get());
            }
        }
        return java.util.Optional.of(keys);
    }

    /**
     * The unknown documents and bytes of chunk {@code index} in each piece of a split at
     * {@code points}: the documents below each point are its share of them, rounded; their bytes
     * are the same share of the bytes (every unknown document counts as the average size), so the
     * pieces add up to the whole and a piece without documents has no bytes. Precondition:
     * {@link #canPlace}.
     */
    private long[][] apportionUnknown(int index, List<ShardKey> points) {
        ChunkDocuments d = buckets.get(index);
        Chunk c = chunks().get(index);
        long[][] out = new long[points.size() + 1][2];
        long docsBefore = 0;
        long bytesBefore = 0;
        KeyInterpolation ki = interpolation();
        for (int p = 0; p <= points.size(); p++) {
            long docs;
            if (p == points.size()) {
                docs = d.unknownDocuments;
            } else if (d.hasUnknown()) {
                double f = ki.fraction(c.min(), c.max(), points.get(p), d.unknownDocuments)
                        .orElseThrow();
                docs = Math.max(docsBefore, Math.min(d.unknownDocuments, Math.round(d.unknownDocuments * f)));
            } else {
                docs = 0;
            }
            long bytes = d.unknownDocuments == 0
                    ? 0
                    : java.math.BigInteger.valueOf(d.unknownBytes)
                            .multiply(java.math.BigInteger.valueOf(docs))
                            .divide(java.math.BigInteger.valueOf(d.unknownDocuments))
                            .longValueExact();
            out[p][0] = docs - docsBefore;
            out[p][1] = bytes - bytesBefore;
            docsBefore = docs;
            bytesBefore = bytes;
        }
        return out;
    }

    /**
     * Documents and bytes of chunk {@code index} in {@code [min, max)} (the whole chunk when
     * {@code max} is its max): known documents counted exactly, unknown ones by their share.
     * Precondition: {@link #canPlace} for {@code max} when it lies inside the chunk.
     */
    long[] contentBelow(int index, ShardKey max) {
        Chunk c = chunks().get(index);
        ChunkDocuments docs = buckets.get(index);
        if (max.compareTo(c.max()) >= 0) {
            return new long[] {docs.totalCount(), docs.totalBytes()};
        }
        docs.sort();
        int end = docs.lowerBound(max);
        long[][] unknown = apportionUnknown(index, List.of(max));
        return new long[] {end + unknown[0][0], docs.bytesBetween(0, end) + unknown[0][1]};
    }

    /**
     * Installs a loaded layout into a cluster without a collection: the collection's chunks and
     * zones, and per chunk its documents as unknown ones (count and bytes, no keys).
     *
     * @param metadata the collection
     * @param contents per chunk, in key order, documents and bytes; empty when unknown (every chunk
     *     then counts as empty)
     */
    void loadCollection(CollectionMetadata metadata, List<io.shardlab.cluster.ChunkStatistics> contents) {
        shardCollection(metadata);
        for (int i = 0; i < contents.size(); i++) {
            buckets.get(i).unknownDocuments = contents.get(i).documents();
            buckets.get(i).unknownBytes = contents.get(i).bytes();
            documentsLoaded += contents.get(i).documents();
            bytesLoaded += contents.get(i).bytes();
        }
    }

    // ---- undo support -------------------------------------------------------------------------------

    /** Everything but the documents, for undo. */
    record Memento(
            long clock,
            TreeMap<String, Shard> shards,
            String primaryShard,
            CollectionMetadata collection,
            List<PendingZoneRange> pendingZones,
            BalancerSettings settings,
            List<Migration> migrations,
            long nextMigrationId,
            SimulationCounters counters,
            long nextBalancerRoundAt,
            boolean balancerRoundInProgress,
            long nextAutoMergeAt,
            long randomState,
            long[] bytesWritten,
            long[] onShardSince,
            long[] unknownDocuments,
            long[] unknownBytes,
            long documentsLoaded,
            long bytesLoaded,
            Defragmentation defragmentation,
            boolean noBalance) {}

    Memento memento() {
        long[] written = new long[buckets.size()];
        long[] since = new long[buckets.size()];
        long[] unknownDocs = new long[buckets.size()];
        long[] unknownSizes = new long[buckets.size()];
        for (int i = 0; i < written.length; i++) {
            written[i] = buckets.get(i).bytesWritten;
            since[i] = buckets.get(i).onShardSinceMillis;
            unknownDocs[i] = buckets.get(i).unknownDocuments;
            unknownSizes[i] = buckets.get(i).unknownBytes;
        }
        return new Memento(
                clock,
                new TreeMap<>(shards),
                primaryShard,
                collection,
                List.copyOf(pendingZones),
                settings,
                List.copyOf(migrations),
                nextMigrationId,
                counters,
                nextBalancerRoundAt,
                balancerRoundInProgress,
                nextAutoMergeAt,
                random.state(),
                written,
                since,
                unknownDocs,
                unknownSizes,
                documentsLoaded,
                bytesLoaded,
                defragmentation,
                noBalance);
    }

    void restore(Memento m) {
        clock = m.clock();
        shards = new TreeMap<>(m.shards());
        primaryShard = m.primaryShard();
        pendingZones = new ArrayList<>(m.pendingZones());
        settings = m.settings();
        migrations = new ArrayList<>(m.migrations());
        nextMigrationId = m.nextMigrationId();
        counters = m.counters();
        nextBalancerRoundAt = m.nextBalancerRoundAt();
        balancerRoundInProgress = m.balancerRoundInProgress();
        nextAutoMergeAt = m.nextAutoMergeAt();
        documentsLoaded = m.documentsLoaded();
        bytesLoaded = m.bytesLoaded();
        defragmentation = m.defragmentation();
        noBalance = m.noBalance();
        random.restore(m.randomState());
        if (m.collection() == null) {
            collection = null;
            buckets.clear();
            routingFor = null;
            return;
        }
        if (collection == null || collection.epoch() != m.collection().epoch()) {
            if (collection == null) {
                shardCollection(m.collection());
            } else {
                collection = m.collection();
                retileAcrossEpochs();
            }
        } else {
            retile(m.collection().chunks());
            collection = m.collection();
        }
        routingFor = null;
        for (int i = 0; i < buckets.size(); i++) {
            buckets.get(i).bytesWritten = m.bytesWritten()[i];
            buckets.get(i).onShardSinceMillis = m.onShardSince()[i];
            buckets.get(i).unknownDocuments = m.unknownDocuments()[i];
            buckets.get(i).unknownBytes = m.unknownBytes()[i];
        }
    }

    /** After a refine is undone the key arity changed: rebuild every document set from scratch. */
    private void retileAcrossEpochs() {
        List<ChunkDocuments> old = new ArrayList<>(buckets);
        longLayout = collection.key().arity() == 1 && longLayout;
        encoder = new KeyEncoder(collection.key().arity());
        buckets.clear();
        for (int i = 0; i < collection.chunks().size(); i++) {
            buckets.add(newBucket());
        }
        routingFor = null;
        int arity = collection.key().arity();
        for (ChunkDocuments d : old) {
            for (int j = 0; j < d.count(); j++) {
                ShardKey k = d.keyAt(j);
                List<org.bson.BsonValue> values = new ArrayList<>(k.values().subList(0, arity));
                addKey(ShardKey.of(values), d.sizeAt(j));
            }
        }
    }

    /**
     * Re-partitions the documents from the current chunk boundaries to {@code target}'s (same key
     * space, same documents): runs of chunks whose outer bounds agree are concatenated and cut again.
     */
    void retile(ChunkMap target) {
        ChunkMap current = chunks();
        List<ChunkDocuments> result = new ArrayList<>(target.size());
        int ci = 0;
        int ti = 0;
        while (ci < current.size()) {
            int cStart = ci;
            int tStart = ti;
            // advance until both runs end at the same bound
            while (true) {
                int c = current.get(ci).max().compareTo(target.get(ti).max());
                if (c == 0) {
                    break;
                }
                if (c < 0) {
                    ci++;
                } else {
                    ti++;
                }
            }
            if (ci == cStart && ti == tStart) {
                result.add(buckets.get(ci));
            } else {
                ChunkDocuments all = buckets.get(cStart);
                for (int i = cStart + 1; i <= ci; i++) {
                    all.appendAll(buckets.get(i));
                }
                all.sort();
                List<ChunkDocuments> parts = new ArrayList<>();
                for (int t = ti; t > tStart; t--) {
                    parts.add(0, all.splitOff(all.lowerBound(target.get(t).min())));
                }
                parts.add(0, all);
                result.addAll(parts);
            }
            ci++;
            ti++;
        }
        buckets.clear();
        buckets.addAll(result);
    }

    // ---- invariants and snapshots -------------------------------------------------------------------

    /** @throws IllegalStateException naming the first broken invariant */
    void checkInvariants() {
        if (collection == null) {
            return;
        }
        ChunkMap map = chunks();
        if (buckets.size() != map.size()) {
            throw new IllegalStateException(
                    "invariant: " + buckets.size() + " document sets for " + map.size() + " chunks");
        }
        long total = 0;
        long unknownDocs = 0;
        long unknownSizes = 0;
        for (int i = 0; i < map.size(); i++) {
            Chunk c = map.get(i);
            ChunkDocuments d = buckets.get(i);
            total += d.count();
            unknownDocs += d.unknownDocuments;
            unknownSizes += d.unknownBytes;
            if (d.unknownDocuments < 0 || d.unknownBytes < 0 || (d.unknownDocuments == 0) != (d.unknownBytes == 0)) {
                throw new IllegalStateException("invariant: chunk " + c + " holds " + d.unknownDocuments
                        + " unknown documents of " + d.unknownBytes + " bytes");
            }
            if (d.count() == 0) {
                continue;
            }
            d.sort();
            if (!c.contains(d.keyAt(0)) || !c.contains(d.keyAt(d.count() - 1))) {
                throw new IllegalStateException("invariant: chunk " + c + " holds keys " + d.keyAt(0) + " .. "
                        + d.keyAt(d.count() - 1) + " outside its range");
            }
            if (d.bytes() != d.bytesBetween(0, d.count())) {
                throw new IllegalStateException("invariant: chunk " + c + " byte total is stale");
            }
            if (!shards.containsKey(c.shard())) {
                throw new IllegalStateException("invariant: chunk " + c + " is on an unknown shard");
            }
        }
        if (total != counters.documentsInserted()) {
            throw new IllegalStateException(
                    "invariant: " + total + " documents in chunks but " + counters.documentsInserted() + " inserted");
        }
        if (unknownDocs != documentsLoaded || unknownSizes != bytesLoaded) {
            throw new IllegalStateException("invariant: " + unknownDocs + " unknown documents of " + unknownSizes
                    + " bytes in chunks but " + documentsLoaded + " documents of " + bytesLoaded + " bytes loaded");
        }
        for (Migration m : migrations) {
            int i = indexOfChunkWithMin(m.min());
            if (i < 0
                    || !map.get(i).shard().equals(m.from())
                    || map.get(i).max().compareTo(m.max()) < 0) {
                throw new IllegalStateException(
                        "invariant: migration " + m.id() + " has no matching chunk on " + m.from());
            }
        }
    }

    SimulationSnapshot snapshot() {
        Optional<ClusterSnapshot> cs = Optional.empty();
        List<ChunkStatistics> stats = new ArrayList<>();
        List<Integer> cannotSplit = new ArrayList<>();
        if (collection != null) {
            cs = Optional.of(new ClusterSnapshot(
                    collection.namespace(),
                    collection.key(),
                    collection.unique(),
                    new ArrayList<>(shards.values()),
                    collection.chunks(),
                    collection.zones()));
            ChunkMap map = chunks();
            for (int i = 0; i < map.size(); i++) {
                ChunkDocuments docs = buckets.get(i);
                stats.add(new ChunkStatistics(map.get(i), docs.totalCount(), docs.totalBytes()));
                if (docs.totalBytes() > maxChunkSizeBytes() && docs.oneKeyValue()) {
                    cannotSplit.add(i);
                }
            }
        }
        return new SimulationSnapshot(
                clock,
                config.version(),
                maxChunkSizeBytes(),
                new ArrayList<>(shards.values()),
                cs,
                stats,
                cannotSplit,
                migrations,
                settings,
                counters);
    }
}
