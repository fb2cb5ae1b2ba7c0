package io.shardlab.mongos;

import io.shardlab.routing.RegexSyntax;
import java.util.Map;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonRegularExpression;
import org.bson.BsonString;
import org.bson.BsonValue;

/**
 * The regular expressions of a query filter, read as mongod reads them and written as the document store reads
 * them: {@code {$regex: /p/o}} (a BSON regex inside {@code $regex}) becomes {@code {$regex: "p", $options: "o"}},
 * every pattern is checked and handed on as Java reads what PCRE2 reads ({@link RegexSyntax#read}: MongoDB's
 * refusals, 51091 "Regular expression is invalid: …" in PCRE2's words, 51108, BadValue).
 *
 * <p>Rules: mongo {@code src/mongo/db/matcher/expression_parser.cpp} ({@code parseRegexDocument}): {@code $regex}
 * takes a string or a regex, else BadValue "$regex has to be a string"; {@code $options} a string, else BadValue
 * "$options has to be a string"; options in both the regex and {@code $options} are refused, 51075 when the regex
 * comes first and 51074 when {@code $options} does ("options set in both $regex and $options"); {@code $options}
 * without {@code $regex} is BadValue "$options needs a $regex".
 */
final class QueryRegexes {

    QueryRegexes() {}

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
        return new BsonRegularExpression(javaPattern(r), storeOptions(r.getOptions()));
    }

    /** The pattern as the store's Java engine reads what PCRE2 reads, or MongoDB's refusal. */
    private static String javaPattern(BsonRegularExpression r) {
        RegexSyntax.Reading reading = RegexSyntax.read(r);
        if (reading.refusal().isPresent()) {
            RegexSyntax.Refusal refusal = reading.refusal().get();
            throw new MongoCommandException(ErrorCode.numbered(refusal.code()), refusal.message());
        }
        return reading.javaPattern();
    }

    /**
     * The options as the store reads them: {@code u} (PCRE's UTF mode, on for every query since SERVER-26991) means
     * nothing to Java's patterns, which read Unicode anyway.
     */
    private static String storeOptions(String options) {
        return options.replace("u", "");
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
        String javaPattern = javaPattern(new BsonRegularExpression(pattern, options));
        BsonDocument out = new BsonDocument();
        for (Map.Entry<String, BsonValue> op : operators.entrySet()) {
            switch (op.getKey()) {
                case "$regex" -> {
                    out.append("$regex", new BsonString(javaPattern));
                    out.append("$options", new BsonString(storeOptions(options)));
                }
                case "$options" -> {}
                case "$not" -> out.append("$not", operand(op.getValue()));
                default -> out.append(op.getKey(), op.getValue());
            }
        }
        return out;
    }
}
