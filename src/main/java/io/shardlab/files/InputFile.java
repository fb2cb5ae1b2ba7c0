package io.shardlab.files;

import io.shardlab.text.Message;
import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Locale;

/**
 * Opens every file ShardLab reads (datasets, snapshots, config dumps, query mixes, TLS PEM files), with
 * the same rules and the same messages in every command and in the GUI:
 *
 * <ul>
 *   <li>the path must name a regular, readable file; its type is checked <em>before</em> it is opened, so a
 *       FIFO never blocks and a device such as {@code /dev/zero} is never read;</li>
 *   <li>a name ending in {@code .gz} is gunzipped, and compressed data that ends early or is not gzip is
 *       named as such;</li>
 *   <li>text is UTF-8: the first byte that is not is reported with its offset and line;</li>
 *   <li>no line of text is longer than the reader's limit, so a huge file without a newline cannot exhaust
 *       memory.</li>
 * </ul>
 *
 * Every failure is a {@link FileException} whose message starts with the path, also when it happens while
 * reading (the readers throw it from {@code read}).
 */
public final class InputFile {

    /**
     * The longest line of a line-oriented input, in characters: 32 Mi. A line holds one document, and
     * MongoDB refuses documents over 16 MiB of BSON ({@code BSONObjMaxUserSize}, mongo
     * {@code src/mongo/bson/util/builder.h}); their Extended JSON text can be longer than their BSON, so
     * twice that.
     */
    public static final int MAX_LINE_CHARS = 32 << 20;

    /**
     * The longest line of a config dump exported with {@code mongoexport --jsonArray}, which writes the
     * whole collection on one line: 256 Mi characters (about a million chunk documents).
     */
    public static final int MAX_ARRAY_LINE_CHARS = 256 << 20;

    /** The reason a file the process may not open cannot be read or written. */
    static final Message PERMISSION_DENIED = Message.of("files.reason.permissionDenied");

    private InputFile() {}

    /**
     * Checks that {@code file} is a regular file this process may read, without opening it.
     *
     * @throws FileException naming the file: missing, a folder, not a regular file, or not readable
     */
    public static void check(Path file) {
        BasicFileAttributes attributes;
        try {
            attributes = Files.readAttributes(file, BasicFileAttributes.class);
        } catch (NoSuchFileException e) {
            throw new FileException(Message.of("files.noSuchFile", file));
        } catch (IOException e) {
            throw new FileException(Message.of("files.cannotBeRead", file, reason(e)));
        }
        if (attributes.isDirectory()) {
            throw new FileException(Message.of("files.isFolder", file));
        }
        if (!attributes.isRegularFile()) {
            throw new FileException(Message.of("files.notRegular", file));
        }
        if (!Files.isReadable(file)) {
            throw new FileException(Message.of("files.cannotBeRead", file, PERMISSION_DENIED));
        }
    }

    /** The bytes of {@code file} as stored (not gunzipped), after {@link #check}. */
    public static InputStream openRaw(Path file) {
        check(file);
        try {
            return new ReadFailures(Files.newInputStream(file), file.toString());
        } catch (IOException e) {
            throw new FileException(Message.of("files.cannotBeRead", file, reason(e)));
        }
    }

    /** The bytes of {@code file}, gunzipped when its name ends with {@code .gz}. */
    public static InputStream openBytes(Path file) {
        return decompressed(openRaw(file), file.toString());
    }

    /** The UTF-8 text of {@code file} (gunzipped when named {@code .gz}), no line longer than {@code maxLineChars}. */
    public static Reader openText(Path file, int maxLineChars) {
        return text(openBytes(file), file.toString(), maxLineChars);
    }

    /**
     * {@code raw} gunzipped when {@code source} ends with {@code .gz}, else buffered as it is; closes
     * {@code raw} when the gzip header is already wrong.
     */
    public static InputStream decompressed(InputStream raw, String source) {
        InputStream buffered = new BufferedInputStream(raw, 1 << 16);
        if (!source.toLowerCase(Locale.ROOT).endsWith(".gz")) {
            return buffered;
        }
        try {
            return new GzipInput(buffered, source);
        } catch (RuntimeException e) {
            try {
                raw.close();
            } catch (IOException suppressed) {
                e.addSuppressed(suppressed);
            }
            throw e;
        }
    }

    /** {@code bytes} decoded as UTF-8 text named {@code source}, no line longer than {@code maxLineChars}. */
    public static Reader text(InputStream bytes, String source, int maxLineChars) {
        return new Utf8Text(bytes, source, maxLineChars);
    }

    /**
     * The whole UTF-8 text of a small file (a PEM file).
     *
     * @throws FileException when the file is not readable text or is larger than {@code maxChars}
     */
    public static String readString(Path file, int maxChars) {
        check(file);
        try (Reader in =
                text(new ReadFailures(Files.newInputStream(file), file.toString()), file.toString(), maxChars)) {
            StringBuilder out = new StringBuilder();
            char[] buffer = new char[8192];
            for (int n = in.read(buffer); n >= 0; n = in.read(buffer)) {
                out.append(buffer, 0, n);
                if (out.length() > maxChars) {
                    throw new FileException(Message.of("files.tooLarge", file, maxChars));
                }
            }
            return out.toString();
        } catch (IOException e) {
            throw new FileException(Message.of("files.cannotBeRead", file, reason(e)));
        }
    }

    /** The operating system's reason, without the path the JDK puts in front of it. */
    static Message reason(IOException e) {
        if (e instanceof AccessDeniedException) {
            return PERMISSION_DENIED;
        }
        if (e instanceof FileSystemException fs && fs.getReason() != null) {
            return Message.of("common.verbatim", lowerFirst(fs.getReason()));
        }
        String message = e.getMessage();
        return message == null || message.isBlank()
                ? Message.of("files.reason.inputOutput")
                : Message.of("common.verbatim", lowerFirst(message));
    }

    private static String lowerFirst(String text) {
        return text.isEmpty() ? text : Character.toLowerCase(text.charAt(0)) + text.substring(1);
    }
}
