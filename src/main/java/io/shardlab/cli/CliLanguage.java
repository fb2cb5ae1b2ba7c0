package io.shardlab.cli;

import io.shardlab.text.Language;
import io.shardlab.text.Messages;
import java.util.Objects;

/**
 * The language one command line speaks its own messages in: the global option {@code --lang <tag>}'s, else the
 * one it starts with (the operating system's locale's, {@link Language#forLocale}). Wired once in
 * {@link Cli#create}, given to the commands that speak, and set while the arguments are parsed (before any
 * command runs). {@code --json} output, MongoDB's words and mongosh's output are never translated.
 */
final class CliLanguage {

    private Messages words;

    CliLanguage(Language initial) {
        this.words = Messages.of(initial);
    }

    /** The words of the chosen language. */
    Messages words() {
        return words;
    }

    /** The text of {@code key} in the chosen language (a key of the {@code cli} bundle). */
    String text(String key, Object... arguments) {
        return words.text(key, arguments);
    }

    Language language() {
        return words.language();
    }

    /** Chooses {@code language} for the rest of the run. */
    void choose(Language language) {
        this.words = Messages.of(Objects.requireNonNull(language, "language"));
    }
}
