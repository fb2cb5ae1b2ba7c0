package io.shardlab.serve;

import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Supplier;

/**
 * The clients' commands take turns, in the order they asked: one turn runs at a time, and a long
 * write batch asks again for each slice ({@link WriteBatchSlices}), behind the commands that arrived
 * meanwhile. A fair lock: a thread giving up its turn and asking again queues behind the waiting ones.
 */
final class CommandTurns {

    private final ReentrantLock turn = new ReentrantLock(true);

    /** Runs {@code work} in its turn and returns what it returns (or throws). */
    <T> T take(Supplier<T> work) {
        turn.lock();
        try {
            return work.get();
        } finally {
            turn.unlock();
        }
    }

    /** Whether a command waits for its turn now. */
    boolean someoneWaits() {
        return turn.hasQueuedThreads();
    }
}
