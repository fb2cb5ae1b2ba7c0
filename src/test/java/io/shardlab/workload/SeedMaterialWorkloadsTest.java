package io.shardlab.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardlab.key.ShardKey;
import java.time.Duration;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.bson.BsonDateTime;
import org.bson.BsonDocument;
import org.junit.jupiter.api.Test;

/** The seed material's own examples: {month, user}, the inbox, identities and per-minute pre-splits. */
class SeedMaterialWorkloadsTest {

    @Test
    void monthsAscendThroughSixCalendarMonthsInEqualParts() {
        List<BsonDocument> docs = WorkloadTesting.documents(new MonthUserWorkload(), 60_000, 1);
        Map<String, Integer> perMonth = new HashMap<>();
        String previous = "";
        for (BsonDocument d : docs) {
            String month = d.getString("month").getValue();
            assertTrue(month.compareTo(previous) >= 0, "months never go back");
            previous = month;
            perMonth.merge(month, 1, Integer::sum);
        }

        assertEquals(Set.of("2024-01", "2024-02", "2024-03", "2024-04", "2024-05", "2024-06"), perMonth.keySet());
        // months have 29 to 31 days, and inserts are spread evenly over time
        assertEquals(60_000 * 31 / 182.0, perMonth.get("2024-01"), 5);
        assertEquals(60_000 * 29 / 182.0, perMonth.get("2024-02"), 5);
    }

    @Test
    void inboxSequenceIsTheOwnersMessageCountOverFifty() {
        List<BsonDocument> docs = WorkloadTesting.documents(new InboxWorkload(), 200_000, 1);
        Map<String, Integer> count = new HashMap<>();
        int maxSequence = 0;
        for (BsonDocument d : docs) {
            String owner = d.getString("owner").getValue();
            int c = count.merge(owner, 1, Integer::sum);
            int sequence = d.getInt32("sequence").getValue();
            assertEquals(c / 50, sequence, "Math.floor(count/50) after the $inc");
            assertTrue(!owner.equals(d.getString("from").getValue()), "nobody mails themselves");
            maxSequence = Math.max(maxSequence, sequence);
        }
        assertTrue(maxSequence >= 1, "busy owners fill more than one bucket");
    }

    @Test
    void identitiesComeInPairsWithDistinctIdentifiers() {
        List<BsonDocument> docs = WorkloadTesting.documents(new IdentitiesWorkload(), 100_000, 1);
        Set<BsonDocument> identifiers = new HashSet<>();
        for (int i = 0; i < docs.size(); i += 2) {
            BsonDocument user = docs.get(i);
            BsonDocument email = docs.get(i + 1);
            String name = user.getString("id").getValue();
            assertEquals(new BsonDocument("user", new org.bson.BsonString(name)), user.getDocument("identifier"));
            assertEquals(name, email.getDocument("identifier").getString("user").getValue());
            assertTrue(email.getDocument("identifier")
                    .getString("email")
                    .getValue()
                    .startsWith(name + "@example."));
            assertTrue(identifiers.add(user.getDocument("identifier")));
            assertTrue(identifiers.add(email.getDocument("identifier")));
        }
    }

    @Test
    void presplitMinutesSplitsTheDayAtEveryMinuteAndFillsIt() {
        PresplitMinutesWorkload w = new PresplitMinutesWorkload();
        WorkloadSettings settings = WorkloadSettings.of(50_000, 1);
        List<ShardKey> points = w.initialSplit(settings).orElseThrow().splitPoints();
        long day = settings.start().toEpochMilli();

        assertEquals(1440, points.size());
        assertEquals(ShardKey.of(new BsonDateTime(day)), points.get(0));
        assertEquals(ShardKey.of(new BsonDateTime(day + Duration.ofMinutes(1439).toMillis())), points.get(1439));
        Set<Long> ids = new HashSet<>();
        Set<Long> minutes = new HashSet<>();
        for (BsonDocument d : WorkloadTesting.documents(w, 50_000, 1)) {
            long t = d.getDateTime("_id").getValue();
            assertTrue(ids.add(t), "_id is unique");
            minutes.add((t - day) / 60_000);
        }
        assertEquals(1440, minutes.size(), "every minute of the day gets writes");
    }

    @Test
    void roundRobinPlacementSendsNeighbouringChunksToDifferentShards() {
        assertEquals(0, InitialSplit.shardIndexOfChunk(0, 4));
        assertEquals(3, InitialSplit.shardIndexOfChunk(3, 4));
        assertEquals(0, InitialSplit.shardIndexOfChunk(4, 4));
    }
}
