package io.shardlab.workload;

import io.shardlab.key.ShardKeyPattern;
import java.time.Duration;
import java.util.List;
import java.util.SplittableRandom;
import org.bson.BsonArray;
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
public final class HotspotWorkload implements Workload {

    static final long ACCOUNTS = 1_000_000;
    static final long HOT_ACCOUNTS = ACCOUNTS / 100;
    static final double HOT_WRITE_SHARE = 0.9;
    private static final Duration SPAN = Duration.ofDays(1);

    @Override
    public String name() {
        return "hotspot";
    }

    @Override
    public String description() {
        return "payments, 90% on accounts 1..10000 of 1,000,000: a hot key range";
    }

    @Override
    public ShardKeyPattern suggestedKey() {
        return ShardKeyPattern.parse("{accountId: 1}");
    }

    @Override
    public List<String> fields() {
        return List.of("_id", "accountId", "amount");
    }

    @Override
    public InsertStream open(WorkloadSettings settings) {
        TimedStream basis = new TimedStream(settings, SPAN);
        SplittableRandom random = basis.values();
        return GeneratedInsertStream.of(
                this,
                settings,
                ordinal -> basis.documentWithId(ordinal)
                        .append("accountId", new BsonInt64(account(random)))
                        .append("amount", new BsonInt32(1 + random.nextInt(10_000))));
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
                new QueryTemplate(
                        "payments of an account",
                        QueryShape.EQUALITY,
                        60,
                        r -> new BsonDocument("accountId", new BsonInt64(account(r)))),
                new QueryTemplate("payments of a few accounts", QueryShape.IN, 10, r -> {
                    BsonArray ids = new BsonArray();
                    for (int i = 0; i < 3; i++) {
                        ids.add(new BsonInt64(account(r)));
                    }
                    return new BsonDocument("accountId", new BsonDocument("$in", ids));
                }),
                new QueryTemplate("an account range", QueryShape.RANGE, 10, r -> {
                    long from = 1 + r.nextLong(ACCOUNTS - 1000);
                    return new BsonDocument(
                            "accountId",
                            new BsonDocument("$gte", new BsonInt64(from)).append("$lt", new BsonInt64(from + 1000)));
                }),
                new QueryTemplate(
                        "large payments",
                        QueryShape.NON_KEY,
                        20,
                        r -> new BsonDocument("amount", new BsonDocument("$gte", new BsonInt32(9_000)))));
    }
}
