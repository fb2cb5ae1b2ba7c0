package io.shardlab.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** A script's commands get at most one frame per interval while they keep coming, and one after the last. */
class FramePacerTest {

    private final ManualSimulationThread thread = new ManualSimulationThread();
    private final FakeClock clock = new FakeClock();
    private final AtomicInteger frames = new AtomicInteger();
    private final FramePacer pacer = new FramePacer(thread, clock, frames::incrementAndGet);

    @Test
    void without_an_interval_every_request_gets_its_frame() {
        pacer.request();
        pacer.request();

        assertEquals(2, frames.get());
        assertFalse(thread.repeating());
    }

    @Test
    void within_the_interval_requests_share_one_frame_that_comes_after_the_last() {
        // given a 100 ms interval and a frame just drawn
        pacer.intervalMillis(100);
        clock.advanceMillis(1_000);
        pacer.request();
        assertEquals(1, frames.get());

        // when 50 commands follow within 10 ms
        for (int i = 0; i < 50; i++) {
            pacer.request();
        }

        // then no frame yet, one scheduled; it comes once, after the interval
        assertEquals(1, frames.get());
        thread.tick(); // the repetition's first run, at once: waits
        assertEquals(1, frames.get());
        clock.advanceMillis(100);
        thread.tick();
        assertEquals(2, frames.get());
        assertFalse(thread.repeating());
    }

    @Test
    void a_negative_interval_is_refused() {
        assertThrows(IllegalArgumentException.class, () -> pacer.intervalMillis(-1));
    }
}
