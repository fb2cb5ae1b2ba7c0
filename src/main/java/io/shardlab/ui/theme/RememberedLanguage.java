package io.shardlab.ui.theme;

import io.shardlab.files.InputFile;
import io.shardlab.text.Language;
import io.shardlab.text.Message;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * The language the user chose in View → Language, kept between runs in a small text file beside the windows'
 * sizes ({@code ~/.shardlab/language}), so that the next start speaks it. Before any choice (no file) the window
 * follows the operating system's locale ({@link Language#forLocale}).
 *
 * <p>The file holds the language's tag ({@link Language#tag()}, e.g. {@code zh-CN}) on its first line; it is
 * replaced atomically by {@link #remember}. What cannot be read or written is told to the {@code problems} given,
 * never thrown: the window must open, in the locale's language then.
 */
public final class RememberedLanguage {

    /** The longest file read: a tag and a line end, with room to spare. */
    private static final int MAX_CHARS = 64;

    private final Path file;
    private final Consumer<Message> problems;
    private final Language language;

    private RememberedLanguage(Path file, Consumer<Message> problems, Language language) {
        this.file = file;
        this.problems = problems;
        this.language = language;
    }

    /** Where the application keeps it: {@code ~/.shardlab/language}, beside the windows' sizes. */
    public static Path fileOfThisUser() {
        return Path.of(System.getProperty("user.home"), ".shardlab", "language");
    }

    /**
     * The language remembered in {@code file}, read now; {@code locale}'s language when the file does not exist
     * yet or cannot be read (it is created, with its folder, by the first {@link #remember}).
     *
     * @param problems told, as a message naming the file, what could not be read or written
     */
    public static RememberedLanguage inFile(Path file, Locale locale, Consumer<Message> problems) {
        Objects.requireNonNull(file, "file");
        Objects.requireNonNull(problems, "problems");
        return new RememberedLanguage(file, problems, read(file, Language.forLocale(locale), problems));
    }

    /** Speaks {@code language} and remembers a choice for this run only (tests, previews). */
    public static RememberedLanguage inMemory(Language language) {
        return new RememberedLanguage(null, problem -> {}, Objects.requireNonNull(language, "language"));
    }

    /** The language to start in: the remembered one, else the locale's. */
    public Language language() {
        return language;
    }

    /** Writes {@code chosen} to the file for the next start. */
    public void remember(Language chosen) {
        Objects.requireNonNull(chosen, "chosen");
        if (file == null) {
            return;
        }
        KeptFile.replace(
                file, chosen.tag() + "\n", why -> problems.accept(Message.of("window.language.notWritten", why)));
    }

    private static Language read(Path file, Language fallback, Consumer<Message> problems) {
        if (!Files.exists(file)) {
            return fallback;
        }
        try {
            String tag = InputFile.readString(file, MAX_CHARS).strip();
            return Language.ofTag(tag);
        } catch (IllegalArgumentException e) { // a FileException, or a tag ShardLab does not speak
            problems.accept(Message.of("window.language.notRead", file, e.getMessage(), fallback.nativeName()));
            return fallback;
        }
    }
}
