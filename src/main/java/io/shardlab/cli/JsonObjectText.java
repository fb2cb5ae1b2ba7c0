package io.shardlab.cli;

import io.shardlab.bson.BsonPrinter;
import io.shardlab.key.ShardKey;
import io.shardlab.key.ShardKeyPattern;
import java.util.List;
import java.util.stream.Collectors;
import org.bson.BsonString;

/**
 * One JSON object of a hand-written {@code --json} report ({@code inspect}, {@code simulate}), written field by field
 * in the reports' layout: {@code {"name": value, "name": value}}, the fields in the order given, separated by
 * {@code ", "}, on one line. A value is written as Java writes it ({@link String#valueOf}: numbers, booleans, and JSON
 * already made, such as canonical Extended JSON or another object); a text is quoted and escaped as canonical JSON.
 * Arrays of such values are written the same way ({@link #array}).
 */
final class JsonObjectText {

    private final StringBuilder json = new StringBuilder("{");

    /** Adds {@code "name": value}, the value written as Java writes it. */
    JsonObjectText field(String name, Object value) {
        json.append(json.length() == 1 ? "\"" : ", \"")
                .append(name)
                .append("\": ")
                .append(value);
        return this;
    }

    /** Adds {@code "name": "text"}, the text quoted and escaped. */
    JsonObjectText text(String name, String text) {
        return field(name, string(text));
    }

    /**
     * A key range's object {@code {"min": …, "max": …}}, its bounds as documents of {@code key} in canonical Extended
     * JSON ({@code {"x": {"$minKey": 1}}}); the caller's fields follow.
     */
    static JsonObjectText range(ShardKey min, ShardKey max, ShardKeyPattern key) {
        return new JsonObjectText()
                .field("min", BsonPrinter.canonicalJson(min.toDocument(key)))
                .field("max", BsonPrinter.canonicalJson(max.toDocument(key)));
    }

    /** {@code values} as a JSON array on one line, {@code [a, b]}, each written as Java writes it. */
    static String array(List<?> values) {
        return values.stream().map(String::valueOf).collect(Collectors.joining(", ", "[", "]"));
    }

    /** {@code text} as a JSON string, quoted and escaped. */
    static String string(String text) {
        return BsonPrinter.canonicalJson(new BsonString(text));
    }

    /** The object, closed. */
    @Override
    public String toString() {
        return json + "}";
    }
}
