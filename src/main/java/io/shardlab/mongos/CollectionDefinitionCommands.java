package io.shardlab.mongos;

import io.shardlab.bson.BsonPrinter;
import io.shardlab.mongos.CommandSyntax.FirstField;
import java.util.Optional;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonNumber;
import org.bson.BsonValue;

/**
 * The commands that define a collection rather than its documents: {@code create}, {@code createIndexes},
 * {@code dropIndexes} and {@code renameCollection}. The document store runs them; what it does not keep (collation,
 * partial and sparse index options) the {@link ShardLocalCatalog} records once the store accepted the command, and a
 * sharded collection refuses a unique index its shard key cannot keep unique.
 */
final class CollectionDefinitionCommands {

    /** mongo {@code src/mongo/db/commands/create.idl}: the collection is a string ({@code concatenate_with_db}). */
    static final CommandSyntax CREATE =
            CommandSyntax.idl("create", FirstField.COLLECTION, "src/mongo/db/commands/create.idl");

    /** mongo {@code src/mongo/db/drop_indexes.idl}: the collection is a string ({@code concatenate_with_db}). */
    static final CommandSyntax DROP_INDEXES =
            CommandSyntax.idl("dropIndexes", FirstField.COLLECTION, "src/mongo/db/drop_indexes.idl");

    private final CommandContext context;

    CollectionDefinitionCommands(CommandContext context) {
        this.context = context;
    }

    /**
     * {@code create}: a capped collection is refused (ShardLab's document store has no capped collection, and the
     * simulator no size-bounded one).
     */
    BsonDocument create(CommandRequest request) {
        BsonValue capped = request.body().get("capped");
        if (capped != null
                && (capped.isBoolean()
                        ? capped.asBoolean().getValue()
                        : capped.isNumber() && capped.asNumber().doubleValue() != 0)) {
            throw new MongoCommandException(
                    ErrorCode.COMMAND_NOT_SUPPORTED,
                    "ShardLab does not simulate capped collections on MongoDB " + context.version() + " yet");
        }
        BsonDocument reply = context.storage().run(request.database(), request.body());
        if (isOk(reply)) {
            context.shardCatalog().created(namespace(request), request.body());
        }
        return reply;
    }

    /**
     * {@code createIndexes}: on a sharded collection a unique index must start with the shard key's fields (an
     * {@code _id} index excepted), else CannotCreateIndex (mongo {@code src/mongo/db/commands/create_indexes_cmd.cpp},
     * {@code ShardKeyPattern::isUniqueIndexCompatible}; test {@code jstests/sharding/unique_index_on_shardservers.js}).
     * {@code build} builds what is new ({@link IndexCommands}); the shards' catalog records each index.
     */
    BsonDocument createIndexes(CommandRequest request, IndexCommands build) {
        String ns = namespace(request);
        BsonValue indexes = request.body().get("indexes");
        Optional<ShardedCatalog.CollectionEntry> sharded = context.catalog().collection(ns);
        if (sharded.isPresent() && indexes instanceof BsonArray specs) {
            BsonDocument shardKey = sharded.get().cluster().shardKey().toDocument();
            for (BsonValue spec : specs) {
                if (spec instanceof BsonDocument s
                        && s.get("key") instanceof BsonDocument key
                        && isTrue(s.get("unique"))
                        && !ShardKeyIndexRules.uniquenessCompatible(shardKey, key)) {
                    throw new MongoCommandException(
                            ErrorCode.CANNOT_CREATE_INDEX,
                            "cannot create unique index over " + BsonPrinter.serverString(key)
                                    + " with shard key pattern " + BsonPrinter.serverString(shardKey));
                }
            }
        }
        BsonDocument reply = build.createIndexes(request);
        if (isOk(reply) && indexes instanceof BsonArray specs) {
            for (BsonValue spec : specs) {
                if (spec instanceof BsonDocument s && s.get("key") instanceof BsonDocument && s.isString("name")) {
                    context.shardCatalog().indexCreated(ns, s);
                }
            }
        }
        return reply;
    }

    /** {@code dropIndexes} of an index by name, by key, of several names, or of all ({@code "*"}). */
    BsonDocument dropIndexes(CommandRequest request) {
        BsonDocument reply = context.storage().run(request.database(), request.body());
        if (!isOk(reply)) {
            return reply;
        }
        String ns = namespace(request);
        BsonValue index = request.body().get("index");
        if (index instanceof BsonDocument key) {
            context.shardCatalog().indexDropped(ns, key);
        } else if (index instanceof BsonArray names) {
            names.stream()
                    .filter(BsonValue::isString)
                    .forEach(n ->
                            context.shardCatalog().indexDropped(ns, n.asString().getValue()));
        } else if (index != null && index.isString()) {
            context.shardCatalog().indexDropped(ns, index.asString().getValue());
        }
        return reply;
    }

    /** {@code renameCollection} (on {@code admin}, {@code {renameCollection: "db.a", to: "db.b"}}). */
    BsonDocument renameCollection(CommandRequest request) {
        BsonDocument reply = context.storage().run(request.database(), request.body());
        BsonValue from = request.body().get("renameCollection");
        BsonValue to = request.body().get("to");
        if (isOk(reply) && from != null && from.isString() && to != null && to.isString()) {
            context.shardCatalog()
                    .renamed(from.asString().getValue(), to.asString().getValue());
        }
        return reply;
    }

    private static String namespace(CommandRequest request) {
        BsonValue first = request.body().get(request.body().getFirstKey());
        return request.database() + "." + (first.isString() ? first.asString().getValue() : "");
    }

    static boolean isOk(BsonDocument reply) {
        return reply.get("ok") instanceof BsonNumber n && n.doubleValue() == 1.0;
    }

    private static boolean isTrue(BsonValue v) {
        return v != null
                && (v.isBoolean()
                        ? v.asBoolean().getValue()
                        : v.isNumber() && v.asNumber().doubleValue() != 0);
    }
}
