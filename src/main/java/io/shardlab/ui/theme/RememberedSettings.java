package io.shardlab.ui.theme;

import io.shardlab.text.Message;
import java.nio.file.Path;
import java.util.Map;
import java.util.Objects;
import java.util.Properties;
import java.util.TreeMap;
import java.util.function.Consumer;
import java.util.regex.Pattern;

/**
 * The windows' settings that are neither a window's size ({@link RememberedWindows}) nor the language ({@link
 * RememberedLanguage}), kept between runs beside them ({@code ~/.shardlab/settings}): today the placement board's
 * disk per shard. A setting is a whole number under a dotted name ({@code placement-board.disk-mib}).
 *
 * <p>The file holds one {@code <name>=<value>} line per setting, in the {@link Properties} syntax; it is replaced
 * atomically by each {@link #remember}. A setting missing, unreadable or out of its bounds is its default; what was
 * wrong is told to the {@code problems} given, never thrown: a window must open.
 */
public final class RememberedSettings {

    /** A setting's name: lower case words of letters, digits and dashes, joined by dots. */
    private static final Pattern NAME = Pattern.compile("[a-z][a-z0-9-]*(\\.[a-z][a-z0-9-]*)*");

    /** The file's first line, for whoever opens it. */
    private static final String HEADER = "# ShardLab's settings, for the next start\n"; // untranslated: a file

    private final Path file;
    private final Consumer<Message> problems;
    private final Map<String, String> values = new TreeMap<>();

    private RememberedSettings(Path file, Consumer<Message> problems) {
        this.file = file;
        this.problems = problems;
    }

    /** Where the application keeps them: {@code ~/.shardlab/settings}, beside the windows' sizes. */
    public static Path fileOfThisUser() {
        return Path.of(System.getProperty("user.home"), ".shardlab", "settings");
    }

    /**
     * The settings remembered in {@code file}, read now (none when it does not exist yet; it is created, with its
     * folder, by the first {@link #remember}).
     *
     * @param problems told, in a message naming the file, what could not be read or written
     */
    public static RememberedSettings inFile(Path file, Consumer<Message> problems) {
        RememberedSettings settings = new RememberedSettings(
                Objects.requireNonNull(file, "file"), Objects.requireNonNull(problems, "problems"));
        settings.read();
        return settings;
    }

    /** Remembers for this run only: nothing is read or written (tests). */
    public static RememberedSettings inMemory() {
        return new RememberedSettings(null, problem -> {});
    }

    /**
     * The whole number remembered as {@code name}, or {@code fallback} before it is first remembered, or when the
     * file's value is not a number from {@code min} to {@code max} (then told to the problems).
     */
    public long number(String name, long fallback, long min, long max) {
        String text = values.get(checkName(name));
        if (text == null) {
            return fallback;
        }
        try {
            long n = Long.parseLong(text.strip());
            if (n >= min && n <= max) {
                return n;
            }
        } catch (NumberFormatException e) {
            // told below, as a value out of its bounds
        }
        problems.accept(Message.of("settings.notANumber", file, name, text, min, max, fallback));
        return fallback;
    }

    /** Remembers {@code value} as {@code name} and writes the file for the next start. */
    public void remember(String name, long value) {
        String was = values.put(checkName(name), Long.toString(value));
        if (file == null || Long.toString(value).equals(was)) {
            return;
        }
        StringBuilder text = new StringBuilder(HEADER);
        values.forEach((key, v) -> text.append(key).append('=').append(v).append('\n'));
        KeptFile.replace(file, text.toString(), why -> problems.accept(Message.of("settings.notWritten", why)));
    }

    private void read() {
        KeptFile.properties(file, why -> problems.accept(Message.of("settings.notRead", why)))
                .ifPresent(this::take);
    }

    private void take(Properties lines) {
        lines.stringPropertyNames().stream()
                .filter(key -> NAME.matcher(key).matches())
                .forEach(key -> values.put(key, lines.getProperty(key)));
    }

    private static String checkName(String name) {
        if (name == null || !NAME.matcher(name).matches()) {
            String rule = "setting name: dotted words of a-z, 0-9 and -, got '"; // untranslated: a contract
            throw new IllegalArgumentException(rule + name + "'");
        }
        return name;
    }
}
