package io.shardlab.cli;

import io.shardlab.text.Messages;
import java.util.Collections;
import java.util.Enumeration;
import java.util.List;
import java.util.Locale;
import java.util.ResourceBundle;
import java.util.function.Supplier;
import java.util.stream.Collectors;

/**
 * The words of picocli's usage help ({@code --help}) in the language {@code --lang} chose: picocli's resource
 * bundle keys (a command's {@code usage.description}, an option's longest name without its dashes, each maybe
 * prefixed by the command's qualified name, e.g. {@code shardlab.simulate.key}) read from the {@code cli} bundle
 * under {@code cli.help.}. The language is looked up at each read, so {@code --lang}, parsed before
 * {@code --help} is answered, changes the help of every command. A key the bundle lacks falls back to the
 * annotation's own description (picocli's rule).
 *
 * <p>Every text is a {@link java.text.MessageFormat} pattern (an apostrophe written {@code ''}, braces quoted):
 * {@code {0}} stands for picocli's {@code ${DEFAULT-VALUE}} and {@code {1}} for {@code ${COMPLETION-CANDIDATES}},
 * which picocli then fills in; picocli's line break {@code %n} passes through.
 */
final class HelpWords extends ResourceBundle {

    static final String PREFIX = "cli.help.";

    /** Picocli's variables a text names by number: {@code {0}} the option's default, {@code {1}} its choices. */
    private static final Object[] PICOCLI_VARIABLES = {"${DEFAULT-VALUE}", "${COMPLETION-CANDIDATES}"};

    private final Supplier<Messages> words;
    private final List<String> keys;

    /**
     * @param words the words of the language chosen now (read at each lookup)
     * @param keys the bundle's keys under {@link #PREFIX}, without it (the same in every language)
     */
    HelpWords(Supplier<Messages> words, List<String> keys) {
        this.words = words;
        this.keys = List.copyOf(keys);
    }

    /** The help words of {@code language}'s current choice; the keys are those of the English {@code cli} bundle. */
    static HelpWords of(CliLanguage language) {
        ResourceBundle english = ResourceBundle.getBundle(
                "io.shardlab.text.cli",
                Locale.ROOT,
                HelpWords.class.getClassLoader(),
                ResourceBundle.Control.getNoFallbackControl(ResourceBundle.Control.FORMAT_PROPERTIES));
        List<String> keys = english.keySet().stream()
                .filter(key -> key.startsWith(PREFIX))
                .map(key -> key.substring(PREFIX.length()))
                .sorted()
                .collect(Collectors.toList());
        return new HelpWords(language::words, keys);
    }

    @Override
    protected Object handleGetObject(String key) {
        return keys.contains(key) ? words.get().text(PREFIX + key, PICOCLI_VARIABLES) : null;
    }

    @Override
    public Enumeration<String> getKeys() {
        return Collections.enumeration(keys);
    }
}
