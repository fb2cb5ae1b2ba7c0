package io.shardlab.live;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.shardlab.cluster.Chunk;
import io.shardlab.live.ConfigFixture.Shape;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonInt64;
import org.bson.BsonString;
import org.bson.BsonValue;
import org.junit.jupiter.api.Test;

/**
 * config.chunks {@code estimatedDataSizeBytes} (mongo {@code src/mongo/s/catalog/type_chunk.cpp}:
 * parsed with {@code safeNumberLong()} when present; written by the defragmenting balancer) is
 * kept with the chunk it belongs to.
 */
class EstimatedChunkSizeTest {

    static CollectionLayout read(Map<String, List<BsonDocument>> config, String ns) {
        ClusterMetadata m = new ClusterInspector(Clock.fixed(Instant.parse("2024-03-02T00:00:00Z"), ZoneOffset.UTC))
                .inspect(
                        new DocumentConfigSource("fixture", config, "a fixture has no per-shard data"),
                        new ClusterInspector.Scope(ns, 0));
        return m.layout(ns);
    }

    @Test
    void everyEstimateStaysWithItsChunkWhateverTheNumberType() {
        Map<String, List<BsonDocument>> config = new LinkedHashMap<>(ConfigFixture.config(Shape.V7_0));
        List<BsonValue> sizes = List.of(
                new BsonInt64(1_000_000), new BsonInt32(2_000), new BsonString("lots"), new BsonInt64(Long.MAX_VALUE));
        List<BsonDocument> chunks = new ArrayList<>();
        int i = 0;
        for (BsonDocument d : config.get("chunks")) {
            BsonDocument copy = d.clone();
            if (copy.getDocument("min").containsKey("_id")
                    && d.containsKey("uuid")
                    && d.get("uuid")
                            .equals(BsonDocument.parse("{u: UUID('" + ConfigFixture.EVENTS_UUID + "')}")
                                    .get("u"))) {
                copy.append("estimatedDataSizeBytes", sizes.get(i++));
            }
            chunks.add(copy);
        }
        config.put("chunks", chunks);
        CollectionLayout events = read(config, ConfigFixture.EVENTS);
        Map<Chunk, Long> estimates = events.estimatedDataSizeBytes();
        // the fixture lists chunks in reverse key order
        List<Chunk> now = ConfigFixture.eventsNow();
        assertEquals(Long.MAX_VALUE, estimates.get(now.get(0)), "the defragmenter's big-chunk marker, kept as read");
        assertNull(estimates.get(now.get(1)), "a non-number is no estimate");
        assertEquals(2_000L, estimates.get(now.get(2)));
        assertEquals(1_000_000L, estimates.get(now.get(3)));
        assertEquals(
                Map.of(),
                read(ConfigFixture.config(Shape.V7_0), ConfigFixture.USERS).estimatedDataSizeBytes());
    }
}
