package io.shardlab.workload;

import io.shardlab.text.Message;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.Supplier;

/**
 * {@code us-addresses}: a US customer book, one document per address, for the US side of the seed
 * material's "UK postcode vs US postcode" example: the shipped ZIP codes ({@link ZipCodeTable}) in
 * file order, as many as the stream's documents fill, every address once, in a seeded random order.
 *
 * <p>Addresses per ZIP code: the shipped table has no population, so each ZIP code covers a seeded
 * count drawn uniformly between half and one and a half times the national mean, {@value #MEAN_ADDRESSES}:
 * the 2020 Census's 140,498,736 housing units over the 42,555 ZIP codes shipped. Thousands of
 * addresses share one ZIP code, against about 15 per UK postcode.
 *
 * <p>Document: {@code {_id: ObjectId, postcode: "01001", address: "7 Main Street", state: "MA",
 * notes: "…"}}, about half a kilobyte ({@link AddressBook#NOTES}).
 */
public final class UsAddressesWorkload implements Workload {

    /** Housing units per ZIP code, on average: 140,498,736 (2020 Census) / 42,555 ZIP codes. */
    static final int MEAN_ADDRESSES = 3_302;

    private final Supplier<ZipCodeTable> table;

    /** @param table the ZIP codes, loaded on first use */
    public UsAddressesWorkload(Supplier<ZipCodeTable> table) {
        this.table = table;
    }

    /** The book that {@code settings.docs()} documents fill. */
    AddressBook book(WorkloadSettings settings) {
        SplittableRandom random = new SplittableRandom(settings.seed());
        List<String> zips = new ArrayList<>();
        List<String> states = new ArrayList<>();
        List<Integer> counts = new ArrayList<>();
        long covered = 0;
        for (ZipCodeTable.ZipCode row : table.get().rows()) {
            if (covered >= settings.docs()) {
                break;
            }
            int count = MEAN_ADDRESSES / 2 + random.nextInt(MEAN_ADDRESSES + 1);
            zips.add(row.zip());
            states.add(row.state());
            counts.add(count);
            covered += count;
        }
        return new AddressBook(
                zips, counts.stream().mapToInt(Integer::intValue).toArray(), states.toArray(String[]::new));
    }

    @Override
    public InsertStream open(WorkloadSettings settings) {
        return book(settings).open(this, settings, "state");
    }

    @Override
    public QueryMix queries(WorkloadSettings settings) {
        return book(settings)
                .queries(
                        Message.of("workload.query.addressesOfAZipCode"),
                        "Main Street"); // untranslated: a street name in the generated documents
    }

    @Override
    public Profile profile() {
        return Profile.of("us-addresses", "{postcode: 1, address: 1}", "_id", "postcode", "address", "state", "notes");
    }
}
