package io.shardlab.workload;

import io.shardlab.text.Message;
import java.time.Duration;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.Function;
import java.util.function.Supplier;
import org.bson.BsonString;
import org.bson.BsonValue;

/**
 * {@code categorical-states}: an address book whose every entry has the ZIP code, city and state of
 * a row drawn uniformly from the shipped ZIP-code table, so a state appears as often as it has ZIP
 * codes (TX and CA about 6% each, AS once in 42,555). A {@code {state: 1}} key has only as many
 * values as there are state codes (62, counting DC, territories and military codes), so there can
 * never be more chunks than that, and a state's chunk cannot be split once it holds only that
 * state (the seed material's "picking the state field as a shard key").
 *
 * <p>Document: {@code {_id: ObjectId, zip: "94105", city: "San Francisco", state: "CA"}}.
 */
public final class StatesWorkload implements Workload {

    private static final Duration SPAN = Duration.ofDays(1);

    private final Supplier<ZipCodeTable> table;

    /** @param table the ZIP codes, loaded on first use */
    public StatesWorkload(Supplier<ZipCodeTable> table) {
        this.table = table;
    }

    @Override
    public InsertStream open(WorkloadSettings settings) {
        List<ZipCodeTable.ZipCode> rows = table.get().rows();
        TimedStream basis = new TimedStream(settings, SPAN);
        return basis.documentsWithIds(this, (document, ordinal, random) -> {
            ZipCodeTable.ZipCode row = rows.get(random.nextInt(rows.size()));
            return document.append("zip", new BsonString(row.zip()))
                    .append("city", new BsonString(row.city()))
                    .append("state", new BsonString(row.state()));
        });
    }

    @Override
    public QueryMix queries(WorkloadSettings settings) {
        List<ZipCodeTable.ZipCode> rows = table.get().rows();
        Function<SplittableRandom, BsonValue> state =
                r -> new BsonString(rows.get(r.nextInt(rows.size())).state());
        return QueryMix.of(
                QueryTemplate.keyEquals(Message.of("workload.query.addressesInAState"), 40, "state", state),
                QueryTemplate.keyIn(Message.of("workload.query.addressesInAFewStates"), 10, "state", 3, state),
                QueryTemplate.nonKeyEquals(
                        Message.of("workload.query.addressesInAZipCode"),
                        50,
                        "zip",
                        r -> new BsonString(rows.get(r.nextInt(rows.size())).zip())));
    }

    @Override
    public Profile profile() {
        return Profile.of("categorical-states", "{state: 1}", "_id", "zip", "city", "state");
    }
}
