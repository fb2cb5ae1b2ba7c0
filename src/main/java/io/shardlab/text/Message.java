package io.shardlab.text;

import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * Something to tell a person, not yet in words: a bundle key and the values of its text's format elements. The
 * pure packages return messages (an advisor's reason, an activity log line) so that the front end says them
 * in the language the user chose, even after a switch.
 *
 * @param key a key of the bundles, {@code <area>.<name>} (e.g. {@code advisor.verdict.good})
 * @param arguments the values of the text's format elements {@code {0}}, {@code {1}}, …, in order: numbers,
 *     strings, or nested messages (said in the same language)
 */
public record Message(String key, List<Object> arguments) {

    public Message {
        Objects.requireNonNull(key, "key");
        if (key.indexOf('.') <= 0) {
            throw new IllegalArgumentException("message key '" + key + "' has no area: use <area>.<name>");
        }
        arguments = List.copyOf(arguments);
    }

    /** The message {@code key} with {@code arguments}. */
    public static Message of(String key, Object... arguments) {
        return new Message(key, Arrays.asList(arguments));
    }
}
