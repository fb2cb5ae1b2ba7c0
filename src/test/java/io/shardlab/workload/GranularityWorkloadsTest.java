package io.shardlab.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import org.bson.BsonDocument;
import org.junit.jupiter.api.Test;

/**
 * The workloads of the seed material's granularity examples: generated UK postcodes at the published
 * counts, US ZIP codes with thousands of addresses, and a coarse random prefix before an ascending time.
 */
class GranularityWorkloadsTest {

    /** Area, district, space, sector, unit; the unit's letters never C, I, K, M, O or V. */
    private static final Pattern UK_POSTCODE = Pattern.compile("[A-Z]{1,2}[0-9]{1,2} [0-9][ABD-HJLNP-UW-Z]{2}");

    @Test
    void generatedUkPostcodesHaveTheRealFormatAndThePublishedCounts() {
        List<UkPostcodes.Unit> all = new UkPostcodes(1).all();

        Set<String> districts = new HashSet<>();
        Set<String> sectors = new HashSet<>();
        Set<String> units = new HashSet<>();
        long addresses = 0;
        for (UkPostcodes.Unit u : all) {
            assertTrue(UK_POSTCODE.matcher(u.postcode()).matches(), u.postcode());
            String outward = u.postcode().substring(0, u.postcode().indexOf(' '));
            assertTrue(UkPostcodes.AREAS.contains(outward.replaceAll("[0-9]", "")), u.postcode());
            districts.add(outward);
            sectors.add(u.postcode().substring(0, u.postcode().length() - 2));
            units.add(u.postcode());
            assertTrue(u.addresses() >= 1 && u.addresses() <= UkPostcodes.MAX_ADDRESSES, u.toString());
            addresses += u.addresses();
        }

        assertEquals(124, UkPostcodes.AREAS.size());
        assertEquals(124, Set.copyOf(UkPostcodes.AREAS).size());
        assertEquals(all.size(), units.size(), "every postcode once");
        // Cabinet Office: about 2,900 districts, 9,650 sectors, 1.71 million units; OS: 15 addresses a unit
        assertEquals(2_900, districts.size(), 2_900 * 0.1);
        assertEquals(9_650, sectors.size(), 9_650 * 0.1);
        assertEquals(1_710_000, units.size(), 1_710_000 * 0.05);
        assertEquals(15.0, addresses / (double) units.size(), 1.0);
    }

    @Test
    void theSameSeedGivesTheSamePostcodesAndAnotherSeedOthers() {
        assertEquals(new UkPostcodes(7).area(0), new UkPostcodes(7).area(0));
        assertNotEquals(new UkPostcodes(7).area(0), new UkPostcodes(8).area(0));
    }

    @Test
    void anAddressBookHoldsEveryAddressOnceAndFillsPostcodesEvenly() {
        for (Workload w : List.of(new UkAddressesWorkload(), new UsAddressesWorkload(ZipCodeTable::load))) {
            List<BsonDocument> docs = WorkloadTesting.documents(w, 100_000, 3);
            Set<String> seen = new HashSet<>();
            for (BsonDocument d : docs) {
                assertTrue(
                        seen.add(d.getString("postcode").getValue() + "|"
                                + d.getString("address").getValue()),
                        w.name() + ": an address twice: " + d.toJson());
                assertEquals(w.fields(), List.copyOf(d.keySet()));
            }
            assertEquals(100_000, docs.size());
            int size = BsonSize.of(docs.get(0));
            assertTrue(size >= 450 && size <= 560, "about half a kilobyte: " + size);
        }
    }

    @Test
    void aUkPostcodeCoversAboutFifteenAddressesAndAUsZipCodeThousands() {
        Map<String, Integer> uk = perPostcode(WorkloadTesting.documents(new UkAddressesWorkload(), 300_000, 1));
        Map<String, Integer> us =
                perPostcode(WorkloadTesting.documents(new UsAddressesWorkload(ZipCodeTable::load), 300_000, 1));

        assertEquals(15.0, 300_000.0 / uk.size(), 1.5);
        assertTrue(uk.values().stream().allMatch(n -> n <= UkPostcodes.MAX_ADDRESSES));
        // half to one and a half times 140,498,736 housing units / 42,555 ZIP codes
        assertEquals(3_302, 300_000.0 / us.size(), 400);
        assertTrue(
                us.values().stream().filter(n -> n >= 1_000).count() >= us.size() - 1,
                "all but the last ZIP code " + "the stream reaches hold over a thousand addresses");
        assertTrue(uk.values().stream().filter(n -> n == 1).count() > 0, "some postcodes are a single address");
    }

    private static Map<String, Integer> perPostcode(List<BsonDocument> docs) {
        Map<String, Integer> out = new HashMap<>();
        for (BsonDocument d : docs) {
            out.merge(d.getString("postcode").getValue(), 1, Integer::sum);
        }
        return out;
    }

    @Test
    void aCoarsePrefixIsRandomAmongItsValuesWhileTimeAscends() {
        for (int buckets : new int[] {3, 12, 1000}) {
            List<BsonDocument> docs = WorkloadTesting.documents(new CoarsePrefixWorkload(buckets), 60_000, 1);
            int[] perBucket = new int[buckets];
            long previous = Long.MIN_VALUE;
            for (BsonDocument d : docs) {
                perBucket[d.getInt32("bucket").getValue()]++;
                long ts = d.getDateTime("ts").getValue();
                assertTrue(ts >= previous, "time never goes back");
                previous = ts;
            }
            for (int n : perBucket) {
                assertEquals(60_000.0 / buckets, n, 5 * Math.sqrt(60_000.0 / buckets), "uniform over " + buckets);
            }
        }
    }
}
