package io.shardlab.session;

import java.lang.management.ManagementFactory;

/**
 * What the window's own mongos may hold: {@code serve}'s connections, and client documents within the room the
 * window's heap has left. The window's mongos serves the Shell panel and, while accepting connections, a class of
 * clients.
 */
public final class WindowMongosLimits {

    /**
     * The heap the window keeps free besides what it used when its mongos opened, in MB: a class's 40 connections and
     * their commands in flight, the kept documents' heap beyond what the budget counts (about 7 bytes a document:
     * {@code KeptDocumentsBenchmark}), the explorer's frames of the collection on show, and room for the garbage
     * collector to work in.
     */
    static final long HEAP_RESERVE_MB = 80;

    /** Connections served at once, as {@code serve}'s default. */
    static final int MAX_CLIENTS = 200;

    private WindowMongosLimits() {}

    /**
     * Heap the served mongos may fill with client documents in the window, in bytes: the heap's room once the window's
     * own use is taken ({@code maxHeapBytes} less {@code heapInUseBytes} less {@value #HEAP_RESERVE_MB} MB), and never
     * less than a sixteenth of the heap (room for the Shell panel's writes in a window that already uses most of it).
     * It is less than {@code serve}'s default for the same heap (all but 160 MB) whenever the window holds more than
     * 80 MB, as it does from its first scenario on (the explorer and the scenario's cluster besides the documents).
     * Under the launchers' 448 MB heap, a window using 105 MB after the first scenario (a full collection's figure)
     * gets 263 MB, which holds a class of 40 students × 50,000 documents of about 90 BSON bytes (257 MB as the budget
     * counts them); a quarter of the heap, the rule before, refused that class at 874,100 documents.
     *
     * @param maxHeapBytes the heap the JVM may grow to ({@code Runtime.maxMemory})
     * @param heapInUseBytes the heap the window holds (after a full collection: {@link #heapInUseBytes()})
     */
    static long memoryBudgetBytes(long maxHeapBytes, long heapInUseBytes) {
        long room = maxHeapBytes - heapInUseBytes - (HEAP_RESERVE_MB << 20);
        return Math.max(maxHeapBytes / 16, room);
    }

    /**
     * The heap the window holds now, in bytes: what is in use after a full collection. The application reads it once
     * per scenario, when the window's mongos opens (the Shell panel's first command or Accept connections), so the
     * collection's pause (a fraction of a second on the launchers' heap) comes then, on the simulation thread; tests
     * give the engine a figure instead.
     */
    public static long heapInUseBytes() {
        System.gc();
        return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
    }
}
