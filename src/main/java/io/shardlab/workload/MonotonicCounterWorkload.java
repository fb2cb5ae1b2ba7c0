package io.shardlab.workload;

import io.shardlab.text.Message;
import java.util.SplittableRandom;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonInt64;
import org.bson.BsonString;

/**
 * {@code monotonic}: orders numbered by an application counter, {@code counter} = 1, 2, 3, … in
 * insert order. With {@code {counter: 1}} every insert lands above all existing keys, in the chunk
 * that ends at MaxKey: the seed material's "monotonically increasing shard key" anti-pattern.
 *
 * <p>Document: {@code {_id: ObjectId, counter: NumberLong(n), customer: "c00042", total: NumberInt}}.
 */
public final class MonotonicCounterWorkload extends OneDayWorkload {

    static final int CUSTOMERS = 50_000;

    @Override
    BsonDocument fieldsAfterId(BsonDocument document, long ordinal, SplittableRandom random, ArrivalTimes times) {
        return document.append("counter", new BsonInt64(ordinal))
                .append("customer", new BsonString(customer(random.nextInt(CUSTOMERS))))
                .append("total", new BsonInt32(1 + random.nextInt(500)));
    }

    static String customer(int index) {
        return PaddedId.of("c", index, 5);
    }

    @Override
    public QueryMix queries(WorkloadSettings settings) {
        long docs = settings.docs();
        return QueryMix.of(
                QueryTemplate.keyEquals(
                        Message.of("workload.query.orderByNumber"),
                        50,
                        "counter",
                        r -> new BsonInt64(1 + r.nextLong(docs))),
                QueryTemplate.keyIn(
                        Message.of("workload.query.ordersByNumbers"),
                        10,
                        "counter",
                        5,
                        r -> new BsonInt64(1 + r.nextLong(docs))),
                QueryTemplate.keyRange(
                        Message.of("workload.query.aPageOf100Orders"),
                        20,
                        "counter",
                        r -> 1 + r.nextLong(docs),
                        100,
                        BsonInt64::new),
                QueryTemplate.nonKeyEquals(
                        Message.of("workload.query.ordersOfACustomer"),
                        20,
                        "customer",
                        r -> new BsonString(customer(r.nextInt(CUSTOMERS)))));
    }

    @Override
    public Profile profile() {
        return Profile.of("monotonic", "{counter: 1}", "_id", "counter", "customer", "total");
    }
}
