package io.shardlab.session;

/**
 * What the window's own mongos may hold: as {@code serve}'s defaults, within the window's heap. The window's mongos
 * serves the Shell panel and, while accepting connections, a class of clients.
 */
final class WindowMongosLimits {

    /** {@code serve}'s default memory budget for the documents its clients write. */
    static final long SERVE_MEMORY_BUDGET_BYTES = 288L * 1024 * 1024;

    /** Connections served at once, as {@code serve}'s default. */
    static final int MAX_CLIENTS = 200;

    private WindowMongosLimits() {}

    /**
     * Heap the served mongos may fill with client documents in the window: {@code serve}'s default, and at
     * most a quarter of the heap, since the window itself needs the rest (the launchers cap the heap at
     * 448 MB, of which a workshop session uses up to 310 MB after a collection: a budget of 288 MB would
     * run the window out of memory, a quarter of it is 112 MB, about 870,000 documents of 90 BSON bytes).
     */
    static long memoryBudgetBytes(long maxHeapBytes) {
        return Math.min(SERVE_MEMORY_BUDGET_BYTES, maxHeapBytes / 4);
    }
}
