package io.shardlab.files;

import io.shardlab.text.Message;
import io.shardlab.text.RefusedInput;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.Supplier;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/**
 * One JSON object of a teaching file (a lesson, an exercise), read field by field with the checks those files
 * share: a field the format does not know is refused, a required one must be there, a text must fit a projector
 * (not blank, no leading or trailing spaces, at most so many characters), numbers are whole or positive as asked.
 * Every refusal is one line naming the field's path in the file, e.g. {@code scenario.queries[1].filter},
 * made by the file's own {@link Problems} (so a lesson's names the lesson file, an exercise's the exercise file).
 * The problems are {@link Message}s of the {@code files} bundle, said in the user's language where they are shown.
 */
public final class JsonFields {

    /** Makes the refusal of one field. */
    @FunctionalInterface
    public interface Problems {
        /**
         * @param path the field's path in the file, e.g. {@code check[2].filter}; empty for the file as a whole
         * @param problem what is wrong, one line, to be said in the user's language
         */
        IllegalArgumentException at(String path, Message problem);
    }

    private final BsonDocument document;
    private final String path;
    private final Set<String> inherited;
    private final Message inheritedNote;
    private final Problems problems;

    /**
     * @param document the object
     * @param path its path in the file, empty for the root
     * @param allowed the fields it may have; another one is refused here
     * @param inherited fields taken unchanged from elsewhere in the file (a lesson's follow-up takes them from the
     *     lesson's scenario): a problem with one of them ends with {@code inheritedNote}, since a change made
     *     elsewhere caused it
     * @param inheritedNote e.g. "(taken unchanged from the lesson's scenario)", said after the problem
     */
    public JsonFields(
            BsonDocument document,
            String path,
            Set<String> allowed,
            Set<String> inherited,
            Message inheritedNote,
            Problems problems) {
        this.document = document;
        this.path = path;
        this.inherited = Set.copyOf(inherited);
        this.inheritedNote = inheritedNote;
        this.problems = problems;
        checkKnown(document, path, allowed, problems);
    }

    /** An object none of whose fields is inherited. */
    public JsonFields(BsonDocument document, String path, Set<String> allowed, Problems problems) {
        this(document, path, allowed, Set.of(), Message.of("common.verbatim", ""), problems);
    }

    /** The object read. */
    public BsonDocument document() {
        return document;
    }

    /** The fields taken unchanged from elsewhere in the file. */
    public Set<String> inherited() {
        return inherited;
    }

    /** The path of the field {@code name} of this object. */
    public String path(String name) {
        return join(path, name);
    }

    /** The refusal of the field {@code name} (a dotted name for a field inside it). */
    public IllegalArgumentException invalid(String name, Message problem) {
        String root = name.contains(".") ? name.substring(0, name.indexOf('.')) : name;
        return problems.at(
                path(name),
                inherited.contains(root) ? Message.of("files.field.withNote", problem, inheritedNote) : problem);
    }

    /**
     * {@code check}'s result; its {@link IllegalArgumentException} becomes the refusal of the field {@code name}, in
     * the words of the failure ({@link RefusedInput#said(Throwable)}).
     */
    public <T> T check(String name, Supplier<T> check) {
        try {
            return check.get();
        } catch (IllegalArgumentException e) {
            throw invalid(name, RefusedInput.said(e));
        }
    }

    /** Whether the object has the field {@code name}. */
    public boolean has(String name) {
        return document.containsKey(name);
    }

    private BsonValue required(String name) {
        BsonValue v = document.get(name);
        if (v == null) {
            throw invalid(name, Message.of("files.field.required"));
        }
        return v;
    }

    /** A required text of at most {@code maxLength} characters. */
    public String text(String name, int maxLength) {
        BsonValue v = required(name);
        if (!v.isString()) {
            throw invalid(name, Message.of("files.field.notString", typeOf(v)));
        }
        return checkedText(name, v.asString().getValue(), maxLength);
    }

    private String checkedText(String name, String text, int maxLength) {
        if (text.isBlank()) {
            throw invalid(name, Message.of("files.field.blank"));
        }
        if (text.length() > maxLength) {
            throw invalid(name, Message.of("files.field.tooLong", text.length(), maxLength));
        }
        if (!text.equals(text.strip())) {
            throw invalid(name, Message.of("files.field.spaces"));
        }
        return text;
    }

    /** A required array of {@code minItems} to {@code maxItems} texts of at most {@code maxLength} characters. */
    public List<String> texts(String name, int minItems, int maxItems, int maxLength) {
        BsonValue v = required(name);
        List<BsonValue> items = items(name, v, "files.field.notStrings", minItems, maxItems);
        List<String> out = new ArrayList<>();
        for (int i = 0; i < items.size(); i++) {
            BsonValue item = items.get(i);
            String itemName = name + "[" + i + "]";
            if (!item.isString()) {
                throw invalid(itemName, Message.of("files.field.notString", typeOf(item)));
            }
            out.add(checkedText(itemName, item.asString().getValue(), maxLength));
        }
        return out;
    }

    /**
     * {@code v}'s items, refused with {@code notArrayKey} when it is not an array, or when it holds fewer than
     * {@code minItems} or more than {@code maxItems}.
     */
    private List<BsonValue> items(String name, BsonValue v, String notArrayKey, int minItems, int maxItems) {
        if (!v.isArray()) {
            throw invalid(name, Message.of(notArrayKey, typeOf(v)));
        }
        List<BsonValue> items = v.asArray().getValues();
        if (items.size() < minItems || items.size() > maxItems) {
            throw invalid(name, Message.of("files.field.itemCount", items.size(), range(minItems, maxItems)));
        }
        return items;
    }

    /** A required object. */
    public BsonDocument object(String name) {
        BsonValue v = required(name);
        if (!v.isDocument()) {
            throw invalid(name, Message.of("files.field.notObject", typeOf(v)));
        }
        return v.asDocument();
    }

    /** An array of {@code minItems} to {@code maxItems} objects; absent reads as none when {@code minItems} is 0. */
    public List<BsonDocument> objects(String name, int minItems, int maxItems) {
        BsonValue v = document.get(name);
        if (v == null && minItems == 0) {
            return List.of();
        }
        if (v == null) {
            throw invalid(name, Message.of("files.field.required"));
        }
        List<BsonValue> items = items(name, v, "files.field.notObjects", minItems, maxItems);
        List<BsonDocument> out = new ArrayList<>();
        for (int i = 0; i < items.size(); i++) {
            if (!items.get(i).isDocument()) {
                throw invalid(name + "[" + i + "]", Message.of("files.field.notObject", typeOf(items.get(i))));
            }
            out.add(items.get(i).asDocument());
        }
        return out;
    }

    /** A required whole number in {@code [min, max]}. */
    public long wholeNumber(String name, long min, long max) {
        return checkedWhole(name, required(name), min, max);
    }

    /** A whole number in {@code [min, max]}, or {@code absent} when the field is not there. */
    public long optionalWholeNumber(String name, long absent, long min, long max) {
        BsonValue v = document.get(name);
        return v == null ? absent : checkedWhole(name, v, min, max);
    }

    private long checkedWhole(String name, BsonValue v, long min, long max) {
        long n;
        if (v.isInt32() || v.isInt64()) {
            n = v.asNumber().longValue();
        } else if (v.isDouble()
                && v.asDouble().getValue() == Math.rint(v.asDouble().getValue())
                && Math.abs(v.asDouble().getValue()) < 0x1p53) {
            n = (long) v.asDouble().getValue();
        } else {
            throw invalid(name, Message.of("files.field.notWhole", typeOf(v)));
        }
        if (n < min || n > max) {
            throw invalid(name, Message.of("files.field.outOfRange", range(min, max), n));
        }
        return n;
    }

    /** A required number above 0, not infinite. */
    public double positiveNumber(String name) {
        BsonValue v = required(name);
        if (!v.isNumber()) {
            throw invalid(name, Message.of("files.field.notNumber", typeOf(v)));
        }
        double d = v.asNumber().doubleValue();
        if (!(d > 0) || Double.isInfinite(d)) {
            throw invalid(name, Message.of("files.field.notPositive", String.valueOf(d)));
        }
        return d;
    }

    /** A number in {@code [min, max]}, or {@code absent} when the field is not there. */
    public double optionalNumber(String name, double absent, double min, double max) {
        BsonValue v = document.get(name);
        if (v == null) {
            return absent;
        }
        if (!v.isNumber()) {
            throw invalid(name, Message.of("files.field.notNumber", typeOf(v)));
        }
        double d = v.asNumber().doubleValue();
        if (!(d >= min && d <= max)) {
            throw invalid(
                    name,
                    Message.of(
                            "files.field.numberOutOfRange",
                            String.valueOf(min),
                            String.valueOf(max),
                            String.valueOf(d)));
        }
        return d;
    }

    /** {@code true} or {@code false}, or {@code absent} when the field is not there. */
    public boolean optionalBoolean(String name, boolean absent) {
        BsonValue v = document.get(name);
        if (v == null) {
            return absent;
        }
        if (!v.isBoolean()) {
            throw invalid(name, Message.of("files.field.notBoolean", typeOf(v)));
        }
        return v.asBoolean().getValue();
    }

    /**
     * Refuses a field of {@code document} that is not in {@code allowed}, naming the ones that are.
     *
     * @param path the object's path in the file
     */
    public static void checkKnown(BsonDocument document, String path, Set<String> allowed, Problems problems) {
        for (String name : document.keySet()) {
            if (!allowed.contains(name)) {
                throw problems.at(
                        join(path, name),
                        Message.of(
                                "files.field.unknown",
                                allowed.stream().sorted().toList().toString()));
            }
        }
    }

    /** The path of the field {@code name} inside the object at {@code path}. */
    public static String join(String path, String name) {
        if (name.isEmpty()) {
            return path;
        }
        return path.isEmpty() ? name : path + "." + name;
    }

    private static Message range(long min, long max) {
        if (max == Long.MAX_VALUE || max == Integer.MAX_VALUE) {
            return Message.of("files.range.atLeast", min);
        }
        return min == max ? Message.of("files.range.exactly", min) : Message.of("files.range.between", min, max);
    }

    /** What kind of JSON value {@code v} is, in a message's words: "a string", "an object", "a number", … */
    public static Message typeOf(BsonValue v) {
        return switch (v.getBsonType()) {
            case STRING -> Message.of("files.type.string");
            case DOCUMENT -> Message.of("files.type.object");
            case ARRAY -> Message.of("files.type.array");
            case BOOLEAN -> Message.of("files.type.boolean");
            case NULL -> Message.of("files.type.null");
            case INT32, INT64, DOUBLE, DECIMAL128 -> Message.of("files.type.number");
            // BSON's own name of the type (objectId, date, …)
            default -> Message.of("common.verbatim", v.getBsonType().name().toLowerCase(Locale.ROOT));
        };
    }
}
