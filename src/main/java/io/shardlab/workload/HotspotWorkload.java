package io.shardlab.workload;

import io.shardlab.text.Message;
import java.util.SplittableRandom;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonInt64;

/**
 * {@code hotspot}: payments on 1,000,000 accounts where 90% of the writes go to the 1% of accounts
 * with the lowest numbers (the "hot set" {@code [1, 10000]}) and 10% to the rest, each part
 * uniformly: the shape of YCSB's hotspot distribution with a hot set at the low end of the key
 * space. Writes pile onto the few chunks covering the hot range.
 *
 * <p>Document: {@code {_id: ObjectId, accountId: NumberLong, amount: NumberInt}}.
 */
public final class HotspotWorkload extends OneDayWorkload {

    static final long ACCOUNTS = 1_000_000;
    static final long HOT_ACCOUNTS = ACCOUNTS / 100;
    static final double HOT_WRITE_SHARE = 0.9;

    @Override
    BsonDocument fieldsAfterId(BsonDocument document, long ordinal, SplittableRandom random, ArrivalTimes times) {
        return document.append("accountId", new BsonInt64(account(random)))
                .append("amount", new BsonInt32(1 + random.nextInt(10_000)));
    }

    /** An account number in {@code [1, ACCOUNTS]}: hot with probability {@link #HOT_WRITE_SHARE}. */
    static long account(SplittableRandom random) {
        if (random.nextDouble() < HOT_WRITE_SHARE) {
            return 1 + random.nextLong(HOT_ACCOUNTS);
        }
        return 1 + HOT_ACCOUNTS + random.nextLong(ACCOUNTS - HOT_ACCOUNTS);
    }

    @Override
    public QueryMix queries(WorkloadSettings settings) {
        return QueryMix.of(
                QueryTemplate.keyEquals(
                        Message.of("workload.query.paymentsOfAnAccount"),
                        60,
                        "accountId",
                        r -> new BsonInt64(account(r))),
                QueryTemplate.keyIn(
                        Message.of("workload.query.paymentsOfAFewAccounts"),
                        10,
                        "accountId",
                        3,
                        r -> new BsonInt64(account(r))),
                QueryTemplate.keyRange(
                        Message.of("workload.query.anAccountRange"),
                        10,
                        "accountId",
                        r -> 1 + r.nextLong(ACCOUNTS - 1000),
                        1000,
                        BsonInt64::new),
                new QueryTemplate(
                        Message.of("workload.query.largePayments"),
                        QueryShape.NON_KEY,
                        20,
                        r -> new BsonDocument("amount", new BsonDocument("$gte", new BsonInt32(9_000)))));
    }

    @Override
    public Profile profile() {
        return Profile.of("hotspot", "{accountId: 1}", "_id", "accountId", "amount");
    }
}
