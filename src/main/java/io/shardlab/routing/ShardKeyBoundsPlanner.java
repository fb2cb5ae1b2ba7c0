package io.shardlab.routing;

import io.shardlab.bson.CanonicalType;
import io.shardlab.key.KeyField;
import io.shardlab.key.ShardKeyHasher;
import io.shardlab.key.ShardKeyPattern;
import io.shardlab.routing.MatchExpression.And;
import io.shardlab.routing.MatchExpression.Leaf;
import io.shardlab.routing.MatchExpression.Not;
import io.shardlab.routing.MatchExpression.Operator;
import io.shardlab.routing.MatchExpression.Or;
import io.shardlab.routing.MatchExpression.Text;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.bson.BsonArray;
import org.bson.BsonDouble;
import org.bson.BsonInt64;
import org.bson.BsonMaxKey;
import org.bson.BsonMinKey;
import org.bson.BsonNull;
import org.bson.BsonRegularExpression;
import org.bson.BsonString;
import org.bson.BsonType;
import org.bson.BsonUndefined;
import org.bson.BsonValue;

/**
 * The per-field index bounds a filter gives on the shard key, as mongos computes them by planning
 * the query against a virtual index on the shard key ({@code getIndexBoundsForQuery} in mongo
 * {@code src/mongo/s/shard_key_pattern_query_util.cpp}).
 *
 * <p>Rules, each from the planner:
 * <ul>
 *   <li>Per predicate, {@code IndexBoundsBuilder::translate} ({@code src/mongo/db/query/index_bounds_builder.cpp}):
 *       equality is a point (null is {@code [null, null]} from 8.0, {@code [undefined] ∪ [null]} before;
 *       an array is the array itself plus its first element, or undefined when empty); {@code $lt/$lte/$gt/$gte}
 *       are bracketed to the operand's type ({@link TypeBrackets}), numbers to ±Infinity; NaN compares only
 *       with NaN; {@code $in} is the union of its equalities and regexes; a regex is its
 *       {@link RegexPrefix} range (all strings without one) plus the regex value itself; {@code $exists:true}
 *       is [MinKey, MaxKey], {@code $exists:false} is [null, null]; {@code $type} is its types' brackets;
 *       {@code $mod} is all numbers; a negation is the complement of its child.</li>
 *   <li>Which predicates may use the index, {@code QueryPlannerIXSelect::_compatible} and
 *       {@code nodeIsSupportedByHashedIndex} ({@code src/mongo/db/query/planner_ixselect.cpp}): no negation
 *       of a regex, {@code $mod}, {@code $type} or an array comparison, no {@code $nin} with a regex; a
 *       hashed field takes only equality, {@code $in} without regexes and {@code $exists}, equality values
 *       becoming {@code hash64} points.</li>
 *   <li>The index is usable only with a predicate on its first field; an AND intersects the bounds of its
 *       predicates per field; an OR is usable only when every branch is, and its bounds are the per-field
 *       union of the branches ({@code collapseQuerySolution}); {@code $nor} never narrows.</li>
 *   <li>When no plan uses the index, and whenever {@code $text} appears, every field is [MinKey, MaxKey].</li>
 * </ul>
 * Where an AND holds both predicates on the first field and an indexable OR, the predicates are used
 * (the planner may also enumerate the OR plan; both bound the same documents).
 *
 * @param nullEqualityMatchesUndefined true before 8.0, where {@code {x: null}} also matched undefined (docs
 *     release-notes/8.0-compatibility, "Queries for null don't match undefined fields")
 */
record ShardKeyBoundsPlanner(ShardKeyPattern pattern, ShardKeyHasher hasher, boolean nullEqualityMatchesUndefined) {

    /** One list of intervals per shard-key field, in pattern order. */
    List<OrderedIntervalList> bounds(MatchExpression root) {
        OrderedIntervalList[] fields = containsText(root) ? null : plan(root).orElse(null);
        List<OrderedIntervalList> out = new ArrayList<>();
        for (int i = 0; i < pattern.arity(); i++) {
            OrderedIntervalList oil = fields == null ? null : fields[i];
            out.add(oil == null ? OrderedIntervalList.allValues() : oil);
        }
        return out;
    }

    private static boolean containsText(MatchExpression e) {
        if (e instanceof Text) {
            return true;
        }
        List<MatchExpression> children = e instanceof And a
                ? a.children()
                : e instanceof Or o ? o.children() : e instanceof MatchExpression.Nor n ? n.children() : List.of();
        return children.stream().anyMatch(ShardKeyBoundsPlanner::containsText);
    }

    /** Bounds per field (null = unconstrained), or empty when the index cannot be used. */
    private Optional<OrderedIntervalList[]> plan(MatchExpression e) {
        if (e instanceof Leaf || e instanceof Not) {
            return leafPlan(e);
        }
        if (e instanceof And a) {
            return andPlan(a);
        }
        if (e instanceof Or o) {
            return orPlan(o);
        }
        return Optional.empty();
    }

    private Optional<OrderedIntervalList[]> leafPlan(MatchExpression leafOrNot) {
        Optional<Assignment> a = assign(leafOrNot);
        if (a.isEmpty() || a.get().field() != 0) {
            return Optional.empty();
        }
        OrderedIntervalList[] fields = new OrderedIntervalList[pattern.arity()];
        fields[0] = a.get().bounds();
        return Optional.of(fields);
    }

    private Optional<OrderedIntervalList[]> andPlan(And and) {
        OrderedIntervalList[] fields = new OrderedIntervalList[pattern.arity()];
        boolean onFirstField = false;
        for (MatchExpression child : and.children()) {
            if (child instanceof Leaf || child instanceof Not) {
                Optional<Assignment> a = assign(child);
                if (a.isPresent()) {
                    int i = a.get().field();
                    fields[i] = fields[i] == null
                            ? a.get().bounds()
                            : fields[i].intersect(a.get().bounds());
                    onFirstField |= i == 0;
                }
            }
        }
        if (!onFirstField) {
            for (MatchExpression child : and.children()) {
                if (child instanceof Or) {
                    Optional<OrderedIntervalList[]> orBounds = plan(child);
                    if (orBounds.isPresent()) {
                        for (int i = 0; i < fields.length; i++) {
                            OrderedIntervalList o = orBounds.get()[i];
                            if (o != null) {
                                fields[i] = fields[i] == null ? o : fields[i].intersect(o);
                            }
                        }
                        onFirstField = true;
                        break;
                    }
                }
            }
        }
        return onFirstField ? Optional.of(fields) : Optional.empty();
    }

    private Optional<OrderedIntervalList[]> orPlan(Or or) {
        List<List<Interval>> perField = new ArrayList<>();
        boolean[] unconstrained = new boolean[pattern.arity()];
        for (int i = 0; i < pattern.arity(); i++) {
            perField.add(new ArrayList<>());
        }
        for (MatchExpression child : or.children()) {
            Optional<OrderedIntervalList[]> branch = plan(child);
            if (branch.isEmpty()) {
                return Optional.empty();
            }
            for (int i = 0; i < pattern.arity(); i++) {
                OrderedIntervalList oil = branch.get()[i];
                if (oil == null) {
                    unconstrained[i] = true;
                } else {
                    perField.get(i).addAll(oil.intervals());
                }
            }
        }
        OrderedIntervalList[] fields = new OrderedIntervalList[pattern.arity()];
        for (int i = 0; i < fields.length; i++) {
            fields[i] = unconstrained[i] ? null : OrderedIntervalList.union(perField.get(i));
        }
        return Optional.of(fields);
    }

    private record Assignment(int field, OrderedIntervalList bounds) {}

    /** The key field a leaf constrains and its bounds, or empty when it cannot use the shard-key index. */
    private Optional<Assignment> assign(MatchExpression leafOrNot) {
        Leaf leaf = leafOrNot instanceof Not n ? n.child() : (Leaf) leafOrNot;
        int field = pattern.indexOf(leaf.path());
        if (field < 0) {
            return Optional.empty();
        }
        KeyField key = pattern.fields().get(field);
        Optional<OrderedIntervalList> oil = leafOrNot instanceof Not n
                ? (key.hashed() ? hashedNot(n) : rangedNot(n))
                : (key.hashed() ? hashed(leaf) : ranged(leaf));
        return oil.map(o -> new Assignment(field, o));
    }

    // ---- ranged (ascending) fields ---------------------------------------------------------

    private Optional<OrderedIntervalList> ranged(Leaf leaf) {
        BsonValue v = leaf.operand();
        return Optional.of(
                switch (leaf.operator()) {
                    case EQ -> equality(v);
                    case LT -> lessThan(v, false);
                    case LTE -> lessThan(v, true);
                    case GT -> greaterThan(v, false);
                    case GTE -> greaterThan(v, true);
                    case IN -> in(v.asArray());
                    case REGEX -> regex(v.asRegularExpression());
                    case EXISTS -> OrderedIntervalList.allValues();
                    case TYPE -> type(v.asArray());
                    case MOD ->
                        OrderedIntervalList.union(List.of(new Interval(
                                TypeBrackets.minFor(BsonType.DOUBLE),
                                true,
                                TypeBrackets.maxFor(BsonType.DOUBLE),
                                true)));
                });
    }

    private Optional<OrderedIntervalList> rangedNot(Not not) {
        Leaf child = not.child();
        switch (child.operator()) {
            case EXISTS:
                return Optional.of(OrderedIntervalList.union(List.of(Interval.point(BsonNull.VALUE))));
            case REGEX:
            case MOD:
            case TYPE:
                return Optional.empty();
            case IN:
                for (BsonValue v : child.operand().asArray()) {
                    if (v.isRegularExpression() || v.isArray()) {
                        return Optional.empty();
                    }
                }
                break;
            default:
                if (child.operand().isArray()) {
                    return Optional.empty();
                }
        }
        return ranged(child).map(OrderedIntervalList::complement);
    }

    private OrderedIntervalList equality(BsonValue v) {
        if (v.isNull()) {
            return nullEquality(false);
        }
        if (v.isArray()) {
            BsonArray a = v.asArray();
            BsonValue second = a.isEmpty() ? new BsonUndefined() : a.get(0);
            return OrderedIntervalList.union(List.of(Interval.point(v), Interval.point(second)));
        }
        return OrderedIntervalList.union(List.of(Interval.point(v)));
    }

    private OrderedIntervalList nullEquality(boolean hashed) {
        BsonValue nullKey = hashed ? hash(BsonNull.VALUE) : BsonNull.VALUE;
        if (!nullEqualityMatchesUndefined) {
            return OrderedIntervalList.union(List.of(Interval.point(nullKey)));
        }
        BsonValue undefinedKey = hashed ? hash(new BsonUndefined()) : new BsonUndefined();
        return OrderedIntervalList.union(List.of(Interval.point(undefinedKey), Interval.point(nullKey)));
    }

    private static boolean isNaN(BsonValue v) {
        if (v.isDouble()) {
            return Double.isNaN(v.asDouble().getValue());
        }
        return v.isDecimal128() && v.asDecimal128().getValue().isNaN();
    }

    private static boolean sameType(BsonValue a, BsonValue b) {
        return CanonicalType.of(a) == CanonicalType.of(b);
    }

    /** A bound at NaN: NaN compares equal only to itself, so an inclusive bound holds NaN alone, a strict one nothing. */
    private static OrderedIntervalList boundAtNaN(boolean inclusive) {
        return inclusive
                ? OrderedIntervalList.union(List.of(Interval.point(new BsonDouble(Double.NaN))))
                : OrderedIntervalList.none();
    }

    private static OrderedIntervalList lessThan(BsonValue v, boolean inclusive) {
        if (v instanceof BsonMaxKey) {
            return OrderedIntervalList.allValues();
        }
        if (isNaN(v)) {
            return boundAtNaN(inclusive);
        }
        BsonValue start = v.isNumber() || v.isDecimal128()
                ? new BsonDouble(Double.NEGATIVE_INFINITY)
                : TypeBrackets.minFor(v.getBsonType());
        return OrderedIntervalList.union(List.of(new Interval(start, sameType(start, v), v, inclusive)));
    }

    private static OrderedIntervalList greaterThan(BsonValue v, boolean inclusive) {
        if (v instanceof BsonMinKey) {
            return OrderedIntervalList.allValues();
        }
        if (isNaN(v)) {
            return boundAtNaN(inclusive);
        }
        BsonValue end = v.isNumber() || v.isDecimal128()
                ? new BsonDouble(Double.POSITIVE_INFINITY)
                : TypeBrackets.maxFor(v.getBsonType());
        return OrderedIntervalList.union(List.of(new Interval(v, inclusive, end, sameType(v, end))));
    }

    private OrderedIntervalList in(BsonArray values) {
        List<Interval> all = new ArrayList<>();
        for (BsonValue v : values) {
            all.addAll(
                    v.isRegularExpression()
                            ? regex(v.asRegularExpression()).intervals()
                            : equality(v).intervals());
        }
        return OrderedIntervalList.union(all);
    }

    private static OrderedIntervalList regex(BsonRegularExpression re) {
        String prefix = RegexPrefix.of(re.getPattern(), re.getOptions());
        Interval strings = prefix.isEmpty()
                ? new Interval(TypeBrackets.minFor(BsonType.STRING), true, TypeBrackets.maxFor(BsonType.STRING), false)
                : new Interval(
                        new BsonString(prefix),
                        true,
                        new BsonString(RegexPrefix.upperBound(prefix, re.getPattern())),
                        false);
        return OrderedIntervalList.union(List.of(strings, Interval.point(re)));
    }

    private static OrderedIntervalList type(BsonArray names) {
        List<Interval> all = new ArrayList<>();
        for (BsonValue n : names) {
            String name = n.asString().getValue();
            if (name.equals("array")) {
                return OrderedIntervalList.allValues();
            }
            BsonType t = name.equals("number") ? BsonType.INT32 : bsonType(name);
            all.add(new Interval(TypeBrackets.minFor(t), true, TypeBrackets.maxFor(t), true));
        }
        return OrderedIntervalList.union(all);
    }

    private static BsonType bsonType(String alias) {
        return switch (alias) {
            case "double" -> BsonType.DOUBLE;
            case "string" -> BsonType.STRING;
            case "object" -> BsonType.DOCUMENT;
            case "binData" -> BsonType.BINARY;
            case "undefined" -> BsonType.UNDEFINED;
            case "objectId" -> BsonType.OBJECT_ID;
            case "bool" -> BsonType.BOOLEAN;
            case "date" -> BsonType.DATE_TIME;
            case "null" -> BsonType.NULL;
            case "regex" -> BsonType.REGULAR_EXPRESSION;
            case "dbPointer" -> BsonType.DB_POINTER;
            case "javascript" -> BsonType.JAVASCRIPT;
            case "symbol" -> BsonType.SYMBOL;
            case "javascriptWithScope" -> BsonType.JAVASCRIPT_WITH_SCOPE;
            case "int" -> BsonType.INT32;
            case "timestamp" -> BsonType.TIMESTAMP;
            case "long" -> BsonType.INT64;
            case "decimal" -> BsonType.DECIMAL128;
            case "minKey" -> BsonType.MIN_KEY;
            case "maxKey" -> BsonType.MAX_KEY;
            default -> throw new UnsupportedQueryException("unknown type name alias: " + alias);
        };
    }

    // ---- hashed fields ----------------------------------------------------------------------

    private BsonValue hash(BsonValue v) {
        return new BsonInt64(hasher.hash64(v));
    }

    private Optional<OrderedIntervalList> hashed(Leaf leaf) {
        switch (leaf.operator()) {
            case EQ:
                return Optional.of(hashedEquality(leaf.path(), leaf.operand()));
            case IN: {
                List<Interval> points = new ArrayList<>();
                for (BsonValue v : leaf.operand().asArray()) {
                    if (v.isRegularExpression()) {
                        return Optional.empty();
                    }
                    points.addAll(hashedEquality(leaf.path(), v).intervals());
                }
                return Optional.of(OrderedIntervalList.union(points));
            }
            case EXISTS:
                return Optional.of(OrderedIntervalList.allValues());
            default:
                return Optional.empty();
        }
    }

    private OrderedIntervalList hashedEquality(String path, BsonValue v) {
        if (v.isArray()) {
            throw new UnsupportedQueryException(path + ": equality to an array on a hashed shard-key field is "
                    + "not modelled (hashed indexes do not currently support array values)");
        }
        if (v.isNull()) {
            return nullEquality(true);
        }
        return OrderedIntervalList.union(List.of(Interval.point(hash(v))));
    }

    private Optional<OrderedIntervalList> hashedNot(Not not) {
        if (not.child().operator() == Operator.EXISTS) {
            return Optional.of(OrderedIntervalList.union(List.of(Interval.point(hash(BsonNull.VALUE)))));
        }
        return Optional.empty();
    }
}
