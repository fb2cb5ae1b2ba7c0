package io.shardlab.mongos;

import static io.shardlab.mongos.Argument.optional;
import static io.shardlab.mongos.Argument.required;

import io.shardlab.cluster.OrphanedRange;
import io.shardlab.mongos.CommandSyntax.FirstField;
import io.shardlab.routing.FilterParser.BsonTypeNames;
import io.shardlab.sim.InsertBatch;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.bson.BsonArray;
import org.bson.BsonBoolean;
import org.bson.BsonDateTime;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonInt64;
import org.bson.BsonString;
import org.bson.BsonValue;

/**
 * The reads a mongos answers itself rather than the storage: the aggregation stages only a router knows
 * ({@code $shardedDataDistribution}, {@code $listSampledQueries}, {@code $collStats}, {@code $indexStats},
 * {@code $currentOp}, each followed by the storage's stages), {@code currentOp}, {@code listCollections},
 * {@code listDatabases}, {@code dbStats}, and {@code find} / {@code count} of {@code admin}'s collections;
 * {@code $changeStream} is refused. Everything else a client reads goes to the storage unchanged (inside a
 * transaction, the transaction's {@link TransactionSnapshot}).
 */
final class ReadCommands {

    /**
     * mongo {@code src/mongo/db/pipeline/aggregate_command.idl}: {@code pipeline} required; its elements must be
     * documents ({@code parsePipelineFromBSON}).
     */
    static final CommandSyntax AGGREGATE = CommandSyntax.idl(
            "aggregate",
            FirstField.IGNORED,
            "src/mongo/db/pipeline/aggregate_command.idl",
            required("pipeline", ArgumentType.ARRAY));

    /** mongo {@code src/mongo/db/list_collections.idl}: an optional {@code filter} document. */
    static final CommandSyntax LIST_COLLECTIONS = CommandSyntax.idl(
            "listCollections",
            FirstField.IGNORED,
            "src/mongo/db/list_collections.idl",
            optional("filter", ArgumentType.OBJECT),
            optional("nameOnly", ArgumentType.ANY));

    /** mongo {@code src/mongo/db/commands/list_databases.idl}: an optional {@code filter} document. */
    static final CommandSyntax LIST_DATABASES = CommandSyntax.idl(
            "listDatabases",
            FirstField.IGNORED,
            "src/mongo/db/commands/list_databases.idl",
            optional("filter", ArgumentType.OBJECT),
            optional("nameOnly", ArgumentType.ANY));

    /**
     * mongo {@code src/mongo/db/query/count_command.idl}: the collection is a string ({@code
     * concatenate_with_db_or_uuid}, {@code idl_parser.cpp checkAndAssertCollectionName}: BadValue "collection name has
     * invalid type T"), {@code query} and {@code collation} objects; the storage reads the rest.
     */
    static final CommandSyntax COUNT = CommandSyntax.idl(
            "count",
            FirstField.COLLECTION,
            "src/mongo/db/query/count_command.idl",
            optional("query", ArgumentType.OBJECT),
            optional("collation", ArgumentType.OBJECT));

    /**
     * mongo {@code src/mongo/db/query/distinct_command.idl}: the collection read as {@link #COUNT}'s, {@code key} a
     * required string, {@code query} and {@code collation} objects.
     */
    static final CommandSyntax DISTINCT = CommandSyntax.idl(
            "distinct",
            FirstField.COLLECTION,
            "src/mongo/db/query/distinct_command.idl",
            required("key", ArgumentType.STRING),
            optional("query", ArgumentType.OBJECT),
            optional("collation", ArgumentType.OBJECT));

    /**
     * listIndexes on a mongos from 6.0, a {@code TypedCommand} of mongo {@code src/mongo/db/list_indexes.idl}
     * ({@code src/mongo/s/commands/cluster_list_indexes_cmd.cpp}, {@code ListIndexesCmdVersion1Gen}): the collection is
     * {@code concatenate_with_db_or_uuid}, read as find's ({@link FindSyntax}). Before, a {@code BasicCommand}
     * ({@link #collectionRequired}).
     */
    static final CommandSyntax LIST_INDEXES =
            CommandSyntax.idl("listIndexes", FirstField.COLLECTION, "src/mongo/db/list_indexes.idl");

    /**
     * A {@code BasicCommand} of a mongos that reads only its namespace, with {@code CommandHelpers::parseNsCollectionRequired}
     * (mongo {@code src/mongo/db/commands.cpp}): collStats ({@code src/mongo/s/commands/cluster_coll_stats_cmd.cpp}),
     * validate ({@code cluster_validate_cmd.cpp}) and listIndexes ({@code cluster_list_indexes_cmd.cpp}, whose
     * {@code parseNs} it is); the rest of the command goes to the shards as it came.
     */
    static CommandSyntax collectionRequired(String command) {
        return new CommandSyntax(
                command,
                FirstField.COLLECTION_REQUIRED,
                CommandSyntax.Parser.IDL,
                List.of(),
                false,
                "src/mongo/db/commands.cpp");
    }

    private final CommandContext context;

    ReadCommands(CommandContext context) {
        this.context = context;
    }

    /**
     * {@code aggregate}: a first stage only a router knows is answered here, the rest by the storage ({@code $sample}
     * as MongoDB runs it, {@link SampleStages}).
     */
    BsonDocument aggregate(CommandRequest request) {
        String db = request.database();
        BsonArray given = requireStages(request.arguments().array("pipeline"));
        BsonArray pipeline = SampleStages.asRandomSorts(given);
        BsonDocument command =
                pipeline == given ? request.body() : request.body().clone().append("pipeline", pipeline);
        requireCursorDocument(command);
        BsonDocument first =
                pipeline.isEmpty() ? new BsonDocument() : pipeline.get(0).asDocument();
        BsonValue target = command.get("aggregate");
        String collection = target.isString() ? target.asString().getValue() : null;
        if (first.containsKey("$changeStream")) {
            throw changeStreamRefused();
        }
        requireFacetArrays(pipeline);
        requireMatchFilterObjects(pipeline);
        if (!context.version().atLeast(5, 1)) {
            refuseShardedForeignCollections(db, pipeline);
        }
        BsonDocument reply;
        if (first.containsKey("$shardedDataDistribution")) {
            reply = shardedDataDistribution(db);
        } else if (first.containsKey("$listClusterCatalog")) {
            reply = new ClusterCatalogListing(context)
                    .listClusterCatalog(db, collection == null, first.get("$listClusterCatalog"));
        } else if (first.containsKey("$listSampledQueries")) {
            reply = listSampledQueries(db, first.get("$listSampledQueries"));
        } else if (first.containsKey("$collStats") && collection != null) {
            BsonValue spec = first.get("$collStats");
            reply = collStats(db, collection, spec.isDocument() ? spec.asDocument() : new BsonDocument());
        } else if (first.containsKey("$currentOp")) {
            reply = currentOp(db, command, first.get("$currentOp"));
        } else if (first.containsKey("$indexStats") && collection != null) {
            reply = indexStats(db, collection);
        } else if (request.onAdmin() && collection != null) {
            reply = readOfAdminCollection("find", collection);
        } else if (collection == null) {
            reply = collectionless(db, pipeline, first);
        } else {
            return context.storage().run(db, command);
        }
        return pipeline.size() == 1 ? reply : restOfPipeline(reply, pipeline);
    }

    /**
     * Each of a {@code $facet}'s fields is a pipeline (mongo {@code document_source_facet.cpp}, 40170), checked as
     * the pipeline is parsed, before anything runs.
     */
    private static void requireFacetArrays(BsonArray pipeline) {
        for (BsonValue s : pipeline) {
            BsonValue facet = s.asDocument().get("$facet");
            if (facet instanceof BsonDocument facets) {
                for (var e : facets.entrySet()) {
                    if (!e.getValue().isArray()) {
                        throw new MongoCommandException(
                                ErrorCode.FACET_NOT_ARRAY,
                                "arguments to $facet must be arrays, " + e.getKey() + " is type "
                                        + BsonTypeNames.of(e.getValue()));
                    }
                }
            }
        }
    }

    /**
     * Each {@code $match} stage's filter is a document, at the top of the pipeline and in a {@code $facet}'s or a
     * {@code $lookup}'s pipeline (mongo {@code src/mongo/db/pipeline/document_source_match.cpp},
     * {@code createFromBson}: 15959), checked as the pipeline is parsed, before anything runs.
     */
    private static void requireMatchFilterObjects(BsonArray pipeline) {
        for (BsonValue s : pipeline) {
            if (!(s instanceof BsonDocument stage)) {
                continue;
            }
            if (stage.containsKey("$match") && !stage.get("$match").isDocument()) {
                throw new MongoCommandException(
                        ErrorCode.MATCH_FILTER_NOT_AN_OBJECT, "the match filter must be an expression in an object");
            }
            if (stage.get("$facet") instanceof BsonDocument facets) {
                facets.values().stream()
                        .filter(BsonValue::isArray)
                        .forEach(p -> requireMatchFilterObjects(p.asArray()));
            }
            if (stage.get("$lookup") instanceof BsonDocument lookup && lookup.get("pipeline") instanceof BsonArray p) {
                requireMatchFilterObjects(p);
            }
        }
    }

    /**
     * Before 5.1 a {@code $lookup} or {@code $graphLookup} may not read from a sharded collection, at any depth of
     * the pipeline (mongo {@code lite_parsed_pipeline.cpp}, {@code verifyIsSupported}: 28769 "NS cannot be sharded";
     * {@code $unionWith} allows it from 4.4; sharded {@code $lookup} came with 5.1).
     */
    private void refuseShardedForeignCollections(String db, BsonArray pipeline) {
        for (BsonValue s : pipeline) {
            if (!s.isDocument() || s.asDocument().isEmpty()) {
                continue;
            }
            BsonDocument stage = s.asDocument();
            String name = stage.getFirstKey();
            BsonValue spec = stage.get(name);
            if (!spec.isDocument()) {
                continue;
            }
            BsonDocument body = spec.asDocument();
            if (("$lookup".equals(name) || "$graphLookup".equals(name)) && body.isString("from")) {
                String ns = db + "." + body.getString("from").getValue();
                if (context.catalog().collection(ns).isPresent()) {
                    throw new MongoCommandException(ErrorCode.INVOLVED_NAMESPACE_SHARDED, ns + " cannot be sharded");
                }
            }
            if (body.isArray("pipeline")) {
                refuseShardedForeignCollections(db, body.getArray("pipeline"));
            }
            if ("$facet".equals(name)) {
                for (BsonValue facet : body.values()) {
                    if (facet.isArray()) {
                        refuseShardedForeignCollections(db, facet.asArray());
                    }
                }
            }
        }
    }

    /**
     * A collectionless {@code aggregate: 1} whose first stage ShardLab does not answer above (mongo
     * {@code pipeline.cpp}, {@code validateTopLevelPipeline}: only a stage independent of any collection may start
     * it): {@code $documents} (5.1+) gives its array's documents; {@code $listLocalSessions} the router's cached
     * sessions, none in ShardLab (sessions live in the client); any other stage needs a collection.
     */
    private BsonDocument collectionless(String db, BsonArray pipeline, BsonDocument first) {
        if (pipeline.isEmpty()) {
            throw new MongoCommandException(
                    ErrorCode.INVALID_NAMESPACE, "{aggregate: 1} is not valid for an empty pipeline.");
        }
        String stage = first.getFirstKey();
        String ns = db + ".$cmd.aggregate";
        if ("$documents".equals(stage) && context.version().atLeast(5, 1)) {
            BsonValue documents = first.get(stage);
            if (!documents.isArray() || documents.asArray().stream().anyMatch(v -> !v.isDocument())) {
                throw new MongoCommandException(
                        ErrorCode.COMMAND_NOT_SUPPORTED,
                        "ShardLab simulates $documents over a literal array of documents only");
            }
            return Replies.cursor(ns, documents.asArray());
        }
        if ("$listLocalSessions".equals(stage)) {
            return Replies.cursor(ns, new BsonArray());
        }
        if (!stage.startsWith("$") || !KNOWN_STAGES.contains(stage)) {
            // mongo src/mongo/db/pipeline/document_source.cpp (parse: unknown stage, error 40324)
            throw new MongoCommandException(
                    ErrorCode.UNRECOGNIZED_PIPELINE_STAGE, "Unrecognized pipeline stage name: '" + stage + "'");
        }
        throw new MongoCommandException(
                ErrorCode.INVALID_NAMESPACE,
                "{aggregate: 1} is not valid for '" + stage + "'; a collection is required.");
    }

    /** Stages of every modelled release that read a collection's documents or the documents before them. */
    private static final Set<String> KNOWN_STAGES = Set.of(
            "$match",
            "$project",
            "$group",
            "$sort",
            "$limit",
            "$skip",
            "$unwind",
            "$lookup",
            "$addFields",
            "$set",
            "$unset",
            "$count",
            "$facet",
            "$bucket",
            "$bucketAuto",
            "$sortByCount",
            "$replaceRoot",
            "$replaceWith",
            "$sample",
            "$out",
            "$merge",
            "$graphLookup",
            "$unionWith",
            "$redact",
            "$geoNear",
            "$collStats",
            "$indexStats",
            "$planCacheStats",
            "$setWindowFields",
            "$densify",
            "$fill",
            "$search",
            "$searchMeta");

    /**
     * A change stream is refused as a server without an oplog refuses it (mongo
     * {@code document_source_change_stream.cpp}, {@code assertIsLegalSpecification}: code 40573, "The $changeStream
     * stage is only supported on replica sets"). A mongos of a replica-set-backed cluster would open one; ShardLab's
     * simulated shards keep no oplog to read events from, and its one command lane could not hold a
     * {@code getMore} awaiting them, so it says what a client that cannot watch needs to hear, with the code client
     * libraries test for.
     */
    private static MongoCommandException changeStreamRefused() {
        return new MongoCommandException(
                ErrorCode.CHANGE_STREAM_NOT_SUPPORTED, "The $changeStream stage is only supported on replica sets");
    }

    /**
     * The pipeline, each stage a document (mongo {@code aggregation_request_helper.cpp}, {@code parsePipelineFromBSON}:
     * TypeMismatch otherwise).
     */
    static BsonArray requireStages(BsonArray pipeline) {
        for (BsonValue stage : pipeline) {
            if (!stage.isDocument()) {
                throw new MongoCommandException(
                        ErrorCode.TYPE_MISMATCH, "Each element of the 'pipeline' array must be an object");
            }
        }
        return pipeline;
    }

    /**
     * The {@code cursor} option, when given, a document: TypeMismatch "cursor field must be missing or an object"
     * otherwise, null included (mongo {@code src/mongo/db/pipeline/aggregation_request_helper.cpp}, {@code
     * parseAggregateCursorFromBSON}, from 5.0; 4.4's {@code CursorRequest::parseCommandCursorOptions} in {@code
     * src/mongo/db/query/cursor_request.cpp} words it the same).
     */
    static void requireCursorDocument(BsonDocument command) {
        BsonValue cursor = command.get("cursor");
        if (cursor != null && !cursor.isDocument()) {
            throw new MongoCommandException(ErrorCode.TYPE_MISMATCH, "cursor field must be missing or an object");
        }
    }

    /** {@code find} / {@code count}: of {@code admin}'s collections answered here, else by the storage. */
    BsonDocument findOrCount(CommandRequest request) {
        BsonValue target = request.body().get(request.name());
        if (request.onAdmin() && target.isString()) {
            return readOfAdminCollection(request.name(), target.asString().getValue());
        }
        return context.storage().run(request.database(), request.body());
    }

    /**
     * {@code dbStats}: the database's sizes summed over its collections' shards; {@code fsUsedSize} and
     * {@code fsTotalSize} (docs {@code reference/command/dbStats}: the space in use and the capacity where the
     * server keeps its data) are the memory budget's use and size, ShardLab's store being the heap.
     */
    BsonDocument dbStats(CommandRequest request) {
        String db = request.database();
        DbStatsScale scale = DbStatsScale.of(request.body(), context.version());
        BsonDocument stats =
                context.storageStatistics().dbStats(db, context.documents().collectionNames(db), scale);
        MemoryBudgetUse use = context.budget().use();
        BsonValue ok = stats.remove("ok");
        return stats.append("fsUsedSize", StorageStatistics.number(scale.of(use.usedBytes())))
                .append("fsTotalSize", StorageStatistics.number(scale.of(use.budgetBytes())))
                .append("ok", ok);
    }

    /** The {@code currentOp} command: the shards' operations in progress as {@code inprog}. */
    BsonDocument currentOpCommand(CommandRequest request) {
        BsonDocument asAggregate = new BsonDocument("aggregate", new BsonInt32(1))
                .append("pipeline", new BsonArray(List.of(new BsonDocument("$currentOp", new BsonDocument()))))
                .append("cursor", new BsonDocument());
        return Replies.ok(new BsonDocument(
                "inprog",
                new BsonArray(context.serverInformation()
                        .currentOperations(asAggregate, false, context.catalog().shardIds()))));
    }

    /**
     * {@code listCollections} with MongoDB's {@code filter} (matched against each collection's entry) and
     * {@code nameOnly} (each entry cut to {@code name} and {@code type}), docs {@code reference/command/listCollections};
     * on {@code config}, the config database's collections.
     */
    BsonDocument listCollections(CommandRequest request) {
        String db = request.database();
        BsonDocument all = new BsonDocument("listCollections", new BsonInt32(1));
        if ("config".equals(db)) {
            context.refreshConfigDatabase();
        }
        BsonDocument reply = context.storage().run(db, all);
        if (!reply.containsKey("cursor")) {
            return reply;
        }
        List<BsonDocument> entries = new ArrayList<>();
        for (BsonValue v : reply.getDocument("cursor").getArray("firstBatch", new BsonArray())) {
            entries.add(v.asDocument());
        }
        entries = CollectionDefinitionCommands.listed(context, db, entries);
        entries = filtered(entries, request.arguments().document("filter"));
        boolean nameOnly = nameOnly(request.arguments());
        BsonArray batch = new BsonArray();
        for (BsonDocument e : entries) {
            batch.add(
                    nameOnly
                            ? new BsonDocument("name", e.get("name"))
                                    .append("type", e.get("type", new BsonString("collection")))
                            : e);
        }
        return Replies.cursor(db + ".$cmd.listCollections", batch);
    }

    /**
     * {@code listDatabases} through mongos (mongo {@code src/mongo/s/commands/cluster_list_databases_cmd.cpp}): the
     * databases by name, each with {@code sizeOnDisk}, {@code empty} and its bytes per shard, then
     * {@code totalSize} and {@code totalSizeMb}; {@code config} comes from the config server (shard
     * {@code config}); {@code nameOnly} keeps the names; {@code filter} is matched against each entry. ShardLab has
     * no storage engine: a database's size is its documents' BSON bytes.
     */
    BsonDocument listDatabases(CommandRequest request) {
        boolean nameOnly = nameOnly(request.arguments());
        Map<String, Map<String, Long>> sizes = new TreeMap<>();
        BsonDocument stored = context.storage().run("admin", new BsonDocument("listDatabases", new BsonInt32(1)));
        for (BsonValue v : stored.getArray("databases", new BsonArray())) {
            String name = v.asDocument().getString("name").getValue();
            if (!StoredDocuments.isInternal(name) && !name.equals("config") && !name.equals("local")) {
                sizes.put(
                        name,
                        context.storageStatistics()
                                .dataBytesPerShard(name, context.documents().collectionNames(name)));
            }
        }
        long configBytes = 0;
        for (List<BsonDocument> documents :
                context.configDatabase().collections().values()) {
            for (BsonDocument d : documents) {
                configBytes += InsertBatch.bsonSize(d);
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
        entries = filtered(entries, request.arguments().document("filter"));
        BsonDocument reply = new BsonDocument("databases", new BsonArray(entries));
        if (!nameOnly) {
            long total = entries.stream()
                    .mapToLong(e -> e.getInt64("sizeOnDisk").getValue())
                    .sum();
            reply.append("totalSize", new BsonInt64(total)).append("totalSizeMb", new BsonInt64(total >> 20));
        }
        return Replies.ok(reply);
    }

    private static boolean nameOnly(CommandArguments args) {
        BsonValue v = args.value("nameOnly");
        return v != null && v.isBoolean() && v.asBoolean().getValue();
    }

    private List<BsonDocument> filtered(List<BsonDocument> entries, BsonDocument filter) {
        return filter == null || filter.isEmpty()
                ? entries
                : context.documents().filter(entries, filter);
    }

    /**
     * A {@code find} or {@code count} of a collection of {@code admin}, which in ShardLab holds none (no users,
     * roles nor {@code system.version}): the reply for an empty collection, as MongoDB's for a collection that
     * does not exist.
     */
    private static BsonDocument readOfAdminCollection(String name, String collection) {
        if ("count".equals(name)) {
            return Replies.ok(new BsonDocument("n", new BsonInt32(0)));
        }
        return Replies.cursor("admin." + collection, new BsonArray());
    }

    /**
     * Runs the stages after a first stage ShardLab answers itself over the documents it produced, in the
     * storage's aggregation engine.
     */
    private BsonDocument restOfPipeline(BsonDocument firstStageReply, BsonArray pipeline) {
        List<BsonDocument> documents = new ArrayList<>();
        for (BsonValue v : firstStageReply.getDocument("cursor").getArray("firstBatch")) {
            documents.add(v.asDocument());
        }
        context.storage().replace(StoredDocuments.SCRATCH_DATABASE, "stage", documents);
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
            BsonDocument reply = context.storage().run(StoredDocuments.SCRATCH_DATABASE, rest);
            if (reply.containsKey("cursor")) {
                reply.getDocument("cursor")
                        .put("ns", firstStageReply.getDocument("cursor").get("ns"));
            }
            return reply;
        } finally {
            context.documents().dropScratch();
        }
    }

    /**
     * {@code $listSampledQueries} (7.0+, admin only; docs {@code reference/operator/aggregation/listSampledQueries}):
     * the query analyzer's sampled-query documents, of {@code namespace} when given.
     */
    private BsonDocument listSampledQueries(String db, BsonValue spec) {
        if (!context.version().atLeast(7, 0) || !"admin".equals(db)) {
            throw new MongoCommandException(
                    ErrorCode.UNRECOGNIZED_PIPELINE_STAGE, "Unrecognized pipeline stage name: '$listSampledQueries'");
        }
        String ns = spec.isDocument() && spec.asDocument().isString("namespace")
                ? spec.asDocument().getString("namespace").getValue()
                : null;
        return Replies.cursor(
                db + ".$cmd.aggregate", new BsonArray(context.sampler().sampled(ns)));
    }

    /**
     * {@code $shardedDataDistribution} (6.0.3+, admin only): one document per sharded collection (§3.9), a shard
     * entry per shard owning its chunks or holding its orphans; {@code numOrphanedDocs} / {@code orphanedSizeBytes}
     * are the ranges migrations left on the donor until the range deleter runs
     * ({@link io.shardlab.sim.SimulatedCluster#orphanedRanges}).
     */
    private BsonDocument shardedDataDistribution(String db) {
        if (!context.version().atLeast(6, 0) || !"admin".equals(db)) {
            // mongo src/mongo/db/pipeline/document_source.cpp (parse: unknown stage, error 40324)
            throw new MongoCommandException(
                    ErrorCode.UNRECOGNIZED_PIPELINE_STAGE,
                    "Unrecognized pipeline stage name: '$shardedDataDistribution'");
        }
        BsonArray batch = new BsonArray();
        for (ShardedCatalog.CollectionEntry c : context.catalog().collections().values()) {
            BsonArray shards = new BsonArray();
            Map<String, long[]> owned = new TreeMap<>(ConfigDatabase.perShard(c));
            Map<String, long[]> orphaned = new TreeMap<>();
            for (OrphanedRange r : c.cluster().orphanedRanges()) {
                long[] t = orphaned.computeIfAbsent(r.donor(), k -> new long[2]);
                t[0] += r.documents();
                t[1] += r.bytes();
                owned.putIfAbsent(r.donor(), new long[2]);
            }
            for (Map.Entry<String, long[]> e : owned.entrySet()) {
                long[] o = orphaned.getOrDefault(e.getKey(), new long[2]);
                shards.add(new BsonDocument("shardName", new BsonString(e.getKey()))
                        .append("numOrphanedDocs", new BsonInt64(o[0]))
                        .append("numOwnedDocuments", new BsonInt64(e.getValue()[0]))
                        .append("ownedSizeBytes", new BsonInt64(e.getValue()[1]))
                        .append("orphanedSizeBytes", new BsonInt64(o[1])));
            }
            batch.add(new BsonDocument("ns", new BsonString(c.namespace())).append("shards", shards));
        }
        return Replies.cursor(db + ".$cmd.aggregate", batch);
    }

    /**
     * {@code $collStats} through mongos: one document per shard holding the collection, with {@code shard} and,
     * when asked, {@code storageStats} ({@link StorageStatistics#storageStats}: mongosh's
     * {@code getShardDistribution}, Compass's collection and index sizes) and {@code count}.
     */
    private BsonDocument collStats(String db, String coll, BsonDocument spec) {
        String ns = db + "." + coll;
        BsonArray batch = new BsonArray();
        for (Map.Entry<String, StorageStatistics.ShardPart> e :
                context.storageStatistics().perShard(db, coll).entrySet()) {
            StorageStatistics.ShardPart part = e.getValue();
            BsonDocument d = new BsonDocument("ns", new BsonString(ns))
                    .append("shard", new BsonString(e.getKey()))
                    .append("host", new BsonString(e.getKey() + ".shardlab:27018"))
                    .append(
                            "localTime",
                            new BsonDateTime(context.wallClockMillis().getAsLong()));
            if (spec.containsKey("storageStats")) {
                d.append(
                        "storageStats",
                        StorageStatistics.storageStats(part, context.version().atLeast(6, 0)));
            }
            if (spec.containsKey("count")) {
                d.append("count", new BsonInt64(part.count()));
            }
            batch.add(d);
        }
        return Replies.cursor(ns, batch);
    }

    /**
     * {@code $indexStats} through mongos: each shard holding the collection reports each of its indexes, with
     * {@code shard} and the shard's {@code host} (docs {@code reference/operator/aggregation/indexStats}); the index
     * usage counters are the storage's.
     */
    private BsonDocument indexStats(String db, String coll) {
        String ns = db + "." + coll;
        BsonDocument reply = context.storage()
                .run(
                        db,
                        new BsonDocument("aggregate", new BsonString(coll))
                                .append(
                                        "pipeline",
                                        new BsonArray(List.of(new BsonDocument("$indexStats", new BsonDocument()))))
                                .append("cursor", new BsonDocument()));
        BsonArray indexes = Replies.firstBatch(reply);
        BsonArray batch = new BsonArray();
        for (String shard : context.storageStatistics().perShard(db, coll).keySet()) {
            for (BsonValue v : indexes) {
                BsonDocument index = v.asDocument().clone();
                index.put("host", new BsonString(shard + ".shardlab:27018"));
                index.put("shard", new BsonString(shard));
                batch.add(index);
            }
        }
        return Replies.cursor(ns, batch);
    }

    /**
     * {@code $currentOp} (admin, {@code aggregate: 1} only; mongo {@code document_source_current_op.cpp} refuses it
     * elsewhere with InvalidNamespace): the operations in progress, {@link ServerInformation#currentOperations}.
     */
    private BsonDocument currentOp(String db, BsonDocument command, BsonValue spec) {
        if (!"admin".equals(db) || !command.get("aggregate").isNumber()) {
            throw new MongoCommandException(
                    ErrorCode.INVALID_NAMESPACE,
                    "$currentOp must be run against the 'admin' database with {aggregate: 1}");
        }
        boolean localOps = spec.isDocument()
                && spec.asDocument().getBoolean("localOps", BsonBoolean.FALSE).getValue();
        return Replies.cursor(
                "admin.$cmd.aggregate",
                new BsonArray(context.serverInformation()
                        .currentOperations(command, localOps, context.catalog().shardIds())));
    }
}
