package io.shardlab.mongos;

import io.shardlab.bson.BsonOrder;
import io.shardlab.bson.BsonPrinter;
import io.shardlab.cluster.MongoVersion;
import io.shardlab.routing.FilterParser.BsonTypeNames;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.bson.BsonArray;
import org.bson.BsonBoolean;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonRegularExpression;
import org.bson.BsonString;
import org.bson.BsonType;
import org.bson.BsonValue;

/**
 * The {@code partialFilterExpression} of an index specification as a shard parses and checks it, before any index is
 * built. The filter is parsed as MongoDB's match-expression parser leaves it, not optimized: a document of one
 * predicate is that predicate, of several an AND of them (the operators of one field each a predicate of that AND);
 * {@code $ne}, {@code $nin} and {@code $exists: false} a {@code $not} over the equality, {@code $in} or
 * {@code $exists}; {@code $all} an AND of equalities (mongo {@code src/mongo/db/matcher/expression_parser.cpp}).
 *
 * <p>The expressions a partial index supports, per release (mongo {@code src/mongo/db/catalog/index_catalog_impl.cpp},
 * {@code _checkValidFilterExpressions}, each refusal CannotCreateIndex (67)):
 * <ul>
 *   <li>before 6.0: {@code $eq} (and the implicit equality), {@code $lt}, {@code $lte}, {@code $gt}, {@code $gte},
 *       {@code $exists: true}, {@code $type}, and {@code $and} at the top only ("$and only supported in
 *       partialFilterExpression at top level"); anything else "unsupported expression in partial index: " and the
 *       expression's {@code debugString};</li>
 *   <li>from 6.0 ({@code featureFlagTimeseriesMetricIndexes}, on from 6.0, its branch gone later): also {@code $or},
 *       {@code $in} and the geo predicates, {@code $and} and {@code $or} nested, the tree no deeper than 4
 *       ({@code internalPartialFilterExpressionMaxDepth}: "partialFilterExpression depth may not exceed 4", checked
 *       before the operator); anything else "Expression not supported in partial index: " and the
 *       {@code debugString}.</li>
 * </ul>
 * The 4.4 text is that of the 4.4 source; no 5.0 source is stored, and 5.0 mongods are reported answering "unsupported
 * expression in partial index", so every release before 6.0 answers as 4.4 (5.1 to 5.3 had the new code behind the
 * flag, off: their text is not verified).
 *
 * <p>A {@code debugString} is the expression's tree, a line per node indented four spaces per level: {@code a $eq 1},
 * {@code a exists}, {@code a $in [ 1 2 ]} (the values in BSON order without duplicates, then the regexes),
 * {@code a regex /x/i}, {@code a mod 4 % x == 1}, {@code $not}, {@code $and}, {@code $or}, {@code $nor} (mongo
 * {@code expression_leaf.cpp}, {@code expression_tree.cpp}, {@code debugString}); the values as
 * {@code BSONElement::toString(false)} writes them; {@code a $type: { 0: "number", 1: 2 }} (the type set, aliases as
 * their codes), {@code a $size : 2}, {@code a $elemMatch (obj)} or {@code a $elemMatch (value)} over its predicates
 * (a value predicate's path empty), {@code a $bitsAllSet: [0, 5]}, {@code GEO raw = { a: { $geoWithin: … } }}, as mongo
 * {@code src/mongo/db/matcher/debug_string_test.cpp} and its golden output
 * ({@code src/mongo/db/test_output/matcher/debug_string_test/}) print them: the current source; that 4.4 and 5.0
 * print these the same is not verified.
 *
 * <p>The parser's own refusals come before the check, as the shard's {@code validateIndexSpec} parses the filter
 * (mongo {@code src/mongo/db/catalog/index_key_validate.cpp}): an unknown operator BadValue "unknown operator: $x"
 * (top level "unknown top level operator: $x"), a logical operator that is not an array "$and must be an array", an
 * empty one "$and/$or/$nor must be a nonempty array", an element that is not an object "$or/$and/$nor entries need to
 * be full objects", "$not needs a regex or a document", "$not cannot be empty", and the features a partial index bans
 * ({@code kBanAllSpecialFeatures}): {@code $expr} and {@code $jsonSchema} QueryFeatureNotAllowed "$expr is not allowed
 * in this context", {@code $where} and {@code $text} BadValue with the same words.
 */
final class PartialIndexFilter {

    private static final String INDENT = "    ";
    private static final int MAX_DEPTH = 4;
    private static final Set<String> DBREF_FIELDS = Set.of("$ref", "$id", "$db");
    /** Banned with QueryFeatureNotAllowed ({@code parseExpr}, {@code parseJSONSchema}). */
    private static final Set<String> NOT_ALLOWED_FEATURES = Set.of("$expr", "$jsonSchema");
    /** Banned with BadValue ({@code parseWhere}, {@code parseText}). */
    private static final Set<String> NOT_ALLOWED_BAD_VALUE = Set.of("$where", "$text");

    private static final Set<String> COMPARISONS = Set.of("$eq", "$lt", "$lte", "$gt", "$gte");
    private static final Set<String> OTHER_LEAVES = Set.of(
            "$type",
            "$size",
            "$bitsAllSet",
            "$bitsAllClear",
            "$bitsAnySet",
            "$bitsAnyClear",
            "$geoWithin",
            "$geoIntersects",
            "$within");
    private static final Set<String> GEO = Set.of("$geoWithin", "$geoIntersects", "$within");

    /** A node of the parsed filter. */
    private sealed interface Node {}

    /** {@code $and}, {@code $or} or {@code $nor} over its children. */
    private record Logical(String operator, List<Node> children) implements Node {}

    /** {@code $not} over one node. */
    private record Not(Node child) implements Node {}

    /**
     * {@code $elemMatch} on a path: over documents ({@code object}, its one child the parsed sub-filter) or over
     * values (each child a predicate with an empty path), as {@code expression_parser.cpp} {@code parseElemMatch}
     * tells them apart by the operand's first field.
     */
    private record ElemMatch(String path, boolean object, List<Node> children) implements Node {}

    /** A predicate on a path: {@code operator} is the query operator ({@code $eq} for an implicit equality). */
    private record Leaf(String path, String operator, BsonValue operand) implements Node {}

    private PartialIndexFilter() {}

    /**
     * Refuses the first specification of {@code specs} (checked by {@link IndexSpecifications} already) whose partial
     * filter {@code release}'s shards refuse: a sparse partial index "cannot mix "partialFilterExpression" and
     * "sparse" options", else a filter the release does not support. The reason is given in the context of the
     * specification as the shard holds it, its index version {@code v: 2} appended when absent (mongo
     * {@code index_catalog_impl.cpp}, {@code prepareSpecForCreate}: "Error in specification { … } :: caused by :: …";
     * {@code index_key_validate.cpp}, {@code validateIndexSpec}, adds the version).
     *
     * @throws MongoCommandException CannotCreateIndex
     */
    static void check(BsonArray specs, MongoVersion release) {
        for (BsonValue v : specs) {
            if (v instanceof BsonDocument spec && spec.get("partialFilterExpression") instanceof BsonDocument filter) {
                String reason = isTruthy(spec.get("sparse", BsonBoolean.FALSE))
                        ? "cannot mix \"partialFilterExpression\" and \"sparse\" options"
                        : unsupportedReason(filter, release);
                if (reason != null) {
                    BsonDocument held = spec.clone();
                    if (!held.containsKey("v")) {
                        held.append("v", new BsonInt32(2));
                    }
                    throw new MongoCommandException(
                            ErrorCode.CANNOT_CREATE_INDEX,
                            "Error in specification " + BsonPrinter.serverString(held) + " :: caused by :: " + reason);
                }
            }
        }
    }

    /**
     * Parses {@code filter} as the shard's parser does, refusing what it refuses.
     *
     * @throws MongoCommandException BadValue or QueryFeatureNotAllowed with the parser's reason (no context)
     */
    static void requireParsable(BsonDocument filter) {
        parse(filter);
    }

    /**
     * The reason {@code release}'s shards refuse {@code filter} as a partial index's filter, or null when they take
     * it; the filter has passed {@link #requireParsable}.
     */
    static String unsupportedReason(BsonDocument filter, MongoVersion release) {
        Node root = parse(filter);
        return release.atLeast(6, 0) ? reasonFromSixOh(root, 0) : reasonBeforeSixOh(root, 0);
    }

    private static String reasonBeforeSixOh(Node node, int level) {
        if (node instanceof Logical l && l.operator().equals("$and")) {
            if (level > 0) {
                return "$and only supported in partialFilterExpression at top level";
            }
            for (Node child : l.children()) {
                String reason = reasonBeforeSixOh(child, level + 1);
                if (reason != null) {
                    return reason;
                }
            }
            return null;
        }
        if (node instanceof Leaf leaf && isSupportedLeaf(leaf)) {
            return null;
        }
        return "unsupported expression in partial index: " + debugString(node);
    }

    private static String reasonFromSixOh(Node node, int level) {
        if (level + 1 > MAX_DEPTH) {
            return "partialFilterExpression depth may not exceed " + MAX_DEPTH;
        }
        if (node instanceof Logical l && !l.operator().equals("$nor")) {
            for (Node child : l.children()) {
                String reason = reasonFromSixOh(child, level + 1);
                if (reason != null) {
                    return reason;
                }
            }
            return null;
        }
        if (node instanceof Leaf leaf
                && (isSupportedLeaf(leaf) || leaf.operator().equals("$in") || GEO.contains(leaf.operator()))) {
            return null;
        }
        return "Expression not supported in partial index: " + debugString(node);
    }

    private static boolean isSupportedLeaf(Leaf leaf) {
        return COMPARISONS.contains(leaf.operator())
                || leaf.operator().equals("$exists")
                || leaf.operator().equals("$type");
    }

    // ---- parsing ------------------------------------------------------------------------------------------------

    private static Node parse(BsonDocument filter) {
        List<Node> children = new ArrayList<>();
        for (Map.Entry<String, BsonValue> e : filter.entrySet()) {
            String key = e.getKey();
            if (key.startsWith("$")) {
                parseTopLevel(key, e.getValue(), children);
            } else {
                parseField(key, e.getValue(), children);
            }
        }
        return children.size() == 1 ? children.get(0) : new Logical("$and", children);
    }

    private static void parseTopLevel(String operator, BsonValue value, List<Node> into) {
        switch (operator) {
            case "$and", "$or", "$nor" -> into.add(new Logical(operator, parseClauses(operator, value)));
            case "$comment" -> {
                // a comment filters nothing
            }
            default -> {
                if (NOT_ALLOWED_FEATURES.contains(operator)) {
                    throw new MongoCommandException(
                            ErrorCode.QUERY_FEATURE_NOT_ALLOWED, operator + " is not allowed in this context");
                }
                if (NOT_ALLOWED_BAD_VALUE.contains(operator)) {
                    throw badValue(operator + " is not allowed in this context");
                }
                throw badValue("unknown top level operator: " + operator);
            }
        }
    }

    private static List<Node> parseClauses(String operator, BsonValue value) {
        if (!value.isArray()) {
            throw badValue(operator + " must be an array");
        }
        if (value.asArray().isEmpty()) {
            throw badValue("$and/$or/$nor must be a nonempty array");
        }
        List<Node> clauses = new ArrayList<>();
        for (BsonValue clause : value.asArray()) {
            if (!clause.isDocument()) {
                throw badValue("$or/$and/$nor entries need to be full objects");
            }
            clauses.add(parse(clause.asDocument()));
        }
        return clauses;
    }

    private static void parseField(String path, BsonValue value, List<Node> into) {
        if (value.isRegularExpression()) {
            into.add(new Leaf(path, "$regex", value));
            return;
        }
        if (!isOperatorObject(value)) {
            into.add(new Leaf(path, "$eq", value));
            return;
        }
        BsonDocument operators = value.asDocument();
        for (Map.Entry<String, BsonValue> e : operators.entrySet()) {
            String op = e.getKey();
            BsonValue operand = e.getValue();
            if (COMPARISONS.contains(op)) {
                into.add(new Leaf(path, op, operand));
            } else if (OTHER_LEAVES.contains(op)) {
                into.add(new Leaf(path, op, operand));
            } else {
                switch (op) {
                    case "$ne" -> into.add(new Not(new Leaf(path, "$eq", operand)));
                    case "$in" -> into.add(new Leaf(path, "$in", requireArray(op, operand)));
                    case "$nin" -> into.add(new Not(new Leaf(path, "$in", requireArray(op, operand))));
                    case "$exists" -> {
                        Leaf exists = new Leaf(path, "$exists", operand);
                        into.add(isTruthy(operand) ? exists : new Not(exists));
                    }
                    case "$regex" -> into.add(new Leaf(path, "$regex", regex(operand, operators.get("$options"))));
                    case "$options" -> {
                        // read with $regex
                    }
                    case "$mod" -> into.add(new Leaf(path, "$mod", operand));
                    case "$not" -> into.add(not(path, operand));
                    case "$elemMatch" -> into.add(elemMatch(path, operand));
                    case "$all" -> {
                        List<Node> equalities = new ArrayList<>();
                        for (BsonValue v : requireArray(op, operand).asArray()) {
                            equalities.add(new Leaf(path, v.isRegularExpression() ? "$regex" : "$eq", v));
                        }
                        into.add(new Logical("$and", equalities));
                    }
                    default -> throw badValue("unknown operator: " + op);
                }
            }
        }
    }

    /**
     * {@code $not}: over a regex the negated regex; over a document of operators the negation of their AND (the
     * parser gathers them in an AND whatever their number: mongo {@code expression_parser.cpp}, {@code parseNot}).
     */
    private static Node not(String path, BsonValue operand) {
        if (operand.isRegularExpression()) {
            return new Not(new Leaf(path, "$regex", operand));
        }
        if (!operand.isDocument()) {
            throw badValue("$not needs a regex or a document");
        }
        if (operand.asDocument().isEmpty()) {
            throw badValue("$not cannot be empty");
        }
        List<Node> children = new ArrayList<>();
        parseField(path, operand, children);
        return new Not(new Logical("$and", children));
    }

    private static Node elemMatch(String path, BsonValue operand) {
        if (!operand.isDocument()) {
            throw badValue("$elemMatch needs an Object");
        }
        BsonDocument sub = operand.asDocument();
        boolean values = isOperatorObject(sub) && !Set.of("$and", "$or", "$nor").contains(sub.getFirstKey());
        if (values) {
            List<Node> children = new ArrayList<>();
            parseField("", sub, children);
            return new ElemMatch(path, false, children);
        }
        return new ElemMatch(path, true, List.of(parse(sub)));
    }

    private static BsonValue requireArray(String operator, BsonValue operand) {
        if (!operand.isArray()) {
            throw badValue(operator + " needs an array");
        }
        return operand;
    }

    private static BsonValue regex(BsonValue operand, BsonValue options) {
        String flags =
                options != null && options.isString() ? options.asString().getValue() : "";
        if (operand.isRegularExpression()) {
            BsonRegularExpression re = operand.asRegularExpression();
            return new BsonRegularExpression(re.getPattern(), flags.isEmpty() ? re.getOptions() : flags);
        }
        if (operand.isString()) {
            return new BsonRegularExpression(operand.asString().getValue(), flags);
        }
        throw badValue("$regex has to be a string");
    }

    private static boolean isOperatorObject(BsonValue value) {
        if (!value.isDocument() || value.asDocument().isEmpty()) {
            return false;
        }
        String first = value.asDocument().getFirstKey();
        return first.startsWith("$") && !DBREF_FIELDS.contains(first);
    }

    private static boolean isTruthy(BsonValue v) {
        if (v.isBoolean()) {
            return v.asBoolean().getValue();
        }
        if (v.isNumber()) {
            return v.asNumber().doubleValue() != 0;
        }
        return !v.isNull() && v.getBsonType() != BsonType.UNDEFINED;
    }

    private static MongoCommandException badValue(String reason) {
        return new MongoCommandException(ErrorCode.BAD_VALUE, reason);
    }

    // ---- debugString --------------------------------------------------------------------------------------------

    private static String debugString(Node node) {
        StringBuilder out = new StringBuilder();
        appendDebug(out, node, 0);
        return out.toString();
    }

    private static void appendDebug(StringBuilder out, Node node, int level) {
        out.append(INDENT.repeat(level));
        if (node instanceof Logical l) {
            out.append(l.operator()).append('\n');
            l.children().forEach(c -> appendDebug(out, c, level + 1));
        } else if (node instanceof Not n) {
            out.append("$not\n");
            appendDebug(out, n.child(), level + 1);
        } else if (node instanceof ElemMatch m) {
            out.append(m.path())
                    .append(" $elemMatch (")
                    .append(m.object() ? "obj" : "value")
                    .append(")\n");
            m.children().forEach(c -> appendDebug(out, c, level + 1));
        } else if (node instanceof Leaf leaf) {
            out.append(leafText(leaf)).append('\n');
        }
    }

    private static String leafText(Leaf leaf) {
        String path = leaf.path();
        BsonValue operand = leaf.operand();
        return switch (leaf.operator()) {
            case "$eq", "$lt", "$lte", "$gt", "$gte" ->
                path + " " + leaf.operator() + " " + BsonPrinter.serverString(operand);
            case "$exists" -> path + " exists";
            case "$regex" -> path + " regex " + regexText(operand.asRegularExpression());
            case "$in" -> path + " $in " + inList(operand);
            case "$mod" -> modText(path, operand);
            case "$type" -> path + " $type: " + BsonPrinter.serverString(typeSet(operand));
            case "$size" ->
                path + " $size : " + (operand.isNumber() ? operand.asNumber().longValue() : operand);
            case "$bitsAllSet", "$bitsAllClear", "$bitsAnySet", "$bitsAnyClear" ->
                path + " " + leaf.operator() + ": " + bitPositions(operand);
            default ->
                GEO.contains(leaf.operator())
                        ? "GEO raw = "
                                + BsonPrinter.serverString(
                                        new BsonDocument(path, new BsonDocument(leaf.operator(), operand)))
                        : path + " " + leaf.operator() + " " + BsonPrinter.serverString(operand);
        };
    }

    /**
     * A {@code $type} operand as {@code MatcherTypeSet::toBSONArray} gives it and a BSON array prints (as an object
     * keyed by position): {@code "number"} first when named, then the type codes in ascending order.
     */
    private static BsonDocument typeSet(BsonValue operand) {
        List<BsonValue> items = operand.isArray() ? operand.asArray().getValues() : List.of(operand);
        boolean allNumbers = false;
        TreeSet<Integer> codes = new TreeSet<>();
        for (BsonValue item : items) {
            if (item.isString() && item.asString().getValue().equals("number")) {
                allNumbers = true;
            } else if (item.isString()) {
                BsonTypeNames.codeOf(item.asString().getValue()).ifPresent(codes::add);
            } else if (item.isNumber()) {
                codes.add(item.asNumber().intValue());
            }
        }
        BsonDocument out = new BsonDocument();
        if (allNumbers) {
            out.append("0", new BsonString("number"));
        }
        codes.forEach(c -> out.append(String.valueOf(out.size()), new BsonInt32(c)));
        return out;
    }

    /**
     * A bit test's positions as {@code BitTestMatchExpression::debugString} lists them: {@code [0, 1, 5]}, from a
     * positions array in its order or from a bitmask's set bits, lowest first.
     */
    private static String bitPositions(BsonValue operand) {
        List<String> positions = new ArrayList<>();
        if (operand.isArray()) {
            operand.asArray()
                    .forEach(v -> positions.add(String.valueOf(v.asNumber().longValue())));
        } else if (operand.isNumber()) {
            long mask = operand.asNumber().longValue();
            for (int bit = 0; bit < 64; bit++) {
                if ((mask & (1L << bit)) != 0) {
                    positions.add(String.valueOf(bit));
                }
            }
        }
        return "[" + String.join(", ", positions) + "]";
    }

    private static String regexText(BsonRegularExpression re) {
        return "/" + re.getPattern() + "/" + re.getOptions();
    }

    /** {@code [ 1 2 /x/ ]}: the values sorted and without duplicates, then the regexes in their order. */
    private static String inList(BsonValue operand) {
        TreeSet<BsonValue> equalities = new TreeSet<>(new BsonOrder());
        List<BsonRegularExpression> regexes = new ArrayList<>();
        for (BsonValue v : operand.asArray()) {
            if (v.isRegularExpression()) {
                regexes.add(v.asRegularExpression());
            } else {
                equalities.add(v);
            }
        }
        StringBuilder out = new StringBuilder("[ ");
        equalities.forEach(v -> out.append(BsonPrinter.serverString(v)).append(' '));
        regexes.forEach(re -> out.append(regexText(re)).append(' '));
        return out.append(']').toString();
    }

    private static String modText(String path, BsonValue operand) {
        if (operand.isArray()
                && operand.asArray().size() == 2
                && operand.asArray().get(0).isNumber()
                && operand.asArray().get(1).isNumber()) {
            return path + " mod " + operand.asArray().get(0).asNumber().longValue() + " % x == "
                    + operand.asArray().get(1).asNumber().longValue();
        }
        return path + " $mod " + BsonPrinter.serverString(operand);
    }
}
