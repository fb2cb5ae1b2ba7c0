package io.shardlab.mongos;

import io.shardlab.routing.FilterParser.BsonTypeNames;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.function.Predicate;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonString;
import org.bson.BsonType;
import org.bson.BsonValue;

/**
 * The {@code details} of a DocumentValidationFailure's {@code errInfo} (5.0+): which part of the validator the
 * document failed and why, in mongod's words and shape, for the query operators ShardLab explains: an
 * {@code $and} (explicit, or the implicit one of several clauses) with the {@code clausesNotSatisfied} and their
 * {@code index}, an {@code $or} with every clause, and the leaves {@code $eq} (a plain value too), {@code $gt},
 * {@code $gte}, {@code $lt}, {@code $lte} ("comparison failed"), {@code $in} ("no matching value found in
 * array"), {@code $regex} (a regex value too; "regular expression did not match"), {@code $type} ("type did not
 * match", with {@code consideredType}), {@code $exists: true} ("path does not exist") and {@code $expr}
 * ("expression did not match", with {@code expressionResult}). A leaf names its operator, what it was
 * {@code specifiedAs}, and the {@code consideredValue} (or {@code consideredValues} for an array's elements),
 * or "field was missing". A validator using another operator gets no {@code details} (ShardLab does not guess
 * their shape).
 *
 * <p>Source: mongo {@code src/mongo/db/matcher/doc_validation_error.cpp} ({@code ValidationErrorPreVisitor}:
 * {@code generatePathError}, {@code generateComparisonError}, {@code generateTypeError}, {@code appendTypeMismatch},
 * {@code appendConsideredValues}, {@code finishLogicalOperatorChildError}). Tests: mongo
 * {@code jstests/core/doc_validation/doc_validation_options.js}, {@code doc_validation_error.js} ("Contacts").
 */
final class ValidationFailureDetails {

    /** The one document being validated, as the store sees it. */
    interface Probe {
        /** Whether the document matches {@code filter}. */
        boolean matches(BsonDocument filter);

        /** The value of an aggregation expression over the document. */
        BsonValue evaluate(BsonValue expression);
    }

    private static final List<String> REGEX_TYPES = List.of("regex", "string", "symbol");

    private final BsonDocument document;
    private final Probe probe;

    ValidationFailureDetails(BsonDocument document, Probe probe) {
        this.document = document;
        this.probe = probe;
    }

    /** Why the document fails {@code validator}, or empty for a validator ShardLab does not explain. */
    Optional<BsonDocument> of(BsonDocument validator) {
        List<BsonDocument> clauses = clauses(validator);
        return clauses.size() == 1 ? clause(clauses.get(0)) : and(clauses);
    }

    /**
     * A query's clauses as mongod's parser makes them: one per top-level operator ({@code $and}, {@code $or},
     * {@code $expr}), one per plain value, one per operator of a field's operator document.
     */
    private static List<BsonDocument> clauses(BsonDocument query) {
        List<BsonDocument> out = new ArrayList<>();
        for (Map.Entry<String, BsonValue> e : query.entrySet()) {
            BsonValue v = e.getValue();
            if (!e.getKey().startsWith("$")
                    && isOperatorDocument(v)
                    && !v.asDocument().containsKey("$regex")) {
                for (Map.Entry<String, BsonValue> op : v.asDocument().entrySet()) {
                    out.add(new BsonDocument(e.getKey(), new BsonDocument(op.getKey(), op.getValue())));
                }
            } else {
                out.add(new BsonDocument(e.getKey(), v));
            }
        }
        return out;
    }

    private Optional<BsonDocument> and(List<BsonDocument> clauses) {
        return clausesNotSatisfied("$and", clauses, c -> !probe.matches(c), this::clause);
    }

    /**
     * A logical operator's details, {@code {operatorName, clausesNotSatisfied: [{index, details}]}} (mongo
     * {@code doc_validation_error.cpp}, {@code finishLogicalOperatorChildError}): the clauses {@code listed} keeps,
     * each with its index among {@code clauses} and its {@code details}; empty when one of them has none.
     */
    private static Optional<BsonDocument> clausesNotSatisfied(
            String operator,
            List<BsonDocument> clauses,
            Predicate<BsonDocument> listed,
            Function<BsonDocument, Optional<BsonDocument>> details) {
        BsonArray failed = new BsonArray();
        for (int i = 0; i < clauses.size(); i++) {
            if (!listed.test(clauses.get(i))) {
                continue;
            }
            Optional<BsonDocument> d = details.apply(clauses.get(i));
            if (d.isEmpty()) {
                return Optional.empty();
            }
            failed.add(new BsonDocument("index", new BsonInt32(i)).append("details", d.get()));
        }
        return Optional.of(
                new BsonDocument("operatorName", new BsonString(operator)).append("clausesNotSatisfied", failed));
    }

    private Optional<BsonDocument> clause(BsonDocument clause) {
        String key = clause.getFirstKey();
        BsonValue v = clause.get(key);
        switch (key) {
            case "$and" -> {
                return v.isArray() ? and(subQueries(v.asArray())) : Optional.empty();
            }
            case "$or" -> {
                return v.isArray()
                        ? clausesNotSatisfied("$or", subQueries(v.asArray()), c -> true, this::of)
                        : Optional.empty();
            }
            case "$expr" -> {
                return Optional.of(new BsonDocument("operatorName", new BsonString("$expr"))
                        .append("specifiedAs", clause)
                        .append("reason", new BsonString("expression did not match"))
                        .append("expressionResult", probe.evaluate(v)));
            }
            default -> {
                if (key.startsWith("$")) {
                    return Optional.empty();
                }
            }
        }
        if (v.isRegularExpression()) {
            return leaf("$regex", clause, key, "regular expression did not match", REGEX_TYPES);
        }
        if (!isOperatorDocument(v)) {
            return leaf("$eq", clause, key, "comparison failed", null);
        }
        BsonDocument ops = v.asDocument();
        String op = ops.getFirstKey();
        return switch (op) {
            case "$eq", "$gt", "$gte", "$lt", "$lte" -> leaf(op, clause, key, "comparison failed", null);
            case "$in" -> leaf(op, clause, key, "no matching value found in array", null);
            case "$regex" -> leaf("$regex", clause, key, "regular expression did not match", REGEX_TYPES);
            case "$type" -> typeLeaf(clause, key);
            case "$exists" ->
                ops.get(op).isBoolean() && ops.getBoolean(op).getValue()
                        ? Optional.of(
                                details("$exists", clause).append("reason", new BsonString("path does not exist")))
                        : Optional.empty();
            default -> Optional.empty();
        };
    }

    /** {@code generatePathError}: missing field, type mismatch, the reason, the considered values. */
    private Optional<BsonDocument> leaf(
            String operator, BsonDocument specified, String path, String reason, List<String> expectedTypes) {
        Considered considered = considered(path);
        if (!considered.explainable()) {
            return Optional.empty();
        }
        BsonDocument d = details(operator, specified);
        if (considered.missing()) {
            return Optional.of(d.append("reason", new BsonString("field was missing")));
        }
        List<BsonValue> values = considered.values();
        if (expectedTypes != null && values.stream().noneMatch(x -> expectedTypes.contains(BsonTypeNames.of(x)))) {
            d.append("reason", new BsonString("type did not match"));
            appendTypes(d, values);
            d.append("expectedTypes", Replies.strings(expectedTypes));
        } else {
            d.append("reason", new BsonString(reason));
        }
        appendValues(d, values);
        return Optional.of(d);
    }

    /** {@code generateTypeError}: the reason, the considered values, their types. */
    private Optional<BsonDocument> typeLeaf(BsonDocument specified, String path) {
        Considered considered = considered(path);
        if (!considered.explainable()) {
            return Optional.empty();
        }
        BsonDocument d = details("$type", specified);
        if (considered.missing()) {
            return Optional.of(d.append("reason", new BsonString("field was missing")));
        }
        d.append("reason", new BsonString("type did not match"));
        appendValues(d, considered.values());
        appendTypes(d, considered.values());
        return Optional.of(d);
    }

    private static BsonDocument details(String operator, BsonDocument specified) {
        return new BsonDocument("operatorName", new BsonString(operator)).append("specifiedAs", specified);
    }

    /**
     * The values a leaf considers at a path: the value, or an array's elements (the leaf traverses the array and
     * leaves it out), or none when the field is missing; a path through an array ShardLab does not explain.
     */
    private record Considered(boolean explainable, boolean missing, List<BsonValue> values) {}

    private Considered considered(String path) {
        String[] parts = path.split("\\.", -1);
        BsonValue current = document;
        for (String part : parts) {
            if (current.isArray()) {
                return new Considered(false, false, List.of());
            }
            if (!current.isDocument() || !current.asDocument().containsKey(part)) {
                return new Considered(true, true, List.of());
            }
            current = current.asDocument().get(part);
        }
        return new Considered(true, false, current.isArray() ? new ArrayList<>(current.asArray()) : List.of(current));
    }

    /** {@code appendConsideredValues}: one value as {@code consideredValue}, else all as {@code consideredValues}. */
    private static void appendValues(BsonDocument d, List<BsonValue> values) {
        if (values.size() == 1) {
            d.append("consideredValue", values.get(0));
        } else {
            d.append("consideredValues", new BsonArray(values));
        }
    }

    /** {@code appendConsideredTypes}: the distinct type names, sorted, one as {@code consideredType}. */
    private static void appendTypes(BsonDocument d, List<BsonValue> values) {
        if (values.isEmpty()) {
            return;
        }
        TreeSet<String> types = new TreeSet<>();
        values.forEach(v -> types.add(BsonTypeNames.of(v)));
        if (types.size() == 1) {
            d.append("consideredType", new BsonString(types.first()));
        } else {
            d.append("consideredTypes", Replies.strings(new ArrayList<>(types)));
        }
    }

    private static List<BsonDocument> subQueries(BsonArray clauses) {
        List<BsonDocument> out = new ArrayList<>();
        for (BsonValue c : clauses) {
            out.add(c.isDocument() ? c.asDocument() : new BsonDocument());
        }
        return out;
    }

    private static boolean isOperatorDocument(BsonValue v) {
        return v.isDocument()
                && !v.asDocument().isEmpty()
                && v.asDocument().getFirstKey().startsWith("$")
                && v.getBsonType() == BsonType.DOCUMENT;
    }
}
