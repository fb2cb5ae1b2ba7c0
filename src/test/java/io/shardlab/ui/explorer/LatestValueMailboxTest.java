package io.shardlab.ui.explorer;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class LatestValueMailboxTest {

    /** An executor that queues tasks until the test runs them: the JavaFX thread, busy. */
    static final class QueuedExecutor implements java.util.concurrent.Executor {
        final Deque<Runnable> tasks = new ArrayDeque<>();

        @Override
        public void execute(Runnable command) {
            tasks.add(command);
        }

        void runAll() {
            while (!tasks.isEmpty()) {
                tasks.poll().run();
            }
        }
    }

    @Test
    void when_values_arrive_faster_than_deliveries_only_the_newest_is_delivered_and_one_delivery_is_pending() {
        QueuedExecutor screen = new QueuedExecutor();
        List<Integer> seen = new ArrayList<>();
        LatestValueMailbox<Integer> mailbox = new LatestValueMailbox<>(screen, seen::add);

        for (int i = 1; i <= 100; i++) {
            mailbox.offer(i);
        }

        assertEquals(1, screen.tasks.size(), "one pending delivery however many values arrived");
        screen.runAll();
        assertEquals(List.of(100), seen);
    }

    @Test
    void a_value_offered_after_a_delivery_is_delivered_in_turn() {
        QueuedExecutor screen = new QueuedExecutor();
        List<Integer> seen = new ArrayList<>();
        LatestValueMailbox<Integer> mailbox = new LatestValueMailbox<>(screen, seen::add);

        mailbox.offer(1);
        screen.runAll();
        mailbox.offer(2);
        mailbox.offer(3);
        screen.runAll();

        assertEquals(List.of(1, 3), seen);
    }

    @Test
    void under_concurrent_producers_every_delivery_is_newer_and_the_last_value_always_arrives() throws Exception {
        ExecutorService screen = Executors.newSingleThreadExecutor();
        List<Integer> seen = java.util.Collections.synchronizedList(new ArrayList<>());
        LatestValueMailbox<Integer> mailbox = new LatestValueMailbox<>(screen, seen::add);
        CountDownLatch done = new CountDownLatch(1);
        Thread producer = new Thread(() -> {
            for (int i = 1; i <= 200_000; i++) {
                mailbox.offer(i);
            }
            done.countDown();
        });
        producer.start();
        done.await(10, TimeUnit.SECONDS);
        screen.shutdown();
        screen.awaitTermination(10, TimeUnit.SECONDS);

        assertEquals(200_000, seen.get(seen.size() - 1));
        for (int i = 1; i < seen.size(); i++) {
            if (seen.get(i) <= seen.get(i - 1)) {
                throw new AssertionError("delivery " + i + " went back from " + seen.get(i - 1) + " to " + seen.get(i));
            }
        }
    }
}
