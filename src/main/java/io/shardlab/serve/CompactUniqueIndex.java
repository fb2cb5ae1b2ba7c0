package io.shardlab.serve;

import de.bwaldvogel.mongo.backend.AbstractUniqueIndex;
import de.bwaldvogel.mongo.backend.IndexKey;
import de.bwaldvogel.mongo.backend.KeyValue;
import de.bwaldvogel.mongo.bson.ObjectId;
import java.nio.ByteBuffer;
import java.util.AbstractMap.SimpleImmutableEntry;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Map.Entry;

/**
 * A unique index of the wire library's document engine (the {@code _id} index of every collection) that
 * keeps the usual {@code _id}, an ObjectId stored first in its document, as the document's position alone
 * ({@link ObjectIdPositions}, which reads the ObjectId from the stored document), any other one-value key as the
 * value itself, and only a key of several fields as the library's {@link KeyValue}.
 *
 * <p>Why: the library's own index keeps a map entry, a {@code KeyValue}, a list around the value, an
 * ObjectId around a 12-byte array and a boxed position per document: six objects per kept document for the
 * garbage collector to copy; a position alone is 4 bytes a slot of one array. Equality is the library's: a one-value
 * {@code KeyValue} equals another exactly when their values are equal, and two ObjectIds when their bytes are.
 *
 * <p>Invariant: an ObjectId is held at most once, in the table or in the map: in the table while this is the
 * {@code _id} index of an {@link EncodedCollection} ({@link #readIdsFrom}) and the document at its position stores
 * it as its first field (mongod stores {@code _id} first, and an update keeps it first); in the map otherwise.
 */
final class CompactUniqueIndex extends AbstractUniqueIndex<Integer> {

    /** Stands for a missing or null key value, which a map key may not be. */
    private static final Object NULL_VALUE = new Object();

    /** The {@code _id}s stored first in their documents; null until the collection is known, and for other indexes. */
    private ObjectIdPositions objectIds;

    private EncodedCollection collection;
    private final Map<Object, Integer> others = new HashMap<>();

    CompactUniqueIndex(String name, List<IndexKey> keys, boolean sparse) {
        super(name, keys, sparse);
    }

    /**
     * This index is {@code collection}'s, which calls this before it holds any key: an {@code _id} index then keeps
     * an ObjectId stored first in its document as the document's position alone.
     */
    synchronized void readIdsFrom(EncodedCollection collection) {
        if (getCount() == 0 && keys().equals(List.of("_id"))) {
            this.collection = collection;
            objectIds = new ObjectIdPositions(collection);
        }
    }

    private static ObjectId objectIdOf(KeyValue keyValue) {
        return keyValue.size() == 1 && keyValue.get(0) instanceof ObjectId id ? id : null;
    }

    /** The map key of a key value that is not one ObjectId; equal key values give equal keys. */
    private static Object otherKeyOf(KeyValue keyValue) {
        if (keyValue.size() != 1) {
            return keyValue;
        }
        Object value = keyValue.get(0);
        return value == null ? NULL_VALUE : value;
    }

    private static KeyValue keyValueOf(Object key) {
        if (key instanceof KeyValue keyValue) {
            return keyValue;
        }
        return new KeyValue(key == NULL_VALUE ? null : key);
    }

    @Override
    public synchronized long getCount() {
        return (objectIds == null ? 0 : objectIds.size()) + others.size();
    }

    @Override
    public synchronized boolean isEmpty() {
        return getCount() == 0;
    }

    /** The number of keys, as the library's memory index reports it. */
    @Override
    public long getDataSize() {
        return getCount();
    }

    @Override
    protected synchronized Integer removeDocument(KeyValue keyValue) {
        ObjectId id = objectIdOf(keyValue);
        if (id != null && objectIds != null) {
            ByteBuffer bytes = ByteBuffer.wrap(id.toByteArray());
            int removed = objectIds.remove(bytes.getLong(), bytes.getInt());
            if (removed >= 0) {
                return removed;
            }
        }
        return others.remove(otherKeyOf(keyValue));
    }

    @Override
    protected synchronized boolean putKeyPosition(KeyValue keyValue, Integer position) {
        ObjectId id = objectIdOf(keyValue);
        if (id != null && objectIds != null) {
            ByteBuffer bytes = ByteBuffer.wrap(id.toByteArray());
            long high = bytes.getLong();
            int low = bytes.getInt();
            if (collection.storesIdFirst(position, high, low)) {
                return !others.containsKey(id) && objectIds.putIfAbsent(high, low, position);
            }
            if (objectIds.get(high, low) >= 0) {
                return false;
            }
        }
        return others.putIfAbsent(otherKeyOf(keyValue), position) == null;
    }

    @Override
    protected synchronized Integer getPosition(KeyValue keyValue) {
        ObjectId id = objectIdOf(keyValue);
        if (id != null && objectIds != null) {
            ByteBuffer bytes = ByteBuffer.wrap(id.toByteArray());
            int position = objectIds.get(bytes.getLong(), bytes.getInt());
            if (position >= 0) {
                return position;
            }
        }
        return others.get(otherKeyOf(keyValue));
    }

    /**
     * Becomes a copy of {@code other}'s keys and positions (a collection copied with its documents' positions: the
     * same documents at the same positions).
     */
    synchronized void copyFrom(CompactUniqueIndex other) {
        synchronized (other) {
            others.clear();
            if (objectIds != null && other.objectIds != null) {
                objectIds.copyFrom(other.objectIds);
            } else if (other.objectIds != null) {
                other.objectIds.forEach((high, low, position) -> others.put(
                        new ObjectId(ByteBuffer.allocate(12)
                                .putLong(high)
                                .putInt(low)
                                .array()),
                        position));
            }
            others.putAll(other.others);
        }
    }

    /** A copy of the entries (the library scans them for a regular expression on the key). */
    @Override
    protected synchronized Iterable<Entry<KeyValue, Integer>> getIterable() {
        List<Entry<KeyValue, Integer>> entries = new ArrayList<>((int) getCount());
        others.forEach((key, position) -> entries.add(new SimpleImmutableEntry<>(keyValueOf(key), position)));
        if (objectIds == null) {
            return entries;
        }
        objectIds.forEach((high, low, position) -> entries.add(new SimpleImmutableEntry<>(
                new KeyValue(new ObjectId(
                        ByteBuffer.allocate(12).putLong(high).putInt(low).array())),
                position)));
        return entries;
    }
}
