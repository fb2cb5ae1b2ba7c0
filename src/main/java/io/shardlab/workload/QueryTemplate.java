package io.shardlab.workload;

import java.util.SplittableRandom;
import java.util.function.Function;
import org.bson.BsonDocument;

/**
 * A kind of read with its share of the mix, e.g. "inbox of one owner" with weight 0.7.
 *
 * @param name what the application does, e.g. {@code "one user's month"}
 * @param shape the filter's shape relative to the workload's suggested key
 * @param weight relative frequency in the mix, positive
 * @param filters draws one filter; must use only the given generator for randomness
 */
public record QueryTemplate(
        String name, QueryShape shape, double weight, Function<SplittableRandom, BsonDocument> filters) {

    public QueryTemplate {
        if (name == null || name.isBlank()) {
            throw new IllegalArgumentException("name: required");
        }
        if (shape == null || filters == null) {
            throw new IllegalArgumentException("shape/filters: required");
        }
        if (!(weight > 0) || Double.isInfinite(weight)) {
            throw new IllegalArgumentException("weight: must be positive and finite, got " + weight);
        }
    }

    /** One query of this template. */
    public Query draw(SplittableRandom random) {
        return new Query(name, shape, filters.apply(random));
    }
}
