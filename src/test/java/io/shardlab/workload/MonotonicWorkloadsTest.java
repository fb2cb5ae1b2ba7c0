package io.shardlab.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import org.bson.BsonDocument;
import org.bson.types.ObjectId;
import org.junit.jupiter.api.Test;

/** The three monotonic keys: a counter, a timestamp and the ObjectId. */
class MonotonicWorkloadsTest {

    @Test
    void theCounterIsOneTwoThreeInInsertOrder() {
        List<BsonDocument> docs = WorkloadTesting.documents(new MonotonicCounterWorkload(), 1_000, 1);
        for (int i = 0; i < docs.size(); i++) {
            assertEquals(i + 1, docs.get(i).getInt64("counter").getValue());
        }
    }

    @Test
    void timestampsAscendOverOneDayFromTheStart() {
        List<BsonDocument> docs = WorkloadTesting.documents(new TimestampWorkload(), 20_000, 1);
        long start = WorkloadSettings.DEFAULT_START.toEpochMilli();
        long previous = Long.MIN_VALUE;
        for (BsonDocument d : docs) {
            long ts = d.getDateTime("ts").getValue();
            assertTrue(ts > previous);
            assertTrue(ts >= start && ts < start + Duration.ofDays(1).toMillis());
            previous = ts;
        }
        assertTrue(previous > start + Duration.ofHours(23).toMillis(), "the stream covers the whole day");
    }

    @Test
    void objectIdsAscendAndCarryTheirInsertSecond() {
        List<BsonDocument> docs = WorkloadTesting.documents(new ObjectIdWorkload(), 20_000, 1);
        ObjectId previous = null;
        for (BsonDocument d : docs) {
            ObjectId id = d.getObjectId("_id").getValue();
            if (previous != null) {
                assertTrue(id.compareTo(previous) > 0);
            }
            previous = id;
        }
        long seconds = docs.get(docs.size() - 1).getObjectId("_id").getValue().getTimestamp()
                - WorkloadSettings.DEFAULT_START.getEpochSecond();
        assertTrue(seconds > 23 * 3600 && seconds < 24 * 3600, "last insert late in the day: " + seconds);
    }

    @Test
    void anObjectIdRangeQueryCoversOneHourOfIds() {
        ObjectId from = ObjectIdWorkload.boundary(1_704_067_200L);

        assertEquals(1_704_067_200L, from.getTimestamp());
        assertEquals("659200800000000000000000", from.toHexString());
    }
}
