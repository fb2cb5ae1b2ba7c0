package io.shardlab.ui;

import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.BooleanSupplier;
import org.testfx.util.WaitForAsyncUtils;

/**
 * How the window tests wait for the JavaFX thread: for a condition that a background task (loading a
 * scenario, a stream playing) makes true, and for work run on the JavaFX thread itself.
 */
public final class FxWait {

    private FxWait() {}

    /** Waits up to 30 s for {@code condition}, then for the events it queued on the JavaFX thread. */
    public static void waitUntil(BooleanSupplier condition) throws TimeoutException {
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, condition::getAsBoolean);
        WaitForAsyncUtils.waitForFxEvents();
    }

    /** Runs {@code task} on the JavaFX thread and returns its result (10 s at most). */
    public static <T> T onFxThread(Callable<T> task) throws Exception {
        return WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, WaitForAsyncUtils.asyncFx(task));
    }
}
