package io.shardlab.cluster;

import io.shardlab.FuzzInputs;
import io.shardlab.key.ShardKey;
import io.shardlab.key.ShardKeyPattern;
import java.io.StringReader;
import java.io.StringWriter;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import org.bson.BsonInt32;
import org.bson.BsonString;
import org.junit.jupiter.api.Test;

/** Property: any snapshot text reads as a snapshot or is refused in one line naming the file. */
class SnapshotFileFuzzTest {

    static String written(String key, int fields, List<ShardKey> points) throws Exception {
        ChunkMap chunks = ChunkMap.fromSplitPoints(fields, points, List.of("shard01", "shard02"), 1);
        ClusterSnapshot cluster = new ClusterSnapshot(
                "db.c",
                ShardKeyPattern.parse(key),
                false,
                List.of(
                        new Shard("shard01", "shard01/h1:27018", Set.of("EU"), false),
                        new Shard("shard02", "", Set.of(), false)),
                chunks,
                List.of());
        StringWriter out = new StringWriter();
        SnapshotFile.write(
                out, new SnapshotFile.Contents(cluster, List.of(), Instant.parse("2024-01-01T12:00:00Z"), "test"));
        return out.toString();
    }

    @Test
    void everySnapshotTextIsASnapshotOrOneLineNamingTheFile() throws Exception {
        FuzzInputs inputs = new FuzzInputs(
                91L,
                List.of(
                        written("{a: 1}", 1, List.of(ShardKey.of(new BsonInt32(10)), ShardKey.of(new BsonInt32(20)))),
                        written("{u: 'hashed'}", 1, List.of(ShardKey.of(new org.bson.BsonInt64(0)))),
                        written("{s: 1, t: 1}", 2, List.of(ShardKey.of(new BsonString("m"), new BsonInt32(1))))));
        for (int i = 0; i < 2_000; i++) {
            FuzzInputs.assertResultOrOneLine(
                    inputs.next(), "fuzz.json", text -> SnapshotFile.read(new StringReader(text), "fuzz.json"));
        }
    }
}
