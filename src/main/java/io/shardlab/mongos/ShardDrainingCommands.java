package io.shardlab.mongos;

import io.shardlab.cluster.Shard;
import io.shardlab.mongos.CommandSyntax.FirstField;
import io.shardlab.sim.RemoveShard;
import io.shardlab.sim.StartShardDraining;
import io.shardlab.sim.StopShardDraining;
import org.bson.BsonDocument;
import org.bson.BsonInt64;
import org.bson.BsonString;

/**
 * The shard removal of 8.3 in four pausable steps (docs release-notes/8.3, "Remove Shard Changes"):
 * {@code startShardDraining}, {@code shardDrainingStatus}, {@code stopShardDraining} and
 * {@code commitShardRemoval}, each taking the shard's id as its first field (mongo
 * {@code src/mongo/s/request_types/remove_shard.idl}). The drain itself is the balancer's, as for
 * {@code removeShard}: chunks leave the draining shard first; unsharded collections wait for
 * {@code moveCollection} and databases for {@code movePrimary}.
 *
 * <p>Ported: jstests/sharding/start_shard_draining_test.js, shard_draining_status_test.js,
 * stop_shard_draining_test.js, commit_shard_removal_test.js ({@code serve/ShardDrainingCommandsTest}).
 */
final class ShardDrainingCommands {

    static final CommandSyntax START_SHARD_DRAINING =
            CommandSyntax.idl("startShardDraining", FirstField.STRING, "src/mongo/s/request_types/remove_shard.idl");
    static final CommandSyntax SHARD_DRAINING_STATUS =
            CommandSyntax.idl("shardDrainingStatus", FirstField.STRING, "src/mongo/s/request_types/remove_shard.idl");
    static final CommandSyntax STOP_SHARD_DRAINING =
            CommandSyntax.idl("stopShardDraining", FirstField.STRING, "src/mongo/s/request_types/remove_shard.idl");
    static final CommandSyntax COMMIT_SHARD_REMOVAL =
            CommandSyntax.idl("commitShardRemoval", FirstField.STRING, "src/mongo/s/request_types/remove_shard.idl");

    private final CommandContext context;

    ShardDrainingCommands(CommandContext context) {
        this.context = context;
    }

    /** {@code startShardDraining}: {@link StartShardDraining}; {@code {ok: 1}} (also when already draining). */
    BsonDocument startShardDraining(CommandRequest request) {
        context.catalog()
                .executeOnShards(new StartShardDraining(request.arguments().firstString()));
        return Replies.ok();
    }

    /** {@code stopShardDraining}: {@link StopShardDraining}; {@code {ok: 1}} (also when not draining). */
    BsonDocument stopShardDraining(CommandRequest request) {
        context.catalog()
                .executeOnShards(new StopShardDraining(request.arguments().firstString()));
        return Replies.ok();
    }

    /**
     * {@code shardDrainingStatus} (mongo {@code configsvr_shard_draining_status_command.cpp},
     * {@code ShardingCatalogManager::appendShardDrainingStatus} and {@code checkDrainingProgress} in
     * {@code sharding_catalog_manager_shard_operations.cpp}): {@code state} "ongoing" with {@code remaining}
     * {@code {chunks, collectionsToMove, dbs, jumboChunks}} (remove_shard_draining_progress.idl) and
     * {@code estimatedRemainingBytes} (shard_draining_status_test.js, FCV 8.3), or "drainingComplete"
     * once nothing is left; {@code msg} from {@code getRemoveShardMessage} (topology_change_helpers.cpp);
     * while ongoing {@code note} (when something is left to move), {@code dbsToMove} and
     * {@code collectionsToMove}, as {@code appendDBAndCollDrainingInfo} writes them. Fields in the order of
     * {@code RemoveShardResponse} (its chained progress first).
     *
     * @throws MongoCommandException ShardNotFound for an unknown shard; IllegalOperation "The shard … isn't
     *     draining"
     */
    BsonDocument shardDrainingStatus(CommandRequest request) {
        String id = request.arguments().firstString();
        DrainRemaining left = remaining(requireDraining(id, "The shard " + id + " isn't draining"));
        long bytes = context.catalog().bytesPerShard().getOrDefault(id, 0L);
        if (left.drained()) {
            return Replies.ok(new BsonDocument("state", new BsonString("drainingComplete"))
                    .append("msg", new BsonString("draining completed successfully")));
        }
        BsonDocument reply = new BsonDocument("state", new BsonString("ongoing"))
                .append(
                        "remaining",
                        new BsonDocument("chunks", new BsonInt64(left.chunks()))
                                .append(
                                        "collectionsToMove",
                                        new BsonInt64(left.collectionsToMove().size()))
                                .append("dbs", new BsonInt64(left.databases().size()))
                                .append("jumboChunks", new BsonInt64(left.jumboChunks()))
                                .append("estimatedRemainingBytes", new BsonInt64(bytes)))
                .append("msg", new BsonString("draining ongoing"));
        return Replies.okWithWhatIsLeftToMove(reply, left.databases(), left.collectionsToMove());
    }

    /**
     * {@code commitShardRemoval} (mongo {@code configsvr_commit_shard_removal_command.cpp}, {@code removeShard} in
     * {@code sharding_catalog_manager_shard_operations.cpp}): removes a draining shard that holds nothing.
     *
     * @throws MongoCommandException ShardNotFound for an unknown shard; ConflictingOperationInProgress "Shard … is
     *     not currently draining"; IllegalOperation "The shard … isn't completely drained. …" while anything is
     *     left on it
     */
    BsonDocument commitShardRemoval(CommandRequest request) {
        String id = request.arguments().firstString();
        Shard shard = requireShard(id);
        if (!shard.draining()) {
            throw new MongoCommandException(
                    ErrorCode.CONFLICTING_OPERATION_IN_PROGRESS, "Shard " + id + " is not currently draining");
        }
        if (!remaining(shard).drained()) {
            throw new MongoCommandException(
                    ErrorCode.ILLEGAL_OPERATION,
                    "The shard " + id + " isn't completely drained. Please use the shardDrainingStatus command to"
                            + " check the draining status");
        }
        context.catalog().executeOnShards(new RemoveShard(id));
        return Replies.ok();
    }

    /** What is left on the draining shard, the document store's collections among it ({@link DrainRemaining}). */
    private DrainRemaining remaining(Shard shard) {
        return DrainRemaining.of(context.catalog(), shard.id(), context.documents()::collectionNames);
    }

    private Shard requireShard(String id) {
        return context.catalog().shards().stream()
                .filter(s -> s.id().equals(id))
                .findFirst()
                // mongo shard_registry.cpp (getShard)
                .orElseThrow(() -> new MongoCommandException(ErrorCode.SHARD_NOT_FOUND, "Shard " + id + " not found"));
    }

    private Shard requireDraining(String id, String notDraining) {
        Shard shard = requireShard(id);
        if (!shard.draining()) {
            throw new MongoCommandException(ErrorCode.ILLEGAL_OPERATION, notDraining);
        }
        return shard;
    }
}
