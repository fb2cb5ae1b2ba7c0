package io.shardlab.mongos;

import static io.shardlab.mongos.Argument.optional;
import static io.shardlab.mongos.Argument.required;

import io.shardlab.mongos.CommandSyntax.FirstField;
import io.shardlab.routing.FilterParser.BsonTypeNames;
import io.shardlab.sim.AddShardToZone;
import io.shardlab.sim.CommandFailedException;
import io.shardlab.sim.RemoveShardFromZone;
import io.shardlab.sim.UpdateZoneKeyRange;
import java.util.Locale;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonInt64;
import org.bson.BsonString;
import org.bson.BsonValue;

/**
 * The commands that change the shard list and the zones: {@code addShard}, {@code removeShard},
 * {@code listShards}, {@code addShardToZone}, {@code removeShardFromZone} and {@code updateZoneKeyRange}. Their
 * requests are hand-written types read with {@code bsonExtractTypedField} (mongo
 * {@code src/mongo/s/request_types/*_request_type.cpp}).
 */
final class ShardAndZoneCommands {

    /** mongo {@code src/mongo/s/request_types/add_shard_request_type.cpp}: the connection string and an optional {@code name}. */
    static final CommandSyntax ADD_SHARD = CommandSyntax.bsonExtract(
            "addShard",
            FirstField.EXTRACTED_STRING,
            "src/mongo/s/request_types/add_shard_request_type.cpp",
            optional("name", ArgumentType.STRING));

    /** {@code removeShard}: the shard's id (mongo {@code src/mongo/s/request_types/remove_shard.idl}). */
    static final CommandSyntax REMOVE_SHARD =
            CommandSyntax.idl("removeShard", FirstField.STRING, "src/mongo/s/request_types/remove_shard.idl");

    /** mongo {@code src/mongo/s/request_types/add_shard_to_zone_request_type.cpp}: the shard and the {@code zone}. */
    static final CommandSyntax ADD_SHARD_TO_ZONE = CommandSyntax.bsonExtract(
            "addShardToZone",
            FirstField.EXTRACTED_STRING,
            "src/mongo/s/request_types/add_shard_to_zone_request_type.cpp",
            required("zone", ArgumentType.STRING));

    /** mongo {@code src/mongo/s/request_types/remove_shard_from_zone_request_type.cpp}: the shard and the {@code zone}. */
    static final CommandSyntax REMOVE_SHARD_FROM_ZONE = CommandSyntax.bsonExtract(
            "removeShardFromZone",
            FirstField.EXTRACTED_STRING,
            "src/mongo/s/request_types/remove_shard_from_zone_request_type.cpp",
            required("zone", ArgumentType.STRING));

    /**
     * mongo {@code src/mongo/s/request_types/update_zone_key_range_request_type.cpp}: the namespace, {@code min}
     * and {@code max} ({@code ChunkRange::fromBSON}, checked below with its words) and {@code zone}, a string or
     * null.
     */
    static final CommandSyntax UPDATE_ZONE_KEY_RANGE = CommandSyntax.bsonExtract(
            "updateZoneKeyRange",
            FirstField.EXTRACTED_STRING,
            "src/mongo/s/request_types/update_zone_key_range_request_type.cpp",
            optional("min", ArgumentType.ANY),
            optional("max", ArgumentType.ANY),
            optional("zone", ArgumentType.ANY));

    private final CommandContext context;

    ShardAndZoneCommands(CommandContext context) {
        this.context = context;
    }

    /** {@code addShard}: the shard's id is {@code name}, else the replica set's name, else {@code shardNNNN}. */
    BsonDocument addShard(CommandRequest request) {
        String host = request.arguments().firstString();
        String name = request.arguments().string("name");
        String id = name != null
                ? name
                : host.contains("/")
                        ? host.substring(0, host.indexOf('/'))
                        : String.format(
                                Locale.ROOT,
                                "shard%04d",
                                context.catalog().shardIds().size());
        context.catalog().addShard(id);
        return Replies.ok(new BsonDocument("shardAdded", new BsonString(id)));
    }

    /**
     * {@code removeShard}, answered as mongos words it (mongo {@code src/mongo/s/commands/cluster_remove_shard_cmd.cpp}):
     * {@code state} started / ongoing (with {@code remaining}) / completed. Before 8.0 (mongo
     * {@code configsvr_remove_shard_command.cpp}): {@code remaining: {chunks, dbs, jumboChunks}}, and the databases
     * whose primary the shard is in {@code dbsToMove} (the shard stays ongoing until {@code movePrimary} moves them).
     * From 8.0 the unsharded collections living on the shard also keep it ongoing: {@code remaining} gains
     * {@code collectionsToMove}, the reply lists them in {@code collectionsToMove} after {@code dbsToMove}, and the note
     * says to move them first (MongoDB manual, {@code reference/command/removeShard.txt}'s 8.0 replies, field order
     * as they show; the note only when something is listed, as {@code appendDBAndCollDrainingInfo} in
     * {@code sharding_catalog_manager_shard_operations.cpp} writes it).
     */
    BsonDocument removeShard(CommandRequest request) {
        return removeShard(request.arguments().firstString());
    }

    /**
     * {@code transitionToDedicatedConfigServer} (8.0+): the config shard's removal, answered as {@code removeShard}
     * answers it (mongo {@code configsvr_transition_to_dedicated_config_server_command.cpp}: {@code removeShard} of
     * the config server's shard id, then {@code appendShardDrainingStatus}); a cluster whose config server holds no
     * data has no shard {@code "config"} to remove, refused as an unknown shard is.
     */
    BsonDocument transitionToDedicatedConfigServer(CommandRequest request) {
        return removeShard(ShardedCatalog.CONFIG_SHARD_ID);
    }

    /**
     * {@code transitionFromDedicatedConfigServer} (8.0+): the config server becomes a shard too, with the id
     * {@code "config"} (mongo {@code configsvr_transition_from_dedicated_config_server_command.cpp} adds it as a shard;
     * {@code ShardId::kConfigServerId}); already one, nothing changes. {@code sh.isConfigShardEnabled()} then finds it
     * in {@code listShards}.
     */
    BsonDocument transitionFromDedicatedConfigServer(CommandRequest request) {
        if (!context.catalog().shardIds().contains(ShardedCatalog.CONFIG_SHARD_ID)) {
            context.catalog().addShard(ShardedCatalog.CONFIG_SHARD_ID);
        }
        return Replies.ok();
    }

    private BsonDocument removeShard(String id) {
        RemoveShardProgress p = context.catalog().removeShard(id, context.documents()::collectionNames);
        boolean tracksCollections = context.version().atLeast(8, 0);
        BsonDocument r;
        switch (p.state()) {
            case STARTED:
                r = new BsonDocument("msg", new BsonString("draining started successfully"))
                        .append("state", new BsonString("started"))
                        .append("shard", new BsonString(id));
                break;
            case ONGOING:
                BsonDocument remaining = new BsonDocument("chunks", new BsonInt64(p.chunks()))
                        .append("dbs", new BsonInt64(p.dbsToMove().size()))
                        .append("jumboChunks", new BsonInt64(p.jumboChunks()));
                if (tracksCollections) {
                    remaining.append(
                            "collectionsToMove",
                            new BsonInt64(p.collectionsToMove().size()));
                }
                r = new BsonDocument("msg", new BsonString("draining ongoing"))
                        .append("state", new BsonString("ongoing"))
                        .append("remaining", remaining);
                break;
            default:
                return Replies.ok(new BsonDocument("msg", new BsonString("removeshard completed successfully"))
                        .append("state", new BsonString("completed"))
                        .append("shard", new BsonString(id)));
        }
        if (!tracksCollections) {
            if (!p.dbsToMove().isEmpty()) {
                r.append("note", new BsonString("you need to drop or movePrimary these databases"));
            }
            return Replies.ok(r.append("dbsToMove", Replies.strings(p.dbsToMove())));
        }
        return Replies.okWithWhatIsLeftToMove(r, p.dbsToMove(), p.collectionsToMove());
    }

    /** {@code listShards}: the {@code config.shards} documents. */
    BsonDocument listShards(CommandRequest request) {
        return Replies.ok(new BsonDocument(
                "shards", new BsonArray(context.configDatabase().shards())));
    }

    /** {@code addShardToZone}, on every collection's cluster and those sharded later. */
    BsonDocument addShardToZone(CommandRequest request) {
        CommandArguments args = request.arguments();
        context.catalog().executeOnShards(new AddShardToZone(args.firstString(), args.string("zone")));
        return Replies.ok();
    }

    /** {@code removeShardFromZone}, on every collection's cluster. */
    BsonDocument removeShardFromZone(CommandRequest request) {
        CommandArguments args = request.arguments();
        context.catalog().executeOnShards(new RemoveShardFromZone(args.firstString(), args.string("zone")));
        return Replies.ok();
    }

    /**
     * {@code updateZoneKeyRange}: {@code zone: null} removes the range with exactly these bounds, and none is a
     * no-op (mongo {@code sharding_catalog_manager_zone_operations.cpp removeKeyRangeFromZone}).
     */
    BsonDocument updateZoneKeyRange(CommandRequest request) {
        CommandArguments args = request.arguments();
        String ns = args.firstString();
        int dot = ns.indexOf('.');
        if (dot <= 0 || dot == ns.length() - 1) {
            // update_zone_key_range_request_type.cpp _parseFromCommand: !NamespaceString(rawNS).isValid()
            throw new MongoCommandException(ErrorCode.INVALID_NAMESPACE, ns + " is not a valid namespace");
        }
        BsonDocument min = rangeBound(args.value("min"), "min");
        BsonDocument max = rangeBound(args.value("max"), "max");
        BsonValue zone = args.value("zone");
        if (zone == null) {
            throw new MongoCommandException(ErrorCode.NO_SUCH_KEY, "Missing expected field \"zone\"");
        }
        if (!zone.isString() && !zone.isNull()) {
            // update_zone_key_range_request_type.cpp
            throw new MongoCommandException(
                    ErrorCode.TYPE_MISMATCH,
                    "\"zone\" had the wrong type. Expected string or null, found " + BsonTypeNames.of(zone));
        }
        try {
            context.catalog()
                    .updateZoneKeyRange(new UpdateZoneKeyRange(
                            args.firstString(),
                            min,
                            max,
                            zone.isNull() ? null : zone.asString().getValue()));
        } catch (CommandFailedException e) {
            // the same range of the same zone is there already: a no-op (mongo
            // sharding_catalog_manager_assign_key_range_to_zone_test.cpp, NewRangeEquivalentToExistingOneShouldBeNoOp)
            if (!e.alreadyDone()) {
                throw e;
            }
        }
        return Replies.ok();
    }

    /**
     * One bound as {@code ChunkRange::fromBSON} reads it (mongo {@code src/mongo/s/catalog/type_chunk.cpp},
     * {@code extractObject}): a document, else the extractor's refusal in the context "The field 'min' cannot be
     * parsed".
     */
    private static BsonDocument rangeBound(BsonValue value, String field) {
        if (value == null) {
            throw new MongoCommandException(
                    ErrorCode.NO_SUCH_KEY,
                    "The field '" + field + "' cannot be parsed :: caused by :: Missing expected field \"" + field
                            + "\"");
        }
        if (!value.isDocument()) {
            throw new MongoCommandException(
                    ErrorCode.TYPE_MISMATCH,
                    "The field '" + field + "' cannot be parsed :: caused by :: \"" + field
                            + "\" had the wrong type. Expected object, found " + BsonTypeNames.of(value));
        }
        return value.asDocument();
    }
}
