package io.shardlab.routing;

import java.util.List;
import org.bson.BsonValue;

/**
 * A query filter parsed the way MongoDB's match-expression parser and canonicalizer leave it for
 * the planner (mongo {@code src/mongo/db/matcher/expression*.h}): logical nodes over leaf
 * predicates on dotted paths. Only the nodes that matter for shard targeting are distinguished;
 * every other predicate is an {@link Opaque} filter that narrows nothing.
 */
public sealed interface MatchExpression {

    /** {@code $and} (also the implicit AND of a filter's top-level fields). */
    record And(List<MatchExpression> children) implements MatchExpression {
        public And {
            children = List.copyOf(children);
        }
    }

    /** {@code $or}. */
    record Or(List<MatchExpression> children) implements MatchExpression {
        public Or {
            children = List.copyOf(children);
        }
    }

    /** {@code $nor}: never bounds-generating ({@code QueryPlannerIXSelect::_rateIndices} stops at NOR). */
    record Nor(List<MatchExpression> children) implements MatchExpression {
        public Nor {
            children = List.copyOf(children);
        }
    }

    /** The comparison and element operators that can generate index bounds. */
    enum Operator {
        EQ,
        LT,
        LTE,
        GT,
        GTE,
        IN,
        REGEX,
        EXISTS,
        TYPE,
        MOD
    }

    /**
     * A bounds-generating predicate on one path.
     *
     * @param path the dotted field path
     * @param operator the operator
     * @param operand for EQ and the comparisons the value; for IN the array of values and
     *     regexes; for REGEX a {@link org.bson.BsonRegularExpression}; for EXISTS a boolean; for
     *     TYPE an array of BSON type names ("number" for all numbers); for MOD the divisor/remainder array
     */
    record Leaf(String path, Operator operator, BsonValue operand) implements MatchExpression {}

    /** {@code $not} / {@code $ne} / {@code $nin} / {@code $exists: false}: a negated leaf. */
    record Not(Leaf child) implements MatchExpression {}

    /** A predicate that filters documents but never narrows index bounds (e.g. {@code $size}, {@code $where}). */
    record Opaque(String description) implements MatchExpression {}

    /** {@code $text}: the planner on mongos gives the whole key space ({@code getIndexBoundsForQuery}). */
    record Text() implements MatchExpression {}
}
