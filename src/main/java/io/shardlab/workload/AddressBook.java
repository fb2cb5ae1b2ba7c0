package io.shardlab.workload;

import io.shardlab.text.Message;
import io.shardlab.text.RefusedInput;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.bson.BsonDocument;
import org.bson.BsonString;

/**
 * A region's addresses, postcode by postcode, streamed in a seeded random order: each address of
 * the region once, one document per address, {@code {_id, postcode, address, …, notes}}. What the
 * UK and US address-book workloads share; only where their postcodes and counts come from differs.
 *
 * <p>{@code notes} pads every document to the size of a small customer record ({@value #NOTES}
 * characters), so that one postcode's documents weigh what a real book's would.
 */
final class AddressBook {

    /** Characters of the {@code notes} field. */
    static final int NOTES = 400;

    private static final String NOTES_TEXT = "x".repeat(NOTES);
    private static final List<String> STREETS = List.of(
            "High Street", // untranslated: a street name in the generated documents
            "Station Road", // untranslated: a street name in the generated documents
            "Church Lane", // untranslated: a street name in the generated documents
            "Main Street", // untranslated: a street name in the generated documents
            "Park Road", // untranslated: a street name in the generated documents
            "Victoria Road", // untranslated: a street name in the generated documents
            "Green Lane", // untranslated: a street name in the generated documents
            "Mill Lane", // untranslated: a street name in the generated documents
            "School Lane", // untranslated: a street name in the generated documents
            "The Avenue", // untranslated: a street name in the generated documents
            "Elm Street", // untranslated: a street name in the generated documents
            "Oak Avenue", // untranslated: a street name in the generated documents
            "Maple Drive", // untranslated: a street name in the generated documents
            "Cedar Lane", // untranslated: a street name in the generated documents
            "Washington Street", // untranslated: a street name in the generated documents
            "Lake View"); // untranslated: a street name in the generated documents

    private final String[] postcodes;
    private final String[] extra;
    private final int[] firstAddress;
    private final int total;

    /**
     * @param postcodes the region's postcodes
     * @param counts addresses per postcode, each at least 1
     * @param extra a value of the {@code extraField} per postcode (e.g. its state), or null for none
     */
    AddressBook(List<String> postcodes, int[] counts, String[] extra) {
        this.postcodes = postcodes.toArray(String[]::new);
        this.extra = extra;
        this.firstAddress = new int[counts.length + 1];
        long sum = 0;
        for (int i = 0; i < counts.length; i++) {
            if (counts[i] < 1) {
                throw new RefusedInput(Message.of("workload.addressBook.emptyPostcode"));
            }
            firstAddress[i] = (int) sum;
            sum += counts[i];
        }
        if (counts.length != this.postcodes.length || (extra != null && extra.length != counts.length)) {
            throw new RefusedInput(Message.of("workload.addressBook.countPerPostcode"));
        }
        if (sum > Integer.MAX_VALUE) {
            throw new RefusedInput(Message.of("workload.addressBook.tooMany", Integer.MAX_VALUE));
        }
        firstAddress[counts.length] = (int) sum;
        this.total = (int) sum;
    }

    /** Every address of the book. */
    int addresses() {
        return total;
    }

    /**
     * A stream of {@code settings.docs()} documents (at most {@link #addresses()}): the addresses in
     * a seeded random order (a Fisher–Yates shuffle), so every postcode fills at the same pace.
     *
     * @param extraField the name of the per-postcode extra value, or null
     */
    InsertStream open(Workload workload, WorkloadSettings settings, String extraField) {
        int docs = (int) Math.min(settings.docs(), total);
        TimedStream basis =
                new TimedStream(new WorkloadSettings(docs, settings.seed(), settings.start()), Duration.ofDays(1));
        int[] order = new int[total];
        for (int i = 0; i < total; i++) {
            order[i] = i;
        }
        SplittableRandom random = basis.values();
        for (int i = total - 1; i > 0; i--) {
            int j = random.nextInt(i + 1);
            int t = order[i];
            order[i] = order[j];
            order[j] = t;
        }
        return GeneratedInsertStream.of(
                workload, new WorkloadSettings(docs, settings.seed(), settings.start()), ordinal -> {
                    int address = order[(int) ordinal - 1];
                    int p = postcodeOf(address);
                    int number = address - firstAddress[p] + 1;
                    BsonDocument d = basis.documentWithId(ordinal)
                            .append("postcode", new BsonString(postcodes[p]))
                            .append(
                                    "address",
                                    new BsonString(number + " "
                                            + STREETS.get(Math.floorMod(postcodes[p].hashCode(), STREETS.size()))));
                    if (extraField != null) {
                        d.append(extraField, new BsonString(extra[p]));
                    }
                    return d.append("notes", new BsonString(NOTES_TEXT));
                });
    }

    private int postcodeOf(int address) {
        int i = Arrays.binarySearch(firstAddress, address);
        return i >= 0 ? i : -i - 2; // counts are at least 1: the starts strictly increase
    }

    /** A postcode of the book, for queries. */
    /**
     * The reads of an address book: 60% the addresses of one postcode (named {@code postcodeQuery}), 40% the
     * addresses at a number of {@code street}, a field outside the key.
     */
    QueryMix queries(Message postcodeQuery, String street) {
        return QueryMix.of(
                new QueryTemplate(
                        postcodeQuery,
                        QueryShape.PREFIX,
                        60,
                        r -> new BsonDocument("postcode", new BsonString(postcode(r.nextInt(postcodes()))))),
                QueryTemplate.nonKeyEquals(
                        Message.of("workload.query.addressesOnAStreet"),
                        40,
                        "address",
                        r -> new BsonString((1 + r.nextInt(15)) + " " + street)));
    }

    String postcode(int index) {
        return postcodes[index];
    }

    int postcodes() {
        return postcodes.length;
    }
}
