package io.shardlab.serve;

import de.bwaldvogel.mongo.backend.AbstractUniqueIndex;
import de.bwaldvogel.mongo.backend.IndexKey;
import de.bwaldvogel.mongo.backend.KeyValue;
import de.bwaldvogel.mongo.bson.ObjectId;
import java.nio.ByteBuffer;
import java.util.AbstractMap.SimpleImmutableEntry;
import java.util.List;
import java.util.Map;
import java.util.Map.Entry;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A unique index of the wire library's document engine (the {@code _id} index of every collection) that
 * keeps one small key per document: the key's single value itself, an ObjectId packed into two numbers,
 * and only a key of several fields as the library's {@link KeyValue}.
 *
 * <p>Why: the library's own index keeps a {@code KeyValue} per document, a list around the value and, for
 * the usual ObjectId {@code _id}, an object around a 12-byte array: six objects per kept document for the
 * garbage collector to copy. Equality is the library's: a one-value {@code KeyValue} equals another exactly
 * when their values are equal, so the value can stand for the key ({@link #keyOf}).
 */
final class CompactUniqueIndex extends AbstractUniqueIndex<Integer> {

    /** Stands for a missing or null key value, which the map cannot hold. */
    private static final Object NULL_VALUE = new Object();

    private final Map<Object, Integer> positions = new ConcurrentHashMap<>();

    CompactUniqueIndex(String name, List<IndexKey> keys, boolean sparse) {
        super(name, keys, sparse);
    }

    /** An ObjectId's 12 bytes as two numbers. */
    private record PackedObjectId(long high, int low) {
        static PackedObjectId of(ObjectId id) {
            ByteBuffer bytes = ByteBuffer.wrap(id.toByteArray());
            return new PackedObjectId(bytes.getLong(), bytes.getInt());
        }

        ObjectId unpacked() {
            return new ObjectId(
                    ByteBuffer.allocate(12).putLong(high).putInt(low).array());
        }

        @Override
        public int hashCode() {
            // the low four bytes hold the counter that tells ids of one process and second apart
            return low * 31 + Long.hashCode(high);
        }
    }

    /** The map's key for the library's key value; equal key values give equal keys. */
    static Object keyOf(KeyValue keyValue) {
        if (keyValue.size() != 1) {
            return keyValue;
        }
        Object value = keyValue.get(0);
        if (value == null) {
            return NULL_VALUE;
        }
        return value instanceof ObjectId id ? PackedObjectId.of(id) : value;
    }

    private static KeyValue keyValueOf(Object key) {
        if (key instanceof KeyValue keyValue) {
            return keyValue;
        }
        if (key == NULL_VALUE) {
            return new KeyValue((Object) null);
        }
        return new KeyValue(key instanceof PackedObjectId id ? id.unpacked() : key);
    }

    @Override
    public long getCount() {
        return positions.size();
    }

    @Override
    public boolean isEmpty() {
        return positions.isEmpty();
    }

    /** The number of keys, as the library's memory index reports it. */
    @Override
    public long getDataSize() {
        return getCount();
    }

    @Override
    protected Integer removeDocument(KeyValue keyValue) {
        return positions.remove(keyOf(keyValue));
    }

    @Override
    protected boolean putKeyPosition(KeyValue keyValue, Integer position) {
        return positions.putIfAbsent(keyOf(keyValue), position) == null;
    }

    @Override
    protected Integer getPosition(KeyValue keyValue) {
        return positions.get(keyOf(keyValue));
    }

    @Override
    protected Iterable<Entry<KeyValue, Integer>> getIterable() {
        return () -> positions.entrySet().stream()
                .map(e -> (Entry<KeyValue, Integer>) new SimpleImmutableEntry<>(keyValueOf(e.getKey()), e.getValue()))
                .iterator();
    }
}
