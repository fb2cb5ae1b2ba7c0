package io.shardlab.live;

import io.shardlab.key.ShardKeyPattern;
import io.shardlab.text.Message;
import org.bson.BsonDocument;
import org.bson.BsonString;

/**
 * The server's own {@code analyzeShardKey} for one candidate, run when the user asks:
 * {@code db.adminCommand({analyzeShardKey: ns, key})} (7.0+, mongo {@code analyze_shard_key_cmd.idl};
 * {@code keyCharacteristics} and {@code readWriteDistribution} default to true). It changes no data or
 * setting: it reads the collection, its indexes and the sampled queries (the server keeps its range
 * split points in {@code config.analyzeShardKeySplitPoints} while it runs).
 */
public final class ServerShardKeyAnalysis {

    private ServerShardKeyAnalysis() {}

    /**
     * The server's answer for {@code key} on {@code namespace}.
     *
     * @throws LiveClusterException when the server refuses or does not know the command (before 7.0)
     */
    public static BsonDocument run(LiveConnection connection, String namespace, ShardKeyPattern key) {
        BsonDocument command =
                new BsonDocument("analyzeShardKey", new BsonString(namespace)).append("key", key.toDocument());
        return connection.read(
                Message.of("live.doing.analyzeShardKey", key.toString(), namespace),
                () -> connection.database("admin").runCommand(command, BsonDocument.class));
    }
}
