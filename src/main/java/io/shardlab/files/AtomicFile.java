package io.shardlab.files;

import io.shardlab.text.Message;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.AccessDeniedException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFileAttributeView;
import java.util.Optional;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Writes an output file atomically: the content goes to a temporary file in the target's folder, which is
 * then renamed over the target. Readers see the old file or the new one, never half of one; a failed write
 * leaves the old file as it was and removes the temporary file.
 *
 * <p>Failures are {@link FileException}s that name the target and the reason ("the folder … does not
 * exist", "cannot create …: read-only file system", "… the disk is full"), never the temporary file.
 */
public final class AtomicFile {

    /** What goes into the file. */
    @FunctionalInterface
    public interface Content {
        /** Writes the whole content to {@code out} (buffered; closed by the caller). */
        void writeTo(OutputStream out) throws IOException;
    }

    private AtomicFile() {}

    /**
     * Checks, before any work is done, that {@code target} can be written: its folder exists and is
     * writable, and it is not itself a folder. {@link #write} checks again; this only fails early.
     *
     * @throws FileException naming the target and the problem
     */
    public static void checkWritable(Path target) {
        Path absolute = target.toAbsolutePath();
        Path folder = absolute.getParent();
        checkFolder(target, absolute, folder);
        if (!Files.isWritable(folder)) {
            throw new FileException(Message.of("files.write.folderReadOnly", target, folder));
        }
        if (Files.exists(absolute) && !Files.isWritable(absolute)) {
            throw new FileException(Message.of("files.write.fileReadOnly", target));
        }
    }

    private static void checkFolder(Path target, Path absolute, Path folder) {
        if (folder == null || !Files.isDirectory(folder)) {
            throw new FileException(Message.of("files.write.noFolder", target, String.valueOf(folder)));
        }
        if (Files.isDirectory(absolute)) {
            throw new FileException(Message.of("files.write.isFolder", target));
        }
    }

    /**
     * Replaces {@code target} with {@code content}. A new file gets the permissions any program's new file gets
     * there (the user's umask applies: {@code rw-r--r--} under the usual 022); a replaced file keeps its own.
     *
     * @throws FileException when the folder is missing, not writable or full, or the target is a folder
     */
    public static void write(Path target, Content content) {
        Path absolute = target.toAbsolutePath();
        Path folder = absolute.getParent();
        checkFolder(target, absolute, folder);
        Path temp = createTemporary(target, folder, absolute.getFileName().toString());
        try {
            keepPermissions(absolute, temp);
        } catch (IOException e) {
            deleteQuietly(temp);
            throw new FileException(Message.of("files.write.failed", target, reason(e)));
        }
        replace(target, absolute, temp, content);
    }

    /**
     * Replaces {@code target} with {@code content}, readable and writable by its owner only ({@code rw-------}
     * where the file system has POSIX permissions), whatever the umask: for a user's own files that can hold what
     * they typed (the shell history).
     *
     * @throws FileException when the folder is missing, not writable or full, or the target is a folder
     */
    public static void writeOwnerOnly(Path target, Content content) {
        Path absolute = target.toAbsolutePath();
        Path folder = absolute.getParent();
        checkFolder(target, absolute, folder);
        Path temp;
        try {
            temp = Files.createTempFile(folder, "." + absolute.getFileName(), ".tmp");
        } catch (IOException e) {
            throw new FileException(Message.of("files.write.cannotCreate", target, reason(e)));
        }
        replace(target, absolute, temp, content);
    }

    /**
     * A new, empty file beside {@code target}, named after it, created as any new file is: unlike
     * {@link Files#createTempFile}, which makes it owner-only, it takes the umask's permissions.
     */
    private static Path createTemporary(Path target, Path folder, String name) {
        for (int attempt = 0; ; attempt++) {
            Path temp = folder.resolve("." + name + "."
                    + Long.toUnsignedString(ThreadLocalRandom.current().nextLong(), 36) + ".tmp");
            try {
                return Files.createFile(temp);
            } catch (FileAlreadyExistsException e) {
                if (attempt == 100) {
                    throw new FileException(Message.of("files.write.cannotCreate", target, reason(e)));
                }
            } catch (IOException e) {
                throw new FileException(Message.of("files.write.cannotCreate", target, reason(e)));
            }
        }
    }

    /** A replaced file's permissions go to its replacement, where the file system has POSIX permissions. */
    private static void keepPermissions(Path replaced, Path replacement) throws IOException {
        if (Files.isRegularFile(replaced)
                && Files.getFileStore(replacement).supportsFileAttributeView(PosixFileAttributeView.class)) {
            Files.setPosixFilePermissions(replacement, Files.getPosixFilePermissions(replaced));
        }
    }

    private static void replace(Path target, Path absolute, Path temp, Content content) {
        try {
            try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(temp), 1 << 16)) {
                content.writeTo(out);
            }
            try {
                Files.move(temp, absolute, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(temp, absolute, StandardCopyOption.REPLACE_EXISTING);
            }
        } catch (IOException | RuntimeException e) {
            deleteQuietly(temp).ifPresent(e::addSuppressed);
            if (e instanceof IOException io) {
                throw new FileException(Message.of("files.write.failed", target, reason(io)));
            }
            throw (RuntimeException) e;
        }
    }

    private static Optional<IOException> deleteQuietly(Path temp) {
        try {
            Files.deleteIfExists(temp);
            return Optional.empty();
        } catch (IOException e) {
            return Optional.of(e);
        }
    }

    /** The reason of a write failure in words, without any path (the temporary file's least of all). */
    static Message reason(IOException e) {
        String text = e instanceof FileSystemException fs ? fs.getReason() : e.getMessage();
        text = text == null ? "" : text;
        // the operating system's words, matched to say them in the user's language
        if (e instanceof AccessDeniedException || text.contains("Permission denied")) { // untranslated: the OS's words
            return InputFile.PERMISSION_DENIED;
        }
        if (text.contains("Read-only file system")) { // untranslated: the OS's words
            return Message.of("files.reason.readOnlyFileSystem");
        }
        if (text.contains("No space left on device") // untranslated: the OS's words
                || text.contains("Disk quota exceeded") // untranslated: the OS's words
                || text.contains("There is not enough space")) { // untranslated: the OS's words
            return Message.of("files.reason.diskFull");
        }
        return text.isBlank() ? Message.of("files.reason.inputOutput") : InputFile.reason(new IOException(text));
    }
}
