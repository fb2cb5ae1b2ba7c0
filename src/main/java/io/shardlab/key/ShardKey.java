package io.shardlab.key;

import io.shardlab.bson.BsonOrder;
import io.shardlab.bson.BsonPrinter;
import io.shardlab.bson.CanonicalType;
import java.util.Arrays;
import java.util.List;
import org.bson.BsonDocument;
import org.bson.BsonMaxKey;
import org.bson.BsonMinKey;
import org.bson.BsonType;
import org.bson.BsonValue;

/**
 * A shard-key value: one BSON value per field of a {@link ShardKeyPattern}, in pattern order, with
 * hashed fields already replaced by their {@code NumberLong} hash. This is what chunk bounds
 * ({@code min}, {@code max}) hold and what a document is routed by.
 *
 * <p>Order: field by field in {@link BsonOrder}, which is how MongoDB compares two bound documents
 * of the same pattern ({@code BSONObj::woCompare}: same field names, so type rank then value).
 * Equality is order-equivalence, so {@code {x: 1}} equals {@code {x: 1.0}}.
 */
public final class ShardKey implements Comparable<ShardKey> {

    private static final BsonValue MIN = new BsonMinKey();
    private static final BsonValue MAX = new BsonMaxKey();

    private final BsonValue[] values;

    private ShardKey(BsonValue[] values) {
        this.values = values;
    }

    /**
     * A key from its values, in pattern order.
     *
     * @throws IllegalArgumentException if there are no values or one is null
     */
    public static ShardKey of(BsonValue... values) {
        if (values.length == 0) {
            throw new IllegalArgumentException("values: a shard key has at least one field");
        }
        BsonValue[] copy = values.clone();
        for (int i = 0; i < copy.length; i++) {
            if (copy[i] == null) {
                throw new IllegalArgumentException("values[" + i + "]: null; use BsonNull for a null key value");
            }
        }
        return new ShardKey(copy);
    }

    /** A key from its values, in pattern order. */
    public static ShardKey of(List<? extends BsonValue> values) {
        return of(values.toArray(new BsonValue[0]));
    }

    /** The global minimum for a pattern of {@code arity} fields: every field MinKey. */
    public static ShardKey globalMin(int arity) {
        BsonValue[] v = new BsonValue[arity];
        Arrays.fill(v, MIN);
        return new ShardKey(v);
    }

    /** The global maximum for a pattern of {@code arity} fields: every field MaxKey. */
    public static ShardKey globalMax(int arity) {
        BsonValue[] v = new BsonValue[arity];
        Arrays.fill(v, MAX);
        return new ShardKey(v);
    }

    /** Number of fields. */
    public int arity() {
        return values.length;
    }

    /** The value of field {@code i}. */
    public BsonValue get(int i) {
        return values[i];
    }

    /** The values in pattern order. */
    public List<BsonValue> values() {
        return List.of(values);
    }

    /** True when every field is MinKey: the lower bound of the first chunk. */
    public boolean isGlobalMin() {
        return allOfType(BsonType.MIN_KEY);
    }

    /** True when every field is MaxKey: the upper bound of the last chunk. */
    public boolean isGlobalMax() {
        return allOfType(BsonType.MAX_KEY);
    }

    private boolean allOfType(BsonType type) {
        for (BsonValue v : values) {
            if (v.getBsonType() != type) {
                return false;
            }
        }
        return true;
    }

    /** The bound document MongoDB stores, e.g. {@code {a: 1, b: MinKey}}, with the pattern's field names. */
    public BsonDocument toDocument(ShardKeyPattern pattern) {
        if (pattern.fields().size() != values.length) {
            throw new IllegalArgumentException("pattern: " + pattern + " has "
                    + pattern.fields().size() + " fields but the key has " + values.length);
        }
        BsonDocument d = new BsonDocument();
        for (int i = 0; i < values.length; i++) {
            d.append(pattern.fields().get(i).path(), values[i]);
        }
        return d;
    }

    @Override
    public int compareTo(ShardKey other) {
        int n = Math.min(values.length, other.values.length);
        for (int i = 0; i < n; i++) {
            int c = BsonOrder.compareValues(values[i], other.values[i]);
            if (c != 0) {
                return c;
            }
        }
        return Integer.compare(values.length, other.values.length);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof ShardKey k && compareTo(k) == 0;
    }

    /**
     * Consistent with {@link #equals}: numbers hash by their nearest double (equal numbers of any type convert to
     * the same double), strings by their text, ObjectIds, dates, timestamps, booleans and binary data by their
     * content, other types by their type rank. Values that sort alike across types share a canonical type rank and
     * hash alike. Spreading ObjectIds and dates matters: when they all hashed to their type rank, a hash set of
     * 10,000 distinct {@code _id}s was one tree bin, the sample's field profiling's largest cost (issue #32).
     */
    @Override
    public int hashCode() {
        int h = values.length;
        for (BsonValue v : values) {
            h = 31 * h + valueHash(v);
        }
        return h;
    }

    private static int valueHash(BsonValue v) {
        return switch (v.getBsonType()) {
            case INT32, INT64 -> numberHash((double) v.asNumber().longValue());
            case DOUBLE -> numberHash(v.asDouble().getValue());
            case DECIMAL128 -> numberHash(v.asDecimal128().getValue().doubleValue());
            case STRING -> v.asString().getValue().hashCode();
            case SYMBOL -> v.asSymbol().getSymbol().hashCode();
            case OBJECT_ID -> v.asObjectId().getValue().hashCode();
            case DATE_TIME -> mixed(v.asDateTime().getValue());
            case TIMESTAMP -> mixed(v.asTimestamp().getValue());
            case BOOLEAN -> Boolean.hashCode(v.asBoolean().getValue());
            case BINARY ->
                31 * v.asBinary().getType() + Arrays.hashCode(v.asBinary().getData());
            default -> CanonicalType.of(v);
        };
    }

    /** A number's hash from its nearest double: NaNs alike, -0.0 as 0.0, the bits mixed so integers spread. */
    private static int numberHash(double d) {
        return Double.isNaN(d) ? 0 : mixed(Double.doubleToLongBits(d == 0 ? 0.0 : d));
    }

    /** 64 bits folded to 32 after a multiplication by the golden ratio, so that nearby values spread. */
    private static int mixed(long bits) {
        long h = bits * 0x9E3779B97F4A7C15L;
        return (int) (h ^ (h >>> 32));
    }

    /** mongosh-like text of the values, e.g. {@code (1, MinKey())}; for logs and tests. */
    @Override
    public String toString() {
        StringBuilder b = new StringBuilder("(");
        for (int i = 0; i < values.length; i++) {
            if (i > 0) {
                b.append(", ");
            }
            b.append(BsonPrinter.shell(values[i]));
        }
        return b.append(')').toString();
    }
}
