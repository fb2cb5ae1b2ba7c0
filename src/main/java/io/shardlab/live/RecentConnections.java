package io.shardlab.live;

import io.shardlab.files.AtomicFile;
import io.shardlab.files.FileException;
import io.shardlab.files.InputFile;
import io.shardlab.text.Message;
import io.shardlab.text.RefusedInput;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The connections a user opened recently, newest first, remembered in a small text file without
 * any secret: each entry is {@link ConnectionStringSecrets#withoutSecrets} of the connection string
 * (user name kept, password and secret options dropped), so the dialog can offer them again and
 * ask for the password.
 *
 * <p>The file holds one connection string per line and is replaced atomically on every change.
 */
public final class RecentConnections {

    /** How many connections are remembered. */
    public static final int LIMIT = 10;

    private final Path file;

    /** Recent connections kept in {@code file} (created on first {@link #remember}). */
    public RecentConnections(Path file) {
        this.file = file;
    }

    /** The remembered connection strings, newest first; none when the file does not exist. */
    public List<String> list() {
        if (!Files.exists(file)) {
            return List.of();
        }
        try (BufferedReader lines = new BufferedReader(InputFile.openText(file, InputFile.MAX_LINE_CHARS))) {
            List<String> out = new ArrayList<>();
            for (String line = lines.readLine(); line != null; line = lines.readLine()) {
                String s = line.strip();
                if (!s.isEmpty() && ConnectionStringSecrets.isConnectionString(s)) {
                    out.add(ConnectionStringSecrets.withoutSecrets(s));
                }
            }
            return out;
        } catch (FileException e) {
            throw new FileException(Message.of("live.recent.problem", e.said()));
        } catch (IOException e) {
            throw new RefusedInput(Message.of("live.recent.cannotRead", file.toString(), e.getMessage()), e);
        }
    }

    /** Remembers {@code connectionString} (without its secrets) as the newest entry. */
    public void remember(String connectionString) {
        String safe = ConnectionStringSecrets.withoutSecrets(connectionString);
        List<String> entries = new ArrayList<>(list());
        entries.remove(safe);
        entries.add(0, safe);
        write(entries.subList(0, Math.min(LIMIT, entries.size())));
    }

    /** Forgets one entry. */
    public void forget(String connectionString) {
        List<String> entries = new ArrayList<>(list());
        if (entries.remove(ConnectionStringSecrets.withoutSecrets(connectionString))) {
            write(entries);
        }
    }

    private void write(List<String> entries) {
        try {
            Files.createDirectories(file.toAbsolutePath().getParent());
        } catch (IOException e) {
            throw new FileException(Message.of("live.recent.cannotWrite", file.toString(), e.getMessage()));
        }
        try {
            AtomicFile.writeOwnerOnly(
                    file, out -> out.write((String.join("\n", entries) + "\n").getBytes(StandardCharsets.UTF_8)));
        } catch (FileException e) {
            throw new FileException(Message.of("live.recent.problem", e.said()));
        }
    }
}
