package io.shardlab.ui;

import io.shardlab.live.LiveClusterException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.concurrent.CancellationException;

/**
 * The one line the app shows when background work ends in a failure instead of a result: bad
 * input, an unreadable file and a cluster that cannot be read explain themselves; a stack overflow
 * or running out of memory is an input too deep or too large; anything else is a ShardLab bug and
 * says so. Never a stack trace, never a Java class name
 * where a message exists.
 */
public final class BackgroundFailure {

    private BackgroundFailure() {}

    /** The line to show inline for {@code failure}. */
    public static String describe(Throwable failure) {
        if (failure instanceof StackOverflowError) {
            return "The input is nested too deeply to process.";
        }
        if (failure instanceof OutOfMemoryError) {
            return "The input is too large for the memory ShardLab was given ("
                    + Runtime.getRuntime().maxMemory() / (1024 * 1024) + " MB); try a smaller one.";
        }
        String message = failure.getMessage() == null || failure.getMessage().isBlank()
                ? failure.getClass().getSimpleName()
                : failure.getMessage().replaceAll("\\s+", " ").strip();
        if (failure instanceof IllegalArgumentException
                || failure instanceof IOException
                || failure instanceof UncheckedIOException
                || failure instanceof LiveClusterException
                || failure instanceof CancellationException) {
            return message;
        }
        return "Unexpected error: " + message + " (a ShardLab bug: please report it)";
    }
}
