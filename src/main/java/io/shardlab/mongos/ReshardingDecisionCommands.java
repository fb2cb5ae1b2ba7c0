package io.shardlab.mongos;

import io.shardlab.mongos.CommandSyntax.FirstField;
import org.bson.BsonDocument;

/**
 * {@code abortReshardCollection} and {@code commitReshardCollection} (admin only, from 5.0): the decisions a client
 * may take about a resharding in progress. ShardLab's {@code reshardCollection} completes within the command, so
 * no resharding is ever in progress, and each answers as MongoDB's config server does when it finds none: the mongos
 * passes the namespace on ({@code src/mongo/s/commands/cluster_abort_reshard_collection_cmd.cpp}, {@code
 * cluster_commit_reshard_collection_cmd.cpp}) and answers the config server's error as it is.
 *
 * <ul>
 *   <li>A namespace without a {@code config.collections} document: NamespaceNotFound "collection NS not found"
 *       ({@code ShardingCatalogClientImpl::getCollection}, mongo {@code
 *       src/mongo/s/catalog/sharding_catalog_client_impl.cpp}).</li>
 *   <li>A collection without resharding fields, abort: NoSuchReshardCollection (339) "Could not find
 *       resharding-related metadata that matches the given namespace" (mongo {@code
 *       src/mongo/db/s/config/configsvr_abort_reshard_collection_command.cpp}, {@code retrieveReshardingUUID});
 *       commit: NoSuchReshardCollection "Could not find resharding metadata for NS" ({@code
 *       configsvr_commit_reshard_collection_command.cpp}).</li>
 * </ul>
 *
 * <p>Both are IDL commands whose first field is the namespace ({@code src/mongo/s/request_types/
 * abort_reshard_collection.idl}, {@code commit_reshard_collection.idl}: {@code namespace: type, type:
 * namespacestring}).
 */
final class ReshardingDecisionCommands {

    /** mongo {@code src/mongo/s/request_types/abort_reshard_collection.idl}. */
    static final CommandSyntax ABORT = CommandSyntax.idl(
            "abortReshardCollection", FirstField.NAMESPACE, "src/mongo/s/request_types/abort_reshard_collection.idl");

    /** mongo {@code src/mongo/s/request_types/commit_reshard_collection.idl}. */
    static final CommandSyntax COMMIT = CommandSyntax.idl(
            "commitReshardCollection", FirstField.NAMESPACE, "src/mongo/s/request_types/commit_reshard_collection.idl");

    private final CommandContext context;

    ReshardingDecisionCommands(CommandContext context) {
        this.context = context;
    }

    /** {@code abortReshardCollection}: no resharding to abort. */
    BsonDocument abort(CommandRequest request) {
        requireCollectionDocument(request);
        throw new MongoCommandException(
                ErrorCode.NO_SUCH_RESHARD_COLLECTION,
                "Could not find resharding-related metadata that matches the given namespace");
    }

    /** {@code commitReshardCollection}: no resharding to commit. */
    BsonDocument commit(CommandRequest request) {
        String ns = requireCollectionDocument(request);
        throw new MongoCommandException(
                ErrorCode.NO_SUCH_RESHARD_COLLECTION, "Could not find resharding metadata for " + ns);
    }

    private String requireCollectionDocument(CommandRequest request) {
        String ns = request.arguments().firstString();
        boolean described = context.configDatabase().collectionsDocuments().stream()
                .anyMatch(d -> d.getString("_id").getValue().equals(ns));
        if (!described) {
            throw new MongoCommandException(ErrorCode.NAMESPACE_NOT_FOUND, "collection " + ns + " not found");
        }
        return ns;
    }
}
