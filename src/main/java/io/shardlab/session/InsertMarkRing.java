package io.shardlab.session;

import io.shardlab.key.ShardKey;
import io.shardlab.session.ExplorerFrame.InsertMark;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The newest insert marks of a session, kept as primitives in a fixed ring: a stream at full speed
 * samples marks from every batch (millions a minute), while the screen only ever sees the newest few
 * of each published frame, so the {@link InsertMark} values are made only when a frame asks.
 *
 * <p>Each entry is a document of the session's {@link PreparedInserts} (by index) or the key of a
 * document a client wrote, the simulated time it landed and its sequence number. Confined to the simulation thread.
 */
final class InsertMarkRing {

    private final int[] documents;
    /** A client's document: its key, as no prepared document holds it; null for the stream's. */
    private final ShardKey[] keys;

    private final long[] atMillis;
    private final long[] sequences;
    private int start;
    private int size;

    /** @param capacity the most marks kept; older ones make way for newer ones */
    InsertMarkRing(int capacity) {
        if (capacity < 1) {
            throw new IllegalArgumentException(
                    "capacity: at least 1, got " + capacity); // untranslated: a developer's contract
        }
        documents = new int[capacity];
        keys = new ShardKey[capacity];
        atMillis = new long[capacity];
        sequences = new long[capacity];
    }

    /** Adds the newest mark, dropping the oldest when the ring is full. */
    void add(long sequence, int document, long landedAtMillis) {
        int slot = add(sequence, landedAtMillis);
        keys[slot] = null;
        documents[slot] = document;
    }

    /** Adds the newest mark for a document a client wrote, which has only its key. */
    void addClient(long sequence, ShardKey key, long landedAtMillis) {
        keys[add(sequence, landedAtMillis)] = key;
    }

    private int add(long sequence, long landedAtMillis) {
        int capacity = documents.length;
        int slot;
        if (size == capacity) {
            slot = start;
            start = (start + 1) % capacity;
        } else {
            slot = (start + size) % capacity;
            size++;
        }
        atMillis[slot] = landedAtMillis;
        sequences[slot] = sequence;
        return slot;
    }

    /** Takes back the newest marks that landed at or after {@code millis} (an undo rewound the clock). */
    void dropFrom(long millis) {
        while (size > 0 && atMillis[(start + size - 1) % documents.length] >= millis) {
            size--;
        }
    }

    int size() {
        return size;
    }

    /** The marks, oldest first, read from {@code inserts}. */
    List<InsertMark> marks(PreparedInserts inserts) {
        List<InsertMark> marks = new ArrayList<>(size);
        for (int k = 0; k < size; k++) {
            int slot = (start + k) % documents.length;
            int i = documents[slot];
            marks.add(
                    keys[slot] != null
                            ? new InsertMark(sequences[slot], keys[slot], Optional.empty(), atMillis[slot])
                            : new InsertMark(
                                    sequences[slot], inserts.key(i), inserts.valueBeforeHashing(i), atMillis[slot]));
        }
        return List.copyOf(marks);
    }
}
