package io.shardlab.live;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * Live watch: reads the cluster again every interval and reports what changed since the previous
 * read (splits, merges, migrations), for a view to animate.
 *
 * <p>Polls run on the injected scheduler, never on the caller's (UI) thread, with a fixed delay
 * between the end of one read and the start of the next, so a slow cluster is never asked twice
 * at once. Each poll re-reads only the chunks of collections whose collection version changed
 * ({@link ClusterInspector#refresh}). A failed poll is reported and the watch keeps polling, so it
 * recovers when the server is back. Listeners are called on the scheduler's thread.
 */
public final class LayoutWatcher implements AutoCloseable {

    /** Receives each poll's outcome. */
    public interface Listener {

        /** A poll read the cluster; {@code update.changes()} is empty when nothing moved. */
        void updated(WatchUpdate update);

        /** A poll failed (an {@code Error} too, so that it is shown, not lost with the task); the watch goes on. */
        void failed(Throwable error);
    }

    /**
     * The outcome of one poll.
     *
     * @param previous the read before, or null for the first poll
     * @param current this read
     * @param changes per namespace, the layout changes since the previous read (only namespaces with changes)
     * @param appeared namespaces sharded since the previous read
     * @param disappeared namespaces no longer sharded (dropped, or unsharded)
     */
    public record WatchUpdate(
            ClusterMetadata previous,
            ClusterMetadata current,
            Map<String, List<LayoutChange>> changes,
            List<String> appeared,
            List<String> disappeared) {

        public WatchUpdate {
            changes = Map.copyOf(changes);
            appeared = List.copyOf(appeared);
            disappeared = List.copyOf(disappeared);
        }

        /** Whether anything about the collections changed. */
        public boolean changed() {
            return !changes.isEmpty() || !appeared.isEmpty() || !disappeared.isEmpty();
        }
    }

    private final ConfigSource source;
    private final ClusterInspector inspector;
    private final ClusterInspector.Scope scope;
    private final ScheduledExecutorService scheduler;
    private final Duration interval;
    private final Listener listener;
    private ClusterMetadata last;
    private ScheduledFuture<?> task;

    public LayoutWatcher(
            ConfigSource source,
            ClusterInspector inspector,
            ClusterInspector.Scope scope,
            ScheduledExecutorService scheduler,
            Duration interval,
            Listener listener) {
        if (interval.isNegative() || interval.isZero()) {
            throw new IllegalArgumentException(
                    "interval: must be positive, got " + interval); // untranslated: a developer's contract
        }
        this.source = source;
        this.inspector = inspector;
        this.scope = scope;
        this.scheduler = scheduler;
        this.interval = interval;
        this.listener = listener;
    }

    /** Starts polling now and then every interval. */
    public synchronized void start() {
        if (task == null) {
            task = scheduler.scheduleWithFixedDelay(this::pollQuietly, 0, interval.toMillis(), TimeUnit.MILLISECONDS);
        }
    }

    /** Stops polling; a poll under way finishes. */
    public synchronized void stop() {
        if (task != null) {
            task.cancel(false);
            task = null;
        }
    }

    @Override
    public void close() {
        stop();
    }

    private void pollQuietly() {
        try {
            listener.updated(pollNow());
        } catch (RuntimeException | Error e) {
            listener.failed(e);
        }
    }

    /** Reads once and returns what changed since the previous read (on the calling thread). */
    public synchronized WatchUpdate pollNow() {
        ClusterMetadata previous = last;
        ClusterMetadata current =
                previous == null ? inspector.inspect(source, scope) : inspector.refresh(source, scope, previous);
        last = current;
        Map<String, List<LayoutChange>> changes = new LinkedHashMap<>();
        List<String> appeared = new ArrayList<>();
        List<String> disappeared = new ArrayList<>();
        if (previous != null) {
            for (CollectionLayout now : current.collections()) {
                var before = previous.collection(now.namespace());
                if (before.isEmpty()) {
                    appeared.add(now.namespace());
                } else if (before.get().map() != null && now.map() != null) {
                    List<LayoutChange> diff = LayoutDiff.between(before.get().map(), now.map());
                    if (!diff.isEmpty()) {
                        changes.put(now.namespace(), diff);
                    }
                }
            }
            for (CollectionLayout old : previous.collections()) {
                if (current.collection(old.namespace()).isEmpty()) {
                    disappeared.add(old.namespace());
                }
            }
        }
        return new WatchUpdate(previous, current, changes, appeared, disappeared);
    }
}
