package io.shardlab.mongos;

import static io.shardlab.mongos.Argument.optional;
import static io.shardlab.mongos.Argument.required;
import static io.shardlab.mongos.CommandContext.collectionOf;
import static io.shardlab.mongos.CommandContext.databaseOf;

import io.shardlab.bson.BsonPrinter;
import io.shardlab.cluster.ClusterSnapshot;
import io.shardlab.cluster.MongoVersion;
import io.shardlab.cluster.ReleaseRules;
import io.shardlab.cluster.ZoneRange;
import io.shardlab.key.ShardKeyPattern;
import io.shardlab.mongos.CommandSyntax.FirstField;
import io.shardlab.sim.CommandFailedException;
import io.shardlab.sim.InsertBatch;
import io.shardlab.sim.InsertDocuments;
import io.shardlab.sim.RefineCollectionShardKey;
import io.shardlab.sim.Refusal;
import io.shardlab.sim.ReshardCollection;
import io.shardlab.sim.ShardCollection;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import org.bson.BsonBoolean;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonInt64;
import org.bson.BsonString;
import org.bson.BsonValue;

/**
 * The commands that decide where a database or a collection lives: {@code enableSharding},
 * {@code shardCollection}, {@code reshardCollection}, {@code refineCollectionShardKey}, {@code movePrimary},
 * {@code moveCollection} and {@code unshardCollection}. Each checks its arguments, then the catalog, before it
 * changes anything.
 */
final class CollectionShardingCommands {

    /**
     * mongo {@code src/mongo/s/commands/cluster_commands.idl} ({@code createDatabase}, command name
     * {@code enableSharding}): a database name and an optional {@code primaryShard}.
     */
    static final CommandSyntax ENABLE_SHARDING = CommandSyntax.idl(
            "enableSharding",
            FirstField.STRING,
            "src/mongo/s/commands/cluster_commands.idl",
            optional("primaryShard", ArgumentType.STRING));

    /**
     * mongo {@code src/mongo/s/commands/cluster_commands.idl}, struct {@code ShardCollection}, which
     * {@code cluster_shard_collection_cmd.cpp} parses as {@code IDLParserContext("ShardCollection")} after
     * {@code parseNsFullyQualified} (so its messages name {@code 'ShardCollection.key'}).
     */
    static final CommandSyntax SHARD_COLLECTION = CommandSyntax.idl(
            "ShardCollection",
            FirstField.FULLY_QUALIFIED_NAMESPACE,
            "src/mongo/s/commands/cluster_commands.idl",
            required("key", ArgumentType.OBJECT),
            optional("unique", ArgumentType.BOOL).orElse(BsonBoolean.FALSE),
            optional("numInitialChunks", ArgumentType.NUMBER).orElse(new BsonInt64(0)),
            optional("presplitHashedZones", ArgumentType.BOOL).orElse(BsonBoolean.FALSE),
            optional("collation", ArgumentType.OBJECT),
            optional("timeseries", ArgumentType.OBJECT).since(MongoVersion.V5_0));

    /**
     * mongo {@code src/mongo/s/request_types/reshard_collection.idl} ({@code reshardCollection}, 5.0+; the
     * zones' shape {@code ReshardingZoneType} from {@code src/mongo/s/resharding/common_types.idl});
     * {@code forceRedistribution} from 8.0 (docs v8.0 {@code reshardCollection}).
     */
    static final CommandSyntax RESHARD_COLLECTION = CommandSyntax.idl(
            "reshardCollection",
            FirstField.NAMESPACE,
            "src/mongo/s/request_types/reshard_collection.idl",
            required("key", ArgumentType.OBJECT),
            optional("unique", ArgumentType.BOOL),
            optional("numInitialChunks", ArgumentType.NUMBER),
            optional("collation", ArgumentType.OBJECT),
            optional("zones", ArgumentType.ARRAY)
                    .eachWith(
                            required("zone", ArgumentType.STRING),
                            required("min", ArgumentType.OBJECT),
                            required("max", ArgumentType.OBJECT)),
            optional("_presetReshardedChunks", ArgumentType.ARRAY).eachOf(ArgumentType.OBJECT),
            optional("forceRedistribution", ArgumentType.BOOL).since(MongoVersion.V8_0));

    /** mongo {@code src/mongo/s/request_types/refine_collection_shard_key.idl} ({@code refineCollectionShardKey}). */
    static final CommandSyntax REFINE_COLLECTION_SHARD_KEY = CommandSyntax.idl(
            "refineCollectionShardKey",
            FirstField.NAMESPACE,
            "src/mongo/s/request_types/refine_collection_shard_key.idl",
            required("key", ArgumentType.OBJECT));

    /**
     * mongo {@code src/mongo/s/request_types/move_primary.idl}, struct {@code movePrimary}: {@code to} required; the
     * database name is checked by hand in {@code cluster_move_primary_cmd.cpp}.
     */
    static final CommandSyntax MOVE_PRIMARY = CommandSyntax.idl(
            "movePrimary",
            FirstField.IGNORED,
            "src/mongo/s/request_types/move_primary.idl",
            required("to", ArgumentType.STRING));

    /**
     * {@code moveCollection} (8.0; mongo {@code src/mongo/s/commands/cluster_move_collection_cmd.cpp}, its
     * request type): a namespace and the required {@code toShard}.
     */
    static final CommandSyntax MOVE_COLLECTION = CommandSyntax.idl(
            "moveCollection",
            FirstField.NAMESPACE,
            "src/mongo/s/commands/cluster_move_collection_cmd.cpp",
            required("toShard", ArgumentType.STRING));

    /**
     * {@code unshardCollection} (8.0; mongo {@code src/mongo/s/commands/cluster_unshard_collection_cmd.cpp}, its
     * request type): a namespace and an optional {@code toShard}.
     */
    static final CommandSyntax UNSHARD_COLLECTION = CommandSyntax.idl(
            "unshardCollection",
            FirstField.NAMESPACE,
            "src/mongo/s/commands/cluster_unshard_collection_cmd.cpp",
            optional("toShard", ArgumentType.STRING));

    private final CommandContext context;

    CollectionShardingCommands(CommandContext context) {
        this.context = context;
    }

    /**
     * {@code enableSharding}: the database is created, or marked partitioned (before 6.0), on its primary shard.
     * {@code config} always exists and is left alone; {@code admin} and {@code local} are refused (4.4 mongo
     * {@code configsvr_enable_sharding_command.cpp}; from 5.0 {@code ShardingCatalogManager::createDatabase} in
     * {@code sharding_catalog_manager_database_operations.cpp}, whose text lacks a space until 7.x; from 8.0 any
     * casing of the three is refused and the router adds "Database … could not be created", mongo
     * {@code cluster_enable_sharding_cmd.cpp}). An existing database in another casing is DatabaseDifferCase, one
     * with another primary NamespaceExists ({@link ShardedCatalog#createDatabase}). Tests:
     * {@code jstests/sharding/enable_sharding.js}.
     */
    BsonDocument enableSharding(CommandRequest request) {
        String db = request.arguments().firstString();
        MongoVersion version = context.version();
        if (!version.atLeast(5, 0)) {
            if (db.isEmpty() || db.contains(".")) {
                throw new MongoCommandException(ErrorCode.INVALID_NAMESPACE, "invalid db name specified: " + db);
            }
            if (db.equals("admin") || db.equals("local")) {
                throw new MongoCommandException(ErrorCode.INVALID_OPTIONS, "can't shard " + db + " database");
            }
        }
        if (db.equals("config")) {
            return Replies.ok();
        }
        try {
            if (version.atLeast(8, 0) && Set.of("admin", "local", "config").contains(db.toLowerCase(Locale.ROOT))) {
                throw new MongoCommandException(
                        ErrorCode.INVALID_OPTIONS, "Cannot manually create database '" + db + "'");
            }
            if (version.atLeast(5, 0) && (db.equals("admin") || db.equals("local"))) {
                throw new MongoCommandException(
                        ErrorCode.INVALID_OPTIONS, "Cannot manually create database'" + db + "'");
            }
            if (db.isEmpty() || db.contains(".")) {
                throw new MongoCommandException(ErrorCode.INVALID_NAMESPACE, "Invalid db name specified: " + db);
            }
            context.catalog().enableSharding(db, request.arguments().string("primaryShard"));
        } catch (MongoCommandException e) {
            throw version.atLeast(8, 0)
                    ? new MongoCommandException(
                            e.code(), "Database " + db + " could not be created :: caused by :: " + e.getMessage())
                    : e;
        }
        return Replies.ok();
    }

    /**
     * {@code shardCollection}: the namespace and collation checks ({@link ShardCollectionChecks}); the same key and
     * uniqueness again is a no-op; the indexes must support the key ({@link ShardKeyIndexRules}: a populated
     * collection needs an index starting with the key, an empty one gets it); the simulator's checks (options,
     * zones). Only then does anything change: the collection is sharded (one chunk on the primary shard when it
     * holds documents), its key index created, its documents placed in the new chunks. Should placing them fail, the
     * collection is unsharded again, so a refusal leaves it as it was.
     */
    BsonDocument shardCollection(CommandRequest request) {
        CommandArguments args = request.arguments();
        String ns = args.firstString();
        String db = databaseOf(ns);
        String collection = collectionOf(ns);
        ShardKeyPattern key = ShardKeyPattern.of(args.document("key"));
        boolean unique = args.isTrue("unique");
        boolean presplit = args.isTrue("presplitHashedZones");
        long numInitialChunks = (long) args.number("numInitialChunks", 0);
        BsonDocument collation = args.document("collation");
        ShardedCatalog catalog = context.catalog();
        ShardCollectionChecks checks = new ShardCollectionChecks(context);
        checks.checkNamespace(ns);
        checks.checkCollationOption(collation);
        var existing = catalog.collection(ns);
        if (existing.isPresent()) {
            ClusterSnapshot s = existing.get().cluster().snapshot().cluster();
            if (s.key().equals(key) && s.unique() == unique) {
                return Replies.ok(new BsonDocument("collectionsharded", new BsonString(ns)));
            }
            // mongo src/mongo/db/s/shard_collection_legacy.cpp / create_collection_coordinator.cpp
            throw new MongoCommandException(
                    ErrorCode.ALREADY_INITIALIZED,
                    "sharding already enabled for collection " + ns + " with options { _id: \"" + ns + "\", key: "
                            + BsonPrinter.serverString(s.key().toDocument()) + ", unique: " + s.unique() + " }");
        }
        checks.checkDefaultCollation(ns, collation);
        List<BsonDocument> existingDocuments = context.documents().all(db, collection);
        boolean createIndex = new ShardKeyIndexRules(context.version())
                .mustCreateIndex(
                        ns,
                        key.toDocument(),
                        context.shardCatalog().indexes(ns),
                        existingDocuments,
                        unique,
                        ShardKeyIndexRules.Purpose.SHARD_COLLECTION);
        if (createIndex && isIdKey(key)) {
            // the _id index exists and has the collection's collation, and no other _id index can be made (mongo
            // index_catalog_impl.cpp; jstests/sharding/query/collation/collation_shard_targeting_hashed_shard_key.js)
            throw new MongoCommandException(
                    ErrorCode.BAD_VALUE,
                    "The _id index must have the same collation as the collection. Index collation: "
                            + "{ locale: \"simple\" }, collection collation: "
                            + BsonPrinter.serverString(
                                    context.shardCatalog().defaultCollation(ns).orElse(new BsonDocument())));
        }
        if (createIndex) {
            BsonDocument requested = StoredDocuments.shardKeyIndexSpec(key, unique);
            String name = requested.getString("name").getValue();
            for (BsonDocument index : context.shardCatalog().indexes(ns)) {
                if (index.getString("name").getValue().equals(name)) {
                    // an index of the key index's name with other options (mongo index_catalog_impl.cpp)
                    throw new MongoCommandException(
                            ErrorCode.INDEX_KEY_SPECS_CONFLICT,
                            "An existing index has the same name as the requested index. When index names are not "
                                    + "specified, they are auto generated and can cause conflicts. Please refer to our "
                                    + "documentation. Requested index: "
                                    + BsonPrinter.serverString(new BsonDocument("v", new BsonInt32(2))
                                            .append("key", requested.getDocument("key"))
                                            .append("name", requested.get("name")))
                                    + ", existing index: " + BsonPrinter.serverString(index));
                }
            }
        }
        if (!existingDocuments.isEmpty()
                && numInitialChunks != 0
                && ReleaseRules.of(context.version()).numInitialChunks()) {
            // mongo initial_split_policy.cpp calculateOptimizationStrategy
            throw new MongoCommandException(
                    ErrorCode.INVALID_OPTIONS,
                    "numInitialChunks is only supported when the "
                            + "collection is empty and has a hashed field in the shard key pattern");
        }
        ShardCollection command = new ShardCollection(ns, key, unique, presplit, numInitialChunks);
        ShardedCatalog.CollectionEntry entry =
                catalog.shardCollection(existingDocuments.isEmpty() ? command : command.onPopulatedCollection());
        try {
            if (!existingDocuments.isEmpty()) {
                entry.cluster().execute(new InsertDocuments(ns, InsertBatch.ofDocuments(key, existingDocuments)));
            }
        } catch (RuntimeException e) {
            catalog.dropCollection(ns);
            throw e;
        }
        if (createIndex) {
            context.createShardKeyIndex(ns, key, unique);
        }
        return Replies.ok(new BsonDocument("collectionsharded", new BsonString(ns)));
    }

    /** Whether {@code key} is {@code {_id: 1}}, the key of the index every collection has. */
    private static boolean isIdKey(ShardKeyPattern key) {
        BsonDocument d = key.toDocument();
        return d.size() == 1 && d.containsKey("_id") && d.get("_id").isNumber();
    }

    /**
     * {@code reshardCollection} (5.0+), checked as mongo {@code configsvr_reshard_collection_cmd.cpp} and
     * {@code reshard_collection_coordinator.cpp} do: {@code unique} must be false, the collation simple, a
     * collection with zones needs the {@code zones} option ({@link ReshardZones}), and the same key is a no-op
     * (from 8.0 {@code forceRedistribution: true} reshards on it anyway). Like the refine, it first waits for the
     * collection's migrations in flight to commit. It completes before the reply, so
     * {@code config.reshardingOperations}, which holds only operations in progress, stays empty.
     */
    BsonDocument reshardCollection(CommandRequest request) {
        CommandArguments args = request.arguments();
        String ns = args.firstString();
        ShardKeyPattern key = ShardKeyPattern.of(args.document("key"));
        // mongo cluster_reshard_collection_cmd.cpp asks the routing cache first
        ShardedCatalog.CollectionEntry entry =
                context.catalog().collection(ns).orElseThrow(() -> context.notShardedInCatalogCache(ns));
        if (args.isTrue("unique")) {
            throw new MongoCommandException(ErrorCode.BAD_VALUE, "The unique field must be false");
        }
        BsonDocument collation = args.document("collation");
        if (collation != null && !collation.isEmpty() && !new BsonString("simple").equals(collation.get("locale"))) {
            throw new MongoCommandException(
                    ErrorCode.BAD_VALUE,
                    "The collation for reshardCollection must be {locale: 'simple'}, but found: "
                            + BsonPrinter.serverString(collation));
        }
        ClusterSnapshot current = entry.cluster().snapshot().cluster();
        if (!current.zones().isEmpty() && !args.has("zones")) {
            throw new MongoCommandException(ErrorCode.BAD_VALUE, "Must specify value for zones field");
        }
        if (args.has("_presetReshardedChunks")) {
            throw new MongoCommandException(
                    ErrorCode.COMMAND_NOT_SUPPORTED,
                    "ShardLab does not simulate reshardCollection with preset chunks on MongoDB " + context.version());
        }
        List<ZoneRange> zones = ReshardZones.of(
                args.array("zones"), key, current, context.version().atLeast(8, 0));
        if (current.key().equals(key) && !args.isTrue("forceRedistribution")) {
            return Replies.ok();
        }
        int numInitialChunks = (int) args.number("numInitialChunks", ReshardCollection.DEFAULT_NUM_INITIAL_CHUNKS);
        if (numInitialChunks < 1) {
            // mongo initial_split_policy.cpp (SamplingBasedSplitPolicy)
            throw new MongoCommandException(ErrorCode.BAD_VALUE, "numInitialChunks should be > 0");
        }
        context.catalog().settle(ns);
        InsertBatch documents = context.everyDocument(ns, key);
        context.catalog().reshardCollection(new ReshardCollection(ns, key, documents, numInitialChunks, zones));
        context.createShardKeyIndex(ns, key, false);
        return Replies.ok();
    }

    /**
     * {@code refineCollectionShardKey} (4.4+), checked as MongoDB does (jstests/sharding/refine_collection_shard_key_basic.js):
     * a database that does not exist is NamespaceNotFound, a collection that is not sharded or does not exist
     * NamespaceNotSharded ({@link #notShardedForRefine}); the
     * current key again is a no-op; the new key must extend the current one ({@link RefineCollectionShardKey}) and an
     * index must support it ({@link ShardKeyIndexRules}, refine_collection_shard_key_coordinator.cpp). It first waits
     * for the collection's migrations in flight to commit ({@link ShardedCatalog#settle}), as MongoDB's DDL
     * coordinators block new migrations and wait for the ongoing ones (mongo {@code active_migrations_registry.cpp}
     * {@code ActiveMigrationsRegistry::lock}): a balancer move never straddles the key change. The refined
     * collection gets a new epoch and timestamp ({@link ShardedCatalog#refineCollectionShardKey}). The documents get
     * their values of the new fields from the documents themselves, as MongoDB's chunks then split between them.
     */
    BsonDocument refineCollectionShardKey(CommandRequest request) {
        String ns = request.arguments().firstString();
        ShardKeyPattern key = ShardKeyPattern.of(request.arguments().document("key"));
        String db = databaseOf(ns);
        if (context.catalog().database(db).isEmpty()) {
            // mongo catalog_cache.cpp getDatabase
            throw new MongoCommandException(ErrorCode.NAMESPACE_NOT_FOUND, "database " + db + " not found");
        }
        // a missing collection of an existing database too: the shard's coordinator opens it without requiring it,
        // then asks the routing cache (4.4's cluster_refine_collection_shard_key_cmd.cpp, 5.0+'s coordinator)
        ShardedCatalog.CollectionEntry entry =
                context.catalog().collection(ns).orElseThrow(() -> context.notShardedInCatalogCache(ns));
        ClusterSnapshot current = entry.cluster().snapshot().cluster();
        if (current.key().equals(key)) {
            return Replies.ok();
        }
        context.catalog().settle(ns);
        RefineCollectionShardKey refine = new RefineCollectionShardKey(ns, key);
        Optional<Refusal> refused = entry.cluster().refusal(refine);
        if (refused.isPresent()) {
            throw new CommandFailedException(refine.mongoshCommand(), refused.get());
        }
        new ShardKeyIndexRules(context.version())
                .mustCreateIndex(
                        ns,
                        key.toDocument(),
                        context.shardCatalog().indexes(ns),
                        context.documents().all(db, collectionOf(ns)),
                        current.unique(),
                        ShardKeyIndexRules.Purpose.REFINE);
        refine = new RefineCollectionShardKey(ns, key, context.everyDocument(ns, key));
        context.catalog().refineCollectionShardKey(refine);
        return Replies.ok();
    }

    /**
     * {@code movePrimary}, checked as mongo {@code shardsvr_move_primary_command.cpp} does (tests:
     * {@code jstests/sharding/move_primary_basic.js}): a valid database name, not admin / config / local, an
     * existing database, a non-empty existing {@code to}; the current primary is a no-op.
     */
    BsonDocument movePrimary(CommandRequest request) {
        BsonValue arg = request.arguments().first();
        if (!arg.isString()) {
            throw new MongoCommandException(ErrorCode.INVALID_NAMESPACE, "'movePrimary' must be of type String");
        }
        String db = arg.asString().getValue();
        if (db.isEmpty() || db.contains(".") || db.contains(" ")) {
            throw new MongoCommandException(ErrorCode.INVALID_NAMESPACE, "invalid db name specified: " + db);
        }
        if (Set.of("admin", "config", "local").contains(db)) {
            throw new MongoCommandException(ErrorCode.INVALID_OPTIONS, "Can't move primary for " + db + " database");
        }
        String to = request.arguments().string("to");
        if (to.isEmpty()) {
            throw new MongoCommandException(ErrorCode.INVALID_OPTIONS, "you have to specify where you want to move it");
        }
        context.catalog().movePrimary(db, to);
        return Replies.ok();
    }

    /**
     * {@code moveCollection} (8.0+; mongo {@code cluster_move_collection_cmd.cpp}, tests
     * {@code jstests/sharding/move_collection_basic.js}): an existing unsharded collection moves to
     * {@code toShard}; a sharded or missing collection is NamespaceNotFound.
     */
    BsonDocument moveCollection(CommandRequest request) {
        String ns = request.arguments().firstString();
        String to = request.arguments().string("toShard");
        if (context.catalog().collection(ns).isPresent()) {
            // mongo reshard_collection_coordinator.cpp
            throw new MongoCommandException(
                    ErrorCode.NAMESPACE_NOT_FOUND, "MoveCollection can only be called on an unsharded collection.");
        }
        if (!context.documents().exists(databaseOf(ns), collectionOf(ns))) {
            throw new MongoCommandException(
                    ErrorCode.NAMESPACE_NOT_FOUND, "Collection '" + ns + "' not found in cluster catalog");
        }
        context.catalog().moveCollection(ns, to);
        return Replies.ok();
    }

    /**
     * {@code unshardCollection} (8.0+; mongo {@code cluster_unshard_collection_cmd.cpp} and
     * {@code reshard_collection_coordinator.cpp}; docs "Unshard a Collection"): a sharded collection moves whole
     * to {@code toShard}, or without it to the non-draining shard with the least data, as an unsplittable
     * tracked collection. An unsharded collection is a no-op, refused with NamespaceNotSharded when
     * {@code toShard} names another shard than its own. A collection with zone ranges must lose them first
     * (MongoDB's documentation; ShardLab does not simulate that path). An explicit {@code toShard} only has to
     * exist: resharding_util.cpp {@code validateShardDistribution} checks the shard registry and the ranges, not
     * draining, so a draining shard named there is accepted.
     */
    BsonDocument unshardCollection(CommandRequest request) {
        String ns = request.arguments().firstString();
        String to = request.arguments().string("toShard");
        var sharded = context.catalog().collection(ns);
        if (sharded.isEmpty()) {
            Optional<String> current = context.catalog().shardOfUnsharded(ns);
            if (to != null && current.isPresent() && !current.get().equals(to)) {
                throw new MongoCommandException(
                        ErrorCode.NAMESPACE_NOT_SHARDED,
                        "Collection is already unsharded. "
                                + "Call moveCollection to move this collection to a different shard.");
            }
            return Replies.ok();
        }
        if (!sharded.get().cluster().snapshot().cluster().zones().isEmpty()) {
            throw new MongoCommandException(
                    ErrorCode.COMMAND_NOT_SUPPORTED,
                    "ShardLab does not simulate unshardCollection of a collection with zone ranges on MongoDB "
                            + context.version()
                            + "; remove its ranges from their zones first, as MongoDB's documentation asks");
        }
        context.catalog().unshardCollection(ns, to);
        return Replies.ok();
    }
}
