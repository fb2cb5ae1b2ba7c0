package io.shardlab.ui.explorer;

import java.util.Objects;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;

/**
 * Hands values from a producer thread to a consumer on another executor so that the newest value
 * wins and at most one delivery is pending (docs/ARCHITECTURE.md rule 5): when the simulation publishes frames
 * faster than the screen takes them, the ones in between are dropped, never queued.
 *
 * <p>Thread-safe. {@link #offer} never blocks; the consumer runs on the delivery executor (the
 * JavaFX thread in the application, the calling thread in tests) and sees every value it receives
 * at most once, in publication order, always ending with the newest.
 *
 * @param <T> the values, which must be immutable since they cross threads
 */
public final class LatestValueMailbox<T> {

    private final AtomicReference<T> latest = new AtomicReference<>();
    private final AtomicBoolean pending = new AtomicBoolean();
    private final Executor delivery;
    private final Consumer<? super T> consumer;

    /**
     * @param delivery where the consumer runs, e.g. {@code Platform::runLater}
     * @param consumer takes the newest value
     */
    public LatestValueMailbox(Executor delivery, Consumer<? super T> consumer) {
        this.delivery = Objects.requireNonNull(delivery, "delivery");
        this.consumer = Objects.requireNonNull(consumer, "consumer");
    }

    /** Makes {@code value} the newest; schedules a delivery unless one is already pending. */
    public void offer(T value) {
        latest.set(Objects.requireNonNull(value, "value"));
        if (pending.compareAndSet(false, true)) {
            delivery.execute(this::deliver);
        }
    }

    /**
     * Whether a value is waiting for the consumer: the consumer has fallen behind the producer. A
     * producer that can wait (the simulation at full speed) checks this to leave the consumer's thread
     * the machine's time until it has caught up.
     */
    public boolean pending() {
        return pending.get();
    }

    private void deliver() {
        // clear the flag first: a value offered while the consumer runs schedules the next delivery
        pending.set(false);
        T value = latest.getAndSet(null);
        if (value != null) {
            consumer.accept(value);
        }
    }
}
