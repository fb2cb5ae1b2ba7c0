package io.shardlab.ui.theme;

import io.shardlab.text.Message;
import java.nio.file.Path;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Properties;
import java.util.TreeMap;
import java.util.function.Consumer;
import java.util.regex.Pattern;

/**
 * Where each long-lived window (the main window, the advisor) was and how large it was, kept between runs in
 * a small text file beside the shell history and the recent connections ({@code ~/.shardlab/windows}), so
 * that the next start opens it as the user left it.
 *
 * <p>The file holds one {@code <window>.<field>=<value>} line per field ({@code x}, {@code y}, {@code width},
 * {@code height} in pixels, {@code maximized} {@code true} or {@code false}), in the {@link Properties} syntax;
 * it is replaced atomically by {@link #save()}. A window whose lines are missing or unreadable opens at its
 * first-start size; what was wrong is told to the {@code problems} given, never thrown: a window must open.
 */
public final class RememberedWindows {

    /** A window's name: lower case letters, digits and dashes, e.g. {@code main}, {@code advisor}. */
    private static final Pattern NAME = Pattern.compile("[a-z][a-z0-9-]*");

    /** The file's first line, for whoever opens it (a settings file's comment, whatever the window speaks). */
    private static final String HEADER =
            "# ShardLab's windows: where each one was and how large, for the next start\n"; // untranslated: a file

    private final Path file;
    private final Consumer<Message> problems;
    private final Map<String, WindowGeometry> windows = new TreeMap<>();
    private boolean changed;

    private RememberedWindows(Path file, Consumer<Message> problems) {
        this.file = file;
        this.problems = problems;
    }

    /** Where the application keeps them: {@code ~/.shardlab/windows}, beside the shell history. */
    public static Path fileOfThisUser() {
        return Path.of(System.getProperty("user.home"), ".shardlab", "windows");
    }

    /**
     * The windows remembered in {@code file}, read now (none when it does not exist yet; it is created, with its
     * folder, by the first {@link #save()}).
     *
     * @param problems told, in a message naming the file, what could not be read or written
     */
    public static RememberedWindows inFile(Path file, Consumer<Message> problems) {
        RememberedWindows remembered = new RememberedWindows(
                Objects.requireNonNull(file, "file"), Objects.requireNonNull(problems, "problems"));
        remembered.read();
        return remembered;
    }

    /** Remembers for this run only: nothing is read or written (tests, and a second window of a run). */
    public static RememberedWindows inMemory() {
        return new RememberedWindows(null, problem -> {});
    }

    /** Where and how large {@code window} was when last remembered; empty before its first run. */
    public Optional<WindowGeometry> geometry(String window) {
        return Optional.ofNullable(windows.get(checkName(window)));
    }

    /** Remembers {@code geometry} for {@code window}; {@link #save()} writes it. */
    public void remember(String window, WindowGeometry geometry) {
        WindowGeometry was = windows.put(checkName(window), Objects.requireNonNull(geometry, "geometry"));
        changed |= !geometry.equals(was);
    }

    /** Writes every remembered window to the file, when something changed since it was read or last saved. */
    public void save() {
        if (file == null || !changed) {
            return;
        }
        StringBuilder text = new StringBuilder(HEADER);
        windows.forEach((name, g) -> text.append(name + ".x=" + g.x() + "\n")
                .append(name + ".y=" + g.y() + "\n")
                .append(name + ".width=" + g.width() + "\n")
                .append(name + ".height=" + g.height() + "\n")
                .append(name + ".maximized=" + g.maximized() + "\n"));
        changed = !KeptFile.replace(
                file, text.toString(), why -> problems.accept(Message.of("window.sizes.notWritten", why)));
    }

    private void read() {
        KeptFile.properties(file, why -> problems.accept(Message.of("window.sizes.notRead", why)))
                .ifPresent(this::take);
    }

    private void take(Properties lines) {
        lines.stringPropertyNames().stream()
                .filter(key -> key.endsWith(".width"))
                .map(key -> key.substring(0, key.length() - ".width".length()))
                .filter(name -> NAME.matcher(name).matches())
                .forEach(name -> {
                    try {
                        windows.put(
                                name,
                                new WindowGeometry(
                                        number(lines, name + ".x"),
                                        number(lines, name + ".y"),
                                        size(lines, name + ".width"),
                                        size(lines, name + ".height"),
                                        Boolean.parseBoolean(lines.getProperty(name + ".maximized"))));
                    } catch (Unreadable e) {
                        problems.accept(Message.of("window.sizes.oneNotRead", file, e.says, name));
                    }
                });
    }

    private static double number(Properties lines, String key) {
        String text = lines.getProperty(key);
        if (text == null) {
            throw new Unreadable(Message.of("window.sizes.missing", key));
        }
        double number;
        try {
            number = Double.parseDouble(text.strip());
        } catch (NumberFormatException e) {
            throw new Unreadable(Message.of("window.sizes.notANumber", key, text));
        }
        if (!Double.isFinite(number)) {
            throw new Unreadable(Message.of("window.sizes.notANumber", key, text));
        }
        return number;
    }

    /** A width or a height: a finite number greater than 0 ({@link WindowGeometry}). */
    private static double size(Properties lines, String key) {
        double size = number(lines, key);
        if (!(size > 0)) {
            throw new Unreadable(Message.of("window.sizes.notPositive", key, lines.getProperty(key)));
        }
        return size;
    }

    /** A line of the file that cannot be read, and what is wrong with it. */
    private static final class Unreadable extends IllegalArgumentException {

        private static final long serialVersionUID = 1L;

        private final transient Message says;

        Unreadable(Message says) {
            super(says.key());
            this.says = says;
        }
    }

    private static String checkName(String window) {
        if (window == null || !NAME.matcher(window).matches()) {
            throw new IllegalArgumentException(String.format(
                    "window name: lower case letters, digits and dashes, got '%s'", // untranslated: a contract
                    window));
        }
        return window;
    }
}
