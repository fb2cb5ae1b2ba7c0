package io.shardlab.mongos;

import io.shardlab.cluster.MongoVersion;
import java.util.Map;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonRegularExpression;
import org.bson.BsonString;
import org.bson.BsonValue;

/**
 * The regular expressions of a query filter, read as mongod reads them and written as the document store reads
 * them: {@code {$regex: /p/o}} (a BSON regex inside {@code $regex}) becomes {@code {$regex: "p", $options: "o"}},
 * every pattern is checked ({@link RegexSyntax#check}) and handed on in the store's reading
 * ({@link RegexSyntax#forStore}).
 *
 * <p>Rules: mongo {@code src/mongo/db/matcher/expression_parser.cpp} ({@code parseRegexDocument}): {@code $regex}
 * takes a string or a regex, else BadValue "$regex has to be a string"; {@code $options} a string, else BadValue
 * "$options has to be a string"; options in both the regex and {@code $options} are refused, 51075 when the regex
 * comes first and 51074 when {@code $options} does ("options set in both $regex and $options"); {@code $options}
 * without {@code $regex} is BadValue "$options needs a $regex".
 */
final class QueryRegexes {

    private final MongoVersion release;

    QueryRegexes(MongoVersion release) {
        this.release = release;
    }

    /** {@code filter} with its regular expressions in the store's reading; checked on the way. */
    BsonDocument normalized(BsonDocument filter) {
        BsonDocument out = new BsonDocument();
        for (Map.Entry<String, BsonValue> e : filter.entrySet()) {
            String key = e.getKey();
            BsonValue v = e.getValue();
            if (("$and".equals(key) || "$or".equals(key) || "$nor".equals(key)) && v.isArray()) {
                BsonArray clauses = new BsonArray();
                for (BsonValue clause : v.asArray()) {
                    clauses.add(clause.isDocument() ? normalized(clause.asDocument()) : clause);
                }
                out.append(key, clauses);
            } else if (key.startsWith("$")) {
                out.append(key, v);
            } else {
                out.append(key, operand(v));
            }
        }
        return out;
    }

    /** A field's operand: a regex, an operator document, or a value. */
    private BsonValue operand(BsonValue v) {
        if (v.isRegularExpression()) {
            return regex(v.asRegularExpression());
        }
        if (!v.isDocument()
                || v.asDocument().isEmpty()
                || !v.asDocument().getFirstKey().startsWith("$")) {
            return v;
        }
        BsonDocument operators = v.asDocument();
        if (operators.containsKey("$regex") || operators.containsKey("$options")) {
            return regexDocument(operators);
        }
        BsonDocument out = new BsonDocument();
        for (Map.Entry<String, BsonValue> op : operators.entrySet()) {
            BsonValue value = op.getValue();
            switch (op.getKey()) {
                case "$not" -> out.append(op.getKey(), operand(value));
                case "$elemMatch" ->
                    out.append(op.getKey(), value.isDocument() ? elemMatch(value.asDocument()) : value);
                case "$in", "$nin", "$all" ->
                    out.append(op.getKey(), value.isArray() ? regexes(value.asArray()) : value);
                default -> out.append(op.getKey(), value);
            }
        }
        return out;
    }

    /** An {@code $elemMatch}'s document: a query over the elements, or operators on each element. */
    private BsonDocument elemMatch(BsonDocument spec) {
        if (!spec.isEmpty() && spec.getFirstKey().startsWith("$") && !isLogical(spec.getFirstKey())) {
            return operand(spec).asDocument();
        }
        return normalized(spec);
    }

    private static boolean isLogical(String key) {
        return "$and".equals(key) || "$or".equals(key) || "$nor".equals(key) || "$expr".equals(key);
    }

    private BsonArray regexes(BsonArray values) {
        BsonArray out = new BsonArray();
        for (BsonValue v : values) {
            out.add(v.isRegularExpression() ? regex(v.asRegularExpression()) : v);
        }
        return out;
    }

    private BsonRegularExpression regex(BsonRegularExpression r) {
        RegexSyntax.check(r.getPattern(), r.getOptions(), release);
        return new BsonRegularExpression(RegexSyntax.forStore(r.getPattern()), r.getOptions());
    }

    /** {@code {$regex, $options, ...}}: one string pattern and one options string, the other operators kept. */
    private BsonDocument regexDocument(BsonDocument operators) {
        String pattern = null;
        String options = "";
        for (Map.Entry<String, BsonValue> op : operators.entrySet()) {
            BsonValue v = op.getValue();
            if ("$regex".equals(op.getKey())) {
                if (v.isString()) {
                    pattern = v.asString().getValue();
                } else if (v.isRegularExpression()) {
                    pattern = v.asRegularExpression().getPattern();
                    String flags = v.asRegularExpression().getOptions();
                    if (!flags.isEmpty()) {
                        if (!options.isEmpty()) {
                            throw new MongoCommandException(
                                    ErrorCode.REGEX_OPTIONS_TWICE_AFTER_OPTIONS,
                                    "options set in both $regex and $options");
                        }
                        options = flags;
                    }
                } else {
                    throw new MongoCommandException(ErrorCode.BAD_VALUE, "$regex has to be a string");
                }
            } else if ("$options".equals(op.getKey())) {
                if (!v.isString()) {
                    throw new MongoCommandException(ErrorCode.BAD_VALUE, "$options has to be a string");
                }
                if (!options.isEmpty()) {
                    throw new MongoCommandException(
                            ErrorCode.REGEX_OPTIONS_TWICE_AFTER_REGEX, "options set in both $regex and $options");
                }
                options = v.asString().getValue();
            }
        }
        if (pattern == null) {
            throw new MongoCommandException(ErrorCode.BAD_VALUE, "$options needs a $regex");
        }
        RegexSyntax.check(pattern, options, release);
        BsonDocument out = new BsonDocument();
        for (Map.Entry<String, BsonValue> op : operators.entrySet()) {
            switch (op.getKey()) {
                case "$regex" -> {
                    out.append("$regex", new BsonString(RegexSyntax.forStore(pattern)));
                    out.append("$options", new BsonString(options));
                }
                case "$options" -> {}
                case "$not" -> out.append("$not", operand(op.getValue()));
                default -> out.append(op.getKey(), op.getValue());
            }
        }
        return out;
    }
}
