package io.shardlab.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.shardlab.cluster.Chunk;
import io.shardlab.cluster.ChunkVersion;
import io.shardlab.cluster.MongoVersion;
import io.shardlab.key.ShardKey;
import io.shardlab.key.ShardKeyPattern;
import io.shardlab.text.Language;
import io.shardlab.text.Messages;
import org.bson.BsonInt32;
import org.bson.BsonMaxKey;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ChunkCommandsTest {

    private static final Chunk CHUNK = new Chunk(
            ShardKey.of(new BsonInt32(10)), ShardKey.of(new BsonMaxKey()), "shard01", false, ChunkVersion.INITIAL);

    @ParameterizedTest(name = "{0} on {1}: {2}")
    @CsvSource(delimiter = '|', textBlock = """
            { x: 1 } | 8.0 | db.adminCommand({ moveRange: "db.c", min: { x: 10 }, max: { x: MaxKey() }, toShard: "shard02" })
            { x: 1 } | 6.0 | db.adminCommand({ moveRange: "db.c", min: { x: 10 }, max: { x: MaxKey() }, toShard: "shard02" })
            { x: 1 } | 5.0 | sh.moveChunk("db.c", { x: 10 }, "shard02")
            { x: 1 } | 4.4 | sh.moveChunk("db.c", { x: 10 }, "shard02")
            { x: 'hashed' } | 6.0 | db.adminCommand({ moveRange: "db.c", min: { x: 10 }, max: { x: MaxKey() }, toShard: "shard02" })
            """)
    void a_move_is_the_command_of_the_version(String key, String version, String mongosh) {
        ChunkCommands commands = new ChunkCommands("db.c", ShardKeyPattern.parse(key), MongoVersion.parse(version));
        assertEquals(mongosh, commands.move(CHUNK, "shard02").mongoshCommand());
    }

    @Test
    void before_6_0_a_hashed_chunk_cannot_be_named_for_a_move_or_a_median_split() {
        ChunkCommands commands = new ChunkCommands("db.c", ShardKeyPattern.parse("{ x: 'hashed' }"), MongoVersion.V5_0);
        assertEquals(
                "Before MongoDB 6.0 a chunk of a hashed key is moved with moveChunk's bounds form, which ShardLab's"
                        + " simulator does not model",
                Messages.of(Language.ENGLISH)
                        .text(commands.moveUnsupportedReason().orElseThrow()));
        assertThrows(IllegalStateException.class, () -> commands.move(CHUNK, "shard02"));
        assertThrows(IllegalStateException.class, () -> commands.splitAtMedian(CHUNK));
    }

    @Test
    void split_and_merge_are_the_shell_helpers() {
        ChunkCommands commands = new ChunkCommands("db.c", ShardKeyPattern.parse("{ x: 1 }"), MongoVersion.V8_0);
        Chunk left = new Chunk(
                ShardKey.of(new BsonInt32(0)), ShardKey.of(new BsonInt32(10)), "shard01", false, ChunkVersion.INITIAL);
        assertEquals(
                "sh.splitAt(\"db.c\", { x: 5 })",
                commands.splitAt(ShardKey.of(new BsonInt32(5))).mongoshCommand());
        assertEquals(
                "sh.splitFind(\"db.c\", { x: 10 })",
                commands.splitAtMedian(CHUNK).mongoshCommand());
        assertEquals(
                "sh.mergeChunks(\"db.c\", [ { x: 0 }, { x: MaxKey() } ])",
                commands.merge(left, CHUNK).mongoshCommand());
    }
}
