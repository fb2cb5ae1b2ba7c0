package io.shardlab.mongos;

import io.shardlab.cluster.ChunkStatistics;
import io.shardlab.cluster.ClusterSnapshot;
import io.shardlab.cluster.Shard;
import io.shardlab.sim.AddShard;
import io.shardlab.sim.ClusterCommand;
import io.shardlab.sim.ClusterEvent;
import io.shardlab.sim.ClusterEventListener;
import io.shardlab.sim.CommandFailedException;
import io.shardlab.sim.InsertBatch;
import io.shardlab.sim.LoadLayout;
import io.shardlab.sim.Migration;
import io.shardlab.sim.PendingZoneRange;
import io.shardlab.sim.RefineCollectionShardKey;
import io.shardlab.sim.ReshardCollection;
import io.shardlab.sim.ShardCollection;
import io.shardlab.sim.ShardCommand;
import io.shardlab.sim.ShardRegistry;
import io.shardlab.sim.SimulatedCluster;
import io.shardlab.sim.SimulationConfig;
import io.shardlab.sim.UpdateZoneKeyRange;
import java.util.ArrayDeque;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Function;

/**
 * The catalog a mongos routes by: the shards, the databases with their primary shards, and the sharded
 * collections, each simulated by its own {@link SimulatedCluster} over the same shards.
 *
 * <p>Shards and zones are owned once, here ({@link CatalogShards}, as MongoDB's config server owns
 * {@code config.shards}): every collection's cluster reads the one {@link ShardRegistry} (each shard's
 * zones and draining state) and holds no copy; a shard or zone command ({@link #addShard},
 * {@link #removeShard}, {@link #executeOnShards}) is checked against it and every collection, then
 * changes it once, and every cluster is told. Zone ranges stay per namespace, as {@code config.tags}
 * keeps them: a sharded collection's in its cluster, those of a namespace not sharded yet here until
 * it is sharded ({@link #updateZoneKeyRange}).
 *
 * <p>Every other change goes through the simulator's commands: the balancer switch and the autosplit
 * and automerge settings ({@link CatalogSettings}) on every collection's cluster and on clusters created
 * later, a collection-level command on that collection's. A new collection's cluster gets the database's primary
 * as its primary shard, where a ranged key's first chunk lives. Clocks stay aligned: a new cluster is
 * advanced to the catalog's time, and {@link #advance} moves every cluster.
 *
 * <p>Across collections: a shard takes part in one migration at a time, so a shard migrating a chunk of
 * one collection is left out of the other collections' balancer rounds until that migration commits
 * ({@link #advance}). Each collection's rounds keep their own schedule (MongoDB runs one round over all
 * collections).
 *
 * <p>Threading: not thread-safe; the command layer serialises access.
 */
public final class ShardedCatalog {

    /** One database: config.databases. */
    public record DatabaseEntry(
            String name, String primaryShard, boolean partitioned, UUID uuid, long createdAtMillis) {}

    /** A committed migration, as config.changelog records it ({@code moveChunk.from}). */
    public record CommittedMigration(String namespace, Migration migration, long atMillis) {}

    /**
     * An unsharded collection the catalog tracks because {@code moveCollection} placed it (8.0+):
     * config.collections holds it with {@code unsplittable: true} and one chunk on its shard.
     */
    public record UnsplittableCollection(String namespace, String shard, UUID uuid, long movedAtMillis) {}

    /** The config server's id as a shard (a config shard, 8.0+): mongo {@code src/mongo/s/shard_id.h} {@code kConfigServerId}. */
    public static final String CONFIG_SHARD_ID = "config";

    /** The most migrations {@link #committedMigrations} keeps (config.changelog is a capped collection). */
    static final int CHANGELOG_LIMIT = 10_000;

    /**
     * One sharded collection: config.collections, and the cluster simulating its chunks.
     *
     * @param incarnation 1 when sharded, one more on each reshardCollection (tells epochs and
     *     timestamps of the same simulated second apart)
     */
    public record CollectionEntry(
            String namespace, SimulatedCluster cluster, UUID uuid, long shardedAtMillis, int incarnation) {}

    private final SimulationConfig config;
    private final CatalogShards shards;
    private final Map<String, DatabaseEntry> databases = new TreeMap<>();
    private final Map<String, CollectionEntry> collections = new TreeMap<>();
    private final Map<String, Long> unshardedBytes = new TreeMap<>();
    private final Map<String, UnsplittableCollection> unsplittable = new TreeMap<>();
    /** Adopted collections' documents the document store does not keep ({@link #adoptCollection}). */
    private final Map<String, DocumentsOutsideStore> outsideStore = new TreeMap<>();

    private final List<ClusterEventListener> listeners = new CopyOnWriteArrayList<>();
    private final ArrayDeque<CommittedMigration> changelog = new ArrayDeque<>();
    private final Random uuids;
    private final CatalogSettings settings;
    private long numBalancerRounds;
    private long now;

    /**
     * A catalog over {@code shards} new, empty shards.
     *
     * @param config the simulated release and chunk size; the seed also seeds the UUIDs
     * @param shardIds the shard ids, at least one
     */
    public ShardedCatalog(SimulationConfig config, List<String> shardIds) {
        if (shardIds.isEmpty()) {
            throw new IllegalArgumentException("shards: a cluster needs at least one shard");
        }
        this.config = config.withHistoryLimit(0, 0);
        this.shards = new CatalogShards(shardIds, () -> clustersByNamespace().values());
        this.settings = new CatalogSettings(config.version(), this::clustersByNamespace);
        this.uuids = new Random(config.seed());
    }

    /** The sharded collections' clusters, in namespace order. */
    private Map<String, SimulatedCluster> clustersByNamespace() {
        Map<String, SimulatedCluster> out = new LinkedHashMap<>();
        collections.forEach((ns, c) -> out.put(ns, c.cluster()));
        return out;
    }

    /**
     * config.settings and config.collections' per-collection settings as clients wrote them (autosplit, automerge,
     * chunk size, the balancer's window and switch), applied to every collection's cluster.
     */
    CatalogSettings settings() {
        return settings;
    }

    /** The simulation settings every collection's cluster shares. */
    public SimulationConfig config() {
        return config;
    }

    /** Shard ids, sorted. */
    public List<String> shardIds() {
        return shards.shardIds();
    }

    /**
     * The shards as {@code config.shards} holds them, by id: each with its zones ({@code tags}) and
     * draining state, which every collection's cluster reads.
     */
    public List<Shard> shards() {
        return shards.shards();
    }

    /** The zone ranges set for namespaces not sharded yet ({@code config.tags}), kept until they are sharded. */
    public List<PendingZoneRange> pendingZoneRanges() {
        return shards.pendingRanges();
    }

    /** Simulated time in ms since the catalog was created. */
    public long now() {
        return now;
    }

    /** Registers a listener for the events of every collection's cluster. */
    public void addListener(ClusterEventListener listener) {
        listeners.add(listener);
    }

    /** The migrations committed so far, oldest first (at most {@link #CHANGELOG_LIMIT}). */
    public List<CommittedMigration> committedMigrations() {
        return List.copyOf(changelog);
    }

    /** The databases, by name. */
    public Map<String, DatabaseEntry> databases() {
        return Collections.unmodifiableMap(databases);
    }

    /** The sharded collections, by namespace. */
    public Map<String, CollectionEntry> collections() {
        return Collections.unmodifiableMap(collections);
    }

    /** The sharded collection {@code ns}, if it is sharded. */
    public Optional<CollectionEntry> collection(String ns) {
        return Optional.ofNullable(collections.get(ns));
    }

    /** The database {@code name}, if it exists. */
    public Optional<DatabaseEntry> database(String name) {
        return Optional.ofNullable(databases.get(name));
    }

    /**
     * The database {@code name}, created with the least-loaded shard as its primary when it does not
     * exist yet, as a first write or {@code enableSharding} creates it (mongo
     * {@code sharding_catalog_manager_database_operations.cpp} createDatabase, which calls
     * {@code shardutil::selectLeastLoadedShard}: the shard with the least data, the first on ties).
     * Which shards compete is {@link #primaryCandidates}.
     *
     * @param primaryShard the primary the client asked for, or null
     * @throws MongoCommandException ShardNotFound for an unknown shard, DatabaseDifferCase when a database of the
     *     name in another casing exists, NamespaceExists when {@code primaryShard} is not the existing database's
     */
    public DatabaseEntry createDatabase(String name, String primaryShard) {
        if (primaryShard != null && !shards.contains(primaryShard)) {
            throw new MongoCommandException(ErrorCode.SHARD_NOT_FOUND, "Shard " + primaryShard + " not found");
        }
        DatabaseEntry existing = databases.get(name);
        if (existing == null) {
            for (String other : databases.keySet()) {
                if (other.equalsIgnoreCase(name)) {
                    // mongo sharding_catalog_manager_database_operations.cpp createDatabase (the text's two spaces
                    // are MongoDB's)
                    throw new MongoCommandException(
                            ErrorCode.DATABASE_DIFFER_CASE,
                            "can't have 2 databases that just differ on case  have: " + other + " want to add: "
                                    + name);
                }
            }
        }
        if (existing != null) {
            if (primaryShard != null && !primaryShard.equals(existing.primaryShard())) {
                // mongo sharding_catalog_manager_database_operations.cpp createDatabase
                throw new MongoCommandException(
                        ErrorCode.NAMESPACE_EXISTS,
                        "database already created on a primary which is different from " + primaryShard);
            }
            return existing;
        }
        String primary = primaryShard != null ? primaryShard : leastLoadedShard();
        DatabaseEntry entry = new DatabaseEntry(name, primary, false, nextUuid(), now);
        databases.put(name, entry);
        return entry;
    }

    /** {@code enableSharding}: creates the database if needed and marks it partitioned. */
    public DatabaseEntry enableSharding(String name, String primaryShard) {
        DatabaseEntry db = createDatabase(name, primaryShard);
        DatabaseEntry marked = new DatabaseEntry(db.name(), db.primaryShard(), true, db.uuid(), db.createdAtMillis());
        databases.put(name, marked);
        return marked;
    }

    private String leastLoadedShard() {
        List<String> candidates = primaryCandidates();
        if (candidates.isEmpty()) {
            // mongo sharding_util.cpp selectLeastLoadedNonDrainingShard
            throw new MongoCommandException(ErrorCode.SHARD_NOT_FOUND, "No non-draining shard found");
        }
        Map<String, Long> bytes = bytesPerShard();
        String best = candidates.get(0);
        for (String id : candidates) {
            if (bytes.getOrDefault(id, 0L) < bytes.getOrDefault(best, 0L)) {
                best = id;
            }
        }
        return best;
    }

    /**
     * The shards a new database's primary is picked from, in shard order. Before 8.0 every shard, a
     * draining one included: {@code ShardingCatalogManager::_selectShardForNewDatabase} and
     * {@code shardutil::selectLeastLoadedShard} read {@code shardRegistry->getAllShardIds()}. From 8.0
     * the shards that are not draining: {@code selectLeastLoadedNonDrainingShard} reads
     * {@code config.shards} with {@code {draining: {$ne: true}}} (the same selection picks
     * unshardCollection's default target, {@link #unshardCollection}).
     */
    private List<String> primaryCandidates() {
        return config.version().atLeast(8, 0) ? shards.nonDrainingShardIds() : shards.shardIds();
    }

    /** Bytes per shard over every collection: sharded collections' chunks and unsharded ones on their primary. */
    public Map<String, Long> bytesPerShard() {
        Map<String, Long> out = new LinkedHashMap<>();
        for (String id : shards.shardIds()) {
            out.put(id, 0L);
        }
        for (CollectionEntry c : collections.values()) {
            for (ChunkStatistics s : c.cluster().snapshot().chunkStatistics()) {
                out.merge(s.chunk().shard(), s.bytes(), Long::sum);
            }
        }
        for (Map.Entry<String, Long> u : unshardedBytes.entrySet()) {
            shardOfUnsharded(u.getKey()).ifPresent(shard -> out.merge(shard, u.getValue(), Long::sum));
        }
        return out;
    }

    /**
     * The shard an unsharded collection lives on: the shard {@code moveCollection} put it on, else its
     * database's primary shard; empty when the database does not exist.
     */
    public Optional<String> shardOfUnsharded(String ns) {
        UnsplittableCollection moved = unsplittable.get(ns);
        if (moved != null) {
            return Optional.of(moved.shard());
        }
        return Optional.ofNullable(databases.get(ns.substring(0, ns.indexOf('.'))))
                .map(DatabaseEntry::primaryShard);
    }

    /** The unsharded collections {@code moveCollection} placed, by namespace. */
    public Map<String, UnsplittableCollection> unsplittableCollections() {
        return Collections.unmodifiableMap(unsplittable);
    }

    /**
     * {@code movePrimary}: {@code to} becomes the database's primary shard, and with it the shard of its
     * unsharded collections that {@code moveCollection} has not placed (mongo
     * {@code move_primary_coordinator.cpp} clones only untracked collections). Sharded collections keep
     * their chunks. Moving to the current primary changes nothing.
     *
     * @throws MongoCommandException NamespaceNotFound for an unknown database, ShardNotFound for an
     *     unknown shard
     */
    public DatabaseEntry movePrimary(String name, String to) {
        DatabaseEntry db = databases.get(name);
        if (db == null) {
            // mongo sharding_catalog_client_impl.cpp (getDatabase)
            throw new MongoCommandException(ErrorCode.NAMESPACE_NOT_FOUND, "database " + name + " not found");
        }
        if (!shards.contains(to)) {
            // mongo shard_registry.cpp (getShard)
            throw new MongoCommandException(ErrorCode.SHARD_NOT_FOUND, "Shard " + to + " not found");
        }
        DatabaseEntry moved = new DatabaseEntry(db.name(), to, db.partitioned(), db.uuid(), db.createdAtMillis());
        databases.put(name, moved);
        return moved;
    }

    /**
     * {@code moveCollection} (8.0+): the unsharded collection {@code ns} is tracked and lives on
     * {@code to} from now on, with a new UUID (it is resharded on {@code _id} onto one shard, mongo
     * {@code cluster_move_collection_cmd.cpp}).
     *
     * @throws MongoCommandException ShardNotFound for an unknown shard
     */
    public UnsplittableCollection moveCollection(String ns, String to) {
        if (!shards.contains(to)) {
            throw new MongoCommandException(ErrorCode.SHARD_NOT_FOUND, "Shard " + to + " not found");
        }
        createDatabase(ns.substring(0, ns.indexOf('.')), null);
        UnsplittableCollection moved = new UnsplittableCollection(ns, to, nextUuid(), now);
        unsplittable.put(ns, moved);
        return moved;
    }

    /**
     * {@code unshardCollection} (8.0+): the sharded collection {@code ns} becomes an unsplittable
     * tracked collection with one chunk on {@code to}, or when {@code to} is null on the non-draining
     * shard holding the least data (mongo {@code reshard_collection_coordinator.cpp}: a resharding to
     * {@code {_id: 1}} with that one destination, {@code selectLeastLoadedNonDrainingShard}); all its
     * bytes then count on that shard, and it gets a new uuid.
     *
     * @throws MongoCommandException ShardNotFound for an unknown {@code to}
     */
    public UnsplittableCollection unshardCollection(String ns, String to) {
        CollectionEntry entry = collections.get(ns);
        if (entry == null) {
            throw new IllegalArgumentException(ns + " is not sharded");
        }
        String target = to != null ? to : leastLoadedShard();
        if (!shards.contains(target)) {
            throw new MongoCommandException(ErrorCode.SHARD_NOT_FOUND, "Shard " + to + " not found");
        }
        long bytes = 0;
        for (ChunkStatistics s : entry.cluster().snapshot().chunkStatistics()) {
            bytes += s.bytes();
        }
        collections.remove(ns);
        UnsplittableCollection moved = new UnsplittableCollection(ns, target, nextUuid(), now);
        unsplittable.put(ns, moved);
        unshardedBytes.put(ns, bytes);
        return moved;
    }

    /** The unsharded collections written to (their bytes by namespace), wherever they live. */
    public Map<String, Long> unshardedCollections() {
        return Collections.unmodifiableMap(unshardedBytes);
    }

    /** Where every database and collection lives now, for {@link #restorePlacement} (the placement board's undo). */
    public PlacementMemento placementMemento() {
        return new PlacementMemento(databases, collections, unshardedBytes, unsplittable);
    }

    /** Puts every database and collection back where {@code memento} found them; documents and shards stay. */
    public void restorePlacement(PlacementMemento memento) {
        memento.restoreInto(databases, collections, unshardedBytes, unsplittable);
    }

    /** Bytes an unsharded collection holds, as {@link #recordUnshardedWrite} counted them. */
    public long unshardedBytes(String ns) {
        return unshardedBytes.getOrDefault(ns, 0L);
    }

    /**
     * Counts bytes written to an unsharded collection (negative: deleted; the count stays at least 0),
     * which lives on {@link #shardOfUnsharded its shard}.
     */
    public void recordUnshardedWrite(String ns, long bytes) {
        createDatabase(ns.substring(0, ns.indexOf('.')), null);
        unshardedBytes.merge(ns, bytes, (a, b) -> Math.max(0, a + b));
    }

    /**
     * Shards {@code command.namespace()}: creates the collection's cluster (reading the catalog's shards,
     * the database's primary as its primary shard; the balancer switch and settings; the zone ranges kept
     * for the namespace; the catalog's time) and runs the command on it.
     *
     * @throws io.shardlab.sim.CommandFailedException with MongoDB's text when the command is refused
     */
    public CollectionEntry shardCollection(ShardCollection command) {
        String ns = command.namespace();
        DatabaseEntry db = createDatabase(ns.substring(0, ns.indexOf('.')), null);
        // a collection moveCollection placed keeps its data where it is: its first chunk starts there
        String home = unsplittable.containsKey(ns) ? unsplittable.get(ns).shard() : db.primaryShard();
        SimulatedCluster cluster = new SimulatedCluster(config, shards.registry(), home);
        settings.applyTo(cluster);
        // the ranges config.tags holds for the namespace shape its initial chunks
        shards.rangesOf(ns).forEach(r -> cluster.execute(r.command()));
        cluster.advance(now);
        cluster.execute(command);
        CollectionEntry entry = register(ns, cluster);
        shards.forgetRangesOf(ns);
        unsplittable.remove(ns);
        return entry;
    }

    /** {@code cluster} becomes the sharded collection {@code ns}, whose events the catalog's listeners hear. */
    private CollectionEntry register(String ns, SimulatedCluster cluster) {
        cluster.addListener(event -> onEvent(ns, event));
        CollectionEntry entry = new CollectionEntry(ns, cluster, nextUuid(), now, 1);
        collections.put(ns, entry);
        return entry;
    }

    /**
     * Refuses a cluster built elsewhere ({@code what}: a layout or a cluster) whose shards are not the
     * catalog's.
     */
    private void requireTheCatalogsShards(String what, String ns, List<String> ids) {
        if (!new TreeSet<>(ids).equals(new TreeSet<>(shardIds()))) {
            throw new IllegalArgumentException(
                    what + ": " + ns + " lives on " + ids + ", not on the catalog's shards " + shardIds());
        }
    }

    /**
     * Starts the sharded collection {@code load.layout().namespace()} from a layout read elsewhere
     * (forked: the source is only read). Its database gets the layout's first shard as primary, as
     * {@link io.shardlab.sim.LoadLayout} does. The catalog takes in the layout's shard zones and draining
     * states ({@link SimulatedCluster#handShardsTo}), which its cluster then reads from the catalog.
     *
     * @throws IllegalArgumentException when the layout's shards are not this catalog's
     */
    public CollectionEntry loadCollection(LoadLayout load) {
        String ns = load.layout().namespace();
        requireTheCatalogsShards("layout", ns, load.layout().shardIds());
        databases.computeIfAbsent(
                ns.substring(0, ns.indexOf('.')),
                db -> new DatabaseEntry(db, load.layout().shardIds().get(0), true, nextUuid(), now));
        SimulatedCluster cluster = SimulatedCluster.fromLayout(config, load);
        cluster.handShardsTo(shards.registry());
        cluster.advance(now);
        return register(ns, cluster);
    }

    /**
     * Takes in a cluster built and driven elsewhere (the explorer's) as the sharded collection
     * {@code cluster}'s namespace: the catalog runs clients' commands on it from then on, so its owner
     * must run them on the thread it drives the cluster from. Its database gets the cluster's first
     * shard id as primary, as {@link #loadCollection} does; the catalog's balancer switch becomes the
     * cluster's. The cluster hands its shards to the catalog ({@link SimulatedCluster#handShardsTo}: the
     * catalog takes in their zones and draining states) and reads the catalog's from then on, so that a
     * shard command run on it, or by a client, reaches every collection.
     * The catalog's clock moves to the cluster's when that is ahead, so that clusters created later
     * start at the same time.
     *
     * @throws IllegalArgumentException when the cluster's shards are not the catalog's, or its namespace
     *     is already a sharded collection here
     */
    public CollectionEntry adoptCollection(SimulatedCluster cluster) {
        return adoptCollection(cluster, key -> InsertBatch.ofKeys(List.of(), new int[0]));
    }

    /**
     * As {@link #adoptCollection(SimulatedCluster)}, for a cluster that holds documents the catalog's
     * document store does not (an explorer's stream): {@code outsideStore} gives them when a command
     * places every document again.
     */
    public CollectionEntry adoptCollection(SimulatedCluster cluster, DocumentsOutsideStore outsideStore) {
        Objects.requireNonNull(outsideStore, "outsideStore");
        ClusterSnapshot layout = cluster.snapshot().cluster();
        String ns = layout.namespace();
        requireTheCatalogsShards("cluster", ns, layout.shardIds());
        if (collections.containsKey(ns)) {
            throw new IllegalArgumentException("cluster: " + ns + " is already a sharded collection of the catalog");
        }
        databases.computeIfAbsent(
                ns.substring(0, ns.indexOf('.')),
                db -> new DatabaseEntry(db, layout.shardIds().get(0), true, nextUuid(), now));
        now = Math.max(now, cluster.now());
        settings.followBalancerOf(cluster);
        cluster.handShardsTo(shards.registry());
        this.outsideStore.put(ns, outsideStore);
        return register(ns, cluster);
    }

    /** The documents of collection {@code ns} that the document store does not keep (none but an adopted cluster's). */
    public Optional<DocumentsOutsideStore> documentsOutsideStore(String ns) {
        return Optional.ofNullable(outsideStore.get(ns));
    }

    private void onEvent(String ns, ClusterEvent event) {
        if (event instanceof ClusterEvent.BalancerRound) {
            numBalancerRounds++;
        } else if (event instanceof ClusterEvent.MigrationCommitted m) {
            changelog.addLast(new CommittedMigration(ns, m.migration(), m.atMillis()));
            if (changelog.size() > CHANGELOG_LIMIT) {
                changelog.removeFirst();
            }
        }
        for (ClusterEventListener l : listeners) {
            l.onEvent(event);
        }
    }

    /**
     * Runs a command on the cluster of the sharded collection {@code ns}.
     *
     * @throws MongoCommandException NamespaceNotSharded when {@code ns} is not sharded
     * @throws io.shardlab.sim.CommandFailedException with MongoDB's text when the command is refused
     */
    public void execute(String ns, ClusterCommand command) {
        CollectionEntry c = collections.get(ns);
        if (c == null) {
            throw new MongoCommandException(ErrorCode.NAMESPACE_NOT_SHARDED, ns + " is not sharded");
        }
        c.cluster().execute(command);
    }

    /**
     * A shard-level command ({@code addShardToZone}, {@code removeShardFromZone}): checked against the
     * catalog's shards and every namespace's zone ranges, then applied once to the shards every
     * collection's cluster reads; a refused one changes nothing.
     *
     * @throws CommandFailedException with MongoDB's text when refused
     * @throws IllegalArgumentException when {@code command} is not a shard command ({@link ShardCommand})
     */
    public void executeOnShards(ClusterCommand command) {
        if (!(command instanceof ShardCommand shardCommand)) {
            throw new IllegalArgumentException("command: " + command.describe() + " is not a shard or zone command");
        }
        shards.execute(shardCommand);
    }

    /**
     * {@code updateZoneKeyRange}: on the collection's cluster when it is sharded, else checked against
     * the catalog's zones and the namespace's kept ranges and kept until it is sharded (zones defined
     * before sharding shape its initial chunks).
     *
     * @throws CommandFailedException with MongoDB's text when refused
     */
    public void updateZoneKeyRange(UpdateZoneKeyRange command) {
        CollectionEntry c = collections.get(command.namespace());
        if (c != null) {
            c.cluster().execute(command);
            return;
        }
        shards.keepRange(command);
    }

    /**
     * Lets the migrations in flight on {@code ns} commit (as a client's moveChunk waits for its
     * migration), moving every other cluster's clock by the same time; returns the ms it took.
     */
    public long settle(String ns) {
        CollectionEntry c = collections.get(ns);
        if (c == null) {
            return 0;
        }
        long spent = c.cluster().settle(Long.MAX_VALUE / 4);
        now += spent;
        for (CollectionEntry other : collections.values()) {
            if (other != c) {
                other.cluster().advance(Math.max(0, now - other.cluster().now()));
            }
        }
        return spent;
    }

    /**
     * {@code reshardCollection}: runs the resharding on the collection's cluster and gives the
     * collection a new UUID, epoch and timestamp (config.collections), as the resharding coordinator's
     * commit does (the temporary collection's UUID becomes the collection's).
     *
     * @throws io.shardlab.sim.CommandFailedException with MongoDB's text when refused
     */
    public CollectionEntry reshardCollection(ReshardCollection command) {
        execute(command.namespace(), command);
        CollectionEntry old = collections.get(command.namespace());
        CollectionEntry entry =
                new CollectionEntry(old.namespace(), old.cluster(), nextUuid(), now, old.incarnation() + 1);
        collections.put(entry.namespace(), entry);
        return entry;
    }

    /**
     * {@code refineCollectionShardKey}: refines the key on the collection's cluster and gives the collection a new
     * epoch and timestamp (config.collections), as the refine coordinator's commit does (mongo
     * {@code sharding_catalog_manager_collection_operations.cpp refineCollectionShardKey}: "newEpoch"); its UUID stays.
     *
     * @throws io.shardlab.sim.CommandFailedException with MongoDB's text when refused
     */
    public CollectionEntry refineCollectionShardKey(RefineCollectionShardKey command) {
        execute(command.namespace(), command);
        CollectionEntry old = collections.get(command.namespace());
        CollectionEntry entry =
                new CollectionEntry(old.namespace(), old.cluster(), old.uuid(), now, old.incarnation() + 1);
        collections.put(entry.namespace(), entry);
        return entry;
    }

    /** {@code drop}: the collection leaves the catalog (its chunks and zones with it). */
    public void dropCollection(String ns) {
        collections.remove(ns);
        settings.forgetCollection(ns);
        unshardedBytes.remove(ns);
        unsplittable.remove(ns);
        outsideStore.remove(ns);
    }

    /** {@code dropDatabase}: the database and all its collections leave the catalog. */
    public void dropDatabase(String name) {
        databases.remove(name);
        collections.keySet().removeIf(ns -> ns.startsWith(name + "."));
        unshardedBytes.keySet().removeIf(ns -> ns.startsWith(name + "."));
        unsplittable.keySet().removeIf(ns -> ns.startsWith(name + "."));
        outsideStore.keySet().removeIf(ns -> ns.startsWith(name + "."));
    }

    /**
     * {@code addShard}: a new, empty shard, which every collection's cluster reads.
     *
     * @throws io.shardlab.sim.CommandFailedException with MongoDB's text when refused
     */
    public void addShard(String id) {
        shards.execute(new AddShard(id));
    }

    /**
     * {@code removeShard}: the first call starts draining the shard, for every collection (the balancer
     * then moves its chunks off first); later calls report the chunks left, the databases whose primary it
     * still is and the unsharded collections living on it, and complete the removal once none is left.
     *
     * @param collectionNames the names of a database's collections in the document store ({@code listCollections})
     * @throws MongoCommandException ShardNotFound for an unknown shard
     * @throws io.shardlab.sim.CommandFailedException with MongoDB's text when refused (the last shard)
     */
    public RemoveShardProgress removeShard(String id, Function<String, List<String>> collectionNames) {
        DrainRemaining left = DrainRemaining.of(this, id, collectionNames);
        return shards.removeShard(id, left.databases(), left.collectionsToMove());
    }

    /** {@link #removeShard(String, Function)} of a catalog whose document store holds no unsharded collection. */
    public RemoveShardProgress removeShard(String id) {
        return removeShard(id, db -> List.of());
    }

    /** {@link CatalogShards#zoneHasRange}: config.tags over the whole catalog. */
    public boolean zoneHasRange(String zone) {
        return shards.zoneHasRange(zone);
    }

    /** {@link CatalogShards#chunksLeftOn}. */
    CatalogShards.ChunksLeft chunksLeftOn(String id) {
        return shards.chunksLeftOn(id);
    }

    /** Shards being drained by {@code removeShard}. */
    public Set<String> drainingShards() {
        return shards.drainingShardIds();
    }

    /** {@code balancerStart} / {@code balancerStop}: the switch on every collection's cluster. */
    public void setBalancerEnabled(boolean enabled) {
        settings.setBalancerEnabled(enabled);
    }

    /** Whether the balancer is on. */
    public boolean balancerEnabled() {
        return settings.balancerEnabled();
    }

    /** Balancer rounds run so far, over all collections ({@code balancerStatus.numBalancerRounds}). */
    public long numBalancerRounds() {
        return numBalancerRounds;
    }

    /** The longest step of {@link #advance}, in simulated ms: the balancer's short round interval. */
    static final long STEP_MILLIS = 1_000;

    /**
     * Lets {@code millis} of simulated time pass on every collection's cluster, in steps of at most
     * {@link #STEP_MILLIS}; before each collection's step its balancer learns which shards are in a
     * migration of another collection, so that a shard takes part in one migration at a time across
     * collections.
     */
    public void advance(long millis) {
        long target = now + Math.max(0, millis);
        while (now < target) {
            now = Math.min(target, now + STEP_MILLIS);
            // how many collections each shard migrates for, kept current as each collection steps, so that
            // a collection sees the others' migrations (those started earlier in this step included) in
            // time linear in the collections, hundreds of them included
            Map<String, Integer> migrating = new HashMap<>();
            for (CollectionEntry c : collections.values()) {
                c.cluster().shardsInMigration().forEach(shard -> migrating.merge(shard, 1, Integer::sum));
            }
            for (CollectionEntry c : collections.values()) {
                Set<String> own = c.cluster().shardsInMigration();
                own.forEach(shard -> migrating.merge(shard, -1, Integer::sum));
                Set<String> busy = new TreeSet<>();
                migrating.forEach((shard, n) -> {
                    if (n > 0) {
                        busy.add(shard);
                    }
                });
                c.cluster().setShardsBusyElsewhere(busy);
                c.cluster().advance(Math.max(0, now - c.cluster().now()));
                c.cluster().shardsInMigration().forEach(shard -> migrating.merge(shard, 1, Integer::sum));
            }
        }
    }

    private UUID nextUuid() {
        return new UUID(
                (uuids.nextLong() & ~0xF000L) | 0x4000L,
                (uuids.nextLong() & 0x3FFFFFFFFFFFFFFFL) | 0x8000000000000000L);
    }
}
