package io.shardlab.serve;

/**
 * A hash table from ObjectIds (as their 12 bytes packed into a {@code long} and an {@code int}) to document
 * positions that keeps only the positions, in one {@code int[]}: the ObjectId of an entry is read from the document
 * stored at its position ({@link StoredIds}), so an entry costs 4 bytes a slot instead of the 16 of an ObjectId kept
 * beside its position, and a million kept documents add nothing for the garbage collector to copy or trace but the
 * array itself.
 *
 * <p>Open addressing with linear probing; a removal shifts the entries after it back, so there are no
 * tombstones. Invariants: {@code positions[slot] == 0} marks a free slot, otherwise it holds the position
 * plus one; the document at each held position has the ObjectId the entry was stored with (as long as it is held:
 * the caller removes an entry before the document at its position goes or changes its id); every entry is reachable
 * from its home slot without crossing a free slot; at most {@link #MAX_LOAD} of the slots are taken.
 */
final class ObjectIdPositions {

    /** The ObjectIds of the stored documents, by position. */
    interface StoredIds {

        /** The first 8 bytes of the ObjectId of the document at {@code position}, big-endian. */
        long high(int position);

        /** The last 4 bytes of the ObjectId of the document at {@code position}, big-endian. */
        int low(int position);
    }

    private static final double MAX_LOAD = 0.6;

    private final StoredIds ids;
    private int[] positions;
    private int size;

    /** @param ids where each entry's ObjectId is read from: the document stored at its position */
    ObjectIdPositions(StoredIds ids) {
        this.ids = ids;
        positions = new int[16];
    }

    /** Entries held. */
    int size() {
        return size;
    }

    private boolean holds(int slot, long high, int low) {
        int position = positions[slot] - 1;
        return ids.low(position) == low && ids.high(position) == high;
    }

    /** The position stored for the ObjectId, or -1. */
    int get(long high, int low) {
        int mask = positions.length - 1;
        for (int slot = home(high, low, mask); positions[slot] != 0; slot = (slot + 1) & mask) {
            if (holds(slot, high, low)) {
                return positions[slot] - 1;
            }
        }
        return -1;
    }

    /**
     * Stores {@code position} for the ObjectId unless it has one; true when stored. The document at {@code position}
     * must have that ObjectId already.
     */
    boolean putIfAbsent(long high, int low, int position) {
        if (position < 0) {
            throw new IllegalArgumentException("position: at least 0, got " + position);
        }
        if (size + 1 > positions.length * MAX_LOAD) {
            grow();
        }
        int mask = positions.length - 1;
        int slot = home(high, low, mask);
        while (positions[slot] != 0) {
            if (holds(slot, high, low)) {
                return false;
            }
            slot = (slot + 1) & mask;
        }
        positions[slot] = position + 1;
        size++;
        return true;
    }

    /** Removes the ObjectId; its position, or -1 when it had none. */
    int remove(long high, int low) {
        int mask = positions.length - 1;
        int slot = home(high, low, mask);
        while (positions[slot] != 0 && !holds(slot, high, low)) {
            slot = (slot + 1) & mask;
        }
        if (positions[slot] == 0) {
            return -1;
        }
        int removed = positions[slot] - 1;
        size--;
        // shift back every later entry of the run whose home is not between the freed slot and itself
        int free = slot;
        for (int next = (free + 1) & mask; positions[next] != 0; next = (next + 1) & mask) {
            int h = homeOf(positions[next] - 1, mask);
            boolean stays = free <= next ? free < h && h <= next : free < h || h <= next;
            if (!stays) {
                positions[free] = positions[next];
                free = next;
            }
        }
        positions[free] = 0;
        return removed;
    }

    /**
     * Becomes a copy of {@code other}'s entries (the array copied, not shared), for documents stored at the same
     * positions as {@code other}'s.
     */
    void copyFrom(ObjectIdPositions other) {
        positions = other.positions.clone();
        size = other.size;
    }

    /** Receives one entry. */
    interface EntryVisitor {
        void visit(long high, int low, int position);
    }

    /** Visits every entry, in no particular order. */
    void forEach(EntryVisitor visitor) {
        for (int slot = 0; slot < positions.length; slot++) {
            if (positions[slot] != 0) {
                int position = positions[slot] - 1;
                visitor.visit(ids.high(position), ids.low(position), position);
            }
        }
    }

    private int homeOf(int position, int mask) {
        return home(ids.high(position), ids.low(position), mask);
    }

    private static int home(long high, int low, int mask) {
        int h = Long.hashCode(high) * 31 + low;
        // the low bytes hold a counter: spread its bits over the whole table (MurmurHash3's finaliser)
        h ^= h >>> 16;
        h *= 0x85ebca6b;
        h ^= h >>> 13;
        h *= 0xc2b2ae35;
        h ^= h >>> 16;
        return h & mask;
    }

    private void grow() {
        int[] old = positions;
        positions = new int[old.length * 2];
        int mask = positions.length - 1;
        for (int held : old) {
            if (held != 0) {
                int slot = homeOf(held - 1, mask);
                while (positions[slot] != 0) {
                    slot = (slot + 1) & mask;
                }
                positions[slot] = held;
            }
        }
    }
}
