package io.shardlab.routing;

import io.shardlab.routing.MatchExpression.And;
import io.shardlab.routing.MatchExpression.Leaf;
import io.shardlab.routing.MatchExpression.Nor;
import io.shardlab.routing.MatchExpression.Not;
import io.shardlab.routing.MatchExpression.Opaque;
import io.shardlab.routing.MatchExpression.Operator;
import io.shardlab.routing.MatchExpression.Or;
import io.shardlab.routing.MatchExpression.Text;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;
import org.bson.BsonArray;
import org.bson.BsonBoolean;
import org.bson.BsonDocument;
import org.bson.BsonRegularExpression;
import org.bson.BsonString;
import org.bson.BsonValue;

/**
 * Parses a query filter into a {@link MatchExpression}, applying the canonicalizations that change
 * targeting: nested {@code $and} is flattened, a one-clause {@code $and}/{@code $or} becomes its
 * clause, and an {@code $in} with one value becomes an equality (or a regex match)
 * (mongo {@code src/mongo/db/matcher/expression_leaf.cpp}, {@code InMatchExpression::getOptimizer};
 * {@code ListOfMatchExpression} optimizer). {@code $all} becomes an AND of equalities, {@code $ne}
 * and {@code $nin} a negated equality / {@code $in}, {@code $exists: false} a negated
 * {@code $exists} (mongo {@code src/mongo/db/matcher/expression_parser.cpp}).
 *
 * <p>Operators whose index bounds ShardLab does not model ({@code $expr}, {@code $jsonSchema},
 * {@code $elemMatch}, geo operators, an empty {@code $in}/{@code $all}) raise
 * {@link UnsupportedQueryException} instead of a guessed answer.
 */
public final class FilterParser {

    private static final Set<String> DBREF_FIELDS = Set.of("$ref", "$id", "$db");
    private static final Set<String> OPAQUE_FIELD_OPERATORS =
            Set.of("$size", "$bitsAllSet", "$bitsAllClear", "$bitsAnySet", "$bitsAnyClear");
    private static final Set<String> UNSUPPORTED_FIELD_OPERATORS =
            Set.of("$elemMatch", "$geoWithin", "$geoIntersects", "$near", "$nearSphere", "$within", "$_internalExprEq");
    private static final Set<String> UNSUPPORTED_TOP_LEVEL =
            Set.of("$expr", "$jsonSchema", "$sampleRate", "$alwaysTrue", "$alwaysFalse");

    private FilterParser() {}

    /**
     * Parses a filter document.
     *
     * @throws UnsupportedQueryException for operators routing does not model, or MongoDB would reject
     */
    public static MatchExpression parse(BsonDocument filter) {
        List<MatchExpression> clauses = new ArrayList<>();
        for (Map.Entry<String, BsonValue> e : filter.entrySet()) {
            String key = e.getKey();
            BsonValue value = e.getValue();
            if (key.startsWith("$")) {
                parseTopLevelOperator(key, value, clauses);
            } else {
                clauses.add(parseField(key, value));
            }
        }
        return and(clauses);
    }

    private static void parseTopLevelOperator(String key, BsonValue value, List<MatchExpression> clauses) {
        switch (key) {
            case "$and" -> clauses.add(and(parseClauses(key, value)));
            case "$or" -> clauses.add(or(parseClauses(key, value)));
            case "$nor" -> clauses.add(new Nor(parseClauses(key, value)));
            case "$text" -> clauses.add(new Text());
            case "$where" -> clauses.add(new Opaque("$where"));
            case "$comment" -> {
                // a comment does not filter
            }
            default -> {
                if (UNSUPPORTED_TOP_LEVEL.contains(key)) {
                    throw new UnsupportedQueryException(key + ": routing of this operator is not modelled "
                            + "(its index bounds come from expression rewrites ShardLab does not reproduce)");
                }
                throw new UnsupportedQueryException("unknown top level operator: " + key);
            }
        }
    }

    private static List<MatchExpression> parseClauses(String operator, BsonValue value) {
        if (!value.isArray() || value.asArray().isEmpty()) {
            throw new UnsupportedQueryException(operator + " must be a nonempty array");
        }
        List<MatchExpression> children = new ArrayList<>();
        for (BsonValue clause : value.asArray()) {
            if (!clause.isDocument()) {
                throw new UnsupportedQueryException(operator + "/$or/$nor entries need to be full objects");
            }
            children.add(parse(clause.asDocument()));
        }
        return children;
    }

    /** {@code $and} of {@code clauses}, a nested {@code $and}'s clauses taken up into it; one clause stands alone. */
    private static MatchExpression and(List<MatchExpression> clauses) {
        List<MatchExpression> flat = clauses.stream()
                .flatMap(c -> c instanceof And a ? a.children().stream() : Stream.of(c))
                .toList();
        return flat.size() == 1 ? flat.get(0) : new And(flat);
    }

    /** {@code $or} of {@code clauses}, a nested {@code $or}'s clauses taken up into it; one clause stands alone. */
    private static MatchExpression or(List<MatchExpression> clauses) {
        List<MatchExpression> flat = clauses.stream()
                .flatMap(c -> c instanceof Or o ? o.children().stream() : Stream.of(c))
                .toList();
        return flat.size() == 1 ? flat.get(0) : new Or(flat);
    }

    private static boolean isOperatorObject(BsonValue value) {
        if (!value.isDocument() || value.asDocument().isEmpty()) {
            return false;
        }
        String first = value.asDocument().getFirstKey();
        return first.startsWith("$") && !DBREF_FIELDS.contains(first);
    }

    private static MatchExpression parseField(String path, BsonValue value) {
        if (value.isRegularExpression()) {
            return new Leaf(path, Operator.REGEX, checked(path, value));
        }
        if (!isOperatorObject(value)) {
            return new Leaf(path, Operator.EQ, value);
        }
        BsonDocument ops = value.asDocument();
        List<MatchExpression> clauses = new ArrayList<>();
        BsonValue regex = ops.get("$regex");
        BsonValue options = ops.get("$options");
        if (options != null && regex == null) {
            throw new UnsupportedQueryException(path + ": $options needs a $regex");
        }
        for (Map.Entry<String, BsonValue> e : ops.entrySet()) {
            String op = e.getKey();
            BsonValue operand = e.getValue();
            switch (op) {
                case "$eq" -> clauses.add(new Leaf(path, Operator.EQ, operand));
                case "$ne" -> {
                    if (operand.isRegularExpression()) {
                        throw new UnsupportedQueryException(path + ": Can't have regex as arg to $ne.");
                    }
                    clauses.add(new Not(new Leaf(path, Operator.EQ, operand)));
                }
                case "$gt" -> clauses.add(new Leaf(path, Operator.GT, operand));
                case "$gte" -> clauses.add(new Leaf(path, Operator.GTE, operand));
                case "$lt" -> clauses.add(new Leaf(path, Operator.LT, operand));
                case "$lte" -> clauses.add(new Leaf(path, Operator.LTE, operand));
                case "$in" -> clauses.add(in(path, operand));
                case "$nin" -> clauses.add(nin(path, operand));
                case "$exists" -> {
                    Leaf exists = new Leaf(path, Operator.EXISTS, BsonBoolean.TRUE);
                    clauses.add(truthy(operand) ? exists : new Not(exists));
                }
                case "$type" -> clauses.add(new Leaf(path, Operator.TYPE, BsonTypeNames.normalize(path, operand)));
                case "$mod" -> clauses.add(new Leaf(path, Operator.MOD, operand));
                case "$regex" ->
                    clauses.add(new Leaf(path, Operator.REGEX, checked(path, regex(path, operand, options))));
                case "$options" -> {
                    // consumed with $regex
                }
                case "$not" -> clauses.add(not(path, operand));
                case "$all" -> clauses.add(all(path, operand));
                default -> {
                    if (OPAQUE_FIELD_OPERATORS.contains(op)) {
                        clauses.add(new Opaque(path + " " + op));
                    } else if (UNSUPPORTED_FIELD_OPERATORS.contains(op)) {
                        throw new UnsupportedQueryException(path + ": routing of " + op + " is not modelled");
                    } else {
                        throw new UnsupportedQueryException(path + ": unknown operator: " + op);
                    }
                }
            }
        }
        return and(clauses);
    }

    /** The value, once a regex in it is known to be one MongoDB compiles ({@link RegexSyntax}). */
    private static <T extends BsonValue> T checked(String path, T value) {
        if (value.isRegularExpression()) {
            RegexSyntax.requireValid(path, value.asRegularExpression());
        }
        return value;
    }

    private static boolean truthy(BsonValue v) {
        if (v.isBoolean()) {
            return v.asBoolean().getValue();
        }
        if (v.isNumber()) {
            return v.asNumber().doubleValue() != 0;
        }
        return !v.isNull();
    }

    private static BsonRegularExpression regex(String path, BsonValue operand, BsonValue options) {
        String flags =
                options == null ? "" : options.isString() ? options.asString().getValue() : null;
        if (flags == null) {
            throw new UnsupportedQueryException(path + ": $options has to be a string");
        }
        if (operand.isRegularExpression()) {
            BsonRegularExpression re = operand.asRegularExpression();
            if (!flags.isEmpty() && !re.getOptions().isEmpty()) {
                throw new UnsupportedQueryException(path + ": options set in both $regex and $options");
            }
            return new BsonRegularExpression(re.getPattern(), flags.isEmpty() ? re.getOptions() : flags);
        }
        if (operand.isString()) {
            return new BsonRegularExpression(operand.asString().getValue(), flags);
        }
        throw new UnsupportedQueryException(path + ": $regex has to be a string");
    }

    private static MatchExpression in(String path, BsonValue operand) {
        BsonArray values = requireArray(path, "$in", operand);
        if (values.isEmpty()) {
            throw new UnsupportedQueryException(path + ": an empty $in matches no document; "
                    + "MongoDB rewrites it to $alwaysFalse, whose routing is not modelled");
        }
        if (values.size() == 1) {
            BsonValue only = values.get(0);
            return new Leaf(path, only.isRegularExpression() ? Operator.REGEX : Operator.EQ, only);
        }
        return new Leaf(path, Operator.IN, values);
    }

    private static MatchExpression nin(String path, BsonValue operand) {
        BsonArray values = requireArray(path, "$nin", operand);
        return new Not(new Leaf(path, Operator.IN, values));
    }

    private static BsonArray requireArray(String path, String op, BsonValue operand) {
        if (!operand.isArray()) {
            throw new UnsupportedQueryException(path + ": " + op + " needs an array");
        }
        for (BsonValue v : operand.asArray()) {
            if (isOperatorObject(v)) {
                throw new UnsupportedQueryException(path + ": cannot nest $ under " + op);
            }
            checked(path, v);
        }
        return operand.asArray();
    }

    private static MatchExpression not(String path, BsonValue operand) {
        if (operand.isRegularExpression()) {
            return new Not(new Leaf(path, Operator.REGEX, checked(path, operand)));
        }
        if (!operand.isDocument() || operand.asDocument().isEmpty() || !isOperatorObject(operand)) {
            throw new UnsupportedQueryException(path + ": $not needs a regex or a document of operators");
        }
        MatchExpression inner = parseField(path, operand);
        if (inner instanceof Leaf leaf) {
            return new Not(leaf);
        }
        // NOT over AND or over NOT is not bounds-generating (Indexability::isBoundsGeneratingNot)
        return new Opaque(path + " $not");
    }

    private static MatchExpression all(String path, BsonValue operand) {
        BsonArray values = requireArray(path, "$all", operand);
        if (values.isEmpty()) {
            throw new UnsupportedQueryException(
                    path + ": an empty $all matches no document; its routing is not modelled");
        }
        List<MatchExpression> clauses = new ArrayList<>();
        for (BsonValue v : values) {
            if (v.isDocument() && v.asDocument().containsKey("$elemMatch")) {
                throw new UnsupportedQueryException(path + ": routing of $all with $elemMatch is not modelled");
            }
            clauses.add(new Leaf(path, v.isRegularExpression() ? Operator.REGEX : Operator.EQ, v));
        }
        return and(clauses);
    }

    /** A {@code {$type: ...}} operand as an array of canonical alias strings. */
    public static final class BsonTypeNames {

        private static final Map<Integer, String> BY_CODE = Map.ofEntries(
                Map.entry(1, "double"),
                Map.entry(2, "string"),
                Map.entry(3, "object"),
                Map.entry(4, "array"),
                Map.entry(5, "binData"),
                Map.entry(6, "undefined"),
                Map.entry(7, "objectId"),
                Map.entry(8, "bool"),
                Map.entry(9, "date"),
                Map.entry(10, "null"),
                Map.entry(11, "regex"),
                Map.entry(12, "dbPointer"),
                Map.entry(13, "javascript"),
                Map.entry(14, "symbol"),
                Map.entry(15, "javascriptWithScope"),
                Map.entry(16, "int"),
                Map.entry(17, "timestamp"),
                Map.entry(18, "long"),
                Map.entry(19, "decimal"),
                Map.entry(-1, "minKey"),
                Map.entry(127, "maxKey"));

        private BsonTypeNames() {}

        /** The BSON type code a {@code $type} alias names ({@code "string"} is 2), if it names one. */
        public static Optional<Integer> codeOf(String alias) {
            return BY_CODE.entrySet().stream()
                    .filter(e -> e.getValue().equals(alias))
                    .map(Map.Entry::getKey)
                    .findFirst();
        }

        /** MongoDB's name of a value's type ({@code typeName}, mongo {@code src/mongo/bson/bsontypes.cpp}). */
        public static String of(BsonValue value) {
            int code = switch (value.getBsonType()) {
                case MIN_KEY -> -1;
                default -> value.getBsonType().getValue();
            };
            return BY_CODE.getOrDefault(code, value.getBsonType().name());
        }

        static BsonArray normalize(String path, BsonValue operand) {
            BsonArray out = new BsonArray();
            List<BsonValue> items = operand.isArray() ? operand.asArray().getValues() : List.of(operand);
            if (items.isEmpty()) {
                throw new UnsupportedQueryException(path + ": $type needs at least one type");
            }
            for (BsonValue item : items) {
                out.add(new BsonString(name(path, item)));
            }
            return out;
        }

        private static String name(String path, BsonValue item) {
            if (item.isString()) {
                String s = item.asString().getValue();
                if (s.equals("number") || BY_CODE.containsValue(s)) {
                    return s;
                }
                throw new UnsupportedQueryException(path + ": unknown type name alias: " + s);
            }
            if (item.isNumber()) {
                int code = item.asNumber().intValue();
                String s = BY_CODE.get(code);
                if (s != null && item.asNumber().doubleValue() == code) {
                    return s;
                }
            }
            throw new UnsupportedQueryException(path + ": invalid numerical type code: " + item);
        }
    }
}
