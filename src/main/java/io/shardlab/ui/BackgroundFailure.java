package io.shardlab.ui;

import io.shardlab.live.LiveClusterException;
import io.shardlab.text.Language;
import io.shardlab.text.Message;
import io.shardlab.text.Messages;
import io.shardlab.text.RefusedInput;
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

    private static final Messages ENGLISH = Messages.of(Language.ENGLISH);

    private BackgroundFailure() {}

    /**
     * What to say for {@code failure}: the failure's own message (worded where it was thrown) as it is, or
     * ShardLab's words around it.
     */
    public static Message message(Throwable failure) {
        if (failure instanceof StackOverflowError) {
            return Message.of("window.failure.tooDeep");
        }
        if (failure instanceof OutOfMemoryError) {
            return Message.of("window.failure.outOfMemory", Runtime.getRuntime().maxMemory() / (1024 * 1024));
        }
        if (failure instanceof RefusedInput refused) {
            return Message.of("window.said", refused.said());
        }
        if (failure instanceof LiveClusterException live) {
            return Message.of("window.said", live.said());
        }
        String message = failure.getMessage() == null || failure.getMessage().isBlank()
                ? failure.getClass().getSimpleName()
                : failure.getMessage().replaceAll("\\s+", " ").strip();
        if (failure instanceof IllegalArgumentException
                || failure instanceof IOException
                || failure instanceof UncheckedIOException
                || failure instanceof LiveClusterException
                || failure instanceof CancellationException) {
            return Message.of("window.said", message);
        }
        return Message.of("window.failure.unexpected", message);
    }

    /** The line to show inline for {@code failure}, in English: for a caller that holds words, not messages. */
    public static String describe(Throwable failure) {
        return ENGLISH.text(message(failure));
    }
}
