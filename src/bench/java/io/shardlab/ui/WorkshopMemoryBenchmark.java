package io.shardlab.ui;

import io.shardlab.DesktopApp;
import io.shardlab.render.ExportFormat;
import io.shardlab.session.PlaybackSpeed;
import io.shardlab.ui.explorer.ExplorerViewModel;
import io.shardlab.ui.explorer.diagram.DiagramPicture;
import io.shardlab.ui.export.ExportViewModel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.stream.Stream;
import javafx.application.Platform;
import javafx.scene.control.Button;
import javafx.stage.Stage;

/**
 * The GUI's memory budget (DESIGN.md: resident memory after a 30-minute workshop session ≤ 700 MB with the
 * launcher's options), measured on the whole app, headless (Monocle, software rendering), with
 * {@code mvn -Pbench verify}: ShardLab's window plays a workshop the way a teacher does — the next lesson,
 * Run scenario, its stream at Max for {@value #PLAY_SECONDS} s (played again when it ends), then the diagram
 * exported to PNG, SVG and PDF through the export dialog's ViewModel — lesson after lesson, round and round,
 * for the session's minutes. The process's resident set ({@code VmRSS} of {@code /proc/self/status}) is
 * sampled every second; the peak and the end are printed against the budget ("OVER" marks a miss). Like the
 * other benchmarks it reports and does not fail the build.
 */
public final class WorkshopMemoryBenchmark {

    static final long BUDGET_BYTES = 700L << 20;
    /** Seconds each lesson's stream plays at Max before its exports. */
    static final int PLAY_SECONDS = 20;

    private WorkshopMemoryBenchmark() {}

    public static void main(String[] args) throws Exception {
        double minutes = args.length > 0 ? Double.parseDouble(args[0]) : 30;
        CountDownLatch started = new CountDownLatch(1);
        Platform.startup(started::countDown);
        started.await();
        Platform.setImplicitExit(false);
        ShardLabApp app = new DesktopApp();
        Stage[] stage = new Stage[1];
        onFx(() -> {
            stage[0] = new Stage();
            app.start(stage[0]);
            return null;
        });
        ExplorerViewModel explorer = app.explorer();
        Path out = Files.createTempDirectory("shardlab-workshop");
        ExecutorService exportThread = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "bench-export");
            t.setDaemon(true);
            return t;
        });
        long start = System.nanoTime();
        long end = start + (long) (minutes * 60e9);
        long peak = 0;
        int lessons = 0;
        int plays = 0;
        int exports = 0;
        while (System.nanoTime() < end) {
            // the next lesson (from the last one, back to the first), then Run scenario
            onFx(() -> {
                Button next = (Button) stage[0].getScene().lookup("#lesson-next");
                if (next.isDisabled()) {
                    Button previous = (Button) stage[0].getScene().lookup("#lesson-previous");
                    while (!previous.isDisabled()) {
                        previous.fire();
                    }
                } else {
                    next.fire();
                }
                ((Button) stage[0].getScene().lookup("#lesson-run")).fire();
                return null;
            });
            lessons++;
            waitFor(
                    60,
                    () -> onFxQuietly(
                            () -> explorer.playback().availableProperty().get()));
            onFx(() -> {
                explorer.playback().chooseSpeed(PlaybackSpeed.MAX);
                explorer.playback().play();
                return null;
            });
            plays++;
            long playEnd = System.nanoTime() + TimeUnit.SECONDS.toNanos(PLAY_SECONDS);
            while (System.nanoTime() < playEnd && System.nanoTime() < end) {
                Thread.sleep(1000);
                peak = Math.max(peak, residentBytes());
                if (onFx(() -> explorer.playback().finishedProperty().get())) {
                    onFx(() -> {
                        explorer.playback().reset();
                        explorer.playback().play();
                        return null;
                    });
                    plays++;
                }
            }
            onFx(() -> {
                explorer.playback().pause();
                return null;
            });
            for (ExportFormat format : ExportFormat.values()) {
                Path file = out.resolve("lesson-" + lessons + "." + format.extension());
                ExportViewModel export = onFx(() -> {
                    DiagramPicture picture =
                            explorer.numberLine().pictureProperty().get();
                    ExportViewModel vm = new ExportViewModel(
                            new ExportViewModel.Input(
                                    picture.data(), picture.options().highlight()),
                            false,
                            exportThread,
                            Platform::runLater,
                            image -> {});
                    vm.formatProperty().set(format);
                    vm.save(file);
                    return vm;
                });
                waitFor(60, () -> onFxQuietly(() -> !export.savingProperty().get()));
                String error = onFx(() -> export.errorProperty().get());
                if (!error.isEmpty()) {
                    System.out.println("  export failed: " + error);
                } else {
                    exports++;
                }
                Files.deleteIfExists(file);
            }
            long rss = residentBytes();
            peak = Math.max(peak, rss);
            Runtime rt = Runtime.getRuntime();
            System.out.printf(
                    Locale.ROOT,
                    "%5.1f min  lesson %3d  resident %,5d MB  heap used %,5d MB (after the last "
                            + "GC %,5d MB) of %,5d MB committed%n",
                    (System.nanoTime() - start) / 60e9,
                    lessons,
                    rss >> 20,
                    (rt.totalMemory() - rt.freeMemory()) >> 20,
                    heapAfterLastGc() >> 20,
                    rt.totalMemory() >> 20);
        }
        long last = residentBytes();
        System.out.printf(
                Locale.ROOT,
                "workshop session of %.1f min: %d lessons run, %d streams played at Max, %d exports; "
                        + "resident memory peak %,d MB, at the end %,d MB; budget %,d MB%s%n",
                minutes,
                lessons,
                plays,
                exports,
                peak >> 20,
                last >> 20,
                BUDGET_BYTES >> 20,
                last <= BUDGET_BYTES ? "" : "  OVER");
        exportThread.shutdownNow();
        try (Stream<Path> left = Files.walk(out)) {
            left.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
        Platform.exit();
        System.exit(0);
    }

    /** The heap the last collection of each pool left in use: what the session really holds, garbage aside. */
    static long heapAfterLastGc() {
        long used = 0;
        for (java.lang.management.MemoryPoolMXBean pool :
                java.lang.management.ManagementFactory.getMemoryPoolMXBeans()) {
            java.lang.management.MemoryUsage after = pool.getCollectionUsage();
            if (pool.getType() == java.lang.management.MemoryType.HEAP && after != null) {
                used += after.getUsed();
            }
        }
        return used;
    }

    /** The process's resident set in bytes ({@code VmRSS}), 0 where /proc is not there. */
    static long residentBytes() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
                if (line.startsWith("VmRSS:")) {
                    return Long.parseLong(line.replaceAll("[^0-9]", "")) * 1024;
                }
            }
        } catch (java.io.IOException | NumberFormatException e) {
            return 0;
        }
        return 0;
    }

    private static void waitFor(int seconds, BooleanSupplier done) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        while (!done.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("nothing happened in " + seconds + " s");
            }
            Thread.sleep(50);
        }
    }

    private static boolean onFxQuietly(Callable<Boolean> check) {
        try {
            return onFx(check);
        } catch (Exception e) {
            return false;
        }
    }

    private static <T> T onFx(Callable<T> task) throws Exception {
        FutureTask<T> future = new FutureTask<>(task);
        Platform.runLater(future);
        return future.get(60, TimeUnit.SECONDS);
    }
}
