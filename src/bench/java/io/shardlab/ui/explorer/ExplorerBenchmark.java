package io.shardlab.ui.explorer;

import io.shardlab.cluster.ChunkMap;
import io.shardlab.cluster.ClusterSnapshot;
import io.shardlab.cluster.Shard;
import io.shardlab.key.ShardKey;
import io.shardlab.key.ShardKeyPattern;
import io.shardlab.render.ChunkSizes;
import io.shardlab.render.LayoutData;
import io.shardlab.render.Scale;
import io.shardlab.serve.DataFile;
import io.shardlab.serve.MongosServer;
import io.shardlab.session.EngineState;
import io.shardlab.session.ExecutorSimulationThread;
import io.shardlab.session.ExplorerEngine;
import io.shardlab.session.MongosEndpoint;
import io.shardlab.session.PlaybackSpeed;
import io.shardlab.text.Language;
import io.shardlab.ui.BackgroundFailure;
import io.shardlab.ui.explorer.connections.ConnectionsWiring;
import io.shardlab.ui.explorer.diagram.ChunkActionsViewModel;
import io.shardlab.ui.explorer.diagram.DiagramProbe;
import io.shardlab.ui.explorer.diagram.NumberLineView;
import io.shardlab.ui.explorer.diagram.NumberLineViewModel;
import io.shardlab.ui.tasks.DaemonBackgroundTasks;
import io.shardlab.ui.text.UiText;
import io.shardlab.ui.theme.Appearance;
import io.shardlab.workload.WorkloadRegistry;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import javafx.animation.AnimationTimer;
import javafx.application.Platform;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.scene.Scene;
import javafx.stage.Stage;
import org.bson.BsonInt64;

/**
 * The explorer's two performance budgets (docs/ARCHITECTURE.md), measured on the real JavaFX toolkit, headless
 * (Monocle, software rendering), with {@code mvn -Pbench verify}:
 * <ol>
 *   <li><b>Number line frame, 1,000,000 chunks, 1600 px: ≤ 16 ms.</b> A 1,000,000-chunk layout on 4
 *       shards is put through the explorer's own number line ViewModel and View; then 300 pan and zoom
 *       steps are timed on the JavaFX thread, each from the verb (zoom, pan) to the end of the canvas
 *       paint (per-column aggregation in render's NumberLineFrame, then render's painters through
 *       FXGraphics2D), on each of the three scales.</li>
 *   <li><b>UI thread during a streaming simulation: no pulse blocked &gt; 50 ms.</b> The whole explorer
 *       (engine on its own thread, newest-wins mailbox, every panel) plays a stream at full speed over
 *       and over (play, reset, play) for {@value #WARM_UP_SECONDS} s unmeasured, then for the measured
 *       period; an AnimationTimer records the time between consecutive pulses, and every delivery of
 *       an engine state to the screen is timed. A gap between pulses over 50 ms means the JavaFX
 *       thread could not run a pulse for that long; the JavaFX thread's own CPU time between two
 *       pulses tells whether it was busy with the explorer's work or waiting (for the render thread
 *       to finish the previous frame, for a processor, for a garbage collection).</li>
 * </ol>
 * Figures are printed, each against its budget ("OVER" marks a miss); like the other benchmarks of the
 * profile, the run reports and does not fail the build, since its figures depend on the machine's load.
 */
public final class ExplorerBenchmark {

    static final int CHUNKS = 1_000_000;
    static final double WIDTH = 1600;
    static final long FRAME_BUDGET_NANOS = 16_000_000;
    static final long PULSE_BUDGET_NANOS = 50_000_000;
    /** Seconds each stream plays before its measurement starts: class loading, CSS and the JIT. */
    static final long WARM_UP_SECONDS = 4;

    private ExplorerBenchmark() {}

    public static void main(String[] args) throws Exception {
        long streamSeconds = args.length > 0 ? Long.parseLong(args[0]) : 15;
        CountDownLatch started = new CountDownLatch(1);
        Platform.startup(started::countDown);
        started.await();
        // each measurement opens and closes its own window: closing the last one must not end JavaFX
        Platform.setImplicitExit(false);
        String parts = args.length > 1 ? args[1] : "all";
        if (parts.equals("client-writes")) {
            boolean ok = clientWrites(streamSeconds);
            Platform.exit();
            System.out.println(
                    ok ? "explorer benchmark: within budget" : "explorer benchmark: OVER BUDGET (see above)");
            System.exit(0);
        }
        boolean ok = parts.equals("stream-only") || numberLineFrames();
        ok &= clientWrites(streamSeconds);
        ok &= streaming(
                "monotonic counter, 1 MB chunks",
                io.shardlab.session.Scenario.of("{ counter: 1 }", "monotonic")
                        .withChunkSizeMegabytes(1)
                        .withDocuments(1_000_000)
                        .withDocsPerSecond(2_000),
                streamSeconds);
        ok &= streaming(
                "hashed uniform userId (value line, links)",
                io.shardlab.session.Scenario.of("{ userId: 'hashed' }", "uniform")
                        .withChunkSizeMegabytes(1)
                        .withDocuments(1_000_000)
                        .withDocsPerSecond(2_000),
                streamSeconds);
        Platform.exit();
        System.out.println(ok ? "explorer benchmark: within budget" : "explorer benchmark: OVER BUDGET (see above)");
        System.exit(0);
    }

    // ---- 1. number line frames ------------------------------------------------------------------------

    private static LayoutData millionChunks() {
        SplittableRandom random = new SplittableRandom(7);
        List<ShardKey> points = new ArrayList<>(CHUNKS - 1);
        for (int i = 1; i < CHUNKS; i++) {
            points.add(ShardKey.of(new BsonInt64(i * 1_000L)));
        }
        List<String> shards = List.of("shard01", "shard02", "shard03", "shard04");
        ChunkMap chunks = ChunkMap.fromSplitPoints(1, points, shards, 5);
        ClusterSnapshot snapshot = new ClusterSnapshot(
                "bench.events",
                ShardKeyPattern.parse("{ x: 1 }"),
                false,
                shards.stream().map(Shard::named).toList(),
                chunks,
                List.of());
        long[] docs = new long[CHUNKS];
        long[] bytes = new long[CHUNKS];
        for (int i = 0; i < CHUNKS; i++) {
            docs[i] = random.nextInt(20_000);
            bytes[i] = docs[i] * 180;
        }
        return new LayoutData(snapshot, Optional.of(new ChunkSizes(docs, bytes)));
    }

    private static boolean numberLineFrames() throws Exception {
        long t0 = System.nanoTime();
        LayoutData layout = millionChunks();
        System.out.printf(
                Locale.ROOT, "number line: %,d chunks built in %d ms%n", CHUNKS, (System.nanoTime() - t0) / 1_000_000);
        SimpleBooleanProperty dark = new SimpleBooleanProperty(false);
        NumberLineViewModel vm = new NumberLineViewModel(dark);
        ChunkActionsViewModel actions = new ChunkActionsViewModel(vm, command -> {});
        NumberLineView[] view = new NumberLineView[1];
        Stage[] stage = new Stage[1];
        onFx(() -> {
            view[0] = new NumberLineView(vm, actions, new SimpleBooleanProperty(false), new UiText(Language.ENGLISH));
            stage[0] = new Stage();
            Scene scene = new Scene(view[0].node(), WIDTH, 600);
            new Appearance(dark, new SimpleBooleanProperty(false)).follow(view[0].node());
            stage[0].setScene(scene);
            stage[0].show();
            long s = System.nanoTime();
            vm.showLayout(layout);
            System.out.printf(
                    Locale.ROOT,
                    "number line: first picture (model of %,d chunks) in %d ms%n",
                    CHUNKS,
                    (System.nanoTime() - s) / 1_000_000);
            return null;
        });
        boolean ok = true;
        for (Scale scale : Scale.values()) {
            onFx(() -> {
                vm.fit();
                vm.chooseScale(scale);
                DiagramProbe.paintNow(view[0].canvas());
                return null;
            });
            long[] frames = new long[300];
            SplittableRandom random = new SplittableRandom(11);
            // the first 60 steps warm the JIT up and are not counted
            for (int f = -60; f < frames.length; f++) {
                int step = f;
                long took = onFx(() -> {
                    long s = System.nanoTime();
                    switch (step % 6) {
                        case 0, 1 -> vm.zoom(1.35, random.nextDouble());
                        case 2 -> vm.pan(random.nextDouble() - 0.5);
                        case 3 -> vm.drag(-40, WIDTH);
                        case 4 -> vm.zoom(1 / 1.3, random.nextDouble());
                        default -> {
                            if (vm.viewportProperty().get().span() < 1e-5) {
                                vm.fit();
                            } else {
                                vm.pan(0.1);
                            }
                        }
                    }
                    DiagramProbe.paintNow(view[0].canvas());
                    return System.nanoTime() - s;
                });
                if (f >= 0) {
                    frames[f] = took;
                }
            }
            ok &= report("number line frame, " + scale.caption() + ", 1600 px", frames, FRAME_BUDGET_NANOS, 0.95);
        }
        onFx(() -> {
            stage[0].close();
            return null;
        });
        return ok;
    }

    // ---- 2. the UI thread while a stream plays at full speed -------------------------------------------

    /**
     * The whole explorer in a window of its own (engine on its own thread, newest-wins mailbox, every panel),
     * with an AnimationTimer recording the time between consecutive pulses and the JavaFX thread's CPU time
     * between them, and every delivery of an engine state to the screen timed.
     */
    static final class MeasuredExplorer {
        final ExecutorSimulationThread thread =
                new ExecutorSimulationThread(new DaemonBackgroundTasks().serial(ExecutorSimulationThread.THREAD_NAME));
        final long[] startNanos = new long[1];
        final long[] deliveries = new long[1 << 20];
        final int[] deliveryCount = new int[1];
        final ExplorerViewModel[] holder = new ExplorerViewModel[1];
        final long[] offers = new long[1];
        final ExplorerEngine engine;
        final long[] gaps = new long[1 << 20];
        final long[] busy = new long[1 << 20];
        final int[] gapCount = new int[1];
        final AtomicBoolean measuring = new AtomicBoolean();
        final AnimationTimer pulses;
        final Stage[] stage = new Stage[1];

        MeasuredExplorer() throws Exception {
            this(MongosServer.InProcess::new);
        }

        /** @param endpoints how Accept connections opens its mongos (a class's benchmark lets more in per address) */
        MeasuredExplorer(MongosEndpoint.Factory endpoints) throws Exception {
            LatestValueMailbox<EngineState> mailbox = new LatestValueMailbox<>(
                    task -> Platform.runLater(() -> {
                        long s = System.nanoTime();
                        task.run();
                        if (measuring.get() && deliveryCount[0] < deliveries.length) {
                            deliveries[deliveryCount[0]++] = System.nanoTime() - s;
                        }
                        if (System.nanoTime() - s > PULSE_BUDGET_NANOS && System.getProperty("bench.verbose") != null) {
                            System.out.printf(
                                    Locale.ROOT,
                                    "    long delivery %.1f ms at %.2f s%n",
                                    (System.nanoTime() - s) / 1e6,
                                    (s - startNanos[0]) / 1e9);
                        }
                    }),
                    state -> holder[0].accept(state));
            engine = new ExplorerEngine(
                    thread,
                    System::nanoTime,
                    state -> {
                        offers[0]++;
                        mailbox.offer(state);
                    },
                    mailbox::pending,
                    BackgroundFailure::describe,
                    endpoints,
                    () -> 0L,
                    DataFile::catalog);
            SimpleBooleanProperty dark = new SimpleBooleanProperty(false);
            java.lang.management.ThreadMXBean cpu = java.lang.management.ManagementFactory.getThreadMXBean();
            pulses = new AnimationTimer() {
                private long last;
                private long lastCpu;

                @Override
                public void handle(long now) {
                    long cpuNow = cpu.getCurrentThreadCpuTime();
                    if (measuring.get() && last != 0 && gapCount[0] < gaps.length) {
                        busy[gapCount[0]] = cpuNow - lastCpu;
                        gaps[gapCount[0]++] = now - last;
                        if (now - last > PULSE_BUDGET_NANOS && System.getProperty("bench.verbose") != null) {
                            System.out.printf(
                                    Locale.ROOT,
                                    "    long pulse gap %.1f ms (JavaFX thread busy %.1f ms) at %.2f s%n",
                                    (now - last) / 1e6,
                                    (cpuNow - lastCpu) / 1e6,
                                    (now - startNanos[0]) / 1e9);
                        }
                    }
                    last = now;
                    lastCpu = cpuNow;
                }
            };
            onFx(() -> {
                holder[0] = new ExplorerViewModel(
                        engine,
                        WorkloadRegistry.standard(),
                        dark,
                        text -> {},
                        (snapshot, version) -> {},
                        ConnectionsWiring.application());
                Appearance appearance = new Appearance(dark, new SimpleBooleanProperty(false));
                ExplorerView view = new ExplorerView(holder[0], appearance);
                appearance.follow(view.node());
                stage[0] = new Stage();
                stage[0].setScene(new Scene(view.node(), WIDTH, 1000));
                stage[0].show();
                return null;
            });
        }

        ExplorerViewModel vm() {
            return holder[0];
        }

        void launchAndWait(String name, io.shardlab.session.Scenario scenario) throws Exception {
            onFx(() -> {
                holder[0].launch(scenario);
                return null;
            });
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (onFx(() -> holder[0].phaseProperty().get()) != ExplorerViewModel.Phase.READY) {
                if (System.nanoTime() > deadline) {
                    throw new IllegalStateException(name + ": the scenario did not load in 60 s");
                }
                Thread.sleep(50);
            }
            // the garbage of loading (a million documents read ahead) is the loading's, not the measurement's
            System.gc();
        }

        /** Starts counting pulses, deliveries and published states from now. */
        long startMeasuring() throws Exception {
            long start = System.nanoTime();
            startNanos[0] = start;
            onFx(() -> {
                offers[0] = 0;
                deliveryCount[0] = 0;
                gapCount[0] = 0;
                measuring.set(true);
                return null;
            });
            return start;
        }

        /** Stops, closes the window and prints the three figures; true when no pulse gap is over budget. */
        boolean stopAndReport() throws Exception {
            measuring.set(false);
            onFx(() -> {
                pulses.stop();
                holder[0].playback().pause();
                stage[0].close();
                return null;
            });
            thread.close();
            boolean ok = report("  JavaFX pulse interval", Arrays.copyOf(gaps, gapCount[0]), PULSE_BUDGET_NANOS, 1.0);
            report(
                    "  JavaFX thread CPU time between two pulses",
                    Arrays.copyOf(busy, gapCount[0]),
                    PULSE_BUDGET_NANOS,
                    1.0);
            report(
                    "  delivery of an engine state to the screen",
                    Arrays.copyOf(deliveries, deliveryCount[0]),
                    PULSE_BUDGET_NANOS,
                    1.0);
            return ok;
        }
    }

    private static boolean streaming(String name, io.shardlab.session.Scenario scenario, long seconds)
            throws Exception {
        MeasuredExplorer x = new MeasuredExplorer();
        x.launchAndWait(name, scenario);
        onFx(() -> {
            x.vm().playback().chooseSpeed(PlaybackSpeed.MAX);
            x.vm().playback().play();
            x.pulses.start();
            return null;
        });
        // the first seconds of each stream warm up the JIT for its key's code paths and are not counted
        long warmUpEnd = System.nanoTime() + TimeUnit.SECONDS.toNanos(WARM_UP_SECONDS);
        long start = -1;
        // a stream at full speed is over in a second or two: play it again and again for the whole period
        int plays = 1;
        while (start < 0 || System.nanoTime() - start < TimeUnit.SECONDS.toNanos(seconds)) {
            if (start < 0 && System.nanoTime() >= warmUpEnd) {
                start = x.startMeasuring();
                plays = 1;
            }
            Thread.sleep(20);
            boolean over = onFx(() -> x.vm().phaseProperty().get() == ExplorerViewModel.Phase.READY
                    && x.vm().playback().finishedProperty().get());
            if (over) {
                plays++;
                onFx(() -> {
                    x.vm().playback().reset();
                    return null;
                });
                while (onFx(() -> x.vm().playback().finishedProperty().get()
                        || x.vm().phaseProperty().get() != ExplorerViewModel.Phase.READY)) {
                    Thread.sleep(20);
                }
                onFx(() -> {
                    x.vm().playback().play();
                    return null;
                });
            }
        }
        double elapsed = (System.nanoTime() - start) / 1e9;
        System.out.printf(
                Locale.ROOT,
                "streaming %s at full speed for %.1f s (%d plays of the stream): %,d states "
                        + "published, %,d reached the screen (newest wins)%n",
                name,
                elapsed,
                plays,
                x.offers[0],
                x.deliveryCount[0]);
        return x.stopAndReport();
    }

    // ---- 3. the UI thread while a client writes at full speed through the wire -------------------------

    /** Documents per insertMany of the client, as the serve benchmark's. */
    static final int CLIENT_BATCH = 1_000;

    /**
     * Simulation → Accept connections with a MongoDB Java driver as the client: it shards {@code
     * bench.inbox} on a hashed key and sends insertMany batches of {@value #CLIENT_BATCH} as fast as the
     * explorer answers, while the collection picker follows its writes (the number line, lanes and charts
     * show {@code bench.inbox}). Measured as the streams are, after {@value #WARM_UP_SECONDS} s of writing.
     */
    private static boolean clientWrites(long seconds) throws Exception {
        String name = "a client's insertMany into a hashed collection through the wire";
        MeasuredExplorer x = new MeasuredExplorer();
        x.launchAndWait(
                name,
                io.shardlab.session.Scenario.of("{ counter: 1 }", "monotonic").withDocuments(1_000));
        onFx(() -> {
            x.vm().collections().followWritesProperty().set(true);
            x.vm().connections().setAccepting(true);
            return null;
        });
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (onFx(() -> x.vm().connections().connectionStringProperty().get()).isEmpty()) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException(name + ": the explorer did not accept connections in 30 s");
            }
            Thread.sleep(20);
        }
        String uri = onFx(() -> x.vm().connections().connectionStringProperty().get());
        AtomicBoolean writing = new AtomicBoolean(true);
        long[] written = new long[1];
        long[] writtenAtStart = new long[1];
        long[] batchNanos = new long[1 << 20];
        int[] batches = new int[1];
        AtomicBoolean counting = new AtomicBoolean();
        Throwable[] failure = new Throwable[1];
        Thread client = new Thread(
                () -> {
                    try (com.mongodb.client.MongoClient mongo = com.mongodb.client.MongoClients.create(
                            uri + "?directConnection=true&serverSelectionTimeoutMS=10000")) {
                        mongo.getDatabase("admin")
                                .runCommand(new org.bson.Document("shardCollection", "bench.inbox")
                                        .append("key", new org.bson.Document("userId", "hashed")));
                        com.mongodb.client.MongoCollection<org.bson.BsonDocument> inbox =
                                mongo.getDatabase("bench").getCollection("inbox", org.bson.BsonDocument.class);
                        long id = 0;
                        while (writing.get()) {
                            List<org.bson.BsonDocument> batch = new ArrayList<>(CLIENT_BATCH);
                            for (int i = 0; i < CLIENT_BATCH; i++) {
                                batch.add(new org.bson.BsonDocument("userId", new BsonInt64(id++))
                                        .append("text", new org.bson.BsonString("message " + id)));
                            }
                            long s = System.nanoTime();
                            inbox.insertMany(batch);
                            if (counting.get() && batches[0] < batchNanos.length) {
                                batchNanos[batches[0]++] = System.nanoTime() - s;
                            }
                            written[0] = id;
                        }
                    } catch (RuntimeException e) {
                        failure[0] = e;
                    }
                },
                "bench-client");
        client.setDaemon(true);
        onFx(() -> {
            x.pulses.start();
            return null;
        });
        client.start();
        Thread.sleep(TimeUnit.SECONDS.toMillis(WARM_UP_SECONDS));
        long start = x.startMeasuring();
        writtenAtStart[0] = written[0];
        counting.set(true);
        Thread.sleep(TimeUnit.SECONDS.toMillis(seconds));
        counting.set(false);
        double elapsed = (System.nanoTime() - start) / 1e9;
        long documents = written[0] - writtenAtStart[0];
        String shown = onFx(() -> x.vm().collections().shownProperty().get().namespace());
        writing.set(false);
        client.join(30_000);
        if (failure[0] != null) {
            throw new IllegalStateException(name + ": the client failed: " + failure[0].getMessage(), failure[0]);
        }
        System.out.printf(
                Locale.ROOT,
                "%s for %.1f s: %,d documents (%,.0f a second), on show: %s; %,d states "
                        + "published, %,d reached the screen (newest wins)%n",
                name,
                elapsed,
                documents,
                documents / elapsed,
                shown,
                x.offers[0],
                x.deliveryCount[0]);
        report(
                "  insertMany of " + CLIENT_BATCH + " documents, round trip",
                Arrays.copyOf(batchNanos, batches[0]),
                Long.MAX_VALUE,
                1.0);
        return x.stopAndReport() && shown.equals("bench.inbox");
    }

    // ---- helpers ---------------------------------------------------------------------------------------

    /** Prints p50, p95, p99 and max; true when the given percentile is within budget. */
    static boolean report(String what, long[] nanos, long budget, double percentile) {
        if (nanos.length == 0) {
            System.out.println(what + ": no samples");
            return false;
        }
        long[] sorted = nanos.clone();
        Arrays.sort(sorted);
        long checked = at(sorted, percentile);
        boolean ok = checked <= budget;
        String budgetText = budget == Long.MAX_VALUE
                ? "no budget"
                : "budget " + (percentile == 1.0 ? "max" : "p" + Math.round(percentile * 100)) + " "
                        + budget / 1_000_000 + " ms";
        System.out.printf(
                Locale.ROOT,
                "%s: n=%d p50=%.2f ms p95=%.2f ms p99=%.2f ms max=%.2f ms (%s)%s%n",
                what,
                sorted.length,
                at(sorted, 0.5) / 1e6,
                at(sorted, 0.95) / 1e6,
                at(sorted, 0.99) / 1e6,
                sorted[sorted.length - 1] / 1e6,
                budgetText,
                ok ? "" : "  OVER");
        return ok;
    }

    static long at(long[] sorted, double q) {
        return sorted[Math.min(sorted.length - 1, (int) Math.floor(q * (sorted.length - 1)))];
    }

    static <T> T onFx(java.util.concurrent.Callable<T> work) throws Exception {
        FutureTask<T> task = new FutureTask<>(work);
        Platform.runLater(task);
        return task.get(120, TimeUnit.SECONDS);
    }
}
