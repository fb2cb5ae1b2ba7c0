package io.shardlab.session;

import java.util.ArrayList;
import java.util.List;

/**
 * A synchronous simulation thread for tests: submitted tasks run at once on the caller's thread;
 * repeating tasks run only when the test calls {@link #tick()}.
 */
public final class ManualSimulationThread implements SimulationThread {

    private final List<Runnable> repeating = new ArrayList<>();

    @Override
    public void submit(Runnable task) {
        task.run();
    }

    @Override
    public Repeating repeat(long delayMillis, Runnable tick) {
        repeating.add(tick);
        return () -> repeating.remove(tick);
    }

    /** Whether a repeating task is scheduled. */
    public boolean repeating() {
        return !repeating.isEmpty();
    }

    /** Runs every repeating task once. */
    public void tick() {
        for (Runnable r : List.copyOf(repeating)) {
            r.run();
        }
    }
}
