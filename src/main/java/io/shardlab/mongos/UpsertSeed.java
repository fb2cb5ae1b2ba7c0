package io.shardlab.mongos;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.bson.BsonDocument;
import org.bson.BsonType;
import org.bson.BsonValue;

/**
 * The document an upsert starts from when its query matches nothing: the equalities the query implies, written
 * at their paths. An operator-style or pipeline update seeds every equality; a replacement only those on the
 * immutable paths ({@code _id}), which must then be given exactly.
 *
 * <p>What counts as an equality is what mongod's canonical query leaves as one: {@code f: v} (not a regex),
 * {@code f: {$eq: v}}, a one-element {@code $in} (the optimizer makes it an {@code $eq}), each element of
 * {@code $all} (an {@code $and} of equalities), the clauses of {@code $and} and of a one-clause {@code $or};
 * nothing else ({@code $gt}, {@code $ne}, a longer {@code $in}, {@code $elemMatch}, {@code $exists}, {@code $not},
 * {@code $nor}, a longer {@code $or}). Two equalities on one path, or on a path and its prefix, are refused:
 * NotSingleValueField "cannot infer query fields to set, path 'x' is matched twice" / "both paths 'x.y' and 'x' are
 * matched"; a replacement's equality below an immutable path is NotExactValueField "field at '_id' must be exactly
 * specified, field at sub-path '_id.x'found".
 *
 * <p>Sources: mongo {@code src/mongo/db/update/update_driver.cpp} ({@code populateDocumentWithQueryFields}),
 * {@code src/mongo/db/update/path_support.cpp} ({@code extractFullEqualityMatches}, {@code checkEqualityConflicts},
 * {@code checkPathIsPrefixOf}, {@code addEqualitiesToDoc}), {@code src/mongo/db/matcher/expression_parser.cpp}
 * ({@code $all} as an {@code $and}; {@code undefined} refused), {@code expression_leaf.cpp} (a one-element
 * {@code $in} optimized to {@code $eq}). Tests: mongo {@code update_driver_test.cpp} ({@code CreateFromQuery.*}),
 * {@code jstests/core/write/update/upsert_fields.js}.
 */
final class UpsertSeed {

    /** The path every upsert keeps from its query. */
    static final String ID = "_id";

    private UpsertSeed() {}

    /**
     * The seed of an upsert whose {@code query} matched nothing.
     *
     * @param replacement whether the update is a replacement (only the immutable paths are seeded)
     * @param immutable the immutable paths ({@code _id})
     * @throws StatementFailedException as mongod refuses to infer the seed
     */
    static BsonDocument of(BsonDocument query, boolean replacement, Set<String> immutable) {
        List<Equality> equalities = new ArrayList<>();
        collect(query, equalities);
        Map<String, BsonValue> chosen = chosen(equalities, replacement ? immutable : null);
        return document(chosen);
    }

    /**
     * The equalities {@code query} gives every one of {@code paths} (mongod's {@code extractFullEqualityMatches}
     * with those paths, as {@code update_stage.cpp} asks it of a shard key), or empty when it does not give each
     * exactly or refuses.
     */
    static Optional<Map<String, BsonValue>> fullEqualities(BsonDocument query, Set<String> paths) {
        List<Equality> equalities = new ArrayList<>();
        try {
            collect(query, equalities);
            Map<String, BsonValue> chosen = chosen(equalities, paths);
            return chosen.size() == paths.size() ? Optional.of(chosen) : Optional.empty();
        } catch (StatementFailedException e) {
            return Optional.empty();
        }
    }

    /** One equality of the canonical query. */
    private record Equality(String path, BsonValue value) {}

    /** The equalities of an implicit {@code $and} of {@code query}'s fields. */
    private static void collect(BsonDocument query, List<Equality> out) {
        for (Map.Entry<String, BsonValue> e : query.entrySet()) {
            String key = e.getKey();
            BsonValue v = e.getValue();
            if ("$and".equals(key) && v.isArray()) {
                for (BsonValue clause : v.asArray()) {
                    if (clause.isDocument()) {
                        collect(clause.asDocument(), out);
                    }
                }
            } else if ("$or".equals(key)
                    && v.isArray()
                    && v.asArray().size() == 1
                    && v.asArray().get(0).isDocument()) {
                collect(v.asArray().get(0).asDocument(), out); // a one-clause $or is its clause
            } else if (!key.startsWith("$")) {
                field(key, v, out);
            }
        }
    }

    /** The equalities of one field's predicate. */
    private static void field(String path, BsonValue v, List<Equality> out) {
        if (v.isRegularExpression()) {
            return;
        }
        if (!isOperatorDocument(v)) {
            out.add(equality(path, v));
            return;
        }
        for (Map.Entry<String, BsonValue> op : v.asDocument().entrySet()) {
            BsonValue arg = op.getValue();
            switch (op.getKey()) {
                case "$eq" -> out.add(equality(path, arg));
                case "$in" -> {
                    if (arg.isArray()
                            && arg.asArray().size() == 1
                            && !arg.asArray().get(0).isRegularExpression()) {
                        out.add(equality(path, arg.asArray().get(0)));
                    }
                }
                case "$all" -> {
                    if (arg.isArray()) {
                        for (BsonValue element : arg.asArray()) {
                            if (!element.isRegularExpression() && !isOperatorDocument(element)) {
                                out.add(equality(path, element));
                            }
                        }
                    }
                }
                default -> {}
            }
        }
    }

    private static Equality equality(String path, BsonValue value) {
        if (value.getBsonType() == BsonType.UNDEFINED) {
            // expression_parser.cpp (parseComparison / EqualityMatchExpression): undefined is not a value
            throw StatementFailedException.of(ErrorCode.BAD_VALUE, "cannot compare to undefined");
        }
        return new Equality(path, value);
    }

    /** An operator document ({@code {$op: …}}) rather than a document value; a DBRef is a value. */
    private static boolean isOperatorDocument(BsonValue v) {
        if (!v.isDocument() || v.asDocument().isEmpty()) {
            return false;
        }
        BsonDocument d = v.asDocument();
        return d.getFirstKey().startsWith("$") && !(d.containsKey("$ref") && d.containsKey("$id"));
    }

    /**
     * The equalities kept, by path: with {@code fullPaths} only those related to one of them (and never below
     * one), without all of them; refused where two name one path or a path and its prefix.
     */
    private static Map<String, BsonValue> chosen(List<Equality> equalities, Set<String> fullPaths) {
        List<Equality> sorted = new ArrayList<>(equalities);
        sorted.sort(Comparator.comparing(Equality::path)); // canonical order: a prefix before its extensions
        Map<String, BsonValue> chosen = new LinkedHashMap<>();
        for (Equality e : sorted) {
            if (fullPaths != null) {
                List<String> related = fullPaths.stream()
                        .filter(p -> isPrefixOrEqual(p, e.path()) || isPrefixOrEqual(e.path(), p))
                        .toList();
                if (related.isEmpty()) {
                    continue;
                }
                for (String p : related) {
                    if (parts(e.path()) > parts(p)) {
                        throw StatementFailedException.of(
                                ErrorCode.NOT_EXACT_VALUE_FIELD,
                                "field at '" + p + "' must be exactly specified, field at sub-path '" + e.path()
                                        + "'found");
                    }
                }
            }
            String parent = chosen.keySet().stream()
                    .filter(p -> isPrefixOrEqual(p, e.path()))
                    .findFirst()
                    .orElse(null);
            if (parent != null) {
                throw StatementFailedException.of(
                        ErrorCode.NOT_SINGLE_VALUE_FIELD,
                        "cannot infer query fields to set, "
                                + (parent.equals(e.path())
                                        ? "path '" + e.path() + "' is matched twice"
                                        : "both paths '" + e.path() + "' and '" + parent + "' are matched"));
            }
            chosen.put(e.path(), e.value());
        }
        return chosen;
    }

    private static boolean isPrefixOrEqual(String prefix, String path) {
        return path.equals(prefix) || path.startsWith(prefix + ".");
    }

    private static int parts(String path) {
        return path.split("\\.", -1).length;
    }

    /** The equalities written at their paths ({@code setElementAtPath}), {@code _id} first. */
    private static BsonDocument document(Map<String, BsonValue> equalities) {
        BsonDocument seed = new BsonDocument();
        if (equalities.containsKey(ID)) {
            seed.append(ID, equalities.get(ID));
        }
        equalities.forEach((path, value) -> {
            if (!path.equals(ID)) {
                DocumentPaths.set(seed, path, value);
            }
        });
        return seed;
    }
}
