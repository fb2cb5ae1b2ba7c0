package io.shardlab.mongos;

import io.shardlab.cluster.ClusterSnapshot;
import io.shardlab.key.InvalidShardKeyException;
import io.shardlab.key.ShardKeyPattern;
import io.shardlab.routing.Operation;
import io.shardlab.routing.Router;
import io.shardlab.routing.Targeting;
import io.shardlab.routing.UnsupportedQueryException;
import io.shardlab.sim.AddShardToZone;
import io.shardlab.sim.ClearJumboFlag;
import io.shardlab.sim.CommandFailedException;
import io.shardlab.sim.ConfigureDefragmentation;
import io.shardlab.sim.DeleteDocuments;
import io.shardlab.sim.InsertBatch;
import io.shardlab.sim.InsertDocuments;
import io.shardlab.sim.MergeChunks;
import io.shardlab.sim.MoveChunk;
import io.shardlab.sim.MoveChunkBounds;
import io.shardlab.sim.MoveRange;
import io.shardlab.sim.RefineCollectionShardKey;
import io.shardlab.sim.RemoveShardFromZone;
import io.shardlab.sim.ReshardCollection;
import io.shardlab.sim.SetCollectionBalancing;
import io.shardlab.sim.ShardCollection;
import io.shardlab.sim.SplitAt;
import io.shardlab.sim.SplitBounds;
import io.shardlab.sim.SplitFind;
import io.shardlab.sim.UpdateDocuments;
import io.shardlab.sim.UpdateZoneKeyRange;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.IntFunction;
import java.util.function.LongSupplier;
import org.bson.BsonArray;
import org.bson.BsonBoolean;
import org.bson.BsonDateTime;
import org.bson.BsonDocument;
import org.bson.BsonDouble;
import org.bson.BsonInt32;
import org.bson.BsonInt64;
import org.bson.BsonNull;
import org.bson.BsonString;
import org.bson.BsonValue;

/**
 * The MongoDB commands a mongos of the simulated release answers, implemented once over the
 * simulator: the sharding commands run the simulator's {@link io.shardlab.sim.ClusterCommand}s,
 * writes are routed by {@link Router} and refused where mongos refuses them, then stored through the
 * {@link DocumentStorage} port and recorded in the simulated cluster of their collection; the
 * {@code config} database is rebuilt from the catalog ({@link ConfigDatabase}) before it is read.
 * Commands that only read or change stored documents go to the storage unchanged.
 *
 * <p>Refusals are {@link MongoCommandException}s with MongoDB's code and text; write refusals are
 * {@code writeErrors} in an {@code ok: 1} reply, as mongos sends them.
 *
 * <p>Threading: one command at a time ({@code synchronized}); the simulated clock is moved by
 * {@link #advance}.
 */
public final class MongosCommands {

    /** Commands a real mongos accepts only on {@code admin} (mongo command classes' {@code adminOnly()}). */
    private static final Set<String> ADMIN_ONLY = Set.of(
            "enableSharding",
            "shardCollection",
            "split",
            "moveChunk",
            "moveRange",
            "mergeChunks",
            "balancerStart",
            "balancerStop",
            "balancerStatus",
            "addShard",
            "removeShard",
            "addShardToZone",
            "removeShardFromZone",
            "updateZoneKeyRange",
            "refineCollectionShardKey",
            "clearJumboFlag",
            "listShards",
            "reshardCollection",
            "balancerCollectionStatus",
            "movePrimary",
            "moveCollection",
            "unshardCollection",
            "configureQueryAnalyzer",
            "configureCollectionBalancing",
            "currentOp");

    /**
     * Commands a mongos has that ShardLab does not simulate yet (killOp: commands run one at a time,
     * none is left running for a client to kill).
     */
    private static final Set<String> NOT_SIMULATED = Set.of(
            "killOp",
            "checkMetadataConsistency",
            "setAllowMigrations",
            "cleanupOrphaned",
            "abortReshardCollection",
            "commitReshardCollection");

    /** The spellings mongos also accepts (the commands' registered aliases). */
    private static final Map<String, String> ALIASES = Map.of(
            "enablesharding",
            "enableSharding",
            "shardcollection",
            "shardCollection",
            "ismaster",
            "isMaster",
            "buildinfo",
            "buildInfo",
            "movechunk",
            "moveChunk",
            "mergechunks",
            "mergeChunks",
            "addshard",
            "addShard",
            "findandmodify",
            "findAndModify");

    private static final Set<String> WRITES = Set.of(
            "insert",
            "update",
            "delete",
            "findAndModify",
            "drop",
            "dropDatabase",
            "create",
            "createIndexes",
            "dropIndexes",
            "renameCollection");

    private final ShardedCatalog catalog;
    private final MongosRelease release;
    private final ConfigDatabase configDatabase;
    private final DocumentStorage storage;
    private final long memoryBudgetBytes;
    private final LongSupplier wallClockMillis;
    private final java.util.function.Consumer<String> notices;
    private final Map<String, Long> notKept = new TreeMap<>();
    private final QuerySampler sampler;
    private final ServerCounters counters;
    private final ServerInformation serverInformation;
    private final StorageStatistics storageStatistics;
    private long storedBytes;

    /**
     * @param memoryBudgetBytes documents beyond this many bytes of heap (their BSON bytes and {@link
     *     DocumentStorage#keptBytesPerDocument()} each) are routed and counted but not kept
     * @param wallClockMillis the wall clock, for {@code localTime}
     * @param notices receives one line when a collection's documents first stop being kept
     * @param host the machine the mongos runs on ({@code hostInfo}, {@code serverStatus})
     * @param counters what {@code serverStatus} counts; the command layer counts the operations
     */
    public MongosCommands(
            ShardedCatalog catalog,
            MongosRelease release,
            ConfigDatabase configDatabase,
            DocumentStorage storage,
            long memoryBudgetBytes,
            LongSupplier wallClockMillis,
            java.util.function.Consumer<String> notices,
            HostMachine host,
            ServerCounters counters) {
        this.catalog = catalog;
        this.release = release;
        this.configDatabase = configDatabase;
        this.storage = storage;
        this.memoryBudgetBytes = memoryBudgetBytes;
        this.wallClockMillis = wallClockMillis;
        this.notices = notices;
        this.sampler = new QuerySampler(catalog.config().seed(), wallClockMillis.getAsLong());
        this.counters = counters;
        this.serverInformation = new ServerInformation(release, host, counters, wallClockMillis);
        this.storageStatistics = new StorageStatistics(
                catalog, storage, (db, coll) -> firstDocuments(db, coll, StorageStatistics.INDEX_SAMPLE));
    }

    /** The catalog the commands change. */
    public ShardedCatalog catalog() {
        return catalog;
    }

    /** Documents routed but not kept, per namespace (past the memory budget). */
    public synchronized Map<String, Long> notKept() {
        return Map.copyOf(notKept);
    }

    /** Lets simulated time pass (balancer rounds, migrations). */
    public synchronized void advance(long millis) {
        catalog.advance(millis);
    }

    /** The canonical name of a command document's first field (aliases resolved). */
    public static String commandName(BsonDocument command) {
        if (command.isEmpty()) {
            throw new MongoCommandException(ErrorCode.FAILED_TO_PARSE, "Empty command");
        }
        String first = command.getFirstKey();
        return ALIASES.getOrDefault(first, first);
    }

    /**
     * Runs one command as mongos would.
     *
     * @param database the command's {@code $db}
     * @return the reply
     * @throws MongoCommandException with MongoDB's code and message when the command fails
     */
    public synchronized BsonDocument run(String database, BsonDocument command) {
        try {
            return runCounted(database, command);
        } catch (MongoCommandException e) {
            counters.countRefusal();
            throw e;
        }
    }

    private BsonDocument runCounted(String database, BsonDocument command) {
        String name = commandName(command);
        counters.countOperation(name, command);
        if (ADMIN_ONLY.contains(name) && !"admin".equals(database)) {
            // mongo src/mongo/db/commands.cpp (CommandHelpers / BasicCommand adminOnly check)
            throw new MongoCommandException(
                    ErrorCode.UNAUTHORIZED, name + " may only be run against the admin database.");
        }
        if (NOT_SIMULATED.contains(name)) {
            throw new MongoCommandException(
                    ErrorCode.COMMAND_NOT_SUPPORTED,
                    "ShardLab does not simulate " + name + " on MongoDB " + release.version() + " yet");
        }
        try {
            BsonDocument reply = dispatch(database, name, command);
            sample(database, name, command);
            return withNotKeptNote(database, name, command, reply);
        } catch (CommandFailedException e) {
            throw new MongoCommandException(
                    ErrorCode.named(e.codeName()).orElse(ErrorCode.OPERATION_FAILED), e.reason());
        } catch (InvalidShardKeyException e) {
            throw new MongoCommandException(ErrorCode.BAD_VALUE, e.getMessage());
        }
    }

    private BsonDocument dispatch(String database, String name, BsonDocument command) {
        switch (name) {
            case "hello":
            case "isMaster":
                return hello(name, command);
            case "buildInfo":
                return buildInfo();
            case "atlasVersion":
                throw noSuchCommand(name);
            case "getParameter":
                return getParameter(command);
            case "connectionStatus":
                return ServerInformation.connectionStatus(command);
            case "serverStatus":
                return serverInformation.serverStatus();
            case "hostInfo":
                return serverInformation.hostInfo();
            case "currentOp":
                return currentOpCommand(command);
            case "listCollections":
                return listCollections(database, command);
            case "listDatabases":
                return listDatabases(command);
            case "enableSharding":
                return enableSharding(command);
            case "shardCollection":
                return shardCollection(command);
            case "split":
                return split(command);
            case "moveChunk":
                return moveChunk(command);
            case "moveRange":
                return moveRange(command);
            case "mergeChunks":
                return mergeChunks(command);
            case "balancerStart":
            case "balancerStop":
                catalog.setBalancerEnabled("balancerStart".equals(name));
                return ok();
            case "balancerStatus":
                return ok(new BsonDocument("mode", new BsonString(catalog.balancerEnabled() ? "full" : "off"))
                        .append(
                                "inBalancerRound",
                                BsonBoolean.valueOf(catalog.collections().values().stream()
                                        .anyMatch(c ->
                                                !c.cluster().shardsInMigration().isEmpty())))
                        .append("numBalancerRounds", new BsonInt64(catalog.numBalancerRounds())));
            case "addShard":
                return addShard(command);
            case "removeShard":
                return removeShard(command);
            case "balancerCollectionStatus":
                return balancerCollectionStatus(command);
            case "configureCollectionBalancing":
                return configureCollectionBalancing(command);
            case "addShardToZone":
                catalog.executeOnShards(new AddShardToZone(
                        command.getString("addShardToZone").getValue(), requireString(command, "zone")));
                return ok();
            case "removeShardFromZone":
                catalog.executeOnShards(new RemoveShardFromZone(
                        requireString(command, "removeShardFromZone"), requireString(command, "zone")));
                return ok();
            case "updateZoneKeyRange":
                return updateZoneKeyRange(command);
            case "reshardCollection":
                return reshardCollection(command);
            case "movePrimary":
                return movePrimary(command);
            case "analyzeShardKey":
                return analyzeShardKey(command);
            case "configureQueryAnalyzer":
                return configureQueryAnalyzer(command);
            case "moveCollection":
                return moveCollection(command);
            case "unshardCollection":
                return unshardCollection(command);
            case "refineCollectionShardKey":
                return refineCollectionShardKey(command);
            case "clearJumboFlag": {
                String ns = command.getString(name).getValue();
                catalog.execute(ns, new ClearJumboFlag(ns, command.getDocument("find")));
                return ok();
            }
            case "listShards":
                return ok(new BsonDocument("shards", new BsonArray(configDatabase.shards())));
            case "explain":
                return explain(database, command);
            default:
                break;
        }
        if ("config".equals(database)) {
            return config(name, command);
        }
        switch (name) {
            case "insert":
                return insert(database, command);
            case "update":
                return update(database, command);
            case "delete":
                return delete(database, command);
            case "findAndModify":
                return findAndModify(database, command);
            case "aggregate":
                return aggregate(database, command);
            case "dbStats":
                return storageStatistics.dbStats(database, collectionNames(database));
            case "find":
            case "count":
                if ("admin".equals(database) && command.get(name).isString()) {
                    return readOfAdminCollection(name, command.getString(name).getValue());
                }
                return storage.run(database, command);
            case "drop": {
                BsonDocument reply = storage.run(database, command);
                catalog.dropCollection(
                        database + "." + command.getString("drop").getValue());
                sampler.drop(database + "." + command.getString("drop").getValue());
                return reply;
            }
            case "dropDatabase": {
                BsonDocument reply = storage.run(database, command);
                catalog.dropDatabase(database);
                return reply;
            }
            default:
                return storage.run(database, command);
        }
    }

    // ---- handshake and server information ---------------------------------------------------------

    /**
     * {@code hello} / {@code isMaster} as a mongos answers it: {@code msg: "isdbgrid"}, the release's
     * wire version, sessions, and no {@code topologyVersion} (a client would then stream hellos) and no
     * replica-set fields (mongo {@code src/mongo/s/commands/cluster_hello_cmd.cpp}).
     */
    private BsonDocument hello(String name, BsonDocument command) {
        BsonDocument r = new BsonDocument();
        if ("hello".equals(name)) {
            r.append("isWritablePrimary", BsonBoolean.TRUE);
        } else {
            r.append("ismaster", BsonBoolean.TRUE);
        }
        r.append("msg", new BsonString("isdbgrid"))
                .append("maxBsonObjectSize", new BsonInt32(16 * 1024 * 1024))
                .append("maxMessageSizeBytes", new BsonInt32(48_000_000))
                .append("maxWriteBatchSize", new BsonInt32(100_000))
                .append("localTime", new BsonDateTime(wallClockMillis.getAsLong()))
                .append("logicalSessionTimeoutMinutes", new BsonInt32(30))
                .append("maxWireVersion", new BsonInt32(release.wireVersion()))
                .append("minWireVersion", new BsonInt32(0))
                .append("readOnly", BsonBoolean.FALSE);
        if (command.getBoolean("helloOk", BsonBoolean.FALSE).getValue()) {
            r.append("helloOk", BsonBoolean.TRUE);
        }
        return ok(r);
    }

    private BsonDocument buildInfo() {
        BsonArray versionArray = new BsonArray();
        for (int v : release.versionArray()) {
            versionArray.add(new BsonInt32(v));
        }
        return ok(new BsonDocument("version", new BsonString(release.versionString()))
                .append("gitVersion", new BsonString("shardlab"))
                .append("modules", new BsonArray())
                .append("allocator", new BsonString("tcmalloc"))
                .append("javascriptEngine", new BsonString("mozjs"))
                .append("versionArray", versionArray)
                .append("bits", new BsonInt32(64))
                .append("debug", BsonBoolean.FALSE)
                .append("maxBsonObjectSize", new BsonInt32(16 * 1024 * 1024)));
    }

    private BsonDocument getParameter(BsonDocument command) {
        if (command.containsKey("featureCompatibilityVersion")) {
            return ok(new BsonDocument(
                    "featureCompatibilityVersion",
                    new BsonDocument("version", new BsonString(release.version().toString()))));
        }
        // mongo src/mongo/db/commands/parameters.cpp (CmdGet): no parameter named in the command
        throw new MongoCommandException(ErrorCode.INVALID_OPTIONS, "no option found to get");
    }

    // ---- sharding commands ----------------------------------------------------------------------------

    private BsonDocument enableSharding(BsonDocument command) {
        String db = command.getString("enableSharding").getValue();
        if (db.isEmpty() || db.contains(".")) {
            throw new MongoCommandException(ErrorCode.INVALID_NAMESPACE, "invalid db name specified: " + db);
        }
        String primary = command.containsKey("primaryShard")
                ? command.getString("primaryShard").getValue()
                : null;
        catalog.enableSharding(db, primary);
        return ok();
    }

    private BsonDocument shardCollection(BsonDocument command) {
        String ns = namespaceArgument(command, "shardCollection");
        String db = ns.substring(0, ns.indexOf('.'));
        if (!command.containsKey("key") || !command.get("key").isDocument()) {
            throw missingField(ErrorCode.FAILED_TO_PARSE, "shardCollection", "key");
        }
        ShardKeyPattern key = ShardKeyPattern.of(command.getDocument("key"));
        boolean unique = command.getBoolean("unique", BsonBoolean.FALSE).getValue();
        boolean presplit =
                command.getBoolean("presplitHashedZones", BsonBoolean.FALSE).getValue();
        long numInitialChunks = command.isNumber("numInitialChunks")
                ? command.getNumber("numInitialChunks").longValue()
                : 0;
        if (!release.version().atLeast(6, 0)
                && catalog.database(db).map(d -> !d.partitioned()).orElse(true)) {
            // mongo src/mongo/db/s/config/configsvr_shard_collection_command.cpp (4.4 / 5.0)
            throw new MongoCommandException(ErrorCode.ILLEGAL_OPERATION, "sharding not enabled for db " + db);
        }
        var existing = catalog.collection(ns);
        if (existing.isPresent()) {
            ClusterSnapshot s = existing.get().cluster().snapshot().cluster();
            if (s.key().equals(key) && s.unique() == unique) {
                return ok(new BsonDocument("collectionsharded", new BsonString(ns)));
            }
            // mongo src/mongo/db/s/shard_collection_legacy.cpp / create_collection_coordinator.cpp
            throw new MongoCommandException(
                    ErrorCode.ALREADY_INITIALIZED,
                    "sharding already enabled for collection "
                            + ns + " with options { _id: \"" + ns + "\", key: "
                            + io.shardlab.bson.BsonPrinter.serverString(s.key().toDocument()) + ", unique: "
                            + s.unique() + " }");
        }
        String collection = ns.substring(ns.indexOf('.') + 1);
        List<BsonDocument> existingDocuments = allDocuments(db, collection);
        if (!existingDocuments.isEmpty() && !hasIndexStartingWith(db, collection, key)) {
            // mongo src/mongo/db/s/shard_key_util.cpp (validateShardKeyIndexExistsOrCreateIfPossible)
            throw new MongoCommandException(
                    ErrorCode.INVALID_OPTIONS,
                    "Please create an index that starts with the "
                            + "proposed shard key before sharding the collection");
        }
        if (!existingDocuments.isEmpty()
                && numInitialChunks != 0
                && io.shardlab.cluster.ReleaseRules.of(release.version()).numInitialChunks()) {
            // mongo initial_split_policy.cpp calculateOptimizationStrategy (the simulator's own check
            // sees only the empty collection it creates)
            throw new MongoCommandException(
                    ErrorCode.INVALID_OPTIONS,
                    "numInitialChunks is only supported when the "
                            + "collection is empty and has a hashed field in the shard key pattern");
        }
        ShardedCatalog.CollectionEntry entry =
                catalog.shardCollection(new ShardCollection(ns, key, unique, presplit, numInitialChunks));
        if (existingDocuments.isEmpty()) {
            createShardKeyIndex(db, collection, key, unique);
        } else {
            entry.cluster().execute(new InsertDocuments(ns, InsertBatch.ofDocuments(key, existingDocuments)));
        }
        return ok(new BsonDocument("collectionsharded", new BsonString(ns)));
    }

    private List<BsonDocument> allDocuments(String db, String collection) {
        return allDocumentsMatching(db, collection, new BsonDocument());
    }

    private List<BsonDocument> allDocumentsMatching(String db, String collection, BsonDocument filter) {
        List<BsonDocument> out = new ArrayList<>();
        BsonDocument reply = storage.run(
                db,
                new BsonDocument("find", new BsonString(collection))
                        .append("filter", filter)
                        .append("batchSize", new BsonInt32(Integer.MAX_VALUE)));
        BsonDocument cursor = reply.getDocument("cursor", new BsonDocument());
        for (BsonValue v : cursor.getArray("firstBatch", new BsonArray())) {
            out.add(v.asDocument());
        }
        long id = cursor.getNumber("id", new BsonInt64(0)).longValue();
        while (id != 0) {
            BsonDocument more = storage.run(
                    db,
                    new BsonDocument("getMore", new BsonInt64(id)).append("collection", new BsonString(collection)));
            BsonDocument c = more.getDocument("cursor", new BsonDocument());
            for (BsonValue v : c.getArray("nextBatch", new BsonArray())) {
                out.add(v.asDocument());
            }
            id = c.getNumber("id", new BsonInt64(0)).longValue();
        }
        return out;
    }

    /** Up to {@code limit} stored documents of the collection, in the storage's order. */
    private List<BsonDocument> firstDocuments(String db, String collection, int limit) {
        BsonDocument reply = storage.run(
                db,
                new BsonDocument("find", new BsonString(collection))
                        .append("limit", new BsonInt32(limit))
                        .append("batchSize", new BsonInt32(limit))
                        .append("singleBatch", BsonBoolean.TRUE));
        List<BsonDocument> out = new ArrayList<>();
        for (BsonValue v : reply.getDocument("cursor", new BsonDocument()).getArray("firstBatch", new BsonArray())) {
            out.add(v.asDocument());
        }
        return out;
    }

    private boolean hasIndexStartingWith(String db, String collection, ShardKeyPattern key) {
        BsonDocument reply = storage.run(db, new BsonDocument("listIndexes", new BsonString(collection)));
        BsonDocument cursor = reply.getDocument("cursor", new BsonDocument());
        List<String> fields = key.fields().stream().map(f -> f.path()).toList();
        for (BsonValue v : cursor.getArray("firstBatch", new BsonArray())) {
            List<String> indexFields =
                    new ArrayList<>(v.asDocument().getDocument("key").keySet());
            if (indexFields.size() >= fields.size()
                    && indexFields.subList(0, fields.size()).equals(fields)) {
                return true;
            }
        }
        return false;
    }

    private void createShardKeyIndex(String db, String collection, ShardKeyPattern key, boolean unique) {
        BsonDocument keyDocument = key.toDocument();
        if (keyDocument.keySet().equals(Set.of("_id")) && keyDocument.get("_id").isNumber()) {
            return;
        }
        StringBuilder indexName = new StringBuilder();
        keyDocument.forEach((f, v) -> indexName
                .append(indexName.length() == 0 ? "" : "_")
                .append(f)
                .append('_')
                .append(
                        v.isString()
                                ? v.asString().getValue()
                                : String.valueOf(v.asNumber().intValue())));
        BsonDocument index = new BsonDocument("key", keyDocument).append("name", new BsonString(indexName.toString()));
        if (unique) {
            index.append("unique", BsonBoolean.TRUE);
        }
        storage.run(
                db,
                new BsonDocument("createIndexes", new BsonString(collection))
                        .append("indexes", new BsonArray(List.of(index))));
    }

    /**
     * {@code reshardCollection} (5.0+), checked as mongo {@code configsvr_reshard_collection_cmd.cpp}
     * and {@code reshard_collection_coordinator.cpp} do: {@code unique} must be false, the collation
     * simple, a collection with zones needs the {@code zones} option (not simulated), and the same key
     * is a no-op (from 8.0 {@code forceRedistribution: true} reshards on it anyway). It completes
     * before the reply, so {@code config.reshardingOperations}, which holds only operations in
     * progress, stays empty. Only the documents kept within the memory budget are placed again.
     */
    private BsonDocument reshardCollection(BsonDocument command) {
        requireCommandSince(5, 0, "reshardCollection");
        String ns = namespaceArgument(command, "reshardCollection");
        ShardKeyPattern key = keyArgument(command, "reshardCollection");
        requireSharded(ns);
        if (command.getBoolean("unique", BsonBoolean.FALSE).getValue()) {
            throw new MongoCommandException(ErrorCode.BAD_VALUE, "The unique field must be false");
        }
        BsonDocument collation = optionalDocument(command, "collation");
        if (collation != null && !collation.isEmpty() && !new BsonString("simple").equals(collation.get("locale"))) {
            throw new MongoCommandException(
                    ErrorCode.BAD_VALUE,
                    "The collation for reshardCollection must be " + "{locale: 'simple'}, but found: "
                            + io.shardlab.bson.BsonPrinter.serverString(collation));
        }
        ShardedCatalog.CollectionEntry entry = catalog.collection(ns).orElseThrow();
        ClusterSnapshot current = entry.cluster().snapshot().cluster();
        if (!current.zones().isEmpty() && !command.containsKey("zones")) {
            throw new MongoCommandException(ErrorCode.BAD_VALUE, "Must specify value for zones field");
        }
        if (command.containsKey("_presetReshardedChunks")) {
            throw new MongoCommandException(
                    ErrorCode.COMMAND_NOT_SUPPORTED,
                    "ShardLab does not simulate " + "reshardCollection with preset chunks on MongoDB "
                            + release.version());
        }
        List<io.shardlab.cluster.ZoneRange> zones =
                reshardZones(command, key, current, release.version().atLeast(8, 0));
        boolean force = release.version().atLeast(8, 0)
                && command.getBoolean("forceRedistribution", BsonBoolean.FALSE).getValue();
        if (current.key().equals(key) && !force) {
            return ok();
        }
        int numInitialChunks = command.isNumber("numInitialChunks")
                ? command.getNumber("numInitialChunks").intValue()
                : ReshardCollection.DEFAULT_NUM_INITIAL_CHUNKS;
        if (numInitialChunks < 1) {
            // mongo initial_split_policy.cpp (SamplingBasedSplitPolicy)
            throw new MongoCommandException(ErrorCode.BAD_VALUE, "numInitialChunks should be > 0");
        }
        String db = ns.substring(0, ns.indexOf('.'));
        String collection = ns.substring(ns.indexOf('.') + 1);
        InsertBatch documents = everyDocument(ns, key);
        catalog.reshardCollection(new ReshardCollection(ns, key, documents, numInitialChunks, zones));
        createShardKeyIndex(db, collection, key, false);
        Long dropped = notKept.remove(ns);
        if (dropped != null) {
            notices.accept(ns + ": resharded on " + io.shardlab.bson.BsonPrinter.serverString(key.toDocument())
                    + " with the " + documents.size() + " documents kept; the " + dropped + " documents past the "
                    + "memory budget were counted but not kept, so they are not in the new chunks");
        }
        return ok();
    }

    /**
     * The {@code zones: [{zone, min, max}]} of a reshardCollection in the new key, checked as mongo
     * {@code configsvr_reshard_collection_cmd.cpp} and {@code resharding_util.cpp} ({@code validateZones})
     * do: with zone ranges on the collection each zone must be one of theirs ("Zone must already
     * exist"), and the ranges must not overlap ("Zone ranges must not overlap"), both BadValue; bounds
     * are extended with MinKey for missing suffix fields ({@code extendRangeBound}). From 8.0 each bound
     * must also be valid for metadata storage ({@code ShardKeyPattern::checkShardKeyIsValidForMetadataStorage}:
     * no array, no regular expression, no embedded document with a {@code $}-prefixed field; BadValue
     * "Shard key element … is not valid for storage"). Nothing more: a hashed field of the new key may be
     * bounded by any value, since reshardCollection runs neither {@code checkHashedShardKeyRange}
     * (updateZoneKeyRange's NumberLong/MinKey/MaxKey check) nor shardCollection's
     * {@code validateShardKeyAgainstExistingZones}. Zones on a collection that has none are not simulated
     * (MongoDB does not check them there).
     *
     * @param storageChecked whether the release checks the bounds for metadata storage (8.0+)
     */
    private static List<io.shardlab.cluster.ZoneRange> reshardZones(
            BsonDocument command, ShardKeyPattern key, ClusterSnapshot current, boolean storageChecked) {
        if (!command.containsKey("zones") || command.isNull("zones")) {
            return List.of();
        }
        if (!command.isArray("zones")) {
            throw new MongoCommandException(
                    ErrorCode.TYPE_MISMATCH,
                    "BSON field 'reshardCollection.zones' is the wrong type, expected type 'array'");
        }
        if (current.zones().isEmpty()) {
            throw new MongoCommandException(
                    ErrorCode.COMMAND_NOT_SUPPORTED,
                    "ShardLab does not simulate "
                            + "reshardCollection with zones for a collection without zone ranges");
        }
        Set<String> existing = new TreeSet<>();
        current.zones().forEach(z -> existing.add(z.zone()));
        List<io.shardlab.cluster.ZoneRange> zones = new ArrayList<>();
        for (BsonValue v : command.getArray("zones")) {
            if (!v.isDocument()
                    || !v.asDocument().isString("zone")
                    || !v.asDocument().isDocument("min")
                    || !v.asDocument().isDocument("max")) {
                throw new MongoCommandException(
                        ErrorCode.IDL_FAILED_TO_PARSE,
                        "BSON field 'zones' needs "
                                + "documents with a string zone and documents min and max, got "
                                + io.shardlab.bson.BsonPrinter.serverString(
                                        v.isDocument() ? v.asDocument() : new BsonDocument("value", v)));
            }
            BsonDocument z = v.asDocument();
            String name = z.getString("zone").getValue();
            if (!existing.contains(name)) {
                throw new MongoCommandException(ErrorCode.BAD_VALUE, "Zone must already exist");
            }
            if (storageChecked) {
                requireValidForStorage(z.getDocument("min"));
                requireValidForStorage(z.getDocument("max"));
            }
            io.shardlab.key.ShardKey min = extendedBound(z.getDocument("min"), key);
            io.shardlab.key.ShardKey max = extendedBound(z.getDocument("max"), key);
            if (min.compareTo(max) >= 0) {
                // ShardLab's text (MongoDB's ChunkRange check words it otherwise)
                throw new MongoCommandException(
                        ErrorCode.BAD_VALUE,
                        "zone " + name + ": min "
                                + io.shardlab.bson.BsonPrinter.serverString(z.getDocument("min"))
                                + " must be less than max "
                                + io.shardlab.bson.BsonPrinter.serverString(z.getDocument("max")));
            }
            zones.add(new io.shardlab.cluster.ZoneRange(min, max, name));
        }
        zones.sort((a, b) -> a.min().compareTo(b.min()));
        for (int i = 1; i < zones.size(); i++) {
            if (zones.get(i - 1).max().compareTo(zones.get(i).min()) > 0) {
                throw new MongoCommandException(ErrorCode.BAD_VALUE, "Zone ranges must not overlap");
            }
        }
        return zones;
    }

    /**
     * mongo {@code ShardKeyPattern::checkShardKeyIsValidForMetadataStorage} ({@code shard_key_pattern.cpp}):
     * every element of {@code bound} is {@code isValidShardKeyElementForStorage} — not an array, not a
     * regular expression, not an embedded document that is not storage-valid ({@code $}-prefixed names).
     */
    private static void requireValidForStorage(BsonDocument bound) {
        for (Map.Entry<String, BsonValue> e : bound.entrySet()) {
            BsonValue v = e.getValue();
            boolean valid =
                    !v.isArray() && !v.isRegularExpression() && !(v.isDocument() && hasDollarField(v.asDocument()));
            if (!valid) {
                String element = io.shardlab.bson.BsonPrinter.serverString(new BsonDocument(e.getKey(), v));
                throw new MongoCommandException(
                        ErrorCode.BAD_VALUE,
                        "Shard key element " + element.substring(2, element.length() - 2)
                                + " is not valid for storage");
            }
        }
    }

    /** {@code storageValidEmbedded}'s refusal: a {@code $}-prefixed field name at any depth (DBRef fields aside). */
    private static boolean hasDollarField(BsonDocument document) {
        for (Map.Entry<String, BsonValue> e : document.entrySet()) {
            String name = e.getKey();
            if (name.startsWith("$") && !name.equals("$ref") && !name.equals("$id") && !name.equals("$db")) {
                return true;
            }
            BsonValue v = e.getValue();
            if (v.isDocument() && hasDollarField(v.asDocument())) {
                return true;
            }
        }
        return false;
    }

    /** A zone bound in the new key: its fields a prefix of the key's, the rest MinKey. */
    private static io.shardlab.key.ShardKey extendedBound(BsonDocument bound, ShardKeyPattern key) {
        List<BsonValue> values = new ArrayList<>();
        List<String> names = new ArrayList<>(bound.keySet());
        for (int i = 0; i < key.arity(); i++) {
            String field = key.fields().get(i).path();
            if (i < names.size()) {
                if (!names.get(i).equals(field)) {
                    // ShardLab's text: MongoDB's TagsType parse accepts the bound and the split fails later
                    throw new MongoCommandException(
                            ErrorCode.BAD_VALUE,
                            "zone bound "
                                    + io.shardlab.bson.BsonPrinter.serverString(bound)
                                    + " is not a prefix of the new shard "
                                    + "key " + io.shardlab.bson.BsonPrinter.serverString(key.toDocument()));
                }
                values.add(bound.get(field));
            } else {
                values.add(new org.bson.BsonMinKey());
            }
        }
        if (names.size() > key.arity()) {
            throw new MongoCommandException(
                    ErrorCode.BAD_VALUE,
                    "zone bound "
                            + io.shardlab.bson.BsonPrinter.serverString(bound)
                            + " is not a prefix of the new shard key "
                            + io.shardlab.bson.BsonPrinter.serverString(key.toDocument()));
        }
        return io.shardlab.key.ShardKey.of(values);
    }

    /**
     * Every document of sharded collection {@code ns} the command layer can read, keyed on {@code key}: the
     * document store's, then those only its simulated cluster holds ({@link DocumentsOutsideStore}).
     */
    private InsertBatch everyDocument(String ns, ShardKeyPattern key) {
        String db = ns.substring(0, ns.indexOf('.'));
        InsertBatch stored = InsertBatch.ofDocuments(key, allDocuments(db, ns.substring(ns.indexOf('.') + 1)));
        Optional<DocumentsOutsideStore> outside = catalog.documentsOutsideStore(ns);
        return outside.isEmpty()
                ? stored
                : InsertBatch.concat(stored, outside.get().keyedOn(key));
    }

    /**
     * {@code refineCollectionShardKey} (4.4+): the documents get their values of the new fields from the
     * documents themselves when every one is at hand, as MongoDB's chunks then split between them; with
     * documents past the memory budget the new fields count as null ({@link RefineCollectionShardKey}).
     */
    private BsonDocument refineCollectionShardKey(BsonDocument command) {
        String ns = command.getString("refineCollectionShardKey").getValue();
        ShardKeyPattern key = ShardKeyPattern.of(command.getDocument("key"));
        RefineCollectionShardKey refine = new RefineCollectionShardKey(ns, key);
        Optional<ShardedCatalog.CollectionEntry> entry = catalog.collection(ns);
        if (entry.isPresent()
                && !notKept.containsKey(ns)
                && entry.get().cluster().canApply(refine).isEmpty()) {
            refine = new RefineCollectionShardKey(ns, key, everyDocument(ns, key));
        }
        catalog.execute(ns, refine);
        return ok();
    }

    /**
     * {@code movePrimary}, checked as mongo {@code shardsvr_move_primary_command.cpp} does (tests:
     * {@code jstests/sharding/move_primary_basic.js}): a valid database name, not admin / config /
     * local, an existing database, a non-empty existing {@code to}; the current primary is a no-op.
     */
    private BsonDocument movePrimary(BsonDocument command) {
        BsonValue arg = command.get("movePrimary");
        if (arg == null || !arg.isString()) {
            throw new MongoCommandException(ErrorCode.INVALID_NAMESPACE, "'movePrimary' must be of type String");
        }
        String db = arg.asString().getValue();
        if (db.isEmpty() || db.contains(".") || db.contains(" ")) {
            throw new MongoCommandException(ErrorCode.INVALID_NAMESPACE, "invalid db name specified: " + db);
        }
        if (Set.of("admin", "config", "local").contains(db)) {
            throw new MongoCommandException(ErrorCode.INVALID_OPTIONS, "Can't move primary for " + db + " database");
        }
        if (!command.containsKey("to")) {
            throw missingField(ErrorCode.IDL_FAILED_TO_PARSE, "movePrimary", "to");
        }
        String to = requireString(command, "to");
        if (to.isEmpty()) {
            throw new MongoCommandException(ErrorCode.INVALID_OPTIONS, "you have to specify where you want to move it");
        }
        catalog.movePrimary(db, to);
        return ok();
    }

    /**
     * {@code moveCollection} (8.0+; mongo {@code cluster_move_collection_cmd.cpp}, tests
     * {@code jstests/sharding/move_collection_basic.js}): an existing unsharded collection moves to
     * {@code toShard}; a sharded or missing collection is NamespaceNotFound.
     */
    private BsonDocument moveCollection(BsonDocument command) {
        requireCommandSince(8, 0, "moveCollection");
        String ns = namespaceArgument(command, "moveCollection");
        if (!command.containsKey("toShard")) {
            throw missingField(ErrorCode.IDL_FAILED_TO_PARSE, "moveCollection", "toShard");
        }
        String to = requireString(command, "toShard");
        String db = ns.substring(0, ns.indexOf('.'));
        String collection = ns.substring(ns.indexOf('.') + 1);
        if (catalog.collection(ns).isPresent()) {
            // mongo reshard_collection_coordinator.cpp
            throw new MongoCommandException(
                    ErrorCode.NAMESPACE_NOT_FOUND, "MoveCollection can only be called on an unsharded collection.");
        }
        if (!collectionExists(db, collection)) {
            throw new MongoCommandException(
                    ErrorCode.NAMESPACE_NOT_FOUND, "Collection '" + ns + "' not found in cluster catalog");
        }
        catalog.moveCollection(ns, to);
        return ok();
    }

    /**
     * {@code unshardCollection} (8.0+; mongo {@code cluster_unshard_collection_cmd.cpp} and
     * {@code reshard_collection_coordinator.cpp}; docs "Unshard a Collection"): a sharded collection
     * moves whole to {@code toShard}, or without it to the non-draining shard with the least data, as
     * an unsplittable tracked collection. An unsharded collection is a no-op, refused with
     * NamespaceNotSharded when {@code toShard} names another shard than its own. A collection with
     * zone ranges must lose them first (MongoDB's documentation; ShardLab does not simulate that path). An
     * explicit {@code toShard} only has to exist: resharding_util.cpp {@code validateShardDistribution} checks
     * the shard registry and the ranges, not draining, so a draining shard named there is accepted.
     */
    private BsonDocument unshardCollection(BsonDocument command) {
        requireCommandSince(8, 0, "unshardCollection");
        String ns = namespaceArgument(command, "unshardCollection");
        String to = command.containsKey("toShard") ? requireString(command, "toShard") : null;
        var sharded = catalog.collection(ns);
        if (sharded.isEmpty()) {
            java.util.Optional<String> current = catalog.shardOfUnsharded(ns);
            if (to != null && current.isPresent() && !current.get().equals(to)) {
                throw new MongoCommandException(
                        ErrorCode.NAMESPACE_NOT_SHARDED,
                        "Collection is already unsharded. "
                                + "Call moveCollection to move this collection to a different shard.");
            }
            return ok();
        }
        if (!sharded.get().cluster().snapshot().cluster().zones().isEmpty()) {
            throw new MongoCommandException(
                    ErrorCode.COMMAND_NOT_SUPPORTED,
                    "ShardLab does not simulate "
                            + "unshardCollection of a collection with zone ranges on MongoDB " + release.version()
                            + "; remove its ranges from their zones first, as MongoDB's documentation asks");
        }
        catalog.unshardCollection(ns, to);
        return ok();
    }

    private boolean collectionExists(String db, String collection) {
        BsonDocument reply = storage.run(db, new BsonDocument("listCollections", new BsonInt32(1)));
        for (BsonValue c : reply.getDocument("cursor", new BsonDocument()).getArray("firstBatch", new BsonArray())) {
            if (new BsonString(collection).equals(c.asDocument().get("name"))) {
                return true;
            }
        }
        return false;
    }

    /** Reads and writes whose replies say what the memory budget left out. */
    private static final Set<String> BUDGET_NOTED =
            Set.of("insert", "update", "find", "count", "distinct", "aggregate", "findAndModify");

    /**
     * A reply to a read or write of a collection whose documents were not all kept gets a
     * {@code shardlab: {notKept, note}} field (ShardLab's own; MongoDB has none, and clients ignore
     * unknown reply fields), so a client that looks at the reply learns what reads cannot return.
     */
    private BsonDocument withNotKeptNote(String db, String name, BsonDocument command, BsonDocument reply) {
        if (!BUDGET_NOTED.contains(name)
                || notKept.isEmpty()
                || !command.get(command.getFirstKey()).isString()) {
            return reply;
        }
        String ns = db + "." + command.getString(command.getFirstKey()).getValue();
        Long dropped = notKept.get(ns);
        if (dropped == null) {
            return reply;
        }
        return reply.append(
                "shardlab",
                new BsonDocument("notKept", new BsonInt64(dropped))
                        .append(
                                "note",
                                new BsonString(dropped + " documents of " + ns + " arrived past ShardLab's memory "
                                        + "budget of " + (memoryBudgetBytes >> 20)
                                        + " MB: they are routed and counted in the "
                                        + "simulated chunks but not kept, so reads do not return them")));
    }

    // ---- query sampling and analyzeShardKey (7.0+) ----------------------------------------------------

    /** The reads and writes analyzeShardKey measures (mongo {@code SampledCommandNameEnum}). */
    private static final Set<String> SAMPLED =
            Set.of("find", "aggregate", "count", "distinct", "update", "delete", "findAndModify");

    /** Offers a client's read or write to the query sampler, in the sampled-query document's {@code cmd} shape. */
    private void sample(String db, String name, BsonDocument command) {
        if (!SAMPLED.contains(name)
                || Set.of("admin", "config", "local").contains(db)
                || !command.get(command.getFirstKey()).isString()) {
            return;
        }
        String ns = db + "." + command.getString(command.getFirstKey()).getValue();
        if (sampler.configuration(ns).isEmpty()) {
            return;
        }
        long now = catalog.now();
        switch (name) {
            case "find" ->
                sampler.offer(ns, name, readCommand(command.getDocument("filter", new BsonDocument()), command), now);
            case "count", "distinct" ->
                sampler.offer(ns, name, readCommand(command.getDocument("query", new BsonDocument()), command), now);
            case "aggregate" -> {
                BsonArray pipeline = command.getArray("pipeline", new BsonArray());
                BsonDocument first = pipeline.isEmpty() || !pipeline.get(0).isDocument()
                        ? new BsonDocument()
                        : pipeline.get(0).asDocument();
                sampler.offer(ns, name, readCommand(first.getDocument("$match", new BsonDocument()), command), now);
            }
            case "update", "delete" -> {
                String ops = "update".equals(name) ? "updates" : "deletes";
                for (BsonValue op : command.getArray(ops, new BsonArray())) {
                    sampler.offer(
                            ns,
                            name,
                            new BsonDocument(name, command.get(name)).append(ops, new BsonArray(List.of(op))),
                            now);
                }
            }
            default -> {
                BsonDocument cmd = new BsonDocument("findAndModify", command.get(command.getFirstKey()))
                        .append("query", command.getDocument("query", new BsonDocument()));
                for (String f : List.of("update", "remove", "upsert", "collation")) {
                    if (command.containsKey(f)) {
                        cmd.append(f, command.get(f));
                    }
                }
                sampler.offer(ns, name, cmd, now);
            }
        }
    }

    /** {@code SampledReadCommand}: {@code {filter, collation}}. */
    private static BsonDocument readCommand(BsonDocument filter, BsonDocument command) {
        BsonDocument cmd = new BsonDocument("filter", filter);
        if (command.isDocument("collation")) {
            cmd.append("collation", command.getDocument("collation"));
        }
        return cmd;
    }

    /** mongo analyze_shard_key_util.cpp {@code validateNamespace} and {@code validateCollectionOptions}. */
    private void requireAnalyzable(String ns) {
        String db = ns.substring(0, ns.indexOf('.'));
        String collection = ns.substring(ns.indexOf('.') + 1);
        if (Set.of("admin", "config", "local").contains(db)) {
            throw new MongoCommandException(ErrorCode.ILLEGAL_OPERATION, "Cannot run against an internal collection");
        }
        if (collection.startsWith("system.")) {
            throw new MongoCommandException(ErrorCode.ILLEGAL_OPERATION, "Cannot run against a system collection");
        }
        if (!collectionExists(db, collection)) {
            throw new MongoCommandException(ErrorCode.NAMESPACE_NOT_FOUND, "The namespace does not exist");
        }
    }

    /**
     * {@code configureQueryAnalyzer} (7.0+, admin only; mongo {@code configure_query_analyzer_cmd.cpp}):
     * mode {@code "full"} with {@code 0 < samplesPerSecond <= 50}, or {@code "off"} without a rate; the
     * reply holds {@code newConfiguration} and, when the collection had one, {@code oldConfiguration}.
     */
    private BsonDocument configureQueryAnalyzer(BsonDocument command) {
        requireCommandSince(7, 0, "configureQueryAnalyzer");
        String ns = namespaceArgument(command, "configureQueryAnalyzer");
        String mode = requireString(command, "mode");
        if (!Set.of("full", "off").contains(mode)) {
            // the IDL's QueryAnalyzerMode enum
            throw new MongoCommandException(
                    ErrorCode.BAD_VALUE,
                    "Enumeration value '" + mode + "' for field "
                            + "'configureQueryAnalyzer.mode' is not a valid value.");
        }
        BsonValue rate = command.get("samplesPerSecond");
        if ("off".equals(mode)) {
            if (rate != null) {
                throw new MongoCommandException(
                        ErrorCode.INVALID_OPTIONS, "Cannot specify 'samplesPerSecond' when 'mode' is \"off\"");
            }
        } else if (rate == null || !rate.isNumber()) {
            throw new MongoCommandException(
                    ErrorCode.INVALID_OPTIONS, "'samplesPerSecond' must be specified when 'mode' is not \"off\"");
        } else if (rate.asNumber().doubleValue() <= 0) {
            throw new MongoCommandException(ErrorCode.INVALID_OPTIONS, "'samplesPerSecond' must be greater than 0");
        } else if (rate.asNumber().doubleValue() > QuerySampler.MAX_SAMPLES_PER_SECOND) {
            throw new MongoCommandException(
                    ErrorCode.INVALID_OPTIONS,
                    "'samplesPerSecond' must be less than or " + "equal to "
                            + (int) QuerySampler.MAX_SAMPLES_PER_SECOND);
        }
        requireAnalyzable(ns);
        java.util.UUID uuid = catalog.collection(ns)
                .map(ShardedCatalog.CollectionEntry::uuid)
                .or(() -> java.util.Optional.ofNullable(
                                catalog.unsplittableCollections().get(ns))
                        .map(ShardedCatalog.UnsplittableCollection::uuid))
                .orElseGet(
                        () -> java.util.UUID.nameUUIDFromBytes(ns.getBytes(java.nio.charset.StandardCharsets.UTF_8)));
        QuerySampler.Configuration next = new QuerySampler.Configuration(
                mode, rate == null ? 0 : rate.asNumber().doubleValue(), uuid);
        var old = sampler.configure(ns, next);
        BsonDocument reply = new BsonDocument("newConfiguration", next.toDocument());
        old.ifPresent(o -> reply.append("oldConfiguration", o.toDocument()));
        return ok(reply);
    }

    /**
     * {@code analyzeShardKey} (7.0+) answered by the advisor ({@link io.shardlab.advisor.AnalyzeShardKeyReply}):
     * key characteristics over the collection's kept documents and its indexes (listIndexes), the read
     * and write distribution over the queries the query analyzer sampled. Checks: mongo
     * {@code analyze_shard_key_util.cpp} (namespace, existence) and
     * {@code analyze_shard_key_cmd_util.cpp} (an empty collection).
     */
    private BsonDocument analyzeShardKey(BsonDocument command) {
        requireCommandSince(7, 0, "analyzeShardKey");
        String ns = namespaceArgument(command, "analyzeShardKey");
        ShardKeyPattern key = keyArgument(command, "analyzeShardKey");
        requireAnalyzable(ns);
        boolean characteristics =
                command.getBoolean("keyCharacteristics", BsonBoolean.TRUE).getValue();
        boolean distribution =
                command.getBoolean("readWriteDistribution", BsonBoolean.TRUE).getValue();
        if (!characteristics && !distribution) {
            // mongo src/mongo/s/commands/cluster_analyze_shard_key_cmd.cpp
            throw new MongoCommandException(ErrorCode.INVALID_OPTIONS, "Cannot skip analyzing all metrics");
        }
        String db = ns.substring(0, ns.indexOf('.'));
        String collection = ns.substring(ns.indexOf('.') + 1);
        List<BsonDocument> documents = allDocuments(db, collection);
        if (documents.isEmpty()) {
            throw new MongoCommandException(
                    ErrorCode.ILLEGAL_OPERATION,
                    "Cannot analyze the cardinality and frequency of a shard key for an empty collection");
        }
        List<io.shardlab.advisor.IndexSpec> indexes = new ArrayList<>();
        BsonDocument listed = storage.run(db, new BsonDocument("listIndexes", new BsonString(collection)));
        for (BsonValue v : listed.getDocument("cursor", new BsonDocument()).getArray("firstBatch", new BsonArray())) {
            indexes.add(io.shardlab.advisor.IndexSpec.of(v.asDocument()));
        }
        io.shardlab.advisor.Sample plain =
                io.shardlab.advisor.Sample.of(ns, io.shardlab.advisor.SampleOrder.INSERTION, documents);
        io.shardlab.advisor.Sample sample = new io.shardlab.advisor.Sample(
                plain.source(),
                plain.order(),
                plain.documents(),
                plain.numDocsTotal(),
                plain.fields(),
                io.shardlab.advisor.CollectionIndexes.declared(indexes, "listIndexes"),
                catalog.collection(ns).isPresent() ? java.util.OptionalLong.of(0) : java.util.OptionalLong.empty());
        List<io.shardlab.advisor.SampledQuery> queries = new ArrayList<>();
        for (BsonDocument d : sampler.sampled(ns)) {
            queries.addAll(io.shardlab.advisor.SampledQueryDocuments.of(d));
        }
        io.shardlab.advisor.AdvisorReport report = new io.shardlab.advisor.ShardKeyAdvisor(Runnable::run)
                .analyze(
                        sample,
                        List.of(key),
                        queries,
                        io.shardlab.advisor.AdvisorSettings.of(
                                release.version(), catalog.shardIds().size()),
                        io.shardlab.advisor.ProgressListener.NONE,
                        new io.shardlab.advisor.CancelToken());
        BsonDocument metrics =
                io.shardlab.advisor.AnalyzeShardKeyReply.of(report.candidates().get(0));
        BsonDocument reply = new BsonDocument();
        if (characteristics && metrics.containsKey("keyCharacteristics")) {
            reply.append("keyCharacteristics", metrics.get("keyCharacteristics"));
        }
        if (distribution) {
            reply.append("readDistribution", metrics.get("readDistribution"))
                    .append("writeDistribution", metrics.get("writeDistribution"));
        }
        return ok(reply);
    }

    private BsonDocument split(BsonDocument command) {
        String ns = namespaceArgument(command, "split");
        requireSharded(ns);
        // mongo src/mongo/s/commands/cluster_split_cmd.cpp: an empty document counts as absent; its
        // argument checks are errmsg-only failures (no code)
        BsonDocument find = nonEmptyDocument(command, "find");
        BsonDocument middle = nonEmptyDocument(command, "middle");
        BsonArray bounds = command.isArray("bounds") ? command.getArray("bounds") : new BsonArray();
        if (!bounds.isEmpty() && bounds.size() < 2) {
            throw new MongoCommandException(ErrorCode.NO_CODE, "upper bound not specified");
        }
        if (find != null && !bounds.isEmpty()) {
            throw new MongoCommandException(ErrorCode.NO_CODE, "cannot specify bounds and find at the same time");
        }
        if (find == null && bounds.isEmpty() && middle == null) {
            throw new MongoCommandException(ErrorCode.NO_CODE, "need to specify find/bounds or middle");
        }
        if (find != null && middle != null) {
            throw new MongoCommandException(ErrorCode.NO_CODE, "cannot specify find and middle together");
        }
        if (!bounds.isEmpty() && middle != null) {
            throw new MongoCommandException(ErrorCode.NO_CODE, "cannot specify bounds and middle together");
        }
        if (middle != null) {
            catalog.execute(ns, new SplitAt(ns, middle));
        } else if (find != null) {
            catalog.execute(ns, new SplitFind(ns, find));
        } else {
            catalog.execute(ns, new SplitBounds(ns, boundDocument(bounds, 0), boundDocument(bounds, 1)));
        }
        return ok();
    }

    private BsonDocument moveChunk(BsonDocument command) {
        String ns = namespaceArgument(command, "moveChunk");
        requireSharded(ns);
        String to = requireString(command, "to");
        // mongo src/mongo/s/commands/cluster_move_chunk_cmd.cpp: exactly one of find and bounds; from
        // 6.0 (the typed command) InvalidOptions with three texts, before one errmsg-only text
        BsonDocument find = nonEmptyDocument(command, "find");
        BsonArray bounds = command.isArray("bounds") ? command.getArray("bounds") : new BsonArray();
        if (release.version().atLeast(6, 0)) {
            if (command.isArray("bounds") && bounds.size() != 2) {
                throw new MongoCommandException(ErrorCode.INVALID_OPTIONS, "bounds can only have exactly 2 elements");
            }
            if (find != null && !bounds.isEmpty()) {
                throw new MongoCommandException(
                        ErrorCode.INVALID_OPTIONS, "cannot specify bounds and query at the same time");
            }
            if (find == null && bounds.isEmpty()) {
                throw new MongoCommandException(ErrorCode.INVALID_OPTIONS, "need to specify query or bounds");
            }
        } else if ((find == null) == bounds.isEmpty() || (find == null && bounds.size() < 2)) {
            throw new MongoCommandException(
                    ErrorCode.NO_CODE, "need to specify either a find query, or both lower and upper bounds.");
        }
        boolean force = command.getBoolean("forceJumbo", BsonBoolean.FALSE).getValue();
        catalog.execute(
                ns,
                find != null
                        ? new MoveChunk(ns, find, to, force)
                        : new MoveChunkBounds(ns, boundDocument(bounds, 0), boundDocument(bounds, 1), to, force));
        long millis = catalog.settle(ns);
        return ok(new BsonDocument("millis", new BsonInt32((int) Math.min(Integer.MAX_VALUE, millis))));
    }

    private BsonDocument moveRange(BsonDocument command) {
        requireCommandSince(6, 0, "moveRange");
        String ns = namespaceArgument(command, "moveRange");
        requireSharded(ns);
        BsonDocument min = optionalDocument(command, "min");
        BsonDocument max = optionalDocument(command, "max");
        catalog.execute(ns, new MoveRange(ns, min, max, requireString(command, "toShard")));
        catalog.settle(ns);
        return ok();
    }

    private BsonDocument mergeChunks(BsonDocument command) {
        String ns = namespaceArgument(command, "mergeChunks");
        requireSharded(ns);
        BsonArray bounds = command.getArray("bounds", new BsonArray());
        // mongo src/mongo/s/commands/cluster_merge_chunks_cmd.cpp: errmsg-only failures (no code)
        if (bounds.isEmpty()) {
            throw new MongoCommandException(ErrorCode.NO_CODE, "no bounds were specified");
        }
        if (bounds.size() != 2) {
            throw new MongoCommandException(ErrorCode.NO_CODE, "only a min and max bound may be specified");
        }
        for (int i = 0; i < 2; i++) {
            if (!bounds.get(i).isDocument()) {
                throw new MongoCommandException(ErrorCode.TYPE_MISMATCH, "bounds[" + i + "] must be a document");
            }
            if (bounds.get(i).asDocument().isEmpty()) {
                throw new MongoCommandException(ErrorCode.NO_CODE, "no " + (i == 0 ? "min" : "max") + " key specified");
            }
        }
        catalog.execute(
                ns,
                new MergeChunks(ns, bounds.get(0).asDocument(), bounds.get(1).asDocument()));
        return ok();
    }

    private BsonDocument addShard(BsonDocument command) {
        String host = command.getString("addShard").getValue();
        String id = command.containsKey("name")
                ? command.getString("name").getValue()
                : host.contains("/")
                        ? host.substring(0, host.indexOf('/'))
                        : String.format(
                                Locale.ROOT, "shard%04d", catalog.shardIds().size());
        catalog.addShard(id);
        return ok(new BsonDocument("shardAdded", new BsonString(id)));
    }

    /**
     * {@code removeShard}, answered as mongos words it (mongo
     * {@code src/mongo/s/commands/cluster_remove_shard_cmd.cpp}): {@code state} started / ongoing (with
     * {@code remaining: {chunks, dbs, jumboChunks}}) / completed, and the databases whose primary the
     * shard is in {@code dbsToMove} (the shard stays ongoing until {@code movePrimary} moves them).
     */
    private BsonDocument removeShard(BsonDocument command) {
        String id = requireString(command, "removeShard");
        ShardedCatalog.RemoveShardProgress p = catalog.removeShard(id);
        BsonArray dbs = new BsonArray();
        p.dbsToMove().forEach(d -> dbs.add(new BsonString(d)));
        BsonDocument r;
        switch (p.state()) {
            case STARTED:
                r = new BsonDocument("msg", new BsonString("draining started successfully"))
                        .append("state", new BsonString("started"))
                        .append("shard", new BsonString(id));
                break;
            case ONGOING:
                r = new BsonDocument("msg", new BsonString("draining ongoing"))
                        .append("state", new BsonString("ongoing"))
                        .append(
                                "remaining",
                                new BsonDocument("chunks", new BsonInt64(p.chunks()))
                                        .append(
                                                "dbs",
                                                new BsonInt64(p.dbsToMove().size()))
                                        .append("jumboChunks", new BsonInt64(p.jumboChunks())));
                break;
            default:
                return ok(new BsonDocument("msg", new BsonString("removeshard completed successfully"))
                        .append("state", new BsonString("completed"))
                        .append("shard", new BsonString(id)));
        }
        if (!dbs.isEmpty()) {
            r.append("note", new BsonString("you need to drop or movePrimary these databases"));
        }
        return ok(r.append("dbsToMove", dbs));
    }

    /**
     * {@code balancerCollectionStatus} (4.4+): {@code balancerCompliant}, and when not,
     * {@code firstComplianceViolation} named as mongo {@code balancer.cpp}'s
     * {@code kBalancerPolicyStatus*} constants ({@code draining}, {@code zoneViolation},
     * {@code chunksImbalance}).
     */
    private BsonDocument balancerCollectionStatus(BsonDocument command) {
        String ns = namespaceArgument(command, "balancerCollectionStatus");
        requireSharded(ns);
        var cluster = catalog.collection(ns).orElseThrow().cluster();
        var defragmentation = cluster.defragmentationProgress();
        if (defragmentation.isPresent()) {
            // balancer.cpp getBalancerStatusForNs: kBalancerPolicyStatusDefragmentingChunks, with reportProgressOn
            return ok(new BsonDocument("balancerCompliant", BsonBoolean.FALSE)
                    .append("firstComplianceViolation", new BsonString("defragmentingChunks"))
                    .append(
                            "details",
                            new BsonDocument(
                                            "currentPhase",
                                            new BsonString(defragmentation
                                                    .get()
                                                    .phase()
                                                    .mongoName()))
                                    .append(
                                            "progress",
                                            new BsonDocument(
                                                    "remainingChunksToProcess",
                                                    new BsonInt64(defragmentation
                                                            .get()
                                                            .remainingChunksToProcess())))));
        }
        var violation = cluster.balancerComplianceViolation();
        BsonDocument r = new BsonDocument("balancerCompliant", BsonBoolean.valueOf(violation.isEmpty()));
        violation.ifPresent(v -> r.append(
                "firstComplianceViolation",
                new BsonString(
                        switch (v) {
                            case DRAIN -> "draining";
                            case ZONE_VIOLATION -> "zoneViolation";
                            default -> "chunksImbalance";
                        })));
        return ok(r);
    }

    /**
     * {@code configureCollectionBalancing} (5.3+): {@code defragmentCollection} starts or stops the
     * balancer's defragmentation of the collection; no option is a no-op (mongo
     * {@code sharding_catalog_manager_collection_operations.cpp} {@code configureCollectionBalancing}).
     * A per-collection {@code chunkSize}, {@code enableAutoMerger} or {@code enableBalancing} is refused:
     * the simulator has one chunk size and one auto-merge switch per cluster.
     */
    private BsonDocument configureCollectionBalancing(BsonDocument command) {
        String ns = namespaceArgument(command, "configureCollectionBalancing");
        if (!io.shardlab.cluster.ReleaseRules.of(release.version()).defragmentation()) {
            throw noSuchCommand("configureCollectionBalancing");
        }
        for (String option : List.of("chunkSize", "enableAutoMerger", "enableBalancing")) {
            if (command.containsKey(option)) {
                throw new MongoCommandException(
                        ErrorCode.COMMAND_NOT_SUPPORTED,
                        "ShardLab does not simulate " + "configureCollectionBalancing's " + option
                                + " (one setting for the whole cluster)");
            }
        }
        BsonValue defragment = command.get("defragmentCollection");
        if (defragment == null) {
            return ok();
        }
        if (!defragment.isBoolean() && !defragment.isNumber()) {
            // IDL safeBool
            throw new MongoCommandException(
                    ErrorCode.TYPE_MISMATCH,
                    "BSON field "
                            + "'configureCollectionBalancing.defragmentCollection' is the wrong type '"
                            + io.shardlab.routing.FilterParser.BsonTypeNames.of(defragment)
                            + "', expected types '[bool, long, int, decimal, double]'");
        }
        boolean on = defragment.isBoolean()
                ? defragment.asBoolean().getValue()
                : defragment.asNumber().doubleValue() != 0;
        if (catalog.collection(ns).isEmpty()) {
            // the config server's update of config.collections matches no document
            throw new MongoCommandException(
                    ErrorCode.NAMESPACE_NOT_SHARDED,
                    "Expected to match one doc for query " + "{ _id: \"" + ns + "\" } but matched 0");
        }
        catalog.execute(ns, new ConfigureDefragmentation(ns, on));
        return ok();
    }

    private BsonDocument updateZoneKeyRange(BsonDocument command) {
        String ns = namespaceArgument(command, "updateZoneKeyRange");
        BsonValue zone = command.get("zone", BsonNull.VALUE);
        // zone: null removes the range with exactly these bounds; none is a no-op (mongo
        // sharding_catalog_manager_zone_operations.cpp removeKeyRangeFromZone)
        catalog.updateZoneKeyRange(new UpdateZoneKeyRange(
                ns,
                command.getDocument("min"),
                command.getDocument("max"),
                zone.isNull() ? null : zone.asString().getValue()));
        return ok();
    }

    private void requireSharded(String ns) {
        if (catalog.collection(ns).isEmpty()) {
            // mongo src/mongo/s/commands/cluster_split_cmd.cpp and siblings (getCollectionRoutingInfo check)
            throw new MongoCommandException(ErrorCode.NAMESPACE_NOT_SHARDED, ns + " is not sharded.");
        }
    }

    private static String namespaceArgument(BsonDocument command, String name) {
        BsonValue v = command.get(name);
        if (v == null || !v.isString()) {
            throw new MongoCommandException(
                    ErrorCode.TYPE_MISMATCH,
                    "BSON field '" + name + "." + name + "' is the wrong type, expected type 'string'");
        }
        String ns = v.asString().getValue();
        if (ns.indexOf('.') <= 0 || ns.endsWith(".")) {
            throw new MongoCommandException(ErrorCode.INVALID_NAMESPACE, "Invalid namespace specified '" + ns + "'");
        }
        return ns;
    }

    /** CommandNotFound unless the simulated release is at least {@code major.minor}: older mongos lack {@code name}. */
    private void requireCommandSince(int major, int minor, String name) {
        if (!release.version().atLeast(major, minor)) {
            throw noSuchCommand(name);
        }
    }

    /** What a mongos answers to a command it does not have. */
    private static MongoCommandException noSuchCommand(String name) {
        return new MongoCommandException(ErrorCode.COMMAND_NOT_FOUND, "no such command: '" + name + "'");
    }

    /** The required key pattern document {@code key} of command {@code name}, refused as the IDL parser does. */
    private static ShardKeyPattern keyArgument(BsonDocument command, String name) {
        if (!command.isDocument("key")) {
            throw missingField(ErrorCode.IDL_FAILED_TO_PARSE, name, "key");
        }
        return ShardKeyPattern.of(command.getDocument("key"));
    }

    /** The command parser's refusal of {@code command} without its required {@code field}. */
    private static MongoCommandException missingField(ErrorCode code, String command, String field) {
        return new MongoCommandException(
                code, "BSON field '" + command + "." + field + "' is missing but a required field");
    }

    private static String requireString(BsonDocument command, String field) {
        BsonValue v = command.get(field);
        if (v == null || !v.isString()) {
            throw missingField(ErrorCode.FAILED_TO_PARSE, commandName(command), field);
        }
        return v.asString().getValue();
    }

    /** A document argument, null when absent or empty (MongoDB's {@code getObjectField} reads both as empty). */
    private static BsonDocument nonEmptyDocument(BsonDocument command, String field) {
        BsonValue v = command.get(field);
        return v != null && v.isDocument() && !v.asDocument().isEmpty() ? v.asDocument() : null;
    }

    /** One bound of a {@code bounds: [min, max]} argument. */
    private static BsonDocument boundDocument(BsonArray bounds, int i) {
        if (!bounds.get(i).isDocument()) {
            throw new MongoCommandException(ErrorCode.TYPE_MISMATCH, "bounds[" + i + "] must be a document");
        }
        return bounds.get(i).asDocument();
    }

    private static BsonDocument optionalDocument(BsonDocument command, String field) {
        BsonValue v = command.get(field);
        return v == null || v.isNull() ? null : v.asDocument();
    }

    // ---- the config database ----------------------------------------------------------------------------

    private BsonDocument config(String name, BsonDocument command) {
        String target = "update".equals(name) && command.get("update").isString()
                ? command.getString("update").getValue()
                : "";
        if ("settings".equals(target)) {
            return updateSettings(command);
        }
        if ("collections".equals(target)) {
            return updateCollections(command);
        }
        if (WRITES.contains(name)) {
            throw new MongoCommandException(
                    ErrorCode.ILLEGAL_OPERATION,
                    "ShardLab serves the config database "
                            + "read-only: change the simulated cluster with the sharding commands (sh.*) instead");
        }
        if (!"getMore".equals(name) && !"killCursors".equals(name)) {
            for (Map.Entry<String, List<BsonDocument>> c :
                    configDatabase.collections().entrySet()) {
                storage.replace("config", c.getKey(), c.getValue());
            }
        }
        return storage.run("config", command);
    }

    /**
     * The config.settings writes mongosh's helpers send: {@code {_id: "autosplit" | "automerge"},
     * {$set: {enabled}}} ({@code sh.enableAutoSplit}, {@code sh.startAutoMerger}, …) and
     * {@code {_id: "balancer"}, {$set: {stopped}}}, applied to the simulated cluster; anything else
     * is refused, as the rest of the config database.
     */
    private BsonDocument updateSettings(BsonDocument command) {
        int n = 0;
        BsonArray upserted = new BsonArray();
        List<BsonDocument> settings = configDatabase.settings();
        for (int i = 0; i < command.getArray("updates").size(); i++) {
            BsonDocument u = command.getArray("updates").get(i).asDocument();
            BsonValue id = u.getDocument("q", new BsonDocument()).get("_id");
            BsonValue change = u.get("u");
            BsonDocument set =
                    change != null && change.isDocument() && change.asDocument().size() == 1
                            ? change.asDocument().getDocument("$set", null)
                            : null;
            if (id == null || !id.isString() || set == null) {
                throw new MongoCommandException(
                        ErrorCode.ILLEGAL_OPERATION,
                        "ShardLab serves the config database "
                                + "read-only apart from the settings mongosh's helpers write");
            }
            String setting = id.asString().getValue();
            boolean existed = settings.stream().anyMatch(d -> d.get("_id").equals(id));
            if ("autosplit".equals(setting) && set.isBoolean("enabled")) {
                catalog.setAutoSplit(set.getBoolean("enabled").getValue());
            } else if ("automerge".equals(setting) && set.isBoolean("enabled")) {
                catalog.setAutoMerge(set.getBoolean("enabled").getValue());
            } else if ("balancer".equals(setting) && set.isBoolean("stopped")) {
                catalog.setBalancerEnabled(!set.getBoolean("stopped").getValue());
            } else {
                throw new MongoCommandException(
                        ErrorCode.ILLEGAL_OPERATION,
                        "ShardLab does not simulate the setting " + io.shardlab.bson.BsonPrinter.serverString(u));
            }
            n++;
            if (!existed && u.getBoolean("upsert", BsonBoolean.FALSE).getValue()) {
                upserted.add(new BsonDocument("index", new BsonInt32(i)).append("_id", id));
            }
        }
        BsonDocument reply =
                new BsonDocument("n", new BsonInt32(n)).append("nModified", new BsonInt32(n - upserted.size()));
        if (!upserted.isEmpty()) {
            reply.append("upserted", upserted);
        }
        return ok(reply);
    }

    /**
     * The config.collections writes mongosh's {@code sh.disableBalancing(ns)} / {@code sh.enableBalancing(ns)}
     * send: {@code {_id: ns}, {$set: {noBalance}}} (mongosh {@code shard.ts}); a namespace that is not
     * sharded matches nothing. Anything else is refused, as the rest of the config database.
     */
    private BsonDocument updateCollections(BsonDocument command) {
        int n = 0;
        int modified = 0;
        for (BsonValue entry : command.getArray("updates")) {
            BsonDocument u = entry.asDocument();
            BsonValue id = u.getDocument("q", new BsonDocument()).get("_id");
            BsonValue change = u.get("u");
            BsonDocument set =
                    change != null && change.isDocument() && change.asDocument().size() == 1
                            ? change.asDocument().getDocument("$set", null)
                            : null;
            if (id == null || !id.isString() || set == null || set.size() != 1 || !set.isBoolean("noBalance")) {
                throw new MongoCommandException(
                        ErrorCode.ILLEGAL_OPERATION,
                        "ShardLab serves the config database "
                                + "read-only apart from the noBalance flag mongosh's sh.disableBalancing writes");
            }
            String ns = id.asString().getValue();
            boolean noBalance = set.getBoolean("noBalance").getValue();
            if (catalog.collection(ns).isPresent()) {
                modified += catalog.collection(ns).get().cluster().balancingDisabled() == noBalance ? 0 : 1;
                catalog.execute(ns, new SetCollectionBalancing(ns, !noBalance));
                n++;
            }
        }
        return ok(new BsonDocument("n", new BsonInt32(n)).append("nModified", new BsonInt32(modified)));
    }

    // ---- writes ------------------------------------------------------------------------------------------

    /**
     * The router of a collection's current chunks. For 4.4 the single-write and upsert rules of 5.0
     * apply: the rules are the same (an upsert or a single write needs the full shard key or, for a
     * single update or delete, an exact {@code _id}; mongodb-releases.md E3, E4), and {@link Router}
     * words them as the 5.0 targeter does.
     */
    private Router router(ShardedCatalog.CollectionEntry c) {
        ClusterSnapshot s = c.cluster().snapshot().cluster();
        io.shardlab.cluster.MongoVersion v =
                release.version().atLeast(5, 0) ? release.version() : io.shardlab.cluster.MongoVersion.V5_0;
        return new Router(s.key(), s.chunks(), v);
    }

    /** A write refused by mongos' targeter: ShardKeyNotFound (mongo collection_routing_info_targeter.cpp). */
    /**
     * A write batch's statements as the router takes them: the indexes it accepts, in order, and a write error
     * for each it refuses; an ordered batch stops at its first refusal. {@code route} gives null where the
     * router cannot target the statement (the storage then answers it).
     */
    private static RoutedBatch routeBatch(int statements, boolean ordered, IntFunction<Targeting> route) {
        List<Integer> accepted = new ArrayList<>();
        BsonArray refused = new BsonArray();
        for (int i = 0; i < statements; i++) {
            Targeting t = route.apply(i);
            if (t != null && t.rejected()) {
                refused.add(writeError(i, t.error().get()));
                if (ordered) {
                    break;
                }
                continue;
            }
            accepted.add(i);
        }
        return new RoutedBatch(accepted, refused);
    }

    /** {@link #routeBatch}'s answer; {@code refused} gains the storage's own write errors later. */
    private record RoutedBatch(List<Integer> accepted, BsonArray refused) {}

    private static BsonDocument writeError(int index, String message) {
        return new BsonDocument("index", new BsonInt32(index))
                .append("code", new BsonInt32(ErrorCode.SHARD_KEY_NOT_FOUND.number()))
                .append("codeName", new BsonString(ErrorCode.SHARD_KEY_NOT_FOUND.codeName()))
                .append("errmsg", new BsonString(message));
    }

    private BsonDocument insert(String db, BsonDocument command) {
        String coll = command.getString("insert").getValue();
        String ns = db + "." + coll;
        List<BsonDocument> documents = new ArrayList<>();
        for (BsonValue v : command.getArray("documents", new BsonArray())) {
            documents.add(withId(v.asDocument()));
        }
        boolean ordered = command.getBoolean("ordered", BsonBoolean.TRUE).getValue();
        var sharded = catalog.collection(ns);
        Router router = sharded.map(this::router).orElse(null);
        if (router == null) {
            catalog.createDatabase(db, null);
        }
        RoutedBatch routed = routeBatch(
                documents.size(),
                ordered,
                i -> router == null ? null : router.route(new Operation.Insert(documents.get(i))));
        List<Integer> accepted = routed.accepted();
        BsonArray refused = routed.refused();
        List<BsonDocument> toStore = new ArrayList<>();
        long bytes = 0;
        for (int i : accepted) {
            toStore.add(documents.get(i));
            bytes += InsertBatch.bsonSize(documents.get(i)) + storage.keptBytesPerDocument();
        }
        BsonDocument reply;
        List<Integer> stored;
        if (storedBytes + bytes <= memoryBudgetBytes) {
            BsonDocument forward = command.clone();
            forward.put("documents", new BsonArray(toStore));
            reply = storage.run(db, forward);
            if (reply.getNumber("ok", new BsonInt32(0)).doubleValue() != 1) {
                return reply;
            }
            stored = storedIndexes(reply, accepted, refused, ordered);
            storedBytes += bytes;
        } else {
            if (!notKept.containsKey(ns)) {
                notices.accept(ns + ": the memory budget of " + (memoryBudgetBytes >> 20) + " MB is used up: its "
                        + "documents from now on are routed and counted in the simulated chunks but not kept, so "
                        + "reads return only the documents kept before");
            }
            notKept.merge(ns, (long) accepted.size(), Long::sum);
            reply = new BsonDocument("n", new BsonInt32(accepted.size())).append("ok", new BsonDouble(1));
            stored = accepted;
        }
        List<BsonDocument> landed = new ArrayList<>();
        for (int i : stored) {
            landed.add(documents.get(i));
        }
        recordInserts(ns, landed);
        if (!refused.isEmpty()) {
            reply.put("writeErrors", sortedByIndex(refused));
        }
        return reply;
    }

    /**
     * The document as a shard stores it: one without {@code _id} gets an ObjectId {@code _id} as its
     * first field (mongo {@code fixDocumentForInsert}), so that the size counted in its chunk is the
     * size stored. Drivers and mongosh add the {@code _id} themselves; raw commands may not.
     */
    private static BsonDocument withId(BsonDocument document) {
        if (document.containsKey("_id")) {
            return document;
        }
        BsonDocument stored = new BsonDocument("_id", new org.bson.BsonObjectId(new org.bson.types.ObjectId()));
        document.forEach(stored::append);
        return stored;
    }

    /** The indexes (in the client's batch) the storage inserted; its write errors are re-indexed into {@code refused}. */
    private static List<Integer> storedIndexes(
            BsonDocument reply, List<Integer> accepted, BsonArray refused, boolean ordered) {
        Set<Integer> failed = new TreeSet<>();
        int firstFailure = Integer.MAX_VALUE;
        for (BsonValue e : reply.getArray("writeErrors", new BsonArray())) {
            BsonDocument err = e.asDocument().clone();
            int local = err.getNumber("index").intValue();
            failed.add(local);
            firstFailure = Math.min(firstFailure, local);
            err.put("index", new BsonInt32(accepted.get(local)));
            refused.add(err);
        }
        List<Integer> out = new ArrayList<>();
        for (int local = 0; local < accepted.size(); local++) {
            if (failed.contains(local) || (ordered && local > firstFailure)) {
                continue;
            }
            out.add(accepted.get(local));
        }
        return out;
    }

    private static BsonArray sortedByIndex(BsonArray errors) {
        List<BsonValue> list = new ArrayList<>(errors);
        list.sort((a, b) -> Integer.compare(
                a.asDocument().getNumber("index").intValue(),
                b.asDocument().getNumber("index").intValue()));
        return new BsonArray(list);
    }

    private void recordInserts(String ns, List<BsonDocument> documents) {
        if (documents.isEmpty()) {
            return;
        }
        var sharded = catalog.collection(ns);
        if (sharded.isPresent()) {
            ShardKeyPattern key = sharded.get().cluster().shardKey();
            catalog.execute(ns, new InsertDocuments(ns, InsertBatch.ofDocuments(key, documents)));
        } else {
            long bytes = 0;
            for (BsonDocument d : documents) {
                bytes += InsertBatch.bsonSize(d);
            }
            catalog.recordUnshardedWrite(ns, bytes);
        }
    }

    private BsonDocument update(String db, BsonDocument command) {
        String coll = command.getString("update").getValue();
        String ns = db + "." + coll;
        BsonArray updates = command.getArray("updates", new BsonArray());
        boolean ordered = command.getBoolean("ordered", BsonBoolean.TRUE).getValue();
        var sharded = catalog.collection(ns);
        Router router = sharded.map(this::router).orElse(null);
        // 4.0's mongos counts each statement it targets by the exact shard key for its auto-splitter
        boolean mongosCountsStatements =
                io.shardlab.cluster.ReleaseRules.of(release.version()).autoSplit()
                        == io.shardlab.cluster.ReleaseRules.AutoSplit.MONGOS;
        List<io.shardlab.key.ShardKey> statementKeys = new ArrayList<>();
        List<Integer> statementBytes = new ArrayList<>();
        RoutedBatch routed = routeBatch(updates.size(), ordered, i -> {
            if (router == null) {
                return null;
            }
            BsonDocument u = updates.get(i).asDocument();
            BsonValue change = u.get("u");
            Operation.Update op = new Operation.Update(
                    u.getDocument("q", new BsonDocument()),
                    change != null && change.isDocument() ? change.asDocument() : null,
                    u.getBoolean("multi", BsonBoolean.FALSE).getValue(),
                    u.getBoolean("upsert", BsonBoolean.FALSE).getValue());
            Targeting t = routeWrite(router, op);
            if ((t == null || !t.rejected()) && mongosCountsStatements && op.update() != null) {
                // chunk_manager_targeter.cpp: estimatedDataSize = query.objsize() + updateExpr.objsize()
                router.legacyExactKey(op).ifPresent(key -> {
                    statementKeys.add(key);
                    statementBytes.add(InsertBatch.bsonSize(op.filter()) + InsertBatch.bsonSize(op.update()));
                });
            }
            return t;
        });
        List<Integer> accepted = routed.accepted();
        BsonArray refused = routed.refused();
        if (!sharded.isPresent()) {
            catalog.createDatabase(db, null);
        }
        BsonArray forwardUpdates = new BsonArray();
        for (int i : accepted) {
            forwardUpdates.add(updates.get(i));
        }
        Map<BsonValue, BsonDocument> matched = new java.util.LinkedHashMap<>();
        for (int i : accepted) {
            BsonDocument u = updates.get(i).asDocument();
            for (BsonDocument d : find(
                    db,
                    coll,
                    u.getDocument("q", new BsonDocument()),
                    u.getBoolean("multi", BsonBoolean.FALSE).getValue() ? 0 : 1)) {
                if (d.containsKey("_id")) {
                    matched.putIfAbsent(d.get("_id"), d);
                }
            }
        }
        BsonDocument forward = command.clone();
        forward.put("updates", forwardUpdates);
        BsonDocument reply = accepted.isEmpty()
                ? new BsonDocument("n", new BsonInt32(0))
                        .append("nModified", new BsonInt32(0))
                        .append("ok", new BsonDouble(1))
                : storage.run(db, forward);
        if (reply.getNumber("ok", new BsonInt32(0)).doubleValue() != 1) {
            return reply;
        }
        List<BsonDocument> upsertedDocuments = new ArrayList<>();
        if (reply.containsKey("upserted")) {
            BsonArray upserted = new BsonArray();
            for (BsonValue v : reply.getArray("upserted")) {
                BsonDocument up = v.asDocument().clone();
                up.put("index", new BsonInt32(accepted.get(up.getNumber("index").intValue())));
                upserted.add(up);
                findById(db, coll, up.get("_id")).ifPresent(upsertedDocuments::add);
            }
            reply.put("upserted", upserted);
        }
        if (reply.containsKey("writeErrors")) {
            for (BsonValue e : reply.getArray("writeErrors")) {
                BsonDocument err = e.asDocument().clone();
                err.put(
                        "index",
                        new BsonInt32(accepted.get(err.getNumber("index").intValue())));
                refused.add(err);
            }
        }
        recordInserts(ns, upsertedDocuments);
        recordUpdates(
                db,
                ns,
                matched.values(),
                InsertBatch.ofKeys(
                        statementKeys,
                        statementBytes.stream().mapToInt(Integer::intValue).toArray()));
        if (!refused.isEmpty()) {
            reply.put("writeErrors", sortedByIndex(refused));
        }
        return reply;
    }

    /**
     * The documents of {@code before} that an update changed are counted again as they are now
     * ({@link UpdateDocuments}: new sizes and keys, and the release's auto-splitter counts them), or the
     * unsharded collection's bytes change by the difference; the memory budget follows the stored size.
     *
     * @param keyedStatements the statements 4.0's mongos targeted by their exact shard key, sized as it
     *     counts them (empty from 4.2)
     */
    private void recordUpdates(
            String db, String ns, java.util.Collection<BsonDocument> before, InsertBatch keyedStatements) {
        String coll = ns.substring(ns.indexOf('.') + 1);
        var sharded = catalog.collection(ns);
        ShardKeyPattern key = sharded.map(c -> c.cluster().shardKey()).orElse(null);
        List<BsonDocument> was = new ArrayList<>();
        List<BsonDocument> now = new ArrayList<>();
        long delta = 0;
        for (BsonDocument b : before) {
            var a = findById(db, coll, b.get("_id"));
            if (a.isEmpty()) {
                continue;
            }
            long change = InsertBatch.bsonSize(a.get()) - InsertBatch.bsonSize(b);
            if (!a.get().equals(b)) {
                was.add(b);
                now.add(a.get());
                delta += change;
            }
        }
        if (was.isEmpty() && keyedStatements.size() == 0) {
            return;
        }
        storedBytes = Math.max(0, storedBytes + delta);
        if (key != null) {
            catalog.execute(
                    ns,
                    new UpdateDocuments(
                            ns, InsertBatch.ofDocuments(key, was), InsertBatch.ofDocuments(key, now), keyedStatements));
        } else {
            catalog.recordUnshardedWrite(ns, delta);
        }
    }

    /** Routes a write; a filter routing does not model is sent everywhere, as a broadcast. */
    private static Targeting routeWrite(Router router, Operation op) {
        try {
            return router.route(op);
        } catch (UnsupportedQueryException e) {
            return null;
        }
    }

    private java.util.Optional<BsonDocument> findById(String db, String coll, BsonValue id) {
        return findOne(db, coll, new BsonDocument("_id", id));
    }

    private long count(String db, String coll, BsonDocument filter) {
        BsonDocument reply = storage.run(db, new BsonDocument("count", new BsonString(coll)).append("query", filter));
        return reply.getNumber("n", new BsonInt32(0)).longValue();
    }

    /** The first stored document matching {@code filter} in {@code sort} order (null: natural order). */
    private java.util.Optional<BsonDocument> findFirst(String db, String coll, BsonDocument filter, BsonDocument sort) {
        BsonDocument find = new BsonDocument("find", new BsonString(coll))
                .append("filter", filter)
                .append("limit", new BsonInt32(1));
        if (sort != null && !sort.isEmpty()) {
            find.append("sort", sort);
        }
        BsonArray batch =
                storage.run(db, find).getDocument("cursor", new BsonDocument()).getArray("firstBatch", new BsonArray());
        return batch.isEmpty()
                ? java.util.Optional.empty()
                : java.util.Optional.of(batch.get(0).asDocument());
    }

    private java.util.Optional<BsonDocument> findOne(String db, String coll, BsonDocument filter) {
        BsonDocument reply = storage.run(
                db,
                new BsonDocument("find", new BsonString(coll))
                        .append("filter", filter)
                        .append("limit", new BsonInt32(1)));
        BsonArray batch = reply.getDocument("cursor", new BsonDocument()).getArray("firstBatch", new BsonArray());
        return batch.isEmpty()
                ? java.util.Optional.empty()
                : java.util.Optional.of(batch.get(0).asDocument());
    }

    private BsonDocument delete(String db, BsonDocument command) {
        String ns = db + "." + command.getString("delete").getValue();
        var sharded = catalog.collection(ns);
        BsonArray deletes = command.getArray("deletes", new BsonArray());
        if (sharded.isEmpty()) {
            List<BsonDocument> matched = new ArrayList<>();
            for (BsonValue v : deletes) {
                matched.addAll(find(
                        db,
                        command.getString("delete").getValue(),
                        v.asDocument().getDocument("q", new BsonDocument()),
                        v.asDocument().getNumber("limit", new BsonInt32(0)).intValue()));
            }
            BsonDocument reply = storage.run(db, command);
            recordDeletes(db, ns, matched);
            return reply;
        }
        Router router = router(sharded.get());
        boolean ordered = command.getBoolean("ordered", BsonBoolean.TRUE).getValue();
        RoutedBatch routed = routeBatch(deletes.size(), ordered, i -> {
            BsonDocument d = deletes.get(i).asDocument();
            boolean multi = d.getNumber("limit", new BsonInt32(0)).intValue() == 0;
            return routeWrite(router, new Operation.Delete(d.getDocument("q", new BsonDocument()), multi));
        });
        List<Integer> accepted = routed.accepted();
        BsonArray refused = routed.refused();
        BsonArray forwardDeletes = new BsonArray();
        String coll = command.getString("delete").getValue();
        List<BsonDocument> matched = new ArrayList<>();
        for (int i : accepted) {
            BsonDocument d = deletes.get(i).asDocument();
            forwardDeletes.add(d);
            matched.addAll(find(
                    db,
                    coll,
                    d.getDocument("q", new BsonDocument()),
                    d.getNumber("limit", new BsonInt32(0)).intValue()));
        }
        BsonDocument forward = command.clone();
        forward.put("deletes", forwardDeletes);
        BsonDocument reply = accepted.isEmpty()
                ? new BsonDocument("n", new BsonInt32(0)).append("ok", new BsonDouble(1))
                : storage.run(db, forward);
        recordDeletes(db, ns, matched);
        if (!refused.isEmpty()) {
            reply.put("writeErrors", sortedByIndex(refused));
        }
        return reply;
    }

    /** The stored documents matching {@code filter}, at most {@code limit} (0: all). */
    private List<BsonDocument> find(String db, String coll, BsonDocument filter, int limit) {
        if (limit == 1) {
            return findOne(db, coll, filter).map(List::of).orElse(List.of());
        }
        return allDocumentsMatching(db, coll, filter);
    }

    /**
     * The documents of {@code candidates} that are gone from the storage leave the simulated chunks
     * ({@link DeleteDocuments}) or the unsharded collection's bytes, and the memory budget.
     */
    private void recordDeletes(String db, String ns, List<BsonDocument> candidates) {
        String coll = ns.substring(ns.indexOf('.') + 1);
        List<BsonDocument> gone = new ArrayList<>();
        for (BsonDocument d : candidates) {
            if (!d.containsKey("_id") || findById(db, coll, d.get("_id")).isEmpty()) {
                gone.add(d);
            }
        }
        if (gone.isEmpty()) {
            return;
        }
        long bytes = 0;
        for (BsonDocument d : gone) {
            bytes += InsertBatch.bsonSize(d) + storage.keptBytesPerDocument();
        }
        storedBytes = Math.max(0, storedBytes - bytes);
        var sharded = catalog.collection(ns);
        if (sharded.isPresent()) {
            ShardKeyPattern key = sharded.get().cluster().shardKey();
            catalog.execute(ns, new DeleteDocuments(ns, InsertBatch.ofDocuments(key, gone)));
        } else {
            catalog.recordUnshardedWrite(ns, -bytes);
        }
    }

    private BsonDocument findAndModify(String db, BsonDocument command) {
        String coll = command.getString(command.getFirstKey()).getValue();
        String ns = db + "." + coll;
        var sharded = catalog.collection(ns);
        boolean upsert = command.getBoolean("upsert", BsonBoolean.FALSE).getValue();
        if (sharded.isPresent()) {
            BsonValue update = command.get("update");
            Targeting t = routeWrite(
                    router(sharded.get()),
                    new Operation.FindAndModify(
                            command.getDocument("query", new BsonDocument()),
                            update != null && update.isDocument() ? update.asDocument() : null,
                            upsert));
            if (t != null && t.rejected()) {
                throw new MongoCommandException(
                        ErrorCode.SHARD_KEY_NOT_FOUND, t.error().get());
            }
        } else {
            catalog.createDatabase(db, null);
        }
        BsonDocument query = command.getDocument("query", new BsonDocument());
        boolean remove = command.getBoolean("remove", BsonBoolean.FALSE).getValue();
        boolean mayUpsert = upsert && !remove && count(db, coll, query) == 0;
        java.util.Optional<BsonDocument> target = remove || mayUpsert
                ? java.util.Optional.empty()
                : findFirst(db, coll, query, optionalDocument(command, "sort"));
        BsonDocument reply = storage.run(db, command);
        if (reply.getNumber("ok", new BsonInt32(0)).doubleValue() != 1) {
            return reply;
        }
        target.filter(d -> d.containsKey("_id"))
                .ifPresent(d -> recordUpdates(db, ns, List.of(d), InsertBatch.ofKeys(List.of(), new int[0])));
        if (remove && reply.isDocument("value")) {
            recordDeletes(db, ns, List.of(reply.getDocument("value")));
        }
        if (!reply.containsKey("lastErrorObject")) {
            // mongod always answers lastErrorObject {n, updatedExisting[, upserted]}
            BsonDocument last = new BsonDocument();
            if (mayUpsert) {
                var upserted = findOne(db, coll, query);
                last.append("n", new BsonInt32(1)).append("updatedExisting", BsonBoolean.FALSE);
                if (upserted.isPresent()) {
                    last.append("upserted", upserted.get().get("_id", BsonNull.VALUE));
                    recordInserts(ns, List.of(upserted.get()));
                }
            } else {
                boolean found =
                        reply.containsKey("value") && !reply.get("value").isNull();
                last.append("n", new BsonInt32(found ? 1 : 0));
                if (!remove) {
                    last.append("updatedExisting", BsonBoolean.FALSE);
                }
            }
            BsonDocument ordered = new BsonDocument("lastErrorObject", last);
            reply.forEach(ordered::append);
            return ordered;
        }
        return reply;
    }

    // ---- reads -------------------------------------------------------------------------------------------

    private BsonDocument aggregate(String db, BsonDocument command) {
        BsonArray pipeline = command.getArray("pipeline", new BsonArray());
        BsonDocument first = pipeline.isEmpty() || !pipeline.get(0).isDocument()
                ? new BsonDocument()
                : pipeline.get(0).asDocument();
        BsonDocument reply;
        if (first.containsKey("$shardedDataDistribution")) {
            reply = shardedDataDistribution(db, command);
        } else if (first.containsKey("$listSampledQueries")) {
            reply = listSampledQueries(db, first.get("$listSampledQueries"));
        } else if (first.containsKey("$collStats") && command.get("aggregate").isString()) {
            reply = collStats(db, command.getString("aggregate").getValue(), first.getDocument("$collStats"));
        } else if (first.containsKey("$currentOp")) {
            reply = currentOp(db, command, first.get("$currentOp"));
        } else if (first.containsKey("$indexStats") && command.get("aggregate").isString()) {
            reply = indexStats(db, command.getString("aggregate").getValue());
        } else if ("admin".equals(db) && command.get("aggregate").isString()) {
            reply = readOfAdminCollection("find", command.getString("aggregate").getValue());
        } else {
            return storage.run(db, command);
        }
        return pipeline.size() == 1 ? reply : restOfPipeline(reply, pipeline, command);
    }

    /**
     * A {@code find} or {@code count} of a collection of {@code admin}, which in ShardLab holds none (no
     * users, roles nor {@code system.version}): the reply for an empty collection, as MongoDB's for a
     * collection that does not exist.
     */
    private static BsonDocument readOfAdminCollection(String name, String collection) {
        if ("count".equals(name)) {
            return ok(new BsonDocument("n", new BsonInt32(0)));
        }
        return cursorReply("admin." + collection, new BsonArray());
    }

    /** The database where the stages after a first stage ShardLab answers itself run, dropped after each use. */
    private static final String SCRATCH_DATABASE = "shardlab_pipeline";

    /**
     * Runs the stages after {@code $collStats} / {@code $shardedDataDistribution} over the documents
     * ShardLab produced for the first stage, in the storage's aggregation engine.
     */
    private BsonDocument restOfPipeline(BsonDocument firstStageReply, BsonArray pipeline, BsonDocument command) {
        List<BsonDocument> documents = new ArrayList<>();
        for (BsonValue v : firstStageReply.getDocument("cursor").getArray("firstBatch")) {
            documents.add(v.asDocument());
        }
        storage.replace(SCRATCH_DATABASE, "stage", documents);
        BsonArray stages = new BsonArray();
        if (documents.stream().noneMatch(d -> d.containsKey("_id"))) {
            // the storage gives every document it keeps an _id; the first stage's documents had none
            stages.add(new BsonDocument("$project", new BsonDocument("_id", new BsonInt32(0))));
        }
        stages.addAll(pipeline.subList(1, pipeline.size()));
        try {
            BsonDocument rest = new BsonDocument("aggregate", new BsonString("stage"))
                    .append("pipeline", stages)
                    .append("cursor", new BsonDocument("batchSize", new BsonInt32(Integer.MAX_VALUE)));
            BsonDocument reply = storage.run(SCRATCH_DATABASE, rest);
            if (reply.containsKey("cursor")) {
                reply.getDocument("cursor")
                        .put("ns", firstStageReply.getDocument("cursor").get("ns"));
            }
            return reply;
        } finally {
            storage.run(SCRATCH_DATABASE, new BsonDocument("dropDatabase", new BsonInt32(1)));
        }
    }

    /**
     * {@code $listSampledQueries} (7.0+, admin only; docs {@code reference/operator/aggregation/listSampledQueries}):
     * the query analyzer's sampled-query documents, of {@code namespace} when given.
     */
    private BsonDocument listSampledQueries(String db, BsonValue spec) {
        if (!release.version().atLeast(7, 0) || !"admin".equals(db)) {
            throw new MongoCommandException(
                    ErrorCode.UNRECOGNIZED_PIPELINE_STAGE, "Unrecognized pipeline stage name: '$listSampledQueries'");
        }
        String ns = spec.isDocument() && spec.asDocument().isString("namespace")
                ? spec.asDocument().getString("namespace").getValue()
                : null;
        return cursorReply(db + ".$cmd.aggregate", new BsonArray(sampler.sampled(ns)));
    }

    /** {@code $shardedDataDistribution} (6.0.3+, admin only): one document per sharded collection (§3.9). */
    private BsonDocument shardedDataDistribution(String db, BsonDocument command) {
        if (!release.version().atLeast(6, 0) || !"admin".equals(db)) {
            // mongo src/mongo/db/pipeline/document_source.cpp (parse: unknown stage, error 40324)
            throw new MongoCommandException(
                    ErrorCode.UNRECOGNIZED_PIPELINE_STAGE,
                    "Unrecognized pipeline stage name: '$shardedDataDistribution'");
        }
        BsonArray batch = new BsonArray();
        for (ShardedCatalog.CollectionEntry c : catalog.collections().values()) {
            BsonArray shards = new BsonArray();
            for (Map.Entry<String, long[]> e : ConfigDatabase.perShard(c).entrySet()) {
                shards.add(new BsonDocument("shardName", new BsonString(e.getKey()))
                        .append("numOrphanedDocs", new BsonInt64(0))
                        .append("numOwnedDocuments", new BsonInt64(e.getValue()[0]))
                        .append("ownedSizeBytes", new BsonInt64(e.getValue()[1]))
                        .append("orphanedSizeBytes", new BsonInt64(0)));
            }
            batch.add(new BsonDocument("ns", new BsonString(c.namespace())).append("shards", shards));
        }
        return cursorReply(db + ".$cmd.aggregate", batch);
    }

    /**
     * {@code $collStats} through mongos: one document per shard holding the collection, with
     * {@code shard} and, when asked, {@code storageStats} ({@link StorageStatistics#storageStats}:
     * mongosh's {@code getShardDistribution}, Compass's collection and index sizes) and {@code count}.
     */
    private BsonDocument collStats(String db, String coll, BsonDocument spec) {
        String ns = db + "." + coll;
        BsonArray batch = new BsonArray();
        for (Map.Entry<String, StorageStatistics.ShardPart> e :
                storageStatistics.perShard(db, coll).entrySet()) {
            StorageStatistics.ShardPart part = e.getValue();
            BsonDocument d = new BsonDocument("ns", new BsonString(ns))
                    .append("shard", new BsonString(e.getKey()))
                    .append("host", new BsonString(e.getKey() + ".shardlab:27018"))
                    .append("localTime", new BsonDateTime(wallClockMillis.getAsLong()));
            if (spec.containsKey("storageStats")) {
                d.append(
                        "storageStats",
                        StorageStatistics.storageStats(part, release.version().atLeast(6, 0)));
            }
            if (spec.containsKey("count")) {
                d.append("count", new BsonInt64(part.count()));
            }
            batch.add(d);
        }
        return cursorReply(ns, batch);
    }

    /**
     * {@code $indexStats} through mongos: each shard holding the collection reports each of its indexes,
     * with {@code shard} and the shard's {@code host} (docs {@code reference/operator/aggregation/indexStats});
     * the index usage counters are the storage's.
     */
    private BsonDocument indexStats(String db, String coll) {
        String ns = db + "." + coll;
        BsonDocument reply = storage.run(
                db,
                new BsonDocument("aggregate", new BsonString(coll))
                        .append("pipeline", new BsonArray(List.of(new BsonDocument("$indexStats", new BsonDocument()))))
                        .append("cursor", new BsonDocument()));
        BsonArray indexes = reply.getDocument("cursor", new BsonDocument()).getArray("firstBatch", new BsonArray());
        BsonArray batch = new BsonArray();
        for (String shard : storageStatistics.perShard(db, coll).keySet()) {
            for (BsonValue v : indexes) {
                BsonDocument index = v.asDocument().clone();
                index.put("host", new BsonString(shard + ".shardlab:27018"));
                index.put("shard", new BsonString(shard));
                batch.add(index);
            }
        }
        return cursorReply(ns, batch);
    }

    /**
     * {@code $currentOp} (admin, {@code aggregate: 1} only; mongo {@code document_source_current_op.cpp}
     * refuses it elsewhere with InvalidNamespace): the operations in progress,
     * {@link ServerInformation#currentOperations}.
     */
    private BsonDocument currentOp(String db, BsonDocument command, BsonValue spec) {
        if (!"admin".equals(db) || !command.get("aggregate").isNumber()) {
            throw new MongoCommandException(
                    ErrorCode.INVALID_NAMESPACE,
                    "$currentOp must be run against the 'admin' database with {aggregate: 1}");
        }
        boolean localOps = spec.isDocument()
                && spec.asDocument().getBoolean("localOps", BsonBoolean.FALSE).getValue();
        return cursorReply(
                "admin.$cmd.aggregate",
                new BsonArray(serverInformation.currentOperations(command, localOps, catalog.shardIds())));
    }

    /** The {@code currentOp} command: the shards' operations in progress as {@code inprog}. */
    private BsonDocument currentOpCommand(BsonDocument command) {
        BsonDocument asAggregate = new BsonDocument("aggregate", new BsonInt32(1))
                .append("pipeline", new BsonArray(List.of(new BsonDocument("$currentOp", new BsonDocument()))))
                .append("cursor", new BsonDocument());
        return ok(new BsonDocument(
                "inprog", new BsonArray(serverInformation.currentOperations(asAggregate, false, catalog.shardIds()))));
    }

    /**
     * {@code listCollections} with MongoDB's {@code filter} (matched against each collection's entry)
     * and {@code nameOnly} (each entry cut to {@code name} and {@code type}), docs
     * {@code reference/command/listCollections}.
     */
    private BsonDocument listCollections(String db, BsonDocument command) {
        BsonDocument all = new BsonDocument("listCollections", new BsonInt32(1));
        BsonDocument reply = "config".equals(db) ? config("listCollections", all) : storage.run(db, all);
        if (!reply.containsKey("cursor")) {
            return reply;
        }
        List<BsonDocument> entries = new ArrayList<>();
        for (BsonValue v : reply.getDocument("cursor").getArray("firstBatch", new BsonArray())) {
            entries.add(v.asDocument());
        }
        BsonValue filter = command.get("filter");
        if (filter != null && filter.isDocument() && !filter.asDocument().isEmpty()) {
            entries = matching(entries, filter.asDocument());
        }
        boolean nameOnly = command.containsKey("nameOnly")
                && command.get("nameOnly").isBoolean()
                && command.getBoolean("nameOnly").getValue();
        BsonArray batch = new BsonArray();
        for (BsonDocument e : entries) {
            batch.add(
                    nameOnly
                            ? new BsonDocument("name", e.get("name"))
                                    .append("type", e.get("type", new BsonString("collection")))
                            : e);
        }
        return cursorReply(db + ".$cmd.listCollections", batch);
    }

    /**
     * {@code listDatabases} through mongos (mongo {@code src/mongo/s/commands/cluster_list_databases_cmd.cpp}):
     * the databases by name, each with {@code sizeOnDisk}, {@code empty} and its bytes per shard, then
     * {@code totalSize} and {@code totalSizeMb}; {@code config} comes from the config server (shard
     * {@code config}); {@code nameOnly} keeps the names; {@code filter} is matched against each entry. ShardLab
     * has no storage engine: a database's size is its documents' BSON bytes.
     */
    private BsonDocument listDatabases(BsonDocument command) {
        boolean nameOnly = command.containsKey("nameOnly")
                && command.get("nameOnly").isBoolean()
                && command.getBoolean("nameOnly").getValue();
        Map<String, Map<String, Long>> sizes = new TreeMap<>();
        BsonDocument stored = storage.run("admin", new BsonDocument("listDatabases", new BsonInt32(1)));
        for (BsonValue v : stored.getArray("databases", new BsonArray())) {
            String name = v.asDocument().getString("name").getValue();
            if (!name.equals(SCRATCH_DATABASE) && !name.equals("config") && !name.equals("local")) {
                sizes.put(name, storageStatistics.dataBytesPerShard(name, collectionNames(name)));
            }
        }
        long configBytes = 0;
        for (List<BsonDocument> documents : configDatabase.collections().values()) {
            for (BsonDocument d : documents) {
                configBytes += io.shardlab.sim.InsertBatch.bsonSize(d);
            }
        }
        sizes.put("config", Map.of("config", configBytes));
        List<BsonDocument> entries = new ArrayList<>();
        for (Map.Entry<String, Map<String, Long>> db : sizes.entrySet()) {
            BsonDocument entry = new BsonDocument("name", new BsonString(db.getKey()));
            if (!nameOnly) {
                long size = db.getValue().values().stream()
                        .mapToLong(Long::longValue)
                        .sum();
                BsonDocument shards = new BsonDocument();
                db.getValue().forEach((shard, bytes) -> shards.append(shard, new BsonInt64(bytes)));
                entry.append("sizeOnDisk", new BsonInt64(size))
                        .append("empty", BsonBoolean.valueOf(size == 0))
                        .append("shards", shards);
            }
            entries.add(entry);
        }
        BsonValue filter = command.get("filter");
        if (filter != null && filter.isDocument() && !filter.asDocument().isEmpty()) {
            entries = matching(entries, filter.asDocument());
        }
        BsonDocument reply = new BsonDocument("databases", new BsonArray(entries));
        if (!nameOnly) {
            long total = entries.stream()
                    .mapToLong(e -> e.getInt64("sizeOnDisk").getValue())
                    .sum();
            reply.append("totalSize", new BsonInt64(total)).append("totalSizeMb", new BsonInt64(total >> 20));
        }
        return ok(reply);
    }

    /** The documents of {@code documents} that {@code filter} matches, by the storage's own query matching. */
    private List<BsonDocument> matching(List<BsonDocument> documents, BsonDocument filter) {
        storage.replace(SCRATCH_DATABASE, "listing", documents);
        try {
            List<BsonDocument> matched = allDocumentsMatching(SCRATCH_DATABASE, "listing", filter);
            matched.forEach(d -> d.remove("_id")); // the storage's, not the listing's
            return matched;
        } finally {
            storage.run(SCRATCH_DATABASE, new BsonDocument("dropDatabase", new BsonInt32(1)));
        }
    }

    /** The names of the database's collections. */
    private List<String> collectionNames(String db) {
        List<String> names = new ArrayList<>();
        BsonDocument reply = storage.run(db, new BsonDocument("listCollections", new BsonInt32(1)));
        for (BsonValue v : reply.getDocument("cursor", new BsonDocument()).getArray("firstBatch", new BsonArray())) {
            names.add(v.asDocument().getString("name").getValue());
        }
        return names;
    }

    private static BsonDocument cursorReply(String ns, BsonArray firstBatch) {
        return ok(new BsonDocument(
                "cursor",
                new BsonDocument("firstBatch", firstBatch)
                        .append("id", new BsonInt64(0))
                        .append("ns", new BsonString(ns))));
    }

    // ---- explain -----------------------------------------------------------------------------------------

    /**
     * {@code explain} as mongos answers it (mongo {@code src/mongo/s/commands/cluster_explain.cpp}):
     * {@code queryPlanner.winningPlan.stage} is {@code SINGLE_SHARD} when one shard is reached, else
     * {@code SHARD_MERGE_SORT} for a sorted read, {@code SHARD_MERGE} for another read and
     * {@code SHARD_WRITE} for a write; {@code shards[]} names the shards reached. The shards' own plans
     * are not simulated: each entry holds the shard, its namespace and the parsed query.
     */
    private BsonDocument explain(String db, BsonDocument command) {
        BsonValue inner = command.get("explain");
        if (inner == null || !inner.isDocument() || inner.asDocument().isEmpty()) {
            throw new MongoCommandException(ErrorCode.FAILED_TO_PARSE, "explain command requires a nested object");
        }
        BsonDocument explained = inner.asDocument();
        String verb = commandName(explained);
        String coll = explained.get(verb).isString() ? explained.getString(verb).getValue() : "";
        String ns = db + "." + coll;
        BsonDocument filter;
        boolean write = false;
        boolean sorted = false;
        Operation op;
        switch (verb) {
            case "find":
                filter = explained.getDocument("filter", new BsonDocument());
                sorted = explained.containsKey("sort")
                        && !explained.getDocument("sort").isEmpty();
                op = new Operation.Find(filter);
                break;
            case "count":
            case "distinct":
                filter = explained.getDocument("query", new BsonDocument());
                op = new Operation.Find(filter);
                break;
            case "aggregate": {
                filter = new BsonDocument();
                BsonArray pipeline = explained.getArray("pipeline", new BsonArray());
                if (!pipeline.isEmpty() && pipeline.get(0).asDocument().containsKey("$match")) {
                    filter = pipeline.get(0).asDocument().getDocument("$match");
                }
                for (BsonValue stage : pipeline) {
                    sorted |= stage.asDocument().containsKey("$sort");
                }
                op = new Operation.Find(filter);
                break;
            }
            case "update": {
                BsonDocument u = explained.getArray("updates").get(0).asDocument();
                filter = u.getDocument("q", new BsonDocument());
                BsonValue change = u.get("u");
                op = new Operation.Update(
                        filter,
                        change != null && change.isDocument() ? change.asDocument() : null,
                        u.getBoolean("multi", BsonBoolean.FALSE).getValue(),
                        u.getBoolean("upsert", BsonBoolean.FALSE).getValue());
                write = true;
                break;
            }
            case "delete": {
                BsonDocument d = explained.getArray("deletes").get(0).asDocument();
                filter = d.getDocument("q", new BsonDocument());
                op = new Operation.Delete(
                        filter, d.getNumber("limit", new BsonInt32(0)).intValue() == 0);
                write = true;
                break;
            }
            case "findAndModify": {
                filter = explained.getDocument("query", new BsonDocument());
                BsonValue update = explained.get("update");
                op = new Operation.FindAndModify(
                        filter,
                        update != null && update.isDocument() ? update.asDocument() : null,
                        explained.getBoolean("upsert", BsonBoolean.FALSE).getValue());
                write = true;
                break;
            }
            default:
                throw new MongoCommandException(
                        ErrorCode.COMMAND_NOT_SUPPORTED, "ShardLab does not simulate explain of " + verb);
        }
        List<String> shards;
        var sharded = catalog.collection(ns);
        if (sharded.isPresent()) {
            Targeting t = routeWrite(router(sharded.get()), op);
            if (t == null) {
                shards = new ArrayList<>(new TreeSet<>(sharded.get()
                        .cluster()
                        .snapshot()
                        .cluster()
                        .chunks()
                        .chunksPerShard()
                        .keySet()));
            } else if (t.rejected()) {
                throw new MongoCommandException(
                        ErrorCode.SHARD_KEY_NOT_FOUND, t.error().get());
            } else {
                shards = t.shards();
            }
        } else {
            shards = List.of(
                    catalog.shardOfUnsharded(ns).orElse(catalog.shardIds().get(0)));
        }
        String stage = shards.size() == 1
                ? "SINGLE_SHARD"
                : write ? "SHARD_WRITE" : sorted ? "SHARD_MERGE_SORT" : "SHARD_MERGE";
        BsonArray shardPlans = new BsonArray();
        for (String s : shards) {
            shardPlans.add(new BsonDocument("shardName", new BsonString(s))
                    .append("connectionString", new BsonString(s + "/" + s + ".shardlab:27018"))
                    .append("serverInfo", serverInfo(s + ".shardlab", 27018))
                    .append("namespace", new BsonString(ns))
                    .append("parsedQuery", filter));
        }
        BsonDocument reply = new BsonDocument(
                "queryPlanner",
                new BsonDocument("mongosPlannerVersion", new BsonInt32(1))
                        .append(
                                "winningPlan",
                                new BsonDocument("stage", new BsonString(stage)).append("shards", shardPlans)));
        String verbosity = command.getString("verbosity", new BsonString("allPlansExecution"))
                .getValue();
        if (!"queryPlanner".equals(verbosity) && !write && "find".equals(verb)) {
            BsonDocument count =
                    storage.run(db, new BsonDocument("count", new BsonString(coll)).append("query", filter));
            long n = count.getNumber("n", new BsonInt32(0)).longValue();
            reply.append(
                    "executionStats",
                    new BsonDocument("nReturned", new BsonInt64(n))
                            .append("executionTimeMillis", new BsonInt32(0))
                            .append(
                                    "executionStages",
                                    new BsonDocument("stage", new BsonString(stage))
                                            .append("nReturned", new BsonInt64(n))));
        }
        reply.append("serverInfo", serverInfo("localhost", 27017));
        return ok(reply);
    }

    private BsonDocument serverInfo(String host, int port) {
        return new BsonDocument("host", new BsonString(host))
                .append("port", new BsonInt32(port))
                .append("version", new BsonString(release.versionString()))
                .append("gitVersion", new BsonString("shardlab"));
    }

    // ---- replies -----------------------------------------------------------------------------------------

    private static BsonDocument ok() {
        return ok(new BsonDocument());
    }

    private static BsonDocument ok(BsonDocument body) {
        return body.append("ok", new BsonDouble(1));
    }
}
