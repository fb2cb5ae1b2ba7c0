package io.shardlab.serve;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/**
 * The clients' commands take turns: a long batch hands its turn to a waiting command between two slices,
 * and to another batch after {@link CommandTurns#SHARE_MILLIS}; while commands and batches wait, their
 * turns alternate. The clock is the test's: nothing here depends on how fast the machine is.
 */
class CommandTurnsTest {

    private final AtomicLong nanos = new AtomicLong();
    private final CommandTurns turns = new CommandTurns(nanos::get);
    private final List<String> ran = new CopyOnWriteArrayList<>();

    /** Starts a thread that waits for a turn and records {@code name} in it; returns once it waits. */
    private Thread waitingCommand(String name) {
        return waiting(() -> turns.take(() -> ran.add(name)));
    }

    /** Starts a long batch of two slices named {@code name} that waits for its turn; returns once it waits. */
    private Thread waitingBatch(String name) {
        return waiting(() -> turns.takeForLongWork(turn -> {
            ran.add(name + " slice 1");
            turn.share();
            ran.add(name + " slice 2");
            return null;
        }));
    }

    private Thread waiting(Runnable work) {
        int before = turns.waiting();
        Thread t = new Thread(work);
        t.start();
        while (turns.waiting() == before) {
            Thread.onSpinWait();
        }
        return t;
    }

    @Test
    void aLongBatchHandsItsTurnToAWaitingCommandBetweenTwoSlices() throws Exception {
        Thread[] ping = new Thread[1];

        turns.takeForLongWork(turn -> {
            // given a batch's first slice running while another client's ping waits
            ran.add("slice 1");
            ping[0] = waitingCommand("ping");
            // when the slice ends
            turn.share();
            ran.add("slice 2");
            return null;
        });
        ping[0].join();

        // then the ping ran in between
        assertEquals(List.of("slice 1", "ping", "slice 2"), ran);
    }

    @Test
    void aLongBatchKeepsItsTurnWhileNobodyWaits() {
        turns.takeForLongWork(turn -> {
            ran.add("slice 1");
            nanos.addAndGet(CommandTurns.SHARE_MILLIS * 10 * 1_000_000);
            turn.share();
            ran.add("slice 2");
            return null;
        });

        assertEquals(List.of("slice 1", "slice 2"), ran);
    }

    @Test
    void whileCommandsAndBatchesWaitTheirTurnsAlternate() throws Exception {
        Thread[] others = new Thread[3];

        turns.takeForLongWork(turn -> {
            // given batch a running, batch b and two pings waiting
            ran.add("a slice 1");
            others[0] = waitingBatch("b");
            others[1] = waitingCommand("ping 1");
            others[2] = waitingCommand("ping 2");
            turn.share();
            ran.add("a slice 2");
            return null;
        });
        for (Thread t : others) {
            t.join();
        }

        // then a ping, a slice, a ping, a slice…: each waits at most one turn of the other kind
        assertEquals(List.of("a slice 1", "ping 1", "b slice 1", "ping 2", "a slice 2", "b slice 2"), ran);
    }

    @Test
    void twoLongBatchesShareTheTurnAfterTheShareTime() throws Exception {
        Thread[] other = new Thread[1];

        turns.takeForLongWork(turn -> {
            ran.add("a slice 1");
            other[0] = waitingBatch("b");
            turn.share(); // b waits, but a has not held the turn for the share time yet
            ran.add("a slice 2");
            nanos.addAndGet(CommandTurns.SHARE_MILLIS * 1_000_000);
            turn.share();
            ran.add("a slice 3");
            return null;
        });
        other[0].join();

        assertEquals(List.of("a slice 1", "a slice 2", "b slice 1", "b slice 2", "a slice 3"), ran);
    }
}
