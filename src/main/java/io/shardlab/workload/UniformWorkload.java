package io.shardlab.workload;

import io.shardlab.key.ShardKey;
import io.shardlab.key.ShardKeyPattern;
import io.shardlab.text.Message;
import io.shardlab.text.RefusedInput;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.bson.BsonDateTime;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonInt64;
import org.bson.BsonObjectId;
import org.bson.BsonString;
import org.bson.BsonType;
import org.bson.BsonValue;
import org.bson.types.ObjectId;

/**
 * {@code uniform}: user profiles whose {@code userId} is drawn uniformly from
 * {@code [0, 10^12)}: every part of the key space is equally likely, so once there are chunks on
 * every shard, writes spread evenly (the seed material's "high randomness" key; its cost shows in
 * range reads).
 *
 * <p>Document: {@code {_id: ObjectId, userId: NumberLong, plan: "free"|"pro"|"team"}}.
 *
 * <p>Over other key fields ({@link #overKey}, named {@code uniform:<field>=<kind>,…}, e.g.
 * {@code uniform:region=string,orderId=number}): documents {@code {_id: ObjectId, <field>: <value>, …}} holding one
 * value per field, drawn uniformly over its {@link ValueKind}'s range, or for numbers and dates over a range the name
 * gives ({@code orderId=number(1000..250000)}, the upper end excluded; dates in ms since the epoch); the stream a fork
 * of a recorded layout plays when no workload is made for its key, so its inserts land across the layout's chunks,
 * not all in the chunk of missing values nor all in the top chunk of a layout whose bounds span a smaller range.
 */
public final class UniformWorkload implements Workload {

    static final long KEY_SPACE = 1_000_000_000_000L;
    private static final Duration SPAN = Duration.ofDays(1);
    private static final List<String> PLANS = List.of("free", "pro", "team");

    /** A kind with its range in a name: {@code number(-5..120)}. */
    private static final Pattern RANGED = Pattern.compile("([a-z]+)\\((-?\\d+)\\.\\.(-?\\d+)\\)");

    /** How a name over key fields starts: {@code uniform:}. */
    public static final String FIELDS_PREFIX = "uniform:";

    /** The kind of value a key field takes, and the range it is drawn uniformly from. */
    public enum ValueKind {
        /** A {@code NumberLong} in {@code [0, 10^12)}, as {@code userId}. */
        NUMBER,
        /** Eight letters, each of {@code A–Z a–z}, so values fall on both sides of upper- and lower-case bounds. */
        STRING,
        /** An ObjectId stamped with a second of {@code [2020-01-01, 2030-01-01)}, the rest random. */
        OBJECT_ID,
        /** A date, to the millisecond, in {@code [2020-01-01, 2030-01-01)}. */
        DATE;

        private static final String LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
        private static final long FROM = Instant.parse("2020-01-01T00:00:00Z").toEpochMilli();
        private static final long TO = Instant.parse("2030-01-01T00:00:00Z").toEpochMilli();

        /** The least value drawn, when no range is given: a number, or a date in ms since the epoch. */
        long defaultFrom() {
            return this == NUMBER ? 0 : FROM;
        }

        /** The value past the greatest drawn, when no range is given. */
        long defaultTo() {
            return this == NUMBER ? KEY_SPACE : TO;
        }

        /** Whether values of this kind can be drawn from a range given as two longs: numbers and dates. */
        boolean ranged() {
            return this == NUMBER || this == DATE;
        }

        BsonValue draw(SplittableRandom random) {
            return draw(random, defaultFrom(), defaultTo());
        }

        /** A value; a number or date in {@code [from, to)}. */
        BsonValue draw(SplittableRandom random, long from, long to) {
            return switch (this) {
                case NUMBER -> new BsonInt64(random.nextLong(from, to));
                case STRING -> {
                    StringBuilder s = new StringBuilder(8);
                    for (int i = 0; i < 8; i++) {
                        s.append(LETTERS.charAt(random.nextInt(LETTERS.length())));
                    }
                    yield new BsonString(s.toString());
                }
                case OBJECT_ID -> {
                    byte[] bytes = new byte[12];
                    ByteBuffer.wrap(bytes).putInt((int) (random.nextLong(FROM, TO) / 1000));
                    for (int i = 4; i < bytes.length; i++) {
                        bytes[i] = (byte) random.nextInt(256);
                    }
                    yield new BsonObjectId(new ObjectId(bytes));
                }
                case DATE -> new BsonDateTime(random.nextLong(from, to));
            };
        }

        /**
         * The kind of a chunk bound's value: a number, string, ObjectId or date; {@code null} for any other
         * (MinKey, MaxKey, null and the rest), which tells nothing of the field's values.
         */
        static ValueKind of(BsonValue bound) {
            if (bound.isNumber() || bound.isDecimal128()) {
                return NUMBER;
            }
            BsonType type = bound.getBsonType();
            return switch (type) {
                case STRING -> STRING;
                case OBJECT_ID -> OBJECT_ID;
                case DATE_TIME -> DATE;
                default -> null;
            };
        }

        String word() {
            return name().toLowerCase(Locale.ROOT).replace("_", "");
        }
    }

    /**
     * One shard key field of a {@code uniform:} stream.
     *
     * @param path the field's dotted path; a dotted path writes nested documents
     * @param kind the values it takes
     * @param from for numbers and dates, the least value drawn (a date in ms since the epoch); else unused
     * @param to for numbers and dates, past the greatest value drawn, above {@code from}
     */
    record KeyField(String path, ValueKind kind, long from, long to) {

        /** A field drawn over its kind's own range. */
        KeyField(String path, ValueKind kind) {
            this(path, kind, kind.defaultFrom(), kind.defaultTo());
        }

        BsonValue draw(SplittableRandom random) {
            return kind.draw(random, from, to);
        }

        /** {@code path=kind}, with {@code (from..to)} when the range is not the kind's own. */
        String word() {
            boolean own = !kind.ranged() || (from == kind.defaultFrom() && to == kind.defaultTo());
            return path + "=" + kind.word() + (own ? "" : "(" + from + ".." + to + ")");
        }
    }

    private final List<KeyField> keyFields;

    /** The {@code uniform} user profiles, keyed on {@code userId}. */
    public UniformWorkload() {
        this.keyFields = List.of();
    }

    /** @param keyFields at least one, as a parsed shard key pattern or name gives */
    private UniformWorkload(List<KeyField> keyFields) {
        this.keyFields = List.copyOf(keyFields);
    }

    /**
     * The stream over {@code key}'s fields, each of the kind its values in {@code bounds} (chunk bounds of a layout
     * sharded on {@code key}) show: the first number, string, ObjectId or date among them; a field whose bounds show
     * none, or a hashed field (whose bounds are hashes; any value hashes somewhere), takes numbers over their own
     * range. Numbers and dates are drawn from the range the bounds' values of that kind span, widened on each side by
     * the mean gap between two of them (by their magnitude, or a year for a date, when there is one value), though
     * not below 0 when the numbers the bounds show are not negative, so that the chunks below the lowest bound and
     * above the highest get about a chunk's share of the inserts as the others do.
     */
    public static UniformWorkload overKey(ShardKeyPattern key, List<ShardKey> bounds) {
        List<KeyField> fields = new ArrayList<>();
        for (int i = 0; i < key.fields().size(); i++) {
            ValueKind kind = ValueKind.NUMBER;
            if (!key.fields().get(i).hashed()) {
                for (ShardKey bound : bounds) {
                    ValueKind seen = i < bound.values().size() ? ValueKind.of(bound.get(i)) : null;
                    if (seen != null) {
                        kind = seen;
                        break;
                    }
                }
            }
            String path = key.fields().get(i).path();
            fields.add(
                    kind.ranged() && !key.fields().get(i).hashed()
                            ? spanned(path, kind, valuesOf(kind, bounds, i))
                            : new KeyField(path, kind));
        }
        return new UniformWorkload(fields);
    }

    /** The distinct values of {@code kind} field {@code i} of {@code bounds} holds, as doubles (dates in ms), sorted. */
    private static double[] valuesOf(ValueKind kind, List<ShardKey> bounds, int i) {
        return bounds.stream()
                .filter(b -> i < b.values().size() && ValueKind.of(b.get(i)) == kind)
                .mapToDouble(b -> asDouble(b.get(i)))
                .distinct()
                .sorted()
                .toArray();
    }

    private static double asDouble(BsonValue value) {
        if (value.isDateTime()) {
            return value.asDateTime().getValue();
        }
        return value.isDecimal128()
                ? value.asDecimal128().decimal128Value().bigDecimalValue().doubleValue()
                : value.asNumber().doubleValue();
    }

    /** A field drawn over the span of {@code values} (see {@link #overKey}), its kind's own range without any. */
    private static KeyField spanned(String path, ValueKind kind, double[] values) {
        if (values.length == 0) {
            return new KeyField(path, kind);
        }
        double lo = values[0];
        double hi = values[values.length - 1];
        double gap = values.length > 1
                ? (hi - lo) / (values.length - 1)
                : kind == ValueKind.DATE ? Duration.ofDays(365).toMillis() : Math.max(1, Math.abs(lo));
        // ids that the bounds show are never negative stay so: the bottom chunk then spans [0, lowest bound)
        double least = kind == ValueKind.NUMBER && lo >= 0 ? Math.max(0, lo - gap) : lo - gap;
        long from = saturated(Math.floor(least));
        long to = saturated(Math.ceil(hi + gap));
        return new KeyField(path, kind, from, Math.max(to, from + 1));
    }

    private static long saturated(double value) {
        return value <= Long.MIN_VALUE ? Long.MIN_VALUE : value >= Long.MAX_VALUE ? Long.MAX_VALUE - 1 : (long) value;
    }

    /**
     * The stream a name {@code uniform:<field>=<kind>,…} gives, kinds as {@link ValueKind} in lower case without
     * {@code _} ({@code number}, {@code string}, {@code objectid}, {@code date}), a number or date kind optionally
     * followed by its range {@code (from..to)}, whole numbers, the upper end excluded, a date's in ms since the epoch.
     * A field path holding {@code ,} cannot be named so, nor a range that holds no value.
     *
     * @throws IllegalArgumentException naming the name and what in it is wrong
     */
    public static UniformWorkload named(String name) {
        IllegalArgumentException wrong = new RefusedInput(Message.of("workload.uniform-fields.notAName", name));
        if (!name.startsWith(FIELDS_PREFIX) || name.length() == FIELDS_PREFIX.length()) {
            throw wrong;
        }
        List<KeyField> fields = new ArrayList<>();
        for (String part : name.substring(FIELDS_PREFIX.length()).split(",", -1)) {
            int eq = part.lastIndexOf('=');
            String given = part.substring(eq + 1);
            Matcher ranged = RANGED.matcher(given);
            String word = ranged.matches() ? ranged.group(1) : given;
            ValueKind kind = Arrays.stream(ValueKind.values())
                    .filter(k -> k.word().equals(word))
                    .findFirst()
                    .orElseThrow(() -> wrong);
            if (eq < 1 || (ranged.matches() && !kind.ranged())) {
                throw wrong;
            }
            String path = part.substring(0, eq);
            if (ranged.matches()) {
                long from;
                long to;
                try {
                    from = Long.parseLong(ranged.group(2));
                    to = Long.parseLong(ranged.group(3));
                } catch (NumberFormatException e) {
                    throw wrong;
                }
                if (from >= to) {
                    throw wrong;
                }
                fields.add(new KeyField(path, kind, from, to));
            } else {
                fields.add(new KeyField(path, kind));
            }
        }
        return new UniformWorkload(fields);
    }

    @Override
    public String name() {
        if (keyFields.isEmpty()) {
            return "uniform";
        }
        return FIELDS_PREFIX + keyFields.stream().map(KeyField::word).collect(Collectors.joining(","));
    }

    /** Built from the workload's parameters, by {@link #name()}, {@link #suggestedKey()} and {@link #fields()}. */
    @Override
    public Profile profile() {
        return new Profile(name(), suggestedKey(), fields());
    }

    @Override
    public Message descriptionMessage() {
        if (keyFields.isEmpty()) {
            return Workload.super.descriptionMessage();
        }
        return Message.of(
                "workload.uniform-fields.description",
                keyFields.stream().map(KeyField::path).collect(Collectors.joining(", ")));
    }

    @Override
    public ShardKeyPattern suggestedKey() {
        if (keyFields.isEmpty()) {
            return ShardKeyPattern.parse("{userId: 1}");
        }
        BsonDocument key = new BsonDocument();
        keyFields.forEach(f -> key.append(f.path(), new BsonInt32(1)));
        return ShardKeyPattern.parse(key.toJson());
    }

    @Override
    public List<String> fields() {
        if (keyFields.isEmpty()) {
            return List.of("_id", "userId", "plan");
        }
        Set<String> top = new LinkedHashSet<>();
        top.add("_id");
        keyFields.forEach(f -> top.add(f.path().split("\\.", -1)[0]));
        return List.copyOf(top);
    }

    @Override
    public InsertStream open(WorkloadSettings settings) {
        TimedStream basis = new TimedStream(settings, SPAN);
        if (keyFields.isEmpty()) {
            return basis.documentsWithIds(
                    this,
                    (document, ordinal, random) -> document.append("userId", new BsonInt64(random.nextLong(KEY_SPACE)))
                            .append("plan", new BsonString(PLANS.get(random.nextInt(PLANS.size())))));
        }
        return basis.documentsWithIds(this, (document, ordinal, random) -> {
            for (KeyField field : keyFields) {
                BsonValue value = field.draw(random);
                if (!field.path().equals("_id")) {
                    put(document, field.path(), value);
                }
            }
            return document;
        });
    }

    /** Sets {@code path} in {@code document}, making the embedded documents a dotted path names. */
    private static void put(BsonDocument document, String path, BsonValue value) {
        String[] parts = path.split("\\.", -1);
        BsonDocument at = document;
        for (int i = 0; i < parts.length - 1; i++) {
            BsonValue inner = at.get(parts[i]);
            if (inner == null || !inner.isDocument()) {
                inner = new BsonDocument();
                at.put(parts[i], inner);
            }
            at = inner.asDocument();
        }
        at.put(parts[parts.length - 1], value);
    }

    @Override
    public QueryMix queries(WorkloadSettings settings) {
        if (!keyFields.isEmpty()) {
            KeyField first = keyFields.get(0);
            return QueryMix.of(QueryTemplate.keyEquals(
                    Message.of("workload.query.documentsByKeyPrefix"), 1, first.path(), first::draw));
        }
        return QueryMix.of(
                QueryTemplate.keyEquals(
                        Message.of("workload.query.profileById"),
                        60,
                        "userId",
                        r -> new BsonInt64(r.nextLong(KEY_SPACE))),
                QueryTemplate.keyIn(
                        Message.of("workload.query.profilesByIds"),
                        10,
                        "userId",
                        5,
                        r -> new BsonInt64(r.nextLong(KEY_SPACE))),
                QueryTemplate.keyRange(
                        Message.of("workload.query.aBlockOfIds"),
                        10,
                        "userId",
                        r -> r.nextLong(KEY_SPACE - KEY_SPACE / 1000),
                        KEY_SPACE / 1000,
                        BsonInt64::new),
                QueryTemplate.nonKeyEquals(
                        Message.of("workload.query.profilesOnAPlan"),
                        20,
                        "plan",
                        r -> new BsonString(PLANS.get(r.nextInt(PLANS.size())))));
    }
}
