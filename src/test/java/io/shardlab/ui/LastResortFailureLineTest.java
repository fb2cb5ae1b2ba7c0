package io.shardlab.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardlab.text.Language;
import io.shardlab.text.Messages;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** A throwable nothing caught becomes one shown line; the JavaFX thread shows it, whichever thread threw. */
class LastResortFailureLineTest {

    private final List<String> shown = new ArrayList<>();
    private final List<Runnable> later = new ArrayList<>();
    private final ByteArrayOutputStream errors = new ByteArrayOutputStream();

    private LastResortFailureLine handler(boolean onFxThread) {
        return new LastResortFailureLine(
                line -> shown.add(Messages.of(Language.ENGLISH).text(line)),
                () -> onFxThread,
                later::add,
                new PrintStream(errors, true, StandardCharsets.UTF_8));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            # thrown                  | the line shown
            a bug                     | Unexpected error: chunk list is empty (a ShardLab bug: please report it)
            bad input                 | shard key { x: 2 }: Non-hashed fields must be set to 1
            a stack overflow          | The input is nested too deeply to process.
            """)
    void aFailureOnTheFxThreadIsShownAtOnceAsOneLine(String thrown, String expected) {
        Throwable failure = switch (thrown) {
            case "a bug" -> new IllegalStateException("chunk list is empty");
            case "bad input" ->
                new IllegalArgumentException("shard key { x: 2 }:\n  Non-hashed fields must be set to 1");
            default -> new StackOverflowError();
        };

        handler(true).uncaughtException(Thread.currentThread(), failure);

        assertEquals(List.of(expected), shown);
        assertTrue(later.isEmpty());
        String written = errors.toString(StandardCharsets.UTF_8);
        assertEquals("shardlab: " + expected + System.lineSeparator(), written, "one line, no stack trace");
        assertFalse(written.contains("java."), written);
    }

    @Test
    void aFailureOnAnotherThreadIsShownLaterOnTheFxThread() {
        LastResortFailureLine handler = handler(false);

        handler.uncaughtException(
                new Thread("shardlab-simulation"), new IllegalStateException("no chunk owns { x: 5 }"));

        assertTrue(shown.isEmpty(), "not touched off the JavaFX thread");
        assertEquals(1, later.size());
        later.get(0).run();
        assertEquals(List.of("Unexpected error: no chunk owns { x: 5 } (a ShardLab bug: please report it)"), shown);
    }

    @Test
    void runningOutOfMemoryNamesTheHeapShardLabWasGiven() {
        handler(true).uncaughtException(Thread.currentThread(), new OutOfMemoryError("Java heap space"));

        assertEquals(1, shown.size());
        assertTrue(shown.get(0).startsWith("The input is too large for the memory ShardLab was given ("), shown.get(0));
        assertTrue(shown.get(0).endsWith(" MB); try a smaller one."), shown.get(0));
    }
}
