package io.shardlab.render;

import io.shardlab.bson.BsonPrinter;
import io.shardlab.key.ShardKey;
import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import org.bson.BsonString;
import org.bson.BsonValue;
import org.bson.types.Decimal128;

/**
 * Short text for chunk bounds on axes: the mongosh spelling ({@link BsonPrinter#shell}) shortened to fit a
 * label, so that a MongoDB user still recognises every value.
 *
 * <ul>
 *   <li>MinKey and MaxKey: {@code MinKey}, {@code MaxKey} (a bound whose fields are all MinKey, or all
 *       MaxKey, prints as one word).</li>
 *   <li>Numbers (Int32, Long, Double, Decimal128): the value without its type wrapper; integers up to
 *       8 characters in full, larger magnitudes (hashes) in 3 significant digits, {@code -4.61e18}; other
 *       doubles in at most 4 significant digits.</li>
 *   <li>Dates: ISO-8601 in UTC, as short as the value allows and never cut (a cut date would name another
 *       instant): {@code 2024-03-01}, {@code 2024-03-01 12:30}, {@code 2024-03-01 12:30:05},
 *       {@code 2024-03-01 12:30:05.250}.</li>
 *   <li>Strings: quoted like mongosh, cut with an ellipsis inside the quotes: {@code 'Springf…'}.</li>
 *   <li>ObjectIds: {@code ObjectId('65f1a2b3…')}, keeping the leading (timestamp) hex digits.</li>
 *   <li>Anything else: the mongosh text, cut with an ellipsis.</li>
 *   <li>Compound bounds: the field values joined by ", "; the leading field (which orders the chunks) keeps
 *       its label, the later fields share what is left of the budget, and fields with no room left show as
 *       one {@code …}: {@code '2024-03', 'u020…'}, {@code '2024-03', …}.</li>
 * </ul>
 */
public final class KeyLabelFormat {

    /** The default budget: characters per label. */
    public static final int DEFAULT_MAX_CHARS = 18;

    /** The least a compound bound's later field gets; with less room it shows as "…". */
    private static final int MIN_FIELD_CHARS = 4;

    private static final DateTimeFormatter DAY =
            DateTimeFormatter.ofPattern("uuuu-MM-dd").withZone(ZoneOffset.UTC);
    private static final DateTimeFormatter MINUTE =
            DateTimeFormatter.ofPattern("uuuu-MM-dd HH:mm").withZone(ZoneOffset.UTC); // untranslated: a date pattern
    private static final DateTimeFormatter SECOND =
            DateTimeFormatter.ofPattern("uuuu-MM-dd HH:mm:ss").withZone(ZoneOffset.UTC); // untranslated: a date pattern
    private static final DateTimeFormatter MILLI = DateTimeFormatter.ofPattern(
                    "uuuu-MM-dd HH:mm:ss.SSS") // untranslated: a date pattern
            .withZone(ZoneOffset.UTC);

    private final int maxChars;

    /**
     * @param maxChars the longest label, at least 6 characters
     */
    public KeyLabelFormat(int maxChars) {
        if (maxChars < 6) {
            throw new IllegalArgumentException(
                    "maxChars: at least 6, got " + maxChars); // untranslated: a developer's contract
        }
        this.maxChars = maxChars;
    }

    /** The longest label, in characters. */
    public int maxChars() {
        return maxChars;
    }

    /** A format with {@link #DEFAULT_MAX_CHARS}. */
    public static KeyLabelFormat standard() {
        return new KeyLabelFormat(DEFAULT_MAX_CHARS);
    }

    /** The label of a chunk bound. */
    public String format(ShardKey key) {
        if (key.isGlobalMin()) {
            return "MinKey";
        }
        if (key.isGlobalMax()) {
            return "MaxKey";
        }
        if (key.arity() == 1) {
            return value(key.get(0), maxChars);
        }
        // the leading field orders the chunks, so it keeps its text (less room for ", …"); the other fields share
        // what is left, and when too little is left they show as one "…"
        String lead = value(key.get(0), maxChars - 3);
        StringBuilder b = new StringBuilder(lead);
        int left = maxChars - lead.length();
        for (int i = 1; i < key.arity(); i++) {
            int fields = key.arity() - i;
            int share = (left - 2 * fields) / fields;
            if (share < MIN_FIELD_CHARS) {
                return b.append(", …").toString(); // untranslated: an elision mark
            }
            String v = value(key.get(i), share);
            b.append(", ").append(v);
            left -= 2 + v.length();
        }
        return b.toString();
    }

    /** The label of one value within {@code budget} characters. */
    public static String value(BsonValue v, int budget) {
        return switch (v.getBsonType()) {
            case MIN_KEY -> "MinKey";
            case MAX_KEY -> "MaxKey";
            case INT32 -> cut(Integer.toString(v.asInt32().getValue()), budget);
            case INT64 -> integer(v.asInt64().getValue(), budget);
            case DOUBLE -> decimal(v.asDouble().getValue(), budget);
            case DECIMAL128 -> {
                Decimal128 d = v.asDecimal128().getValue();
                yield d.isNaN() || d.isInfinite()
                        ? cut(BsonPrinter.shell(v), budget)
                        : decimal(d.bigDecimalValue(), budget);
            }
            case DATE_TIME -> date(v.asDateTime().getValue());
            case STRING -> quoted(v.asString().getValue(), budget);
            case OBJECT_ID -> objectId(v.asObjectId().getValue().toHexString(), budget);
            default -> cut(BsonPrinter.shell(v), budget);
        };
    }

    private static String integer(long value, int budget) {
        String plain = Long.toString(value);
        if (plain.length() <= Math.min(8, budget)) {
            return plain;
        }
        return scientific(new BigDecimal(value), budget);
    }

    private static String decimal(double d, int budget) {
        if (Double.isNaN(d) || Double.isInfinite(d)) {
            return Double.isNaN(d)
                    ? "NaN"
                    : d > 0 ? "Infinity" : "-Infinity"; // untranslated: the value as mongosh prints it
        }
        return decimal(new BigDecimal(d), budget);
    }

    private static String decimal(BigDecimal d, int budget) {
        if (d.signum() == 0) {
            return "0";
        }
        BigDecimal abs = d.abs();
        if (abs.compareTo(BigDecimal.valueOf(1e6)) >= 0 || abs.compareTo(BigDecimal.valueOf(1e-3)) < 0) {
            return scientific(d, budget);
        }
        String plain = d.round(new MathContext(4, RoundingMode.HALF_EVEN))
                .stripTrailingZeros()
                .toPlainString();
        return cut(plain, budget);
    }

    private static String scientific(BigDecimal d, int budget) {
        BigDecimal r = d.round(new MathContext(3, RoundingMode.HALF_EVEN));
        int exponent = r.precision() - r.scale() - 1;
        BigDecimal mantissa = r.movePointLeft(exponent).stripTrailingZeros();
        return cut(mantissa.toPlainString() + "e" + exponent, budget);
    }

    private static String date(long millis) {
        Instant t = Instant.ofEpochMilli(millis);
        long ms = Math.floorMod(millis, 86_400_000L);
        if (ms == 0) {
            return DAY.format(t);
        }
        if (ms % 60_000 == 0) {
            return MINUTE.format(t);
        }
        if (ms % 1000 == 0) {
            return SECOND.format(t);
        }
        return MILLI.format(t);
    }

    private static String quoted(String s, int budget) {
        String shell = BsonPrinter.shell(new BsonString(s));
        if (shell.length() <= budget) {
            return shell;
        }
        String inner = shell.substring(1, shell.length() - 1);
        int keep = Math.max(1, budget - 3);
        return "'" + inner.substring(0, Math.min(keep, inner.length())) + "…'";
    }

    private static String objectId(String hex, int budget) {
        String full = "ObjectId('" + hex + "')"; // untranslated: the value as mongosh prints it
        if (full.length() <= budget) {
            return full;
        }
        int keep = Math.max(4, budget - 13);
        return "ObjectId('" + hex.substring(0, keep) + "…')"; // untranslated: the value as mongosh prints it
    }

    /** {@code text} cut to {@code budget} characters, the last being an ellipsis when cut. */
    static String cut(String text, int budget) {
        if (text.length() <= budget) {
            return text;
        }
        return text.substring(0, Math.max(1, budget - 1)) + "…"; // untranslated: an elision mark
    }
}
