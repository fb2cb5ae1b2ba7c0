package io.shardlab.workload;

import io.shardlab.text.Message;
import java.util.List;

/**
 * {@code uk-addresses}: a UK customer book, one document per address, for the UK side of the seed
 * material's "UK postcode vs US postcode" example. The postcodes are <em>generated</em> in the real
 * format and at the published counts ({@link UkPostcodes}: about 15 addresses per postcode, at most
 * 100); the book covers the first areas' postcodes, as many as the stream's documents fill, with
 * every address once, in a seeded random order.
 *
 * <p>Document: {@code {_id: ObjectId, postcode: "AB10 1AX", address: "7 High Street", notes: "…"}},
 * about half a kilobyte ({@link AddressBook#NOTES}).
 */
public final class UkAddressesWorkload implements Workload {

    /** The book that {@code settings.docs()} documents fill. */
    static AddressBook book(WorkloadSettings settings) {
        List<UkPostcodes.Unit> units = new UkPostcodes(settings.seed()).coveringAtLeast(settings.docs());
        int[] counts = units.stream().mapToInt(UkPostcodes.Unit::addresses).toArray();
        return new AddressBook(units.stream().map(UkPostcodes.Unit::postcode).toList(), counts, null);
    }

    @Override
    public InsertStream open(WorkloadSettings settings) {
        return book(settings).open(this, settings, null);
    }

    @Override
    public QueryMix queries(WorkloadSettings settings) {
        return book(settings)
                .queries(
                        Message.of("workload.query.addressesOfAPostcode"),
                        "High Street"); // untranslated: a street name in the generated documents
    }

    @Override
    public Profile profile() {
        return Profile.of("uk-addresses", "{postcode: 1, address: 1}", "_id", "postcode", "address", "notes");
    }
}
