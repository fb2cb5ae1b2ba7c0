package io.shardlab.mongos;

import org.bson.BsonDocument;

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
