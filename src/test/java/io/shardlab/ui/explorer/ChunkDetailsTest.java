package io.shardlab.ui.explorer;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.shardlab.cluster.Chunk;
import io.shardlab.cluster.ChunkVersion;
import io.shardlab.cluster.Shard;
import io.shardlab.key.ShardKey;
import io.shardlab.key.ShardKeyPattern;
import java.util.List;
import org.bson.BsonInt32;
import org.bson.BsonMinKey;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** A chunk's card names its shard and says when that shard is draining (config.shards draining: true). */
class ChunkDetailsTest {

    private static final ShardKeyPattern KEY = ShardKeyPattern.parse("{ x: 1 }");

    @ParameterizedTest(name = "a chunk on {0}, shard02 draining {1}: {2}")
    @CsvSource(textBlock = """
            # owner,  shard02 draining, shown
            shard02,  true,             shard02 · draining
            shard01,  true,             shard01
            shard02,  false,            shard02
            """)
    void the_shard_line_marks_a_draining_owner(String owner, boolean draining, String shown) {
        Chunk chunk = new Chunk(
                ShardKey.of(new BsonMinKey()), ShardKey.of(new BsonInt32(10)), owner, false, new ChunkVersion(1, 0));
        List<Shard> shards =
                List.of(Shard.named("shard01"), Shard.named("shard02").withDraining(draining));

        assertEquals(shown, new ChunkDetails(0, chunk, 5, 500, KEY).shardText(shards));
    }
}
