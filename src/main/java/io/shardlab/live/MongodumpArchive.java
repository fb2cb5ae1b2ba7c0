package io.shardlab.live;

import io.shardlab.text.Message;
import io.shardlab.text.RefusedInput;
import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.zip.GZIPInputStream;
import org.bson.BsonDocument;
import org.bson.RawBsonDocument;

/**
 * Reads the {@code config} collections out of a {@code mongodump --archive} file, as mongo-tools writes it
 * ({@code common/archive/spec.md}, {@code archive.go}, {@code prelude.go}, {@code parser.go}): the magic
 * number {@code 0x8199e26d} (little-endian), the header document ({@code concurrent_collections},
 * {@code version}, {@code server_version}, {@code tool_version}), one collection-metadata document per
 * collection ({@code db}, {@code collection}, {@code metadata}, {@code size}, {@code type}) and a
 * terminator {@code 0xffffffff}; then blocks of a namespace header ({@code db}, {@code collection},
 * {@code EOF}, {@code CRC}), the namespace's documents and a terminator, until the end of the file. An
 * {@code EOF: true} header ends a namespace and has no documents. With {@code --gzip} the whole archive is
 * gzipped (detected by the gzip magic bytes). The per-namespace CRC is not checked.
 */
final class MongodumpArchive {

    /** {@code archive.MagicNumber}. */
    static final int MAGIC = 0x8199e26d;
    /** {@code archive.terminator}. */
    static final int TERMINATOR = 0xffffffff;

    private static final int MAX_BSON = 16 * 1024 * 1024;

    /**
     * What was read: the documents of the wanted config collections and the header's {@code server_version}.
     *
     * @param collections documents by config collection name, only those wanted and present
     * @param serverVersion the prelude's {@code server_version}, when not empty
     */
    record Contents(Map<String, List<BsonDocument>> collections, Optional<String> serverVersion) {}

    private final Path file;
    private final InputStream in;
    private long offset;

    private MongodumpArchive(Path file, InputStream in) {
        this.file = file;
        this.in = in;
    }

    /** Whether {@code file} starts like an archive: the magic number, or gzip's magic bytes. */
    static boolean looksLikeArchive(Path file) {
        try (InputStream raw = Files.newInputStream(file)) {
            byte[] head = raw.readNBytes(4);
            return head.length == 4 && (littleEndian(head, 0) == MAGIC || gzip(head));
        } catch (IOException e) {
            return false;
        }
    }

    /**
     * Reads the documents of the config collections named in {@code wanted}.
     *
     * @throws IllegalArgumentException naming the file and the problem when it is not a well-formed archive
     */
    static Contents read(Path file, Set<String> wanted) {
        try (InputStream raw = new BufferedInputStream(Files.newInputStream(file), 1 << 16)) {
            raw.mark(4);
            byte[] head = raw.readNBytes(2);
            raw.reset();
            InputStream in =
                    head.length == 2 && gzip(head) ? new BufferedInputStream(new GZIPInputStream(raw), 1 << 16) : raw;
            return new MongodumpArchive(file, in).read(wanted);
        } catch (IOException e) {
            throw new RefusedInput(Message.of("live.archive.unreadable", file, String.valueOf(e.getMessage())), e);
        }
    }

    private Contents read(Set<String> wanted) throws IOException {
        byte[] magic = in.readNBytes(4);
        offset += magic.length;
        if (magic.length < 4 || littleEndian(magic, 0) != MAGIC) {
            throw problem("live.archive.noMagic");
        }
        BsonDocument header = document(false, Message.of("live.archive.where.header"));
        if (header == null) {
            throw problem("live.archive.noHeader");
        }
        String serverVersion = header.isString("server_version")
                ? header.getString("server_version").getValue()
                : "";
        // the prelude's collection-metadata documents, up to the terminator
        while (document(true, Message.of("live.archive.where.prelude")) != null) {
            // names and sizes only: the documents follow in namespace blocks
        }
        Map<String, List<BsonDocument>> out = new HashMap<>();
        while (true) {
            BsonDocument block = documentOrEnd();
            if (block == null) {
                break;
            }
            String db = block.isString("db") ? block.getString("db").getValue() : "";
            String collection =
                    block.isString("collection") ? block.getString("collection").getValue() : "";
            boolean eof = block.isBoolean("EOF") && block.getBoolean("EOF").getValue();
            boolean keep = !eof && db.equals("config") && wanted.contains(collection);
            List<BsonDocument> docs = keep ? out.computeIfAbsent(collection, c -> new ArrayList<>()) : null;
            Message where = Message.of("live.archive.where.block", db + "." + collection);
            BsonDocument doc;
            while ((doc = document(true, where)) != null) {
                if (eof) {
                    throw problem("live.archive.afterEof", db + "." + collection);
                }
                if (docs != null) {
                    docs.add(doc);
                }
            }
        }
        return new Contents(out, serverVersion.isBlank() ? Optional.empty() : Optional.of(serverVersion));
    }

    /** The next block's header document, or null at the end of the file. */
    private BsonDocument documentOrEnd() throws IOException {
        byte[] length = in.readNBytes(4);
        if (length.length == 0) {
            return null;
        }
        if (length.length < 4) {
            throw problem("live.archive.cutLength", offset);
        }
        int size = littleEndian(length, 0);
        if (size == TERMINATOR) {
            throw problem("live.archive.twoTerminators", offset);
        }
        return body(size, length, Message.of("live.archive.where.namespaceHeader"));
    }

    /** The next document, or null at a terminator ({@code terminatorAllowed}); the file must not end here. */
    private BsonDocument document(boolean terminatorAllowed, Message where) throws IOException {
        byte[] length = in.readNBytes(4);
        if (length.length < 4) {
            throw problem("live.archive.noTerminator", where, offset);
        }
        int size = littleEndian(length, 0);
        if (size == TERMINATOR) {
            if (!terminatorAllowed) {
                throw problem("live.archive.misplacedTerminator", where, offset);
            }
            offset += 4;
            return null;
        }
        return body(size, length, where);
    }

    private BsonDocument body(int size, byte[] length, Message where) throws IOException {
        if (size < 5 || size > MAX_BSON) {
            throw problem("live.archive.badLength", size, offset, where);
        }
        byte[] bytes = new byte[size];
        System.arraycopy(length, 0, bytes, 0, 4);
        int n = in.readNBytes(bytes, 4, size - 4);
        if (n < size - 4) {
            throw problem("live.archive.cutDocument", where, offset);
        }
        if (bytes[size - 1] != 0) {
            throw problem("live.archive.badEnd", offset, where);
        }
        offset += size;
        return new RawBsonDocument(bytes);
    }

    /** The refusal of this archive: {@code key}'s text with {@code arguments}, after the file's name. */
    private IllegalArgumentException problem(String key, Object... arguments) {
        return new RefusedInput(Message.of("live.archive.problem", file, Message.of(key, arguments)));
    }

    private static int littleEndian(byte[] b, int at) {
        return (b[at] & 0xff) | (b[at + 1] & 0xff) << 8 | (b[at + 2] & 0xff) << 16 | (b[at + 3] & 0xff) << 24;
    }

    private static boolean gzip(byte[] head) {
        return (head[0] & 0xff) == 0x1f && (head[1] & 0xff) == 0x8b;
    }
}
