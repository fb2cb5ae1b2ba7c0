package io.shardlab.workload;

import io.shardlab.key.ShardKeyPattern;
import java.time.Duration;
import java.util.List;
import java.util.function.Supplier;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonString;

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
    public String name() {
        return "categorical-states";
    }

    @Override
    public ShardKeyPattern suggestedKey() {
        return ShardKeyPattern.parse("{state: 1}");
    }

    @Override
    public List<String> fields() {
        return List.of("_id", "zip", "city", "state");
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
        return QueryMix.of(
                new QueryTemplate(
                        "addresses in a state",
                        QueryShape.EQUALITY,
                        40,
                        r -> new BsonDocument(
                                "state",
                                new BsonString(rows.get(r.nextInt(rows.size())).state()))),
                new QueryTemplate("addresses in a few states", QueryShape.IN, 10, r -> {
                    BsonArray states = new BsonArray();
                    for (int i = 0; i < 3; i++) {
                        states.add(
                                new BsonString(rows.get(r.nextInt(rows.size())).state()));
                    }
                    return new BsonDocument("state", new BsonDocument("$in", states));
                }),
                new QueryTemplate(
                        "addresses in a ZIP code",
                        QueryShape.NON_KEY,
                        50,
                        r -> new BsonDocument(
                                "zip",
                                new BsonString(rows.get(r.nextInt(rows.size())).zip()))));
    }
}
