package io.shardlab.session;

import io.shardlab.key.KeyField;
import io.shardlab.key.ShardKey;
import io.shardlab.key.ShardKeyHasher;
import io.shardlab.key.ShardKeyPattern;
import io.shardlab.render.HeatmapRanges;
import io.shardlab.sim.InsertBatch;
import io.shardlab.workload.InsertDocument;
import io.shardlab.workload.InsertKeyReader;
import io.shardlab.workload.InsertStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * An insert stream read ahead, once, into the shard keys and BSON sizes of its documents, so that
 * playing it is array slicing, stepping back is moving a cursor, and the heatmap's key ranges can be
 * cut before the first insert.
 *
 * <p>Each key is read as mongos routes the insert ({@link InsertKeyReader}: hashed fields hashed, a
 * missing key field or an array refused with the document's line). For a hashed pattern the values
 * before hashing are kept as well, for the value-space line.
 *
 * <p>Immutable after {@link #read}; the arrays are never handed out.
 */
public final class PreparedInserts {

    private final ShardKeyPattern pattern;
    private final String source;
    private final ShardKey[] keys;
    private final ShardKey[] values;
    private final int[] sizes;

    private PreparedInserts(ShardKeyPattern pattern, String source, ShardKey[] keys, ShardKey[] values, int[] sizes) {
        this.pattern = pattern;
        this.source = source;
        this.keys = keys;
        this.values = values;
        this.sizes = sizes;
    }

    /**
     * Reads {@code stream} to its end and closes it.
     *
     * @throws IllegalArgumentException naming the stream and line of the first document that cannot
     *     be routed on {@code pattern}
     */
    public static PreparedInserts read(InsertStream stream, ShardKeyPattern pattern) {
        InsertKeyReader reader = new InsertKeyReader(pattern, new ShardKeyHasher());
        return read(stream, pattern, reader::keyOf);
    }

    /**
     * Reads {@code stream} to its end as documents already stored in a collection are keyed when the
     * collection changes key (reshardCollection, refineCollectionShardKey, both 4.4+): a missing key field
     * counts as null (docs {@code core/sharding-set-missing-shard-key-fields}), a hashed field is hashed.
     *
     * @throws io.shardlab.key.InvalidShardKeyException if a key path holds an array
     */
    public static PreparedInserts readStored(InsertStream stream, ShardKeyPattern pattern) {
        ShardKeyHasher hasher = new ShardKeyHasher();
        return read(stream, pattern, (document, source) -> pattern.extractKey(document.document(), hasher));
    }

    /** How one document of a stream gets its shard key. */
    private interface KeyOf {
        ShardKey of(InsertDocument document, String source);
    }

    private static PreparedInserts read(InsertStream stream, ShardKeyPattern pattern, KeyOf keyOf) {
        try (stream) {
            ShardKeyPattern valuePattern = pattern.isHashed() ? unhashed(pattern) : null;
            ShardKeyHasher unused = new ShardKeyHasher();
            List<ShardKey> keys = new ArrayList<>();
            List<ShardKey> values = new ArrayList<>();
            int[] sizes = new int[1024];
            while (stream.hasNext()) {
                InsertDocument d = stream.next();
                if (keys.size() == sizes.length) {
                    sizes = Arrays.copyOf(sizes, sizes.length * 2);
                }
                sizes[keys.size()] = d.bsonSize();
                keys.add(keyOf.of(d, stream.source()));
                if (valuePattern != null) {
                    values.add(valuePattern.extractKey(d.document(), unused));
                }
            }
            return new PreparedInserts(
                    pattern,
                    stream.source(),
                    keys.toArray(new ShardKey[0]),
                    valuePattern == null ? null : values.toArray(new ShardKey[0]),
                    Arrays.copyOf(sizes, keys.size()));
        }
    }

    /** No documents, for a collection that plays no stream ({@code source} says whose writes it shows). */
    static PreparedInserts none(ShardKeyPattern pattern, String source) {
        return new PreparedInserts(
                pattern, source, new ShardKey[0], pattern.isHashed() ? new ShardKey[0] : null, new int[0]);
    }

    /** The same fields, all ascending: reads the values a hashed pattern hashes. */
    private static ShardKeyPattern unhashed(ShardKeyPattern pattern) {
        return new ShardKeyPattern(pattern.fields().stream()
                .map(f -> new KeyField(f.path(), false))
                .toList());
    }

    /** The pattern the keys were read for. */
    public ShardKeyPattern pattern() {
        return pattern;
    }

    /** What the documents came from, e.g. {@code "workload 'monotonic'"}. */
    public String source() {
        return source;
    }

    /** Number of documents. */
    public int size() {
        return keys.length;
    }

    /** The shard key of document {@code i} (0-based, insert order), hashed fields hashed. */
    public ShardKey key(int i) {
        return keys[i];
    }

    /** For a hashed pattern, the values of document {@code i} before hashing; empty otherwise. */
    public Optional<ShardKey> valueBeforeHashing(int i) {
        return values == null ? Optional.empty() : Optional.of(values[i]);
    }

    /** The BSON size of document {@code i}, in bytes. */
    public int sizeBytes(int i) {
        return sizes[i];
    }

    /** Documents {@code [from, to)} as one insert batch. */
    public InsertBatch batch(int from, int to) {
        return InsertBatch.ofKeys(Arrays.asList(keys).subList(from, to), Arrays.copyOfRange(sizes, from, to));
    }

    /**
     * Bounds that cut the key space into at most {@code rows} ranges holding about the same number of
     * the stream's <em>distinct</em> keys each: {@code [MinKey, b1), [b1, b2), …, [bk, MaxKey)}. Cutting
     * by distinct keys rather than by documents keeps hot keys visible (a range of ten keys that took
     * half the writes stays one range), while every range the stream writes to gets its share of rows.
     * A stream with fewer distinct keys than rows gets one range per key.
     */
    public List<ShardKey> heatmapBounds(int rows) {
        return HeatmapRanges.of(pattern, keys, rows).bounds();
    }
}
