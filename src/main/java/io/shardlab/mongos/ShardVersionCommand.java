package io.shardlab.mongos;

import io.shardlab.cluster.Chunk;
import io.shardlab.cluster.ChunkVersion;
import io.shardlab.cluster.ClusterSnapshot;
import io.shardlab.routing.FilterParser.BsonTypeNames;
import java.util.List;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonTimestamp;
import org.bson.BsonValue;

/**
 * {@code getShardVersion} (admin only, alias {@code getshardversion}): the routing version mongos holds for a
 * sharded collection, or for a database its primary shard and version.
 *
 * <p>Reply, mongo {@code src/mongo/s/commands/cluster_get_shard_version_cmd.cpp}: for a collection {@code version}
 * (the collection's highest chunk version as a Timestamp of major and minor), {@code versionEpoch} and, from 5.0,
 * {@code versionTimestamp} (the collection's {@code config.collections} {@code lastmodEpoch} and {@code timestamp}),
 * and with {@code fullMetadata: true} {@code chunks} ({@code [min, max]} each); for a database name
 * {@code primaryShard} and {@code version} ({@code config.databases}' {@code version}). A first field that is not a
 * string is BadValue "namespace has invalid type T"; a collection that is not sharded is NamespaceNotSharded
 * "Collection db.c is not sharded."; a database that does not exist NamespaceNotFound.
 */
final class ShardVersionCommand {

    private ShardVersionCommand() {}

    static BsonDocument of(CommandContext context, CommandRequest request) {
        BsonValue first = request.body().get(request.body().getFirstKey());
        if (!first.isString()) {
            throw new MongoCommandException(
                    ErrorCode.BAD_VALUE, "namespace has invalid type " + BsonTypeNames.of(first));
        }
        String ns = first.asString().getValue();
        if (ns.indexOf('.') < 0) {
            return databaseVersion(context, ns);
        }
        ShardedCatalog.CollectionEntry collection = context.catalog()
                .collection(ns)
                .orElseThrow(() -> new MongoCommandException(
                        ErrorCode.NAMESPACE_NOT_SHARDED, "Collection " + ns + " is not sharded."));
        ClusterSnapshot snapshot = collection.cluster().snapshot().cluster();
        ChunkVersion highest = new ChunkVersion(1, 0);
        for (Chunk c : snapshot.chunks().chunks()) {
            if (c.version().compareTo(highest) > 0) {
                highest = c.version();
            }
        }
        BsonDocument described = context.configDatabase().collectionsDocuments().stream()
                .filter(d -> d.getString("_id").getValue().equals(ns))
                .findFirst()
                .orElseThrow();
        BsonDocument reply = new BsonDocument("version", new BsonTimestamp(highest.major(), highest.minor()))
                .append("versionEpoch", described.get("lastmodEpoch"));
        if (context.version().atLeast(5, 0)) {
            reply.append("versionTimestamp", described.get("timestamp"));
        }
        if (request.arguments().isTrue("fullMetadata") || isTrue(request.body().get("fullMetadata"))) {
            BsonArray chunks = new BsonArray();
            for (Chunk c : snapshot.chunks().chunks()) {
                chunks.add(new BsonArray(
                        List.of(c.min().toDocument(snapshot.key()), c.max().toDocument(snapshot.key()))));
            }
            reply.append("chunks", chunks);
        }
        return Replies.ok(reply);
    }

    private static BsonDocument databaseVersion(CommandContext context, String db) {
        for (BsonDocument d : context.configDatabase().databases()) {
            if (d.getString("_id").getValue().equals(db)) {
                return Replies.ok(
                        new BsonDocument("primaryShard", d.get("primary")).append("version", d.get("version")));
            }
        }
        throw new MongoCommandException(ErrorCode.NAMESPACE_NOT_FOUND, "Database " + db + " not found");
    }

    private static boolean isTrue(BsonValue v) {
        return v != null
                && (v.isBoolean()
                        ? v.asBoolean().getValue()
                        : v.isNumber() && v.asNumber().doubleValue() != 0);
    }
}
