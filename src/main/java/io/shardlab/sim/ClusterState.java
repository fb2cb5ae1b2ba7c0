package io.shardlab.sim;

import io.shardlab.cluster.Chunk;
import io.shardlab.cluster.ChunkMap;
import io.shardlab.cluster.ChunkStatistics;
import io.shardlab.cluster.ClusterSnapshot;
import io.shardlab.cluster.OrphanedRange;
import io.shardlab.cluster.Shard;
import io.shardlab.cluster.ZoneRange;
import io.shardlab.key.ShardKey;
import io.shardlab.key.ShardKeyPattern;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Predicate;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;

/**
 * The mutable inside of a {@link SimulatedCluster}: catalog (shards, collection, zones,
 * settings), the collection's documents ({@link CollectionDocuments}), migrations in flight, clock
 * and counters. Only commands change it, through the methods here; {@link #memento()} /
 * {@link #restore} take and put back everything but the documents, which the store re-partitions
 * to the restored chunk boundaries, and but the shards when they are another owner's: the shards
 * are a {@link ShardRegistry}, the cluster's own or one it only reads ({@link ClusterShards#owned()}).
 *
 * <p>Invariants ({@link #checkInvariants()}): the chunk map tiles the key space (ChunkMap checks
 * on every change); the document store holds one document set per chunk, in the same order (every
 * chunk change here changes both); every document's key lies in its chunk's {@code [min, max)};
 * the per-chunk totals of known documents add up to the documents inserted, and those of unknown
 * documents (a loaded layout's contents, see {@link ChunkDocuments#unknownDocuments()}) to the
 * documents and bytes loaded; every migration in flight starts at a chunk of its donor.
 */
final class ClusterState implements ShardRegistry.Owner {

    private final SimulationConfig config;
    private final VersionPolicies policies;
    private final SimulationRandom random;
    private final EventSink events;

    private long clock;
    /** The shards read (the cluster's own, or another owner's) and the primary shard. */
    private final ClusterShards shards;

    private CollectionMetadata collection;
    private List<PendingZoneRange> pendingZones = new ArrayList<>();
    private BalancerSettings settings = BalancerSettings.DEFAULT;
    private List<Migration> migrations = new ArrayList<>();
    private List<OrphanedRange> orphans = List.of();
    private long nextMigrationId = 1;
    private SimulationCounters counters = SimulationCounters.ZERO;
    private long nextBalancerRoundAt;
    private boolean balancerRoundInProgress;
    private long nextAutoMergeAt;
    private Defragmentation defragmentation;
    private CollectionBalancingOptions balancing = CollectionBalancingOptions.DEFAULT;

    private Set<String> shardsBusyElsewhere = Set.of();
    /** Documents and bytes a loaded layout brought without keys ({@link LoadLayout}). */
    private long documentsLoaded;

    private long bytesLoaded;
    /** While true, events are not published (a read-only look at what the balancer would do). */
    private boolean quiet;

    /** The collection's documents, index-aligned with {@code collection.chunks()}. */
    private final CollectionDocuments documents = new CollectionDocuments();

    interface EventSink {
        void emit(ClusterEvent event);
    }

    /** A cluster that owns its shards (none yet): it answers for them as their {@link ShardRegistry.Owner}. */
    ClusterState(SimulationConfig config, EventSink events) {
        this(config, events, null, null);
    }

    /**
     * A cluster that reads {@code shared}, another owner's shards, with {@code primaryShard} as its
     * database's primary shard; with a null {@code shared}, one that owns its shards.
     *
     * @throws IllegalArgumentException when {@code primaryShard} is not one of the shared shards
     */
    ClusterState(SimulationConfig config, EventSink events, ShardRegistry shared, String primaryShard) {
        this.config = config;
        this.policies = VersionPolicies.of(config.version());
        this.random = new SimulationRandom(config.seed());
        this.events = events;
        this.shards = shared == null ? new ClusterShards(this) : new ClusterShards(shared, primaryShard);
    }

    void emit(ClusterEvent event) {
        if (!quiet) {
            events.emit(event);
        }
    }

    /** {@code look}'s result, computed with events unpublished (a read-only look at what would happen). */
    <T> T quietly(Supplier<T> look) {
        quiet = true;
        try {
            return look.get();
        } finally {
            quiet = false;
        }
    }

    SimulationConfig config() {
        return config;
    }

    VersionPolicies policies() {
        return policies;
    }

    /** The cluster's one random source (its state is part of the undo state). */
    SimulationRandom random() {
        return random;
    }

    /** Simulated time, in ms. */
    long clock() {
        return clock;
    }

    /** Moves simulated time to {@code millis} (the cluster's time loop). */
    void setClock(long millis) {
        clock = millis;
    }

    /**
     * The max chunk size the balancer and the donor use for this collection: its own ({@code maxChunkSizeBytes},
     * configureCollectionBalancing) when set, else config.settings' {@code chunksize} when one was written
     * ({@link SetChunkSize}), else the configured size (mongo {@code balancer.cpp getMaxChunkSizeBytes}).
     */
    long maxChunkSizeBytes() {
        if (balancing.maxChunkSizeBytes() > 0) {
            return balancing.maxChunkSizeBytes();
        }
        return settings.chunkSizeBytes() > 0 ? settings.chunkSizeBytes() : config.effectiveMaxChunkSizeBytes();
    }

    /** What {@code config.collections} says about balancing the collection. */
    CollectionBalancingOptions balancing() {
        return balancing;
    }

    void setBalancing(CollectionBalancingOptions balancing) {
        this.balancing = balancing;
    }

    boolean isSharded() {
        return collection != null;
    }

    /** The sharded collection, or null. */
    CollectionMetadata collection() {
        return collection;
    }

    ChunkMap chunks() {
        return collection.chunks();
    }

    ShardKeyPattern key() {
        return collection.key();
    }

    /** The documents of chunk {@code index} (read them; they change through this state). */
    ChunkDocuments documentsOf(int index) {
        return documents.of(index);
    }

    /** Whether every document key is one Int64 ({@link #addLong} applies). */
    boolean longLayout() {
        return documents.longLayout();
    }

    SimulationCounters counters() {
        return counters;
    }

    BalancerSettings settings() {
        return settings;
    }

    /**
     * Changes config.settings by {@code change} and tells the listeners as a metadata change described as
     * {@code description} (the shell helpers {@code sh.startBalancer()}, {@code sh.enableAutoSplit()}, … and the
     * chunk size and balancing window commands).
     */
    void changeSettings(UnaryOperator<BalancerSettings> change, String description) {
        settings = change.apply(settings);
        emit(new ClusterEvent.MetadataChanged(clock, description));
    }

    /** The migrations in flight, in start order (unmodifiable). */
    List<Migration> migrations() {
        return Collections.unmodifiableList(migrations);
    }

    /** The collection's defragmentation in progress, or null. */
    Defragmentation defragmentation() {
        return defragmentation;
    }

    void setDefragmentation(Defragmentation defragmentation) {
        this.defragmentation = defragmentation;
    }

    /**
     * Shards in a migration of another collection of the same cluster: a shard takes part in one
     * migration at a time, so the balancer leaves them out of this collection's round. Set from
     * outside ({@link SimulatedCluster#setShardsBusyElsewhere}); not part of the undo state.
     */
    Set<String> shardsBusyElsewhere() {
        return shardsBusyElsewhere;
    }

    void setShardsBusyElsewhere(Set<String> shards) {
        shardsBusyElsewhere = Set.copyOf(shards);
    }

    // ---- background schedules -----------------------------------------------------------------------

    /** When the next balancer round is due, in ms. */
    long nextBalancerRoundAt() {
        return nextBalancerRoundAt;
    }

    /** Whether a balancer round waits for its migrations to commit. */
    boolean balancerRoundInProgress() {
        return balancerRoundInProgress;
    }

    /** The next balancer round is due at {@code millis}. */
    void scheduleBalancerRound(long millis) {
        nextBalancerRoundAt = millis;
    }

    /** The balancer round that ran started migrations: the next round waits for them. */
    void balancerRoundAwaitsMigrations() {
        balancerRoundInProgress = true;
    }

    /** The round's migrations are committed; the next round is due at {@code millis}. */
    void balancerRoundFinished(long millis) {
        balancerRoundInProgress = false;
        nextBalancerRoundAt = millis;
    }

    /** Counts a balancer round that ran. */
    void countBalancerRound() {
        counters = counters.plusBalancerRound();
    }

    /** When the auto-merger runs next, in ms. */
    long nextAutoMergeAt() {
        return nextAutoMergeAt;
    }

    void scheduleAutoMerge(long at) {
        nextAutoMergeAt = at;
    }

    // ---- catalog ----------------------------------------------------------------------------------

    /** The shards this cluster reads, whoever owns them, and its primary shard. */
    ClusterShards clusterShards() {
        return shards;
    }

    /** The shards this cluster reads: its own, or a catalog's that only the catalog changes. */
    ShardRegistry shardRegistry() {
        return shards.registry();
    }

    /** The shards by id (unmodifiable). */
    NavigableMap<String, Shard> shards() {
        return shards.registry().shards();
    }

    /** The database's primary shard, or null before the first shard. */
    String primaryShard() {
        return shards.primaryShard();
    }

    List<String> nonDrainingShardIds() {
        return shardRegistry().nonDrainingShardIds();
    }

    /** Zone name → ids of the shards in it, sorted. */
    Map<String, List<String>> zoneShards() {
        return shardRegistry().zoneShards();
    }

    /**
     * The shards changed (this cluster's own, or the owner's it reads): the primary shard follows, and
     * the change is published as this cluster's event.
     */
    @Override
    public void shardsChanged(ShardChange change) {
        shards.follow(change);
        emit(change.event(clock));
    }

    /** Whether a zone range of this cluster is in {@code zone}: its collection's, or one waiting for it. */
    @Override
    public boolean zoneHasRange(String zone) {
        return (collection != null
                        && collection.zones().stream().anyMatch(z -> z.zone().equals(zone)))
                || pendingZones.stream().anyMatch(p -> p.zone().equals(zone));
    }

    /** The chunks of this cluster's collection on {@code shard} (0 before it is sharded). */
    @Override
    public long chunksOn(String shard) {
        return collection == null
                ? 0
                : chunks().chunks().stream()
                        .filter(c -> c.shard().equals(shard))
                        .count();
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

    /** Zone ranges set for collections not sharded yet (unmodifiable). */
    List<PendingZoneRange> pendingZones() {
        return Collections.unmodifiableList(pendingZones);
    }

    /** Replaces the zone ranges set for collections not sharded yet. */
    void setPendingZones(List<PendingZoneRange> ranges) {
        pendingZones = new ArrayList<>(ranges);
    }

    void removePendingZonesIf(Predicate<PendingZoneRange> which) {
        pendingZones.removeIf(which);
    }

    /** Replaces the collection's zone ranges ({@code zones} sorted by min, not overlapping). */
    void setZones(List<ZoneRange> zones) {
        collection = collection.withZones(zones);
    }

    // ---- collection setup ---------------------------------------------------------------------------

    /** Installs {@code metadata} as the collection, with no documents. */
    void shardCollection(CollectionMetadata metadata) {
        collection = metadata;
        documents.reset(metadata.key(), metadata.chunks().size(), clock);
    }

    /**
     * Installs {@code refined}, the collection refined to a key extending its own over the same
     * chunk ranges: the documents stay in their chunks, with {@code known} as their keys when given
     * and it holds every known document, else their keys extended by {@code extend}.
     */
    void refineCollection(CollectionMetadata refined, Optional<InsertBatch> known, UnaryOperator<ShardKey> extend) {
        collection = refined;
        documents.refine(refined.key(), refined.chunks(), known, extend);
    }

    /**
     * Installs {@code resharded}, the collection under a new key and chunks, holding {@code known}
     * (every known document, keyed on the new key); unknown documents go to the new chunks in equal
     * shares.
     */
    void reshardCollection(CollectionMetadata resharded, InsertBatch known) {
        long[] unknown = documents.unknownTotals();
        shardCollection(resharded);
        for (int i = 0; i < known.size(); i++) {
            addKey(known.key(i), known.sizeBytes(i));
        }
        documents.spreadUnknownEvenly(unknown[0], unknown[1]);
    }

    /**
     * Installs a loaded layout into a cluster without a collection: the collection's chunks and
     * zones, and per chunk its documents as unknown ones (count and bytes, no keys).
     *
     * @param metadata the collection
     * @param contents per chunk, in key order, documents and bytes; empty when unknown (every chunk
     *     then counts as empty)
     */
    void loadCollection(CollectionMetadata metadata, List<ChunkStatistics> contents) {
        shardCollection(metadata);
        documents.load(contents);
        for (ChunkStatistics c : contents) {
            documentsLoaded += c.documents();
            bytesLoaded += c.bytes();
        }
    }

    // ---- documents ----------------------------------------------------------------------------------

    /** Adds one document with a one-field Int64 key to its chunk; returns the chunk index. Precondition: {@link #longLayout()}. */
    int addLong(long key, int size) {
        return documents.addLong(chunks(), key, size);
    }

    /** Adds {@code n} documents of {@code size} bytes with one-field Int64 keys in one pass ({@link CollectionDocuments#addLongs}). */
    void addLongs(long[] keys, int n, int size, long[] perChunk) {
        documents.addLongs(chunks(), keys, n, size, perChunk);
    }

    /** Adds one document with any key (switching to the encoded layout if needed); returns the chunk index. */
    int addKey(ShardKey key, int size) {
        return documents.add(chunks(), key, size);
    }

    /** Counts {@code n} inserted documents (after adding them). */
    void countInserted(int n) {
        counters = counters.plusInserted(n);
    }

    /**
     * Removes documents, each routed to its chunk; when not {@code strict} a document found only by its
     * key (its size changed) is removed too and one not found is skipped (strict: the undo of an insert
     * batch). Returns the documents removed.
     */
    int removeDocuments(List<ShardKey> keys, int[] sizes, boolean strict) {
        return documents.remove(chunks(), keys, sizes, strict);
    }

    /** Documents and bytes of the collection on each shard, sorted by shard id (every shard present). */
    Map<String, long[]> dataByShard() {
        Map<String, long[]> out = new TreeMap<>();
        for (String id : shards().keySet()) {
            out.put(id, new long[2]);
        }
        if (collection == null) {
            return out;
        }
        ChunkMap map = chunks();
        for (int i = 0; i < map.size(); i++) {
            long[] t = out.computeIfAbsent(map.get(i).shard(), k -> new long[2]);
            t[0] += documents.of(i).totalCount();
            t[1] += documents.of(i).totalBytes();
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
        documents.split(chunks(), index, points);
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
        documents.merge(from, to, onShardSince);
        collection = collection.withChunks(next);
        counters = counters.plusMerge();
        emit(new ClusterEvent.ChunksMerged(clock, first.min(), last.max(), first.shard(), to - from, cause));
    }

    /** Gives chunk {@code index} to {@code toShard} with the next major version (a migration commit). */
    void commitMove(int index, String toShard) {
        collection = collection.withChunks(chunks().move(index, toShard));
        documents.moved(index, clock);
    }

    /** Replaces chunk {@code index} by {@code chunk}, which has its bounds (a new flag or version). */
    void setChunk(int index, Chunk chunk) {
        collection = collection.withChunks(chunks().with(index, chunk));
    }

    /** Sets or clears the jumbo flag of chunk {@code index}. */
    void setJumbo(int index, boolean jumbo) {
        setChunk(index, chunks().get(index).withJumbo(jumbo));
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

    List<OrphanedRange> orphanedRanges() { // the donors' range deletion tasks still pending now
        return orphans.stream().filter(o -> o.pendingAt(clock)).toList();
    }

    /**
     * Commits migration {@code m}: the donor keeps the range's documents as orphans ({@link OrphanedRange});
     * splits its chunk at {@code m.max()} when only part of it moves (a moveRange commit), then moves the range.
     */
    void commitMigration(Migration m) {
        migrations.remove(m);
        int index = indexOfChunkWithMin(m.min());
        if (index < 0) {
            throw new IllegalStateException("migration " + m.id() + ": no chunk starts at " + m.min());
        }
        long[] moved = contentBelow(index, m.max());
        orphans = OrphanedRange.scheduled(orphans, m.from(), m.min(), m.max(), moved, clock, policies.rules());
        if (m.max().compareTo(chunks().get(index).max()) < 0) {
            split(index, List.of(m.max()), ClusterEvent.SplitCause.MOVE_RANGE);
        }
        commitMove(index, m.to());
        counters = counters.plusMigrationCommitted();
        emit(new ClusterEvent.MigrationCommitted(clock, m));
    }

    /** {@link CollectionDocuments#assumedScan} of chunk {@code index}. */
    IndexScan assumedScan(int index) {
        return documents.assumedScan(chunks(), index);
    }

    /** {@link CollectionDocuments#canPlace} for chunk {@code index}. */
    boolean canPlace(int index, List<ShardKey> points) {
        return documents.canPlace(chunks(), index, points);
    }

    /** {@link CollectionDocuments#placeRanks} in chunk {@code index}. */
    Optional<List<ShardKey>> placeRanks(int index, IndexScan scan, List<Integer> ranks) {
        return documents.placeRanks(chunks(), index, scan, ranks);
    }

    /** {@link CollectionDocuments#contentBelow}: documents and bytes of chunk {@code index} below {@code max}. */
    long[] contentBelow(int index, ShardKey max) {
        return documents.contentBelow(chunks(), index, max);
    }

    // ---- undo support -------------------------------------------------------------------------------

    ClusterStateMemento memento() {
        return new ClusterStateMemento(
                clock,
                shards.save(),
                collection,
                List.copyOf(pendingZones),
                settings,
                List.copyOf(migrations),
                orphans,
                nextMigrationId,
                counters,
                nextBalancerRoundAt,
                balancerRoundInProgress,
                nextAutoMergeAt,
                random.state(),
                documents.counters(),
                documentsLoaded,
                bytesLoaded,
                defragmentation,
                balancing);
    }

    void restore(ClusterStateMemento m) {
        clock = m.clock();
        shards.restore(m.shards());
        pendingZones = new ArrayList<>(m.pendingZones());
        settings = m.settings();
        migrations = new ArrayList<>(m.migrations());
        orphans = m.orphans();
        nextMigrationId = m.nextMigrationId();
        counters = m.counters();
        nextBalancerRoundAt = m.nextBalancerRoundAt();
        balancerRoundInProgress = m.balancerRoundInProgress();
        nextAutoMergeAt = m.nextAutoMergeAt();
        documentsLoaded = m.documentsLoaded();
        bytesLoaded = m.bytesLoaded();
        defragmentation = m.defragmentation();
        balancing = m.balancing();
        random.restore(m.randomState());
        if (m.collection() == null) {
            collection = null;
            documents.clear();
            return;
        }
        if (collection == null) {
            shardCollection(m.collection());
        } else if (collection.epoch() != m.collection().epoch()) {
            // an undone refine: the key lost fields
            int arity = m.collection().key().arity();
            documents.rekey(
                    m.collection().key(),
                    m.collection().chunks(),
                    k -> ShardKey.of(new ArrayList<>(k.values().subList(0, arity))));
            collection = m.collection();
        } else {
            documents.retile(chunks(), m.collection().chunks());
            collection = m.collection();
        }
        documents.restore(m.chunkCounters());
    }

    // ---- invariants and snapshots -------------------------------------------------------------------

    /** @throws IllegalStateException naming the first broken invariant */
    void checkInvariants() {
        if (collection == null) {
            return;
        }
        ChunkMap map = chunks();
        CollectionDocuments.Totals totals = documents.checkAgainst(map);
        for (int i = 0; i < map.size(); i++) {
            Chunk c = map.get(i);
            if (documents.of(i).count() > 0 && !shards().containsKey(c.shard())) {
                throw new IllegalStateException("invariant: chunk " + c + " is on an unknown shard");
            }
        }
        if (totals.knownDocuments() != counters.documentsInserted()) {
            throw new IllegalStateException("invariant: " + totals.knownDocuments() + " documents in chunks but "
                    + counters.documentsInserted() + " inserted");
        }
        if (totals.unknownDocuments() != documentsLoaded || totals.unknownBytes() != bytesLoaded) {
            throw new IllegalStateException("invariant: " + totals.unknownDocuments() + " unknown documents of "
                    + totals.unknownBytes() + " bytes in chunks but " + documentsLoaded + " documents of "
                    + bytesLoaded + " bytes loaded");
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
                    new ArrayList<>(shards().values()),
                    collection.chunks(),
                    collection.zones()));
            ChunkMap map = chunks();
            for (int i = 0; i < map.size(); i++) {
                ChunkDocuments docs = documents.of(i);
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
                new ArrayList<>(shards().values()),
                cs,
                stats,
                cannotSplit,
                migrations,
                settings,
                counters,
                orphanedRanges());
    }
}
