package io.shardlab.serve;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Function;
import java.util.function.LongSupplier;
import java.util.function.Supplier;

/**
 * The clients' commands take turns: one turn runs at a time, handed over to a waiting command or long
 * batch when it ends. Commands of one turn (a ping, a find, an {@code insertOne}) and the slices of long
 * write batches ({@link WriteBatchSlices}) wait in two queues, each served first come, first served;
 * while both have someone waiting, the turns alternate between them, so neither starves.
 *
 * <p>A long batch keeps its turn from slice to slice while nobody waits; between two slices it hands
 * the turn over at once when a command waits, and to another batch once it has held the turn for {@link
 * #SHARE_MILLIS}. So another client's ping waits for the slice running and at most one other batch's
 * slice (and the commands that asked before it), even while 30 clients write batches.
 */
final class CommandTurns {

    /** How long a long batch keeps the turn while only other batches wait, in ms. */
    static final long SHARE_MILLIS = 20;

    private final LongSupplier nanoTime;
    private final ReentrantLock state = new ReentrantLock();
    private final Deque<Waiter> commands = new ArrayDeque<>();
    private final Deque<Waiter> slices = new ArrayDeque<>();
    private boolean taken;
    /** Whether the turn running (or the last one) is a command's rather than a batch's. */
    private boolean commandsTurn;

    /** A thread waiting for its turn; it has the turn once {@code turn} is set and it is signalled. */
    private static final class Waiter {
        final Condition handedOver;
        boolean turn;

        Waiter(Condition handedOver) {
            this.handedOver = handedOver;
        }
    }

    CommandTurns() {
        this(System::nanoTime);
    }

    /** @param nanoTime the clock the share is measured on ({@link System#nanoTime()}) */
    CommandTurns(LongSupplier nanoTime) {
        this.nanoTime = nanoTime;
    }

    /** Runs {@code work}, a command of one turn, in its turn and returns what it returns (or throws). */
    <T> T take(Supplier<T> work) {
        acquire(commands);
        try {
            return work.get();
        } finally {
            release();
        }
    }

    /**
     * Runs {@code work}, a long batch, in turns: it calls {@link Turn#share()} between two slices, and the
     * turn passes to those waiting when it is their time.
     */
    <T> T takeForLongWork(Function<Turn, T> work) {
        acquire(slices);
        try {
            return work.apply(new Turn());
        } finally {
            release();
        }
    }

    /** Commands and slices waiting for their turn now. */
    int waiting() {
        state.lock();
        try {
            return commands.size() + slices.size();
        } finally {
            state.unlock();
        }
    }

    private void acquire(Deque<Waiter> queue) {
        state.lock();
        try {
            if (!taken && commands.isEmpty() && slices.isEmpty()) {
                taken = true;
                commandsTurn = queue == commands;
                return;
            }
            Waiter me = new Waiter(state.newCondition());
            queue.add(me);
            while (!me.turn) {
                me.handedOver.awaitUninterruptibly();
            }
        } finally {
            state.unlock();
        }
    }

    private void release() {
        state.lock();
        try {
            handOver();
        } finally {
            state.unlock();
        }
    }

    /**
     * With the state locked: hands the turn to the next waiter, alternating between commands and slices
     * while both wait, or frees it when nobody waits.
     */
    private void handOver() {
        boolean command = !commands.isEmpty() && (slices.isEmpty() || !commandsTurn);
        Waiter next = command ? commands.poll() : slices.poll();
        if (next == null) {
            taken = false;
        } else {
            commandsTurn = command;
            next.turn = true; // handed over: the turn stays taken
            next.handedOver.signal();
        }
    }

    /** A long batch's hold on the turn. */
    final class Turn {
        /** When the batch last got the turn. */
        private long since = nanoTime.getAsLong();

        private Turn() {}

        /**
         * Between two slices: hands the turn over to a waiting command, or to another batch once this one
         * has held it for {@link #SHARE_MILLIS}, and queues for the next.
         */
        void share() {
            state.lock();
            try {
                boolean handOver = !commands.isEmpty()
                        || (!slices.isEmpty() && nanoTime.getAsLong() - since >= SHARE_MILLIS * 1_000_000);
                if (!handOver) {
                    return;
                }
                // queued before the turn goes, in one step: nobody can slip in between
                Waiter me = new Waiter(state.newCondition());
                slices.add(me);
                handOver();
                while (!me.turn) {
                    me.handedOver.awaitUninterruptibly();
                }
            } finally {
                state.unlock();
            }
            since = nanoTime.getAsLong();
        }
    }
}
