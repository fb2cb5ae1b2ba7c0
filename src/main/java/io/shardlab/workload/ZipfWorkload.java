package io.shardlab.workload;

import io.shardlab.text.Message;
import java.util.SplittableRandom;
import org.bson.BsonDateTime;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonValue;

/**
 * {@code zipf}: product page views whose {@code productId} follows Zipf's law over 100,000
 * products with exponent 1: product {@code k} is viewed in proportion to {@code 1/k}, so product 1
 * alone takes about 8% of the writes. All documents of one key value must stay in one chunk, so
 * the most popular products make chunks that cannot be split.
 *
 * <p>Document: {@code {_id: ObjectId, productId: NumberInt(k), viewedAt: Date}}.
 */
public final class ZipfWorkload extends OneDayWorkload {

    static final int PRODUCTS = 100_000;
    static final double EXPONENT = 1.0;

    private final DiscreteDistribution popularity = DiscreteDistribution.zipf(PRODUCTS, EXPONENT);

    /** The popularity of products: outcome {@code k-1} is product {@code k}. */
    public DiscreteDistribution popularity() {
        return popularity;
    }

    @Override
    BsonDocument fieldsAfterId(BsonDocument document, long ordinal, SplittableRandom random, ArrivalTimes times) {
        return document.append("productId", product(random))
                .append("viewedAt", new BsonDateTime(times.millisOf(ordinal)));
    }

    /** A product drawn by its popularity. */
    private BsonValue product(SplittableRandom random) {
        return new BsonInt32(1 + popularity.sample(random));
    }

    @Override
    public QueryMix queries(WorkloadSettings settings) {
        ArrivalTimes times = arrivals(settings);
        return QueryMix.of(
                QueryTemplate.keyEquals(Message.of("workload.query.viewsOfAProduct"), 60, "productId", this::product),
                QueryTemplate.keyIn(
                        Message.of("workload.query.viewsOfAFewProducts"), 10, "productId", 4, this::product),
                QueryTemplate.keyRange(
                        Message.of("workload.query.aCataloguePageOf50Products"),
                        10,
                        "productId",
                        r -> 1 + r.nextInt(PRODUCTS - 50),
                        50,
                        id -> new BsonInt32((int) id)),
                new QueryTemplate(Message.of("workload.query.viewsInTheLastMinute"), QueryShape.NON_KEY, 20, r -> {
                    long end = times.startMillis() + times.durationMillis();
                    return new BsonDocument("viewedAt", new BsonDocument("$gte", new BsonDateTime(end - 60_000)));
                }));
    }

    @Override
    public Profile profile() {
        return Profile.of("zipf", "{productId: 1}", "_id", "productId", "viewedAt");
    }
}
