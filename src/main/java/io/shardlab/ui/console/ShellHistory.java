package io.shardlab.ui.console;

import io.shardlab.files.AtomicFile;
import io.shardlab.files.FileException;
import io.shardlab.files.InputFile;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The inputs run in the Shell panel, newest first, kept between runs of the application in a small text
 * file, as mongosh keeps its REPL history ({@code ~/.mongodb/mongosh/mongosh_repl_history}: newest first,
 * {@code historyLength} 1000 entries by default, per the mongosh docs "Configure Settings").
 *
 * <p>The file holds one input per line; a multi-line input has its line breaks written as {@code \n}
 * and its backslashes as {@code \\}. It is replaced atomically on every change.
 */
final class ShellHistory {

    /** How many inputs are kept: mongosh's default {@code historyLength}. */
    static final int LIMIT = 1000;

    private final Path file;

    /** A history kept in {@code file} (created, with its folder, on the first {@link #write}). */
    ShellHistory(Path file) {
        this.file = file;
    }

    /**
     * The kept inputs, newest first; none when the file does not exist.
     *
     * @throws FileException naming the file when it cannot be read
     */
    List<String> read() {
        if (!Files.exists(file)) {
            return List.of();
        }
        try (BufferedReader lines = new BufferedReader(InputFile.openText(file, InputFile.MAX_LINE_CHARS))) {
            List<String> out = new ArrayList<>();
            for (String line = lines.readLine(); line != null && out.size() < LIMIT; line = lines.readLine()) {
                if (!line.isBlank()) {
                    out.add(unescape(line));
                }
            }
            return out;
        } catch (IOException e) {
            throw new FileException(file + ": " + e.getMessage());
        }
    }

    /**
     * Replaces the kept inputs with {@code newestFirst} (at most {@link #LIMIT} of them).
     *
     * @throws FileException naming the file when it cannot be written
     */
    void write(List<String> newestFirst) {
        StringBuilder text = new StringBuilder();
        for (String entry : newestFirst.subList(0, Math.min(LIMIT, newestFirst.size()))) {
            text.append(escape(entry)).append('\n');
        }
        try {
            Files.createDirectories(file.toAbsolutePath().getParent());
            AtomicFile.writeOwnerOnly(file, out -> out.write(text.toString().getBytes(StandardCharsets.UTF_8)));
        } catch (IOException e) {
            throw new FileException(file + ": " + e.getMessage());
        }
    }

    static String escape(String entry) {
        return entry.replace("\\", "\\\\").replace("\r\n", "\n").replace("\n", "\\n");
    }

    static String unescape(String line) {
        StringBuilder out = new StringBuilder(line.length());
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (c == '\\' && i + 1 < line.length()) {
                char next = line.charAt(++i);
                out.append(next == 'n' ? '\n' : next);
            } else {
                out.append(c);
            }
        }
        return out.toString();
    }
}
