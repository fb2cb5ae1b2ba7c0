package io.shardlab.live;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.shardlab.cluster.Chunk;
import io.shardlab.key.ShardKeyPattern;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.bson.BsonDocument;
import org.bson.BsonDocumentReader;
import org.bson.codecs.DecoderContext;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A loaded layout keeps when each chunk came to its shard, so the 7.0+ auto-merger does not take a chunk that just
 * moved for an old one: config.chunks' {@code onCurrentShardSince} (mongo {@code src/mongo/s/catalog/type_chunk.cpp},
 * a Timestamp, written from 6.3), else {@code history[0].validAfter} (equal to it: mongo
 * {@code jstests/sharding/chunks_onCurrentShardSince.js}), carried by a snapshot file's capture, and turned into the
 * time each chunk had been on its shard when the layout was read.
 */
class ChunkArrivalTest {

    private static final ShardKeyPattern KEY = ShardKeyPattern.parse("{x: 1}");

    /** Given a config.chunks document with these extra fields, when decoded, then its chunk arrived at this second. */
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            onCurrentShardSince (6.3+)                 | onCurrentShardSince: Timestamp(1700000000, 3)                                          | 1700000000
            both: onCurrentShardSince wins             | onCurrentShardSince: Timestamp(1700000000, 3), history: [{validAfter: Timestamp(1600000000, 1), shard: 'shard01'}] | 1700000000
            history only (4.0 to 6.2): newest entry    | history: [{validAfter: Timestamp(1650000000, 2), shard: 'shard01'}, {validAfter: Timestamp(1640000000, 1), shard: 'shard02'}] | 1650000000
            a Date is not a Timestamp                  | onCurrentShardSince: {$date: '2024-01-01T00:00:00Z'}                                   | none
            empty history                              | history: []                                                                            | none
            neither (before 4.0)                       | jumbo: false                                                                           | none
            """)
    void a_chunk_document_says_when_its_chunk_came_to_its_shard(String why, String fields, String second) {
        BsonDocument doc = BsonDocument.parse("{_id: 1, min: {x: {$minKey: 1}}, max: {x: {$maxKey: 1}},"
                + " shard: 'shard01', lastmod: Timestamp(1, 0), " + fields + "}");

        ChunkDocument decoded = new ChunkDocumentCodec("shop.orders", KEY)
                .decode(new BsonDocumentReader(doc), DecoderContext.builder().build());

        assertEquals(
                second.equals("none") ? null : Instant.ofEpochSecond(Long.parseLong(second)),
                decoded.onCurrentShardSince(),
                why);
    }

    /**
     * Given shop.orders' two chunks arrived at these times and a snapshot file captured at 12:00:00 (whose capture
     * keeps them), when it is loaded, then each chunk had been on its shard this long: a file or a dump tells no moment
     * of its own that ShardLab trusts, so the latest moment it shows (the newest arrival) is "when read".
     */
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            both known: the last move is 'now'     | 2024-05-01T11:00:00Z | 2024-05-01T11:59:50Z | PT59M50S | PT0S
            one known: the other arrives at load  | 2024-05-01T11:00:00Z | -                    | PT0S     | -
            none known                            | -                    | -                    | -        | -
            """)
    void a_loaded_file_keeps_each_chunks_time_on_its_shard(
            String why, String first, String second, String firstOnShard, String secondOnShard) {
        StringBuilder arrivals = new StringBuilder();
        List<String> since = List.of(first, second);
        List<String> mins = List.of("{x: {$minKey: 1}}", "{x: 10}");
        for (int i = 0; i < 2; i++) {
            if (!since.get(i).equals("-")) {
                arrivals.append(arrivals.isEmpty() ? "" : ", ")
                        .append("{min: ")
                        .append(mins.get(i))
                        .append(", since: {$date: '")
                        .append(since.get(i))
                        .append("'}}");
            }
        }
        SourceLayout layout = SourceLayoutTest.read(
                "{server: {version: '7.0.12', role: 'MONGOS'}, onCurrentShardSince: [" + arrivals + "]}", List.of());

        Map<Chunk, Duration> onShard = layout.timeOnShard();

        assertEquals(expected(firstOnShard), onShard.get(SourceLayoutTest.CHUNKS.get(0)), why);
        assertEquals(expected(secondOnShard), onShard.get(SourceLayoutTest.CHUNKS.get(1)), why);
        assertEquals(onShard, layout.load().timeOnShard(), why);
    }

    private static Duration expected(String cell) {
        return cell.equals("-") ? null : Duration.parse(cell);
    }
}
