package io.shardlab.routing;

import io.shardlab.bson.BsonLiterals;
import io.shardlab.cluster.ChunkMap;
import io.shardlab.key.ShardKey;
import io.shardlab.key.ShardKeyPattern;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.bson.BsonDocument;

/** Test layouts written as text: split-point documents separated by ';', chunk i on the i-th listed shard. */
final class Layouts {

    private Layouts() {}

    static ChunkMap chunks(ShardKeyPattern pattern, String splitPoints, String shards) {
        List<ShardKey> points = new ArrayList<>();
        if (splitPoints != null && !splitPoints.isBlank()) {
            for (String p : splitPoints.split(";")) {
                BsonDocument d = BsonLiterals.parseDocument(p.strip());
                points.add(ShardKey.of(new ArrayList<>(d.values())));
            }
        }
        return ChunkMap.fromSplitPoints(pattern.arity(), points, Arrays.asList(shards.split(",")), 1);
    }
}
