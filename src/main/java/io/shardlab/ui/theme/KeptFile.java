package io.shardlab.ui.theme;

import io.shardlab.files.AtomicFile;
import io.shardlab.files.FileException;
import io.shardlab.files.InputFile;
import io.shardlab.text.Message;
import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.Properties;
import java.util.function.Consumer;

/**
 * A small file in which something the windows chose is kept between runs ({@code ~/.shardlab/windows},
 * {@code settings}, {@code language}): replaced atomically, readable by its owner only, its folder made on the first
 * write. Nothing is thrown: what failed is told to the caller's {@code failed} as a message naming the file, since a
 * window must open whatever the file holds.
 */
final class KeptFile {

    private KeptFile() {}

    /**
     * Replaces {@code file}'s content with {@code text} (UTF-8).
     *
     * @return whether it was written; when not, {@code failed} was told why
     */
    static boolean replace(Path file, String text, Consumer<Message> failed) {
        try {
            Files.createDirectories(file.toAbsolutePath().getParent());
            AtomicFile.writeOwnerOnly(file, out -> out.write(text.getBytes(StandardCharsets.UTF_8)));
            return true;
        } catch (FileException e) {
            failed.accept(e.said());
        } catch (IOException e) {
            failed.accept(Message.of("window.said", file + ": " + e.getMessage()));
        }
        return false;
    }

    /**
     * {@code file}'s lines in the {@link Properties} syntax, each within {@link InputFile#MAX_LINE_CHARS}; empty when
     * the file does not exist yet, or when it cannot be read ({@code failed} told why).
     */
    static Optional<Properties> properties(Path file, Consumer<Message> failed) {
        if (!Files.exists(file)) {
            return Optional.empty();
        }
        Properties lines = new Properties();
        try (Reader in = InputFile.openText(file, InputFile.MAX_LINE_CHARS)) {
            lines.load(in);
            return Optional.of(lines);
        } catch (FileException e) {
            failed.accept(e.said());
        } catch (IllegalArgumentException e) { // a malformed Unicode escape
            failed.accept(Message.of("window.said", file + ": " + e.getMessage()));
        } catch (IOException e) {
            failed.accept(Message.of("window.said", file + ": " + e.getMessage()));
        }
        return Optional.empty();
    }
}
