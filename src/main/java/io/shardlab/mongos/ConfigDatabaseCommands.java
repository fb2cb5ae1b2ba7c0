package io.shardlab.mongos;

import java.util.Set;
import org.bson.BsonDocument;
import org.bson.BsonString;

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
        if (readsOneCollection(request)) {
            context.refreshConfigCollection(
                    request.body().getString(request.name()).getValue());
        } else if (!"getMore".equals(request.name()) && !"killCursors".equals(request.name())) {
            context.refreshConfigDatabase();
        }
        return context.storage().run("config", request.body());
    }

    /** Commands that read the one collection they name, and nothing else of the database. */
    private static final Set<String> ONE_COLLECTION_READS = Set.of("find", "count", "distinct");

    /**
     * Whether {@code request} reads only the config collection it names (mongosh's {@code sh.getBalancerState()}
     * finds in {@code config.settings}): then only that collection is rebuilt, not every chunk's document, which
     * made each such read cost as much as the collection's chunks (a lesson's loop of balancer checks and splits
     * over 2,881 chunks).
     */
    private static boolean readsOneCollection(CommandRequest request) {
        return ONE_COLLECTION_READS.contains(request.name())
                && request.body().get(request.name()) instanceof BsonString collection
                && ConfigDatabase.COLLECTIONS.contains(collection.getValue());
    }
}
