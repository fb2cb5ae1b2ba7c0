package io.shardlab.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.bson.BsonDocument;
import org.junit.jupiter.api.Test;

/** The low-cardinality keys: state, continent and age. */
class CategoricalWorkloadsTest {

    @Test
    void statesAreWeightedByTheirNumberOfZipCodes() {
        ZipCodeTable table = ZipCodeTable.load();
        List<BsonDocument> docs = WorkloadTesting.documents(new StatesWorkload(() -> table), 100_000, 1);
        Map<String, Integer> perState = new HashMap<>();
        for (BsonDocument d : docs) {
            perState.merge(d.getString("state").getValue(), 1, Integer::sum);
        }
        long texasZips =
                table.rows().stream().filter(r -> r.state().equals("TX")).count();

        assertEquals(62, table.states().size());
        assertTrue(table.states().containsAll(perState.keySet()));
        assertEquals(texasZips / (double) table.size(), perState.get("TX") / 100_000.0, 0.003);
        assertTrue(perState.get("TX") > 20 * perState.getOrDefault("RI", 0), "a realistic skew, not uniform");
    }

    @Test
    void anAddressKeepsTheCityAndStateOfItsZipCode() {
        ZipCodeTable table = ZipCodeTable.load();
        Map<String, ZipCodeTable.ZipCode> byZip =
                table.rows().stream().collect(Collectors.toMap(ZipCodeTable.ZipCode::zip, r -> r));
        for (BsonDocument d : WorkloadTesting.documents(new StatesWorkload(() -> table), 1_000, 2)) {
            ZipCodeTable.ZipCode row = byZip.get(d.getString("zip").getValue());
            assertEquals(row.city(), d.getString("city").getValue());
            assertEquals(row.state(), d.getString("state").getValue());
        }
    }

    @Test
    void continentsHaveSevenValuesWithAsiaMostCommon() {
        List<BsonDocument> docs = WorkloadTesting.documents(new ContinentsWorkload(), 100_000, 1);
        Map<String, Long> counts = docs.stream()
                .collect(Collectors.groupingBy(d -> d.getString("continent").getValue(), Collectors.counting()));

        assertEquals(Set.copyOf(ContinentsWorkload.CONTINENTS), counts.keySet());
        assertEquals(0.59, counts.get("asia") / 100_000.0, 0.01);
    }

    @Test
    void agesStayWithinZeroToNinetyNineAndMostArePupils() {
        List<BsonDocument> docs = WorkloadTesting.documents(new AgeWorkload(), 100_000, 1);
        Set<Integer> ages = new TreeSet<>();
        long pupils = 0;
        for (BsonDocument d : docs) {
            int age = d.getInt32("age").getValue();
            assertTrue(age >= 0 && age <= AgeWorkload.MAX_AGE);
            ages.add(age);
            if (d.getString("role").getValue().equals("pupil")) {
                assertTrue(age >= 7 && age <= 20);
                pupils++;
            }
        }
        assertEquals(100, ages.size(), "with 100,000 people every age 0..99 occurs");
        assertEquals(0.9, pupils / 100_000.0, 0.01);
    }
}
