package io.shardlab.serve;

/**
 * A hash table from ObjectIds (as their 12 bytes packed into a {@code long} and an {@code int}) to document
 * positions, in three primitive arrays: no object per entry, so a million kept documents add nothing for
 * the garbage collector to copy or trace but the arrays themselves.
 *
 * <p>Open addressing with linear probing; a removal shifts the entries after it back, so there are no
 * tombstones. Invariants: {@code positions[slot] == 0} marks a free slot, otherwise it holds the position
 * plus one; every entry is reachable from its home slot without crossing a free slot; at most
 * {@link #MAX_LOAD} of the slots are taken.
 */
final class ObjectIdPositions {

    private static final double MAX_LOAD = 0.6;

    private long[] highs;
    private int[] lows;
    private int[] positions;
    private int size;

    ObjectIdPositions() {
        allocate(16);
    }

    /** Entries held. */
    int size() {
        return size;
    }

    /** The position stored for the ObjectId, or -1. */
    int get(long high, int low) {
        int mask = positions.length - 1;
        for (int slot = home(high, low, mask); positions[slot] != 0; slot = (slot + 1) & mask) {
            if (highs[slot] == high && lows[slot] == low) {
                return positions[slot] - 1;
            }
        }
        return -1;
    }

    /** Stores {@code position} for the ObjectId unless it has one; true when stored. */
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
            if (highs[slot] == high && lows[slot] == low) {
                return false;
            }
            slot = (slot + 1) & mask;
        }
        highs[slot] = high;
        lows[slot] = low;
        positions[slot] = position + 1;
        size++;
        return true;
    }

    /** Removes the ObjectId; its position, or -1 when it had none. */
    int remove(long high, int low) {
        int mask = positions.length - 1;
        int slot = home(high, low, mask);
        while (positions[slot] != 0 && !(highs[slot] == high && lows[slot] == low)) {
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
            int h = home(highs[next], lows[next], mask);
            boolean stays = free <= next ? free < h && h <= next : free < h || h <= next;
            if (!stays) {
                highs[free] = highs[next];
                lows[free] = lows[next];
                positions[free] = positions[next];
                free = next;
            }
        }
        positions[free] = 0;
        return removed;
    }

    /** Becomes a copy of {@code other}'s entries (the arrays copied, not shared). */
    void copyFrom(ObjectIdPositions other) {
        highs = other.highs.clone();
        lows = other.lows.clone();
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
                visitor.visit(highs[slot], lows[slot], positions[slot] - 1);
            }
        }
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
        long[] oldHighs = highs;
        int[] oldLows = lows;
        int[] oldPositions = positions;
        allocate(positions.length * 2);
        int mask = positions.length - 1;
        for (int i = 0; i < oldPositions.length; i++) {
            if (oldPositions[i] != 0) {
                int slot = home(oldHighs[i], oldLows[i], mask);
                while (positions[slot] != 0) {
                    slot = (slot + 1) & mask;
                }
                highs[slot] = oldHighs[i];
                lows[slot] = oldLows[i];
                positions[slot] = oldPositions[i];
            }
        }
    }

    private void allocate(int slots) {
        highs = new long[slots];
        lows = new int[slots];
        positions = new int[slots];
    }
}
