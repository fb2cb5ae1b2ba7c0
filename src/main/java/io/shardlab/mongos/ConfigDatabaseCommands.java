package io.shardlab.mongos;

import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/**
 * The {@code config} database, rebuilt from the catalog ({@link ConfigDatabase}) before it is read, and
 * read-only apart from the writes the manual and mongosh's helpers send to {@code config.settings} and
 * {@code config.collections} ({@link ConfigDatabaseWrites}), which change the simulated cluster.
 */
final class ConfigDatabaseCommands {

    private final CommandContext context;

    ConfigDatabaseCommands(CommandContext context) {
        this.context = context;
    }

    /**
     * {@code checkMetadataConsistency} (7.0+; mongo {@code src/mongo/s/commands/cluster_check_metadata_consistency_cmd.cpp}):
     * a cursor over the inconsistencies found, at cluster level on {@code admin} ({@code 1}), database level
     * ({@code 1} elsewhere) or collection level (a collection name), its namespace {@code db.$cmd.aggregate} or the
     * collection's. The simulated metadata is consistent by construction (one catalog writes config.collections,
     * config.chunks and the shards' metadata together), so the batch is empty.
     *
     * @throws MongoCommandException InvalidNamespace for a collection name on {@code admin}, in MongoDB's words
     */
    BsonDocument checkMetadataConsistency(CommandRequest request) {
        BsonValue target = request.body().get(request.body().getFirstKey());
        String db = request.database();
        boolean collectionLevel = target.isString();
        if (collectionLevel && "admin".equals(db)) {
            throw new MongoCommandException(
                    ErrorCode.INVALID_NAMESPACE,
                    "checkMetadataConsistency command on admin database can only be run without collection name."
                            + " Found unexpected collection name: "
                            + target.asString().getValue());
        }
        String ns = collectionLevel ? db + "." + target.asString().getValue() : db + ".$cmd.aggregate";
        return Replies.cursor(ns, new BsonArray());
    }

    /**
     * A command run on {@code config}: the settings and balancing writes the manual and mongosh's helpers send
     * applied ({@link ConfigDatabaseWrites}), any other write refused, a read answered over the config database as
     * the catalog now describes it.
     *
     * @param writes whether the command changes documents (the command table's access)
     */
    BsonDocument run(CommandRequest request, boolean writes) {
        if (writes && ConfigDatabaseWrites.handles(request)) {
            return new ConfigDatabaseWrites(context).run(request);
        }
        if (writes) {
            // CommandNotSupported rather than IllegalOperation: drivers read IllegalOperation on a retryable
            // write as a deployment without retryable writes and replace the message with their own
            throw new MongoCommandException(
                    ErrorCode.COMMAND_NOT_SUPPORTED,
                    "ShardLab serves the config database read-only apart from the config.settings and"
                            + " config.collections writes the manual and mongosh's helpers send: change the simulated"
                            + " cluster with the sharding commands (sh.*) instead");
        }
        if (!"getMore".equals(request.name()) && !"killCursors".equals(request.name())) {
            context.refreshConfigDatabase();
        }
        return context.storage().run("config", request.body());
    }
}
