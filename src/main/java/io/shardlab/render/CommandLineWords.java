package io.shardlab.render;

import java.util.Arrays;
import java.util.List;
import java.util.function.Function;

/**
 * The words a picture's choices (its view, its chunk widths, its file format) are spelled with on the command line,
 * and the lookup of one by its word.
 */
final class CommandLineWords {

    private CommandLineWords() {}

    /**
     * The choice among {@code choices} spelled {@code name}.
     *
     * @param what what is chosen, for the message, e.g. {@code "format"}
     * @param word each choice's command-line word
     * @throws IllegalArgumentException naming every word and {@code name}, e.g. "format: expected png, svg or pdf,
     *     got 'gif'"
     */
    static <E extends Enum<E>> E parse(String what, E[] choices, Function<E, String> word, String name) {
        for (E choice : choices) {
            if (word.apply(choice).equals(name)) {
                return choice;
            }
        }
        List<String> words = Arrays.stream(choices).map(word).toList();
        String expected = String.join(", ", words.subList(0, words.size() - 1)) + " or " + words.get(words.size() - 1);
        throw new IllegalArgumentException(
                what + ": expected " + expected + ", got '" + name + "'"); // untranslated: the CLI's refusal
    }
}
