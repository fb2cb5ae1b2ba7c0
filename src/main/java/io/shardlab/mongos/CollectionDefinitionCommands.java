package io.shardlab.mongos;

import static io.shardlab.mongos.Argument.optional;

import io.shardlab.mongos.CommandSyntax.FirstField;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.bson.BsonArray;
import org.bson.BsonBoolean;
import org.bson.BsonDocument;
import org.bson.BsonNumber;
import org.bson.BsonString;
import org.bson.BsonValue;

/**
 * What a namespace is, where the document store cannot say: {@code create} and {@code collMod} of views
 * ({@code viewOn}, {@code pipeline}), validators ({@code validator}, {@code validationLevel},
 * {@code validationAction}) and capped collections ({@code capped}, {@code size}, {@code max}; {@code cappedSize},
 * {@code cappedMax} from 6.0), kept in {@link ViewCatalog} and {@link CollectionCreateOptions}; the commands that
 * name a view ({@link #onView}); {@code listCollections}' entries for them ({@link #listed}); and
 * {@code renameCollection}, which takes a collection's kept options along. What the shards' catalog keeps of a
 * collection ({@code collation}, read by the sharding commands) the {@link ShardLocalCatalog} records once the store
 * accepted the command. The index commands are {@link IndexCommands}'.
 *
 * <p>Sources: mongo {@code src/mongo/db/commands/create.idl}, {@code coll_mod.idl},
 * {@code src/mongo/db/catalog/collection_options.cpp} ({@code validationLevel} {@code off}, {@code strict},
 * {@code moderate}; {@code validationAction} {@code error}, {@code warn}; a capped collection needs {@code size}),
 * {@code src/mongo/db/views/view_catalog.cpp}; docs {@code reference/command/create}, {@code collMod}. Tests: mongo
 * {@code jstests/core/views/views_basic.js}, {@code views_all_commands.js},
 * {@code jstests/core/doc_validation/doc_validation_options.js}, {@code jstests/core/capped/capped_max1.js}.
 */
final class CollectionDefinitionCommands {

    /** mongo {@code src/mongo/db/commands/create.idl}: the collection is a string ({@code concatenate_with_db}). */
    static final CommandSyntax CREATE =
            CommandSyntax.idl("create", FirstField.COLLECTION, "src/mongo/db/commands/create.idl");

    /**
     * {@code collMod} from 5.0, parsed by the mongos ({@code src/mongo/s/commands/cluster_collection_mod_cmd.cpp},
     * {@code BasicCommandWithRequestParser<CollectionModCmd>}) as mongo {@code src/mongo/db/coll_mod.idl} declares it:
     * the collection {@code concatenate_with_db}; {@code validator} an object, {@code validationLevel} and
     * {@code validationAction} strings (enums), {@code viewOn} a string, {@code pipeline} an {@code array<object>},
     * {@code index} an object ({@code CollModIndex}), each an API version 1 field ({@code unstable: false}), so of
     * the same type in every release since. The command is {@code strict: true}: a field that is neither generic nor
     * declared is IDLUnknownField (40415) "BSON field 'collMod.foo' is an unknown field.". The other declared fields
     * ({@code recordPreImages}, {@code changeStreamPreAndPostImages}, {@code expireAfterSeconds}, {@code timeseries},
     * {@code isTimeseriesNamespace}, {@code dryRun} of the stored {@code coll_mod.idl}; {@code cappedSize} and
     * {@code cappedMax}, 6.0's; {@code timeseriesBucketsMayHaveMixedSchemaData} and {@code collectionUUID}, later
     * releases') are taken on every release from 5.0 unchecked: which release declares which is not verified (one
     * version of the file is stored), so none of them is refused where a release may take it. 4.4's mongos passes
     * collMod on to the shards unparsed ({@link #COLL_MOD_4_4}).
     */
    static final CommandSyntax COLL_MOD = CommandSyntax.idl(
                    "collMod",
                    FirstField.COLLECTION,
                    "src/mongo/db/coll_mod.idl",
                    optional("index", ArgumentType.OBJECT),
                    optional("validator", ArgumentType.OBJECT),
                    optional("validationLevel", ArgumentType.STRING),
                    optional("validationAction", ArgumentType.STRING),
                    optional("viewOn", ArgumentType.STRING),
                    optional("pipeline", ArgumentType.ARRAY).eachOf(ArgumentType.OBJECT),
                    optional("recordPreImages", ArgumentType.ANY),
                    optional("changeStreamPreAndPostImages", ArgumentType.ANY),
                    optional("expireAfterSeconds", ArgumentType.ANY),
                    optional("timeseries", ArgumentType.ANY),
                    optional("isTimeseriesNamespace", ArgumentType.ANY),
                    optional("dryRun", ArgumentType.ANY),
                    optional("cappedSize", ArgumentType.ANY),
                    optional("cappedMax", ArgumentType.ANY),
                    optional("timeseriesBucketsMayHaveMixedSchemaData", ArgumentType.ANY),
                    optional("collectionUUID", ArgumentType.ANY))
            .strictly();

    /** 4.4's collMod: the mongos reads no field of it (the shard's hand parser, not simulated here, does). */
    static final CommandSyntax COLL_MOD_4_4 =
            CommandSyntax.none("collMod", "src/mongo/s/commands/cluster_collection_mod_cmd.cpp");

    /**
     * {@code renameCollection} from 5.0: mongo {@code src/mongo/db/commands/rename_collection.idl} ({@code strict},
     * the source {@code namespace: type, type: namespacestring}, {@code to} a required namespacestring), read by the
     * mongos' {@code TypedCommand} ({@code src/mongo/s/commands/cluster_rename_collection_cmd.cpp}). 4.4's mongos
     * checks the two names by hand ({@link #renameCollection}).
     */
    static final CommandSyntax RENAME_COLLECTION = CommandSyntax.idl(
                    "renameCollection",
                    FirstField.STRING,
                    "src/mongo/db/commands/rename_collection.idl",
                    Argument.required("to", ArgumentType.STRING),
                    Argument.optional("dropTarget", ArgumentType.ANY),
                    Argument.optional("stayTemp", ArgumentType.BOOL),
                    Argument.optional("collectionUUID", ArgumentType.ANY))
            .strictly();

    /** 4.4's renameCollection: no declared field, {@link #renameCollection} checks the names. */
    static final CommandSyntax RENAME_COLLECTION_4_4 =
            CommandSyntax.none("renameCollection", "src/mongo/s/commands/cluster_rename_collection_cmd.cpp");

    private static final Set<String> LEVELS = Set.of("off", "strict", "moderate");
    private static final Set<String> ACTIONS = Set.of("error", "warn");
    /** The {@code create} options ShardLab keeps; the store gets the command without them. */
    private static final Set<String> KEPT =
            Set.of("viewOn", "pipeline", "validator", "validationLevel", "validationAction", "capped", "size", "max");

    private final CommandContext context;
    private final ViewCommands views;

    CollectionDefinitionCommands(CommandContext context) {
        this.context = context;
        this.views = new ViewCommands(context);
    }

    /**
     * {@code create}: a view, a collection with a validator or a cap, or a plain collection (the store's); the
     * collection's name is a string ({@link #CREATE}).
     */
    BsonDocument create(CommandRequest request) {
        String db = request.database();
        BsonDocument body = request.body();
        String name = request.arguments().firstString();
        if (context.views().isView(db, name)) {
            throw new MongoCommandException(
                    ErrorCode.NAMESPACE_EXISTS, "Collection already exists. NS: " + db + "." + name);
        }
        if (body.containsKey("viewOn") || body.containsKey("pipeline")) {
            return createView(db, name, body);
        }
        CollectionCreateOptions.Options options = options(CollectionCreateOptions.Options.NONE, body, false);
        BsonDocument forward = new BsonDocument();
        body.forEach((k, v) -> {
            if (!KEPT.contains(k)) {
                forward.append(k, v);
            }
        });
        if (options.capped()) {
            forward.append("capped", BsonBoolean.TRUE); // the store keeps a capped collection's insertion order
        }
        context.catalog().createDatabase(db, null);
        BsonDocument reply = context.storage().run(db, forward);
        if (Replies.isOk(reply)) {
            context.shardCatalog().created(db + "." + name, body);
            if (!options.equals(CollectionCreateOptions.Options.NONE)) {
                context.createOptions().set(db, name, options);
            }
        }
        return reply;
    }

    private BsonDocument createView(String db, String name, BsonDocument body) {
        BsonValue viewOn = body.get("viewOn");
        BsonValue pipeline = body.get("pipeline", new BsonArray());
        if (viewOn == null) {
            throw new MongoCommandException(ErrorCode.BAD_VALUE, "'pipeline' requires 'viewOn' to also be specified");
        }
        if (!viewOn.isString()) {
            throw CommandArguments.wrongType("create.viewOn", viewOn, ArgumentType.STRING);
        }
        if (!pipeline.isArray()) {
            throw CommandArguments.wrongType("create.pipeline", pipeline, ArgumentType.ARRAY);
        }
        ReadCommands.requireStages(pipeline.asArray());
        if (context.documents().exists(db, name)) {
            throw new MongoCommandException(
                    ErrorCode.NAMESPACE_EXISTS, "Collection already exists. NS: " + db + "." + name);
        }
        context.catalog().createDatabase(db, null);
        context.views().define(new ViewCatalog.View(db, name, viewOn.asString().getValue(), pipeline.asArray()));
        mirrorSystemViews(db);
        return Replies.ok();
    }

    /**
     * {@code collMod}: a view's definition, a validator and its level and action, a cap, an index's TTL or
     * visibility ({@link IndexOptionChange}, checked before anything changes); the rest is the store's.
     */
    BsonDocument collMod(CommandRequest request) {
        String db = request.database();
        BsonDocument body = request.body();
        String name = body.get(body.getFirstKey()).isString()
                ? body.getString(body.getFirstKey()).getValue()
                : "";
        Optional<ViewCatalog.View> view = context.views().view(db, name);
        if (!context.version().atLeast(5, 0)) {
            if (view.isEmpty() && !context.documents().exists(db, name)) {
                throw new MongoCommandException(ErrorCode.NAMESPACE_NOT_FOUND, "ns does not exist");
            }
            requireKnownToFourFour(body, view.isPresent());
        } else if (body.get("index") instanceof BsonDocument index) {
            requireDeclaredIndexFields(index);
        }
        if (view.isPresent()) {
            BsonValue viewOn = body.get("viewOn");
            BsonValue pipeline = body.get("pipeline");
            if (viewOn == null || pipeline == null) {
                throw new MongoCommandException(
                        ErrorCode.INVALID_OPTIONS, "must specify both 'viewOn' and 'pipeline' when modifying a view");
            }
            if (!viewOn.isString() || !pipeline.isArray()) {
                throw new MongoCommandException(
                        ErrorCode.TYPE_MISMATCH, "'viewOn' must be a string and 'pipeline' an array");
            }
            context.views()
                    .define(new ViewCatalog.View(
                            db, name, viewOn.asString().getValue(), ReadCommands.requireStages(pipeline.asArray())));
            mirrorSystemViews(db);
            return collModReply(db + "." + name, new BsonDocument());
        }
        if (!context.documents().exists(db, name)) {
            throw new MongoCommandException(ErrorCode.NAMESPACE_NOT_FOUND, "ns does not exist: " + db + "." + name);
        }
        requireNoViewOption(body);
        CollectionCreateOptions.Options before = context.createOptions().of(db, name);
        Optional<IndexOptionChange> indexChange = body.get("index") instanceof BsonDocument index
                ? Optional.of(IndexOptionChange.of(
                        index,
                        new IndexOptionChange.Collection(
                                db + "." + name,
                                before.capped(),
                                context.documents().indexes(db, name)),
                        context.version(),
                        context.wallClockMillis().getAsLong()))
                : Optional.empty();
        CollectionCreateOptions.Options after = options(before, body, true);
        if (!after.equals(before)) {
            context.createOptions().set(db, name, after);
            if (after.capped()) {
                context.capped().afterInsert(db, name);
            }
        }
        BsonDocument reply = new BsonDocument();
        indexChange.ifPresent(change -> {
            if (!change.changesNothing()) {
                context.storage()
                        .changeIndexDescription(db, name, change.indexName(), change.removed(), change.appended());
                context.shardCatalog()
                        .indexDescriptionChanged(
                                db + "." + name, change.indexName(), change.removed(), change.appended());
            }
            reply.putAll(change.reply());
        });
        return collModReply(db + "." + name, reply);
    }

    /**
     * The mongos' reply to a collMod the shards carried out with {@code shardReply}, gathered under {@code raw} keyed
     * by each shard's connection string. Before 6.0 the mongos sends collMod to the shards its routing table names
     * (every shard owning chunks of a sharded collection, else the one the collection lives on), and the reply is
     * {@code raw} and {@code ok} only: mongo {@code src/mongo/s/commands/cluster_collection_mod_cmd.cpp} of 5.x
     * ({@code scatterGatherVersionedTargetByRoutingTable}, {@code appendRawResponses}), as the 3.x–4.x
     * {@code AllShardsCollectionCommand} of {@code commands_public.cpp} did. From 6.0 the primary shard's
     * {@code CollModCoordinator} answers ({@code src/mongo/db/s/collmod_coordinator.cpp}): for a sharded collection
     * the participants' replies under {@code raw} (the primary shard's first), for any other its own fields at the
     * top and again, without {@code ok}, under {@code raw} for the primary shard. The jstests read it so:
     * {@code collmod_convert_to_unique.js} "Check the first shard's result from mongos".
     */
    private BsonDocument collModReply(String namespace, BsonDocument shardReply) {
        boolean sharded = context.catalog().collection(namespace).isPresent();
        if (context.version().atLeast(6, 0) && !sharded) {
            String primary = shardsHolding(namespace).get(0);
            BsonDocument reply = shardReply.clone();
            reply.append("raw", new BsonDocument(primary + "/" + primary + ".shardlab:27018", shardReply.clone()));
            return Replies.ok(reply);
        }
        BsonDocument raw = new BsonDocument();
        for (String shard : shardsHolding(namespace)) {
            raw.append(shard + "/" + shard + ".shardlab:27018", Replies.ok(shardReply.clone()));
        }
        return Replies.ok(new BsonDocument("raw", raw));
    }

    /**
     * The shards owning chunks of a sharded {@code namespace}, the database's primary shard first from 6.0 (its
     * coordinator asks it first), the others in id order; else the shard the collection lives on (the first shard
     * when the catalog has no entry for its database, as {@link ExplainCommand} reads it).
     */
    private List<String> shardsHolding(String namespace) {
        Optional<ShardedCatalog.CollectionEntry> sharded = context.catalog().collection(namespace);
        if (sharded.isPresent()) {
            List<String> owning = new ArrayList<>(
                    sharded.get().cluster().snapshot().cluster().chunks().owningShards());
            Optional<String> primary = context.catalog()
                    .database(namespace.substring(0, namespace.indexOf('.')))
                    .map(d -> d.primaryShard());
            if (context.version().atLeast(6, 0) && primary.isPresent() && owning.remove(primary.get())) {
                owning.add(0, primary.get());
            }
            return owning;
        }
        return context.catalog()
                .shardOfUnsharded(namespace)
                .or(() -> context.catalog().shardIds().stream().findFirst())
                .map(List::of)
                .orElse(List.of());
    }

    /**
     * {@code viewOn} or {@code pipeline} on a collection, not a view: InvalidOptions. Before 7.0 the shard's parser
     * reads the fields in the command's order, "'pipeline' option only supported on a view" (mongo
     * {@code coll_mod.cpp} of the 4.4 and 5.x lines; 4.4's is {@link #requireKnownToFourFour}'s); from 7.0 it reads
     * {@code pipeline} before {@code viewOn}, "option only supported on a view: pipeline"
     * ({@code getOnlySupportedOnViewError}). Was accepted and ignored.
     */
    private void requireNoViewOption(BsonDocument command) {
        List<String> given = command.keySet().stream()
                .filter(f -> f.equals("pipeline") || f.equals("viewOn"))
                .toList();
        if (given.isEmpty()) {
            return;
        }
        if (context.version().atLeast(7, 0)) {
            String first = given.contains("pipeline") ? "pipeline" : "viewOn";
            throw new MongoCommandException(ErrorCode.INVALID_OPTIONS, "option only supported on a view: " + first);
        }
        throw new MongoCommandException(
                ErrorCode.INVALID_OPTIONS, "'" + given.get(0) + "' option only supported on a view");
    }

    /**
     * From 5.0 the {@code index} of collMod is the strict struct {@code CollModIndex} (mongo
     * {@code src/mongo/db/coll_mod.idl}): a field it does not declare is IDLUnknownField "BSON field
     * 'collMod.index.F' is an unknown field." (test {@code jstests/core/ddl/collMod_index_invalid_option.js}), a value of
     * another type TypeMismatch ({@code idl_parser.cpp}). Declared: {@code name} (string), {@code keyPattern}
     * (object), {@code expireAfterSeconds} ({@code safeInt}), {@code hidden} and {@code unique} ({@code safeBool})
     * of the stored file,
     * and {@code prepareUnique}, {@code forceNonUnique} of later releases (taken on every release from 5.0, as
     * {@link #COLL_MOD}'s fields are).
     */
    private static void requireDeclaredIndexFields(BsonDocument index) {
        Map<String, ArgumentType> declared = Map.of(
                "name", ArgumentType.STRING,
                "keyPattern", ArgumentType.OBJECT,
                "expireAfterSeconds", ArgumentType.NUMBER,
                "hidden", ArgumentType.SAFE_BOOL,
                "unique", ArgumentType.SAFE_BOOL,
                "prepareUnique", ArgumentType.SAFE_BOOL,
                "forceNonUnique", ArgumentType.SAFE_BOOL);
        for (Map.Entry<String, BsonValue> field : index.entrySet()) {
            ArgumentType type = declared.get(field.getKey());
            if (type == null) {
                throw new MongoCommandException(
                        ErrorCode.IDL_UNKNOWN_FIELD,
                        "BSON field 'collMod.index." + field.getKey() + "' is an unknown field.");
            }
            if (!type.accepts(field.getValue())) {
                throw CommandArguments.wrongType("collMod.index." + field.getKey(), field.getValue(), type);
            }
        }
    }

    /**
     * 4.4's shard parser of collMod (mongo {@code src/mongo/db/catalog/coll_mod.cpp} 4.4, {@code parseCollModRequest}):
     * the generic arguments skipped; on a collection {@code index}, {@code validator}, {@code validationLevel},
     * {@code validationAction} and {@code recordPreImages}; {@code pipeline} and {@code viewOn} on a collection
     * "'pipeline' option only supported on a view"; any other field "unknown option to collMod: F", on a view "option
     * not supported on a view: F". Each refusal InvalidOptions, the fields read in the command's order.
     */
    private static void requireKnownToFourFour(BsonDocument command, boolean isView) {
        boolean first = true;
        for (String field : command.keySet()) {
            if (first) {
                first = false;
                continue;
            }
            if (CommandArguments.GENERIC.contains(field)) {
                continue;
            }
            boolean collectionOption = Set.of(
                            "index", "validator", "validationLevel", "validationAction", "recordPreImages")
                    .contains(field);
            boolean viewOption = field.equals("pipeline") || field.equals("viewOn");
            if (viewOption && !isView) {
                throw new MongoCommandException(
                        ErrorCode.INVALID_OPTIONS, "'" + field + "' option only supported on a view");
            }
            if (isView && !viewOption) {
                throw new MongoCommandException(ErrorCode.INVALID_OPTIONS, "option not supported on a view: " + field);
            }
            if (!collectionOption && !viewOption) {
                throw new MongoCommandException(ErrorCode.INVALID_OPTIONS, "unknown option to collMod: " + field);
            }
        }
    }

    /**
     * {@code base} with the validation and cap options {@code command} gives ({@code collMod} names the cap
     * {@code cappedSize} and {@code cappedMax}).
     */
    private CollectionCreateOptions.Options options(
            CollectionCreateOptions.Options base, BsonDocument command, boolean collMod) {
        CollectionCreateOptions.Options out = base;
        BsonDocument validator = base.validator();
        String level = base.validationLevel();
        String action = base.validationAction();
        if (command.containsKey("validator")) {
            BsonValue v = command.get("validator");
            if (!v.isDocument()) {
                throw CommandArguments.wrongType(command.getFirstKey() + ".validator", v, ArgumentType.OBJECT);
            }
            validator = v.asDocument().isEmpty() ? null : v.asDocument();
            if (validator != null) {
                context.validation().requireApplicable(validator);
            }
        }
        if (command.containsKey("validationLevel")) {
            level = enumerated(command, "validationLevel", LEVELS);
        }
        if (command.containsKey("validationAction")) {
            action = enumerated(command, "validationAction", ACTIONS);
        }
        out = out.withValidation(validator, level, action);
        if (!collMod && command.getBoolean("capped", BsonBoolean.FALSE).getValue()) {
            BsonValue size = command.get("size");
            if (!(size instanceof BsonNumber n) || n.longValue() <= 0) {
                throw new MongoCommandException(
                        ErrorCode.INVALID_OPTIONS, "the 'size' field is required when 'capped' is true");
            }
            BsonValue max = command.get("max");
            long maxDocs = max instanceof BsonNumber m && m.longValue() > 0 ? m.longValue() : 0;
            out = out.withCap(CappedCollections.roundedSize(n.longValue()), maxDocs);
        }
        if (collMod && (command.containsKey("cappedSize") || command.containsKey("cappedMax"))) {
            if (!base.capped()) {
                throw new MongoCommandException(
                        ErrorCode.INVALID_OPTIONS, "Unable to set cappedSize/cappedMax on a uncapped collection");
            }
            long size = command.get("cappedSize") instanceof BsonNumber n ? n.longValue() : base.cappedSize();
            long max = command.get("cappedMax") instanceof BsonNumber m ? m.longValue() : base.cappedMax();
            out = out.withCap(size, Math.max(0, max));
        }
        return out;
    }

    /** An IDL enum field's value ({@code idl_parser.cpp}: BadValue for a value the enum does not name). */
    private static String enumerated(BsonDocument command, String field, Set<String> allowed) {
        BsonValue v = command.get(field);
        if (!v.isString()) {
            throw CommandArguments.wrongType(command.getFirstKey() + "." + field, v, ArgumentType.STRING);
        }
        if (!allowed.contains(v.asString().getValue())) {
            throw new MongoCommandException(
                    ErrorCode.BAD_VALUE,
                    "Enumeration value '" + v.asString().getValue() + "' for field '" + command.getFirstKey() + "."
                            + field + "' is not a valid value.");
        }
        return v.asString().getValue();
    }

    /**
     * {@code renameCollection} (on {@code admin}, {@code {renameCollection: "db.a", to: "db.b"}}): the store renames
     * the collection; its validator and cap, and what the shards' catalog keeps, go with it (mongo
     * {@code src/mongo/db/catalog/rename_collection.cpp} keeps the collection's options).
     */
    BsonDocument renameCollection(CommandRequest request) {
        if (!context.version().atLeast(5, 0)) {
            // 4.4 mongos (cluster_rename_collection_cmd.cpp, a PublicGridCommand): each name a string, InvalidNamespace
            for (String field : List.of("renameCollection", "to")) {
                BsonValue name = request.body().get(field);
                if (name == null || !name.isString()) {
                    throw new MongoCommandException(
                            ErrorCode.INVALID_NAMESPACE, "'" + field + "' must be of type String");
                }
            }
            refuseShardedRename44(
                    request.body().getString("renameCollection").getValue(),
                    request.body().getString("to").getValue());
        }
        BsonDocument reply = context.storage().run(request.database(), request.body());
        BsonValue from = request.body().get("renameCollection");
        BsonValue to = request.body().get("to");
        if (Replies.isOk(reply) && from != null && from.isString() && to != null && to.isString()) {
            String source = from.asString().getValue();
            String target = to.asString().getValue();
            context.shardCatalog().renamed(source, target);
            moveKeptOptions(source, target);
        }
        return reply;
    }

    /**
     * Before 5.0 a mongos renames only unsharded collections within one primary shard (mongo {@code
     * src/mongo/s/commands/cluster_rename_collection_cmd.cpp}): 13138 "You can't rename a sharded collection", 13139
     * "You can't rename to a sharded collection", 13137 "Source and destination collections must be on same shard"
     * (checked here where both databases exist). From 5.0 a sharded collection may be renamed.
     */
    private void refuseShardedRename44(String source, String target) {
        if (context.catalog().collection(source).isPresent()) {
            throw new MongoCommandException(ErrorCode.RENAME_SHARDED_SOURCE, "You can't rename a sharded collection");
        }
        if (context.catalog().collection(target).isPresent()) {
            throw new MongoCommandException(
                    ErrorCode.RENAME_SHARDED_TARGET, "You can't rename to a sharded collection");
        }
        Optional<String> fromPrimary = primaryOf(source);
        Optional<String> toPrimary = primaryOf(target);
        if (fromPrimary.isPresent() && toPrimary.isPresent() && !fromPrimary.equals(toPrimary)) {
            throw new MongoCommandException(
                    ErrorCode.RENAME_ACROSS_PRIMARIES, "Source and destination collections must be on same shard");
        }
    }

    private Optional<String> primaryOf(String namespace) {
        int dot = namespace.indexOf('.');
        return dot < 0
                ? Optional.empty()
                : context.catalog().database(namespace.substring(0, dot)).map(d -> d.primaryShard());
    }

    private void moveKeptOptions(String fromNamespace, String toNamespace) {
        int fromDot = fromNamespace.indexOf('.');
        int toDot = toNamespace.indexOf('.');
        if (fromDot < 0 || toDot < 0) {
            return;
        }
        String fromDb = fromNamespace.substring(0, fromDot);
        String fromColl = fromNamespace.substring(fromDot + 1);
        String toDb = toNamespace.substring(0, toDot);
        String toColl = toNamespace.substring(toDot + 1);
        context.createOptions().forget(toDb, toColl); // dropTarget: the replaced collection's options go
        context.createOptions()
                .kept(fromDb, fromColl)
                .ifPresent(o -> context.createOptions().set(toDb, toColl, o));
        context.createOptions().forget(fromDb, fromColl);
    }

    /** A command on a view, answered here (a read resolved, a write refused), or empty for the usual handler. */
    Optional<BsonDocument> onView(CommandRequest request) {
        return views.answer(request);
    }

    /** After {@code drop} or {@code dropDatabase}: the definitions of what was dropped go too. */
    void forget(CommandRequest request) {
        String db = request.database();
        if ("dropDatabase".equals(request.name())) {
            context.views().forgetDatabase(db);
            context.createOptions().forgetDatabase(db);
            return;
        }
        BsonValue target = request.body().get(request.body().getFirstKey());
        if (target != null && target.isString()) {
            context.createOptions().forget(db, target.asString().getValue());
        }
    }

    /**
     * {@code listCollections}' entries with what the store does not know: each kept collection's options, and an
     * entry per view ({@code type: "view"}, {@code options: {viewOn, pipeline}}, {@code info: {readOnly: true}}).
     */
    static List<BsonDocument> listed(CommandContext context, String db, List<BsonDocument> stored) {
        List<BsonDocument> out = new ArrayList<>();
        for (BsonDocument entry : stored) {
            String name = entry.getString("name", new BsonString("")).getValue();
            Optional<CollectionCreateOptions.Options> kept =
                    context.createOptions().kept(db, name);
            if (kept.isEmpty()) {
                out.add(entry);
                continue;
            }
            BsonDocument withOptions = entry.clone();
            BsonDocument options =
                    entry.getDocument("options", new BsonDocument()).clone();
            kept.get().shown().forEach(options::put);
            withOptions.put("options", options);
            out.add(withOptions);
        }
        for (ViewCatalog.View v : context.views().in(db)) {
            out.add(new BsonDocument("name", new BsonString(v.name()))
                    .append("type", new BsonString("view"))
                    .append(
                            "options",
                            new BsonDocument("viewOn", new BsonString(v.viewOn())).append("pipeline", v.pipeline()))
                    .append("info", new BsonDocument("readOnly", BsonBoolean.TRUE)));
        }
        return out;
    }

    /** {@code <db>.system.views} as mongod keeps it, so that a client reading it sees the views. */
    private void mirrorSystemViews(String db) {
        List<BsonDocument> documents = new ArrayList<>();
        context.views().in(db).forEach(v -> documents.add(v.systemViewsDocument()));
        context.storage().replace(db, "system.views", documents);
    }
}
