package io.shardlab.ui.explorer.diagram;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.shardlab.cluster.Chunk;
import io.shardlab.cluster.ChunkVersion;
import io.shardlab.cluster.Shard;
import io.shardlab.key.ShardKey;
import io.shardlab.key.ShardKeyPattern;
import io.shardlab.text.Language;
import io.shardlab.text.Messages;
import java.util.List;
import org.bson.BsonInt32;
import org.bson.BsonMinKey;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** A chunk's card names its shard and says when that shard is draining (config.shards draining: true). */
class ChunkDetailsTest {

    private static final Messages ENGLISH = Messages.of(Language.ENGLISH);

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

        assertEquals(shown, ENGLISH.text(new ChunkDetails(0, chunk, 5, 500, KEY).shardText(shards)));
    }

    @ParameterizedTest(name = "a chunk [{0}, {1}) with zone EU on [0, 100): {2}")
    @CsvSource(textBlock = """
            # min, max, zone shown
            0,     10,  EU
            90,    100, EU
            90,    110, EU (spans a zone bound)
            100,   200, none
            """)
    void the_zone_line_names_the_zone_the_chunk_lies_in(int min, int max, String shown) {
        Chunk chunk = new Chunk(
                ShardKey.of(new BsonInt32(min)),
                ShardKey.of(new BsonInt32(max)),
                "shard01",
                false,
                new ChunkVersion(1, 0));
        List<io.shardlab.cluster.ZoneRange> zones = List.of(new io.shardlab.cluster.ZoneRange(
                ShardKey.of(new BsonInt32(0)), ShardKey.of(new BsonInt32(100)), "EU"));

        assertEquals(shown, ENGLISH.text(new ChunkDetails(0, chunk, 5, 500, KEY).zoneText(zones)));
    }

    @ParameterizedTest(name = "jumbo {0}, oversized {1}, [0, 10) moving {2}: {3}")
    @CsvSource(textBlock = """
            # jumbo, oversized, moving, shown
            false,   false,     false,  no
            true,    false,     false,  'jumbo: too big to move, no split point'
            false,   true,      false,  'oversized: one key value, cannot split'
            true,    true,      true,   moving to shard02
            """)
    void the_state_line_says_moving_then_jumbo_then_oversized(
            boolean jumbo, boolean oversized, boolean moving, String shown) {
        Chunk chunk = new Chunk(
                ShardKey.of(new BsonInt32(0)),
                ShardKey.of(new BsonInt32(10)),
                "shard01",
                jumbo,
                new ChunkVersion(1, 0));
        List<io.shardlab.sim.Migration> inFlight = moving
                ? List.of(new io.shardlab.sim.Migration(
                        1,
                        chunk.min(),
                        chunk.max(),
                        "shard01",
                        "shard02",
                        5,
                        500,
                        0,
                        10,
                        io.shardlab.sim.MigrationReason.values()[0],
                        false))
                : List.of();

        assertEquals(shown, ENGLISH.text(new ChunkDetails(0, chunk, 5, 500, KEY).stateText(oversized, inFlight)));
    }
}
