package io.shardlab.serve;

import de.bwaldvogel.mongo.bson.BsonRegularExpression;
import de.bwaldvogel.mongo.bson.Document;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Regular expressions compared as values the way MongoDB compares them: two are equal when their patterns and their
 * options are (mongo {@code src/mongo/bson/bsonelement.cpp}, {@code compareElements}, {@code case BSONType::RegEx}:
 * {@code strcmp} of the patterns, then of the flags). The wire library's {@link BsonRegularExpression} has no
 * {@code equals}, so its matcher, which compares an equality on an embedded document by {@code equals}, found no
 * document for a filter such as {@code {a: {b: /abcde.*&#47;}}} where MongoDB finds the one whose {@code a} is that
 * document (mongo {@code jstests/sharding/regex_targeting.js}, "Query/Update/Remove by nested regex").
 *
 * <p>Only a filter that holds a regular expression below a field's own value needs this ({@link #isNeededFor}): a
 * regex that is a field's whole value is a match, not an equality, and the library already reads it so. For such a
 * find, update or delete filter both the filter and the document are matched as copies whose regular expressions
 * compare by value ({@link #comparable}); what a client reads is never a copy.
 *
 * <p>An aggregation runs wholly on such values: its pipeline ({@link #comparablePipeline}) and the documents a
 * collection streams into it ({@link #comparableDocument}), so that every {@code $match} of it, the first or a later
 * one, inside a {@code $lookup}'s {@code pipeline} or a {@code $facet}'s sub-pipeline, and a {@code $lookup}'s
 * {@code localField} / {@code foreignField} equality compare regexes by pattern and options, as mongod does. Its
 * results are new documents in any case; a value regex is written to the wire as the regex it is.
 */
final class RegexValueEquality {

    private RegexValueEquality() {}

    /** Whether {@code filter} holds a regular expression inside a field's value (a document, an array, an operator). */
    static boolean isNeededFor(Document filter) {
        for (Object value : filter.values()) {
            if (value instanceof Map<?, ?> || value instanceof Collection<?>) {
                if (holdsRegex(value)) {
                    return true;
                }
            }
        }
        return false;
    }

    /**
     * A copy of {@code value} whose every regular expression, at any depth, equals another of the same pattern and
     * options; documents and arrays are copied, other values shared.
     */
    static Object comparable(Object value) {
        if (value instanceof ValueRegularExpression) {
            return value;
        }
        if (value instanceof BsonRegularExpression regex) {
            return new ValueRegularExpression(regex.getPattern(), regex.getOptions());
        }
        if (value instanceof Document document) {
            Document copy = new Document();
            document.forEach((key, v) -> copy.put(key, comparable(v)));
            return copy;
        }
        if (value instanceof List<?> list) {
            List<Object> copy = new ArrayList<>(list.size());
            list.forEach(v -> copy.add(comparable(v)));
            return copy;
        }
        return value;
    }

    /**
     * {@code document}, or a copy whose regular expressions compare by value when it holds any; a document without one
     * is returned as it is (no copy), so a collection streams its usual documents at the cost of one look.
     */
    static Document comparableDocument(Document document) {
        return holdsRegex(document) ? (Document) comparable(document) : document;
    }

    /**
     * An aggregate command's {@code pipeline} value with its every regular expression comparing by value (its stages,
     * the sub-pipelines of {@code $lookup}, {@code $facet}, {@code $unionWith} included); a regex that is a field's
     * whole value in a {@code $match} stays a match, since a value regex is a regex to the library's matcher.
     */
    static Object comparablePipeline(Object pipeline) {
        return holdsRegex(pipeline) ? comparable(pipeline) : pipeline;
    }

    private static boolean holdsRegex(Object value) {
        if (value instanceof BsonRegularExpression) {
            return true;
        }
        if (value instanceof Map<?, ?> map) {
            return map.values().stream().anyMatch(RegexValueEquality::holdsRegex);
        }
        if (value instanceof Collection<?> values) {
            return values.stream().anyMatch(RegexValueEquality::holdsRegex);
        }
        return false;
    }

    /**
     * The library's regular expression with BSON's equality: same pattern, same options (absent options are none).
     * Equal only to another of its kind, so that equality stays symmetric; {@link #comparable} makes both sides so.
     */
    static final class ValueRegularExpression extends BsonRegularExpression {

        private static final long serialVersionUID = 1L;

        ValueRegularExpression(String pattern, String options) {
            super(pattern, options);
        }

        @Override
        public boolean equals(Object other) {
            return other instanceof ValueRegularExpression regex
                    && getPattern().equals(regex.getPattern())
                    && optionsOf(this).equals(optionsOf(regex));
        }

        @Override
        public int hashCode() {
            return Objects.hash(getPattern(), optionsOf(this));
        }

        private static String optionsOf(BsonRegularExpression regex) {
            return regex.getOptions() == null ? "" : regex.getOptions();
        }
    }
}
