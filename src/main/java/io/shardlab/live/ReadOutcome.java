package io.shardlab.live;

import io.shardlab.text.Message;
import java.util.Optional;

/**
 * The result of an optional read (a command or stage that not every server or source offers): a
 * value, or the one-line reason it is unavailable, to be said in the user's language.
 *
 * @param value the value, or null when unavailable
 * @param unavailable why there is no value, or null when there is one
 * @param <T> the value type
 */
public record ReadOutcome<T>(T value, Message unavailable) {

    public ReadOutcome {
        if ((value == null) == (unavailable == null)) {
            throw new IllegalArgumentException(
                    "value/unavailable: exactly one of them is set"); // untranslated: a developer's contract
        }
    }

    /** A value. */
    public static <T> ReadOutcome<T> of(T value) {
        return new ReadOutcome<>(value, null);
    }

    /** No value, and why. */
    public static <T> ReadOutcome<T> unavailable(Message reason) {
        return new ReadOutcome<>(null, reason);
    }

    /** The value, if any. */
    public Optional<T> get() {
        return Optional.ofNullable(value);
    }
}
