package io.shardlab.workload;

import io.shardlab.text.Message;
import java.util.SplittableRandom;
import java.util.function.Function;
import java.util.function.LongFunction;
import java.util.function.ToLongFunction;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/**
 * A kind of read with its share of the mix, e.g. "inbox of one owner" with weight 0.7.
 *
 * @param name what the application does, e.g. "one user's month" ({@code workload.query.oneUsersMonth}): words
 *     the explorer and {@code simulate} show in the user's language, and {@code simulate --json} in English
 * @param shape the filter's shape relative to the workload's suggested key
 * @param weight relative frequency in the mix, positive
 * @param filters draws one filter; must use only the given generator for randomness
 */
public record QueryTemplate(
        Message name, QueryShape shape, double weight, Function<SplittableRandom, BsonDocument> filters) {

    public QueryTemplate {
        if (name == null) {
            throw new IllegalArgumentException("name: required"); // untranslated: a developer's contract
        }
        if (shape == null || filters == null) {
            throw new IllegalArgumentException("shape/filters: required"); // untranslated: a developer's contract
        }
        if (!(weight > 0) || Double.isInfinite(weight)) {
            throw new IllegalArgumentException(
                    "weight: must be positive and finite, got " + weight); // untranslated: a developer's contract
        }
    }

    /** One query of this template. */
    public Query draw(SplittableRandom random) {
        return new Query(name, shape, filters.apply(random));
    }

    /** {@link QueryShape#EQUALITY}: {@code {<keyField>: <value>}}, the value drawn by {@code values}. */
    public static QueryTemplate keyEquals(
            Message name, double weight, String keyField, Function<SplittableRandom, BsonValue> values) {
        return new QueryTemplate(name, QueryShape.EQUALITY, weight, r -> new BsonDocument(keyField, values.apply(r)));
    }

    /** {@link QueryShape#NON_KEY}: {@code {<field>: <value>}} on a field outside the key, the value drawn by {@code values}. */
    public static QueryTemplate nonKeyEquals(
            Message name, double weight, String field, Function<SplittableRandom, BsonValue> values) {
        return new QueryTemplate(name, QueryShape.NON_KEY, weight, r -> new BsonDocument(field, values.apply(r)));
    }

    /** {@link QueryShape#IN}: {@code {<keyField>: {$in: [...]}}} of {@code count} values drawn in turn. */
    public static QueryTemplate keyIn(
            Message name, double weight, String keyField, int count, Function<SplittableRandom, BsonValue> values) {
        return new QueryTemplate(name, QueryShape.IN, weight, r -> {
            BsonArray drawn = new BsonArray();
            for (int i = 0; i < count; i++) {
                drawn.add(values.apply(r));
            }
            return new BsonDocument(keyField, new BsonDocument("$in", drawn));
        });
    }

    /**
     * {@link QueryShape#RANGE}: {@code {<keyField>: {$gte: from, $lt: from + width}}}, {@code from} drawn by
     * {@code lowerBounds} and both bounds made into key values by {@code asValue} (same unit as {@code width}).
     */
    public static QueryTemplate keyRange(
            Message name,
            double weight,
            String keyField,
            ToLongFunction<SplittableRandom> lowerBounds,
            long width,
            LongFunction<BsonValue> asValue) {
        return new QueryTemplate(name, QueryShape.RANGE, weight, r -> {
            long from = lowerBounds.applyAsLong(r);
            return new BsonDocument(
                    keyField, new BsonDocument("$gte", asValue.apply(from)).append("$lt", asValue.apply(from + width)));
        });
    }
}
