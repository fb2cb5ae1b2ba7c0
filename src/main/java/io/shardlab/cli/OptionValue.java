package io.shardlab.cli;

import io.shardlab.files.AtomicFile;
import io.shardlab.files.FileException;
import java.nio.file.Path;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * One command-line option's value made into what the command uses — parsed, or a file checked, read or
 * written — where a refusal names the option ({@code --theme: unknown theme 'x'}) in place of the code that
 * refused it. Every command checks its options through these (numeric ranges through {@link OptionBound}), so
 * an option refused in one command reads the same in every other.
 */
final class OptionValue {

    private OptionValue() {}

    /**
     * {@code value} parsed, a refusal naming {@code option} in place of the parser's own field ({@code "theme:
     * unknown …"} becomes {@code "--theme: unknown …"}).
     */
    static <T> T parsed(String option, String value, Function<String, T> parse) {
        try {
            return parse.apply(value);
        } catch (IllegalArgumentException e) {
            String message = e.getMessage() == null ? "" : e.getMessage();
            int colon = message.indexOf(": ");
            throw new IllegalArgumentException(option + ": " + (colon >= 0 ? message.substring(colon + 2) : message));
        }
    }

    /** {@code value} parsed, a refusal saying the parser's whole message after {@code option}. */
    static <V, T> T named(String option, V value, Function<V, T> parse) {
        try {
            return parse.apply(value);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(option + ": " + e.getMessage(), e);
        }
    }

    /** Refuses a file that cannot be written, before anything is computed for it; the refusal names {@code option}. */
    static void checkWritable(String option, Path file) {
        inFile(option, () -> AtomicFile.checkWritable(file));
    }

    /** Does {@code work} on {@code option}'s file; its file refusal names {@code option}. */
    static void inFile(String option, Runnable work) {
        inFile(option, () -> {
            work.run();
            return option;
        });
    }

    /** What {@code work} reads from or writes to {@code option}'s file; its file refusal names {@code option}. */
    static <T> T inFile(String option, Supplier<T> work) {
        try {
            return work.get();
        } catch (FileException e) {
            throw new FileException(option + ": " + e.getMessage());
        }
    }
}
