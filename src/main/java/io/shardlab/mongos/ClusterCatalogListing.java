package io.shardlab.mongos;

import io.shardlab.cluster.Chunk;
import io.shardlab.cluster.MongoVersion;
import io.shardlab.routing.FilterParser.BsonTypeNames;
import io.shardlab.sim.ServerText;
import java.util.List;
import java.util.TreeMap;
import java.util.TreeSet;
import org.bson.BsonArray;
import org.bson.BsonBoolean;
import org.bson.BsonDocument;
import org.bson.BsonDouble;
import org.bson.BsonInt32;
import org.bson.BsonString;
import org.bson.BsonValue;

/**
 * What a router says about the cluster's catalog beyond the config database: the {@code $listClusterCatalog} stage
 * (8.0.10+, 8.1+; docs {@code reference/operator/aggregation/listClusterCatalog}, mongo
 * {@code document_source_list_cluster_catalog.cpp}; mongosh's {@code collection.getShardLocation()} reads it) and the
 * {@code checkMetadataConsistency} command (7.0+; mongo {@code cluster_check_metadata_consistency_cmd.cpp}, test
 * {@code jstests/core_sharding/ddl/check_metadata_consistency_basic.js}).
 */
final class ClusterCatalogListing {

    /** The first release with {@code $listClusterCatalog}. */
    static final MongoVersion LIST_CLUSTER_CATALOG = MongoVersion.parse("8.0.10");

    private final CommandContext context;

    ClusterCatalogListing(CommandContext context) {
        this.context = context;
    }

    /**
     * {@code $listClusterCatalog} (mongo {@code document_source_list_cluster_catalog.cpp}, {@code createFromBson}):
     * collectionless only (9621301), its spec an object (9621302) of the optional booleans {@code shards},
     * {@code balancingConfiguration} and {@code tracked} ({@code document_source_list_cluster_catalog.idl}, strict).
     * One document per collection of {@code db} (of every database on {@code admin}, {@code admin} and
     * {@code config} included): its {@code listCollections} entry without {@code name}, with {@code db},
     * {@code ns}, {@code sharded} and, when sharded, {@code shardKey}; {@code tracked} (in config.collections); with
     * {@code shards}, the shards of its chunks when tracked, else its database's primary; with
     * {@code balancingConfiguration}, for a sharded collection, {@code balancingEnabled} (not {@code noBalance} and
     * {@code permitMigrations}), {@code balancingEnabledReason}, {@code autoMergingEnabled} (the collection's
     * {@code enableAutoMerge}, which ShardLab does not set) and {@code chunkSize}: the collection's
     * {@code maxChunkSizeBytes} / 1048576 (a double), else the balancer's chunk size in MB (an int).
     */
    BsonDocument listClusterCatalog(String db, boolean collectionless, BsonValue spec) {
        // a whole line answers as the patch it reports (8.0 is 8.0.17: MongosRelease)
        if (!MongoVersion.parse(context.release().versionString()).atLeast(LIST_CLUSTER_CATALOG)) {
            // mongo src/mongo/db/pipeline/document_source.cpp (parse: unknown stage, error 40324)
            throw new MongoCommandException(
                    ErrorCode.UNRECOGNIZED_PIPELINE_STAGE, "Unrecognized pipeline stage name: '$listClusterCatalog'");
        }
        if (!collectionless) {
            throw new MongoCommandException(
                    ErrorCode.LIST_CLUSTER_CATALOG_ON_COLLECTION,
                    "The $listClusterCatalog stage must run on a database, not a collection.");
        }
        if (!(spec instanceof BsonDocument options)) {
            throw new MongoCommandException(
                    ErrorCode.LIST_CLUSTER_CATALOG_NOT_OBJECT,
                    "$listClusterCatalog must take an object but found: $listClusterCatalog: "
                            + ServerText.value(spec));
        }
        for (var e : options.entrySet()) {
            if (!List.of("shards", "balancingConfiguration", "tracked").contains(e.getKey())) {
                throw new MongoCommandException(
                        ErrorCode.IDL_UNKNOWN_FIELD,
                        "BSON field '$listClusterCatalog." + e.getKey() + "' is an unknown field.");
            }
            if (!e.getValue().isBoolean()) {
                // mongo src/mongo/idl/basic_types.h, OptionalBool::parseFromBSON
                throw new MongoCommandException(
                        ErrorCode.TYPE_MISMATCH,
                        "Field '" + e.getKey() + "' should be a boolean value, but found: "
                                + BsonTypeNames.of(e.getValue()));
            }
        }
        boolean shards = options.getBoolean("shards", BsonBoolean.FALSE).getValue();
        boolean balancing =
                options.getBoolean("balancingConfiguration", BsonBoolean.FALSE).getValue();
        boolean tracked = options.getBoolean("tracked", BsonBoolean.FALSE).getValue();
        List<String> databases = "admin".equals(db) ? allDatabases() : List.of(db);
        BsonArray batch = new BsonArray();
        for (String database : databases) {
            for (BsonDocument listed : listed(database)) {
                batch.add(entry(database, listed, shards, balancing, tracked));
            }
        }
        return Replies.cursor(db + ".$cmd.aggregate", batch);
    }

    /**
     * The database's collections as {@code listCollections} lists them, and the sharded ones the storage has not
     * created yet (an entry with the default {@code _id} index).
     */
    private List<BsonDocument> listed(String db) {
        if ("config".equals(db)) {
            context.refreshConfigDatabase();
        }
        BsonDocument reply = "config".equals(db) || context.documents().databaseExists(db)
                ? context.storage().run(db, new BsonDocument("listCollections", new BsonInt32(1)))
                : new BsonDocument();
        TreeMap<String, BsonDocument> byName = new TreeMap<>();
        if (reply.containsKey("cursor")) {
            for (BsonValue v : reply.getDocument("cursor").getArray("firstBatch", new BsonArray())) {
                byName.put(v.asDocument().getString("name").getValue(), v.asDocument());
            }
        }
        context.catalog().collections().keySet().stream()
                .filter(ns -> CommandContext.databaseOf(ns).equals(db))
                .map(CommandContext::collectionOf)
                .filter(c -> !byName.containsKey(c))
                .forEach(c -> byName.put(
                        c,
                        new BsonDocument("name", new BsonString(c))
                                .append("type", new BsonString("collection"))
                                .append("options", new BsonDocument())
                                .append("info", new BsonDocument("readOnly", BsonBoolean.FALSE))
                                .append(
                                        "idIndex",
                                        context.shardCatalog()
                                                .indexes(db + "." + c)
                                                .get(0))));
        return List.copyOf(byName.values());
    }

    private BsonDocument entry(
            String db, BsonDocument listed, boolean withShards, boolean withBalancing, boolean withTracked) {
        String ns = db + "." + listed.getString("name").getValue();
        BsonDocument d = new BsonDocument("db", new BsonString(db)).append("ns", new BsonString(ns));
        listed.forEach((k, v) -> {
            if (!"name".equals(k)) {
                d.append(k, v);
            }
        });
        var sharded = context.catalog().collection(ns);
        boolean isTracked = sharded.isPresent()
                || context.catalog().unsplittableCollections().containsKey(ns);
        d.append("sharded", BsonBoolean.valueOf(sharded.isPresent()));
        sharded.ifPresent(c -> d.append("shardKey", c.cluster().shardKey().toDocument()));
        if (withTracked) {
            d.append("tracked", BsonBoolean.valueOf(isTracked));
        }
        if (withShards) {
            TreeSet<String> holders = new TreeSet<>();
            if (sharded.isPresent()) {
                for (Chunk chunk :
                        sharded.get().cluster().snapshot().cluster().chunks().chunks()) {
                    holders.add(chunk.shard());
                }
            } else if ("admin".equals(db) || "config".equals(db)) {
                holders.add("config");
            } else {
                context.catalog().shardOfUnsharded(ns).ifPresent(holders::add);
            }
            BsonArray list = new BsonArray();
            holders.forEach(s -> list.add(new BsonString(s)));
            d.append("shards", list);
        }
        if (withBalancing && sharded.isPresent()) {
            var cluster = sharded.get().cluster();
            boolean enable = !cluster.balancingDisabled();
            boolean allow = cluster.migrationsPermitted();
            long own = cluster.collectionMaxChunkSizeBytes();
            d.append("balancingEnabled", BsonBoolean.valueOf(enable && allow))
                    .append(
                            "balancingEnabledReason",
                            new BsonDocument("enableBalancing", BsonBoolean.valueOf(enable))
                                    .append("allowMigrations", BsonBoolean.valueOf(allow)))
                    .append("autoMergingEnabled", BsonBoolean.TRUE)
                    .append(
                            "chunkSize",
                            own > 0
                                    ? new BsonDouble(own / 1048576.0)
                                    : new BsonInt32(
                                            (int) (context.catalog().config().effectiveMaxChunkSizeBytes() >> 20)));
        }
        return d;
    }

    /** Every database: the catalog's and the storage's, {@code admin} and {@code config}; not local. */
    private List<String> allDatabases() {
        TreeSet<String> names = new TreeSet<>(context.catalog().databases().keySet());
        BsonDocument listed = context.storage().run("admin", new BsonDocument("listDatabases", new BsonInt32(1)));
        for (BsonValue v : listed.getArray("databases", new BsonArray())) {
            names.add(v.asDocument().getString("name").getValue());
        }
        names.addAll(List.of("admin", "config"));
        names.removeAll(List.of("local", StoredDocuments.SCRATCH_DATABASE));
        return List.copyOf(names);
    }

    /**
     * {@code checkMetadataConsistency} (7.0+): on {@code admin} with {@code 1} the whole cluster, on another database
     * with {@code 1} that database, with a collection name that collection. ShardLab's catalog is one source of
     * truth, so no inconsistency is ever found: a cursor with an empty first batch. A database or collection level
     * on a database that does not exist is NamespaceNotFound (the database's primary is looked up).
     */
    BsonDocument checkMetadataConsistency(CommandRequest request) {
        BsonValue target = request.body().get(request.name());
        if (request.onAdmin() && target.isString()) {
            throw new MongoCommandException(
                    ErrorCode.INVALID_NAMESPACE,
                    "checkMetadataConsistency command on admin database can only be run without collection name. "
                            + "Found unexpected collection name: "
                            + target.asString().getValue());
        }
        if (!request.onAdmin()
                && context.catalog().database(request.database()).isEmpty()
                && context.documents().collectionNames(request.database()).isEmpty()) {
            // _establishCursorOnDbPrimary: CatalogCache::getDatabase
            throw new MongoCommandException(
                    ErrorCode.NAMESPACE_NOT_FOUND, "database " + request.database() + " not found");
        }
        String ns = target.isString()
                ? request.database() + "." + target.asString().getValue()
                : request.database() + ".$cmd.aggregate";
        return Replies.cursor(ns, new BsonArray());
    }
}
