package io.shardlab.workload;

import io.shardlab.text.Message;
import java.util.List;
import java.util.SplittableRandom;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonString;
import org.bson.BsonValue;

/**
 * {@code categorical-continents}: users of a global service, each with the continent they live
 * in, as in the seed material's low-cardinality example (values {@code africa}, {@code antarctica},
 * {@code asia}, {@code australia}, {@code europe}, {@code north america}, {@code south america}).
 * {@code {continent: 1}} can never have more than seven chunks ("集合最终会变成7个块").
 *
 * <p>Skew: users are drawn in proportion to approximate population shares, rounded from world
 * population estimates for the early 2020s (Asia about 59%, Africa 18%, Europe 9.4%, North America
 * 7.6%, South America 5.5%, Australia/Oceania 0.55%); Antarctica, which has no permanent
 * population, gets a token weight of one in 10,000 so that its value occurs. These shares are
 * rounded illustrations, not a cited statistic.
 *
 * <p>Document: {@code {_id: ObjectId, user: "u000042", continent: "asia"}}.
 */
public final class ContinentsWorkload extends OneDayWorkload {

    static final List<String> CONTINENTS = List.of(
            "africa",
            "antarctica",
            "asia",
            "australia",
            "europe",
            "north america", // untranslated: a value in the generated documents
            "south america"); // untranslated: a value in the generated documents
    /** Percent of users per continent, in the order of {@link #CONTINENTS}. */
    static final double[] SHARES = {18.0, 0.01, 59.0, 0.55, 9.4, 7.6, 5.5};

    static final int USERS = 1_000_000;

    private final DiscreteDistribution continents = new DiscreteDistribution(SHARES);

    /** The distribution of continents, outcome {@code i} being {@code CONTINENTS.get(i)}. */
    public DiscreteDistribution distribution() {
        return continents;
    }

    @Override
    BsonDocument fieldsAfterId(BsonDocument document, long ordinal, SplittableRandom random, ArrivalTimes times) {
        return document.append("user", new BsonString(PaddedId.of("u", random.nextInt(USERS), 6)))
                .append("continent", continent(random));
    }

    /** A continent drawn by its share of users. */
    private BsonValue continent(SplittableRandom random) {
        return new BsonString(CONTINENTS.get(continents.sample(random)));
    }

    @Override
    public QueryMix queries(WorkloadSettings settings) {
        return QueryMix.of(
                QueryTemplate.keyEquals(
                        Message.of("workload.query.usersOnAContinent"), 50, "continent", this::continent),
                new QueryTemplate(
                        Message.of("workload.query.usersInTheAmericas"),
                        QueryShape.IN,
                        10,
                        r -> new BsonDocument(
                                "continent",
                                new BsonDocument(
                                        "$in",
                                        new BsonArray(List.of(
                                                new BsonString(CONTINENTS.get(5)),
                                                new BsonString(CONTINENTS.get(6))))))),
                QueryTemplate.nonKeyEquals(
                        Message.of("workload.query.oneUser"),
                        40,
                        "user",
                        r -> new BsonString(PaddedId.of("u", r.nextInt(USERS), 6))));
    }

    @Override
    public Profile profile() {
        return Profile.of("categorical-continents", "{continent: 1}", "_id", "user", "continent");
    }
}
