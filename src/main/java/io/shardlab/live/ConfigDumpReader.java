package io.shardlab.live;

import io.shardlab.bson.BsonDepth;
import io.shardlab.bson.BsonTooDeepException;
import io.shardlab.files.FileException;
import io.shardlab.files.InputFile;
import io.shardlab.text.Message;
import io.shardlab.text.RefusedInput;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.nio.BufferUnderflowException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.bson.BSONException;
import org.bson.BsonBinaryReader;
import org.bson.BsonDocument;
import org.bson.BsonType;
import org.bson.RawBsonDocument;
import org.bson.codecs.BsonDocumentCodec;
import org.bson.json.JsonReader;

/**
 * Loads a folder holding a copy of a cluster's {@code config} database, as a DBA exports it without
 * giving ShardLab access to the cluster:
 * <ul>
 *   <li>{@code mongodump --db config}: one {@code <collection>.bson} per collection (concatenated
 *       BSON documents), or {@code <collection>.bson.gz} with {@code --gzip}, in {@code DIR} or in
 *       {@code DIR/config};</li>
 *   <li>{@code mongoexport}: one JSON document per line (Extended JSON, relaxed or canonical), or
 *       one JSON array with {@code --jsonArray}, in {@code <collection>.json},
 *       {@code config.<collection>.json} or the same names ending in {@code .jsonl}.</li>
 * </ul>
 * or a {@code mongodump --db config --archive=FILE} file, gzipped ({@code --gzip}) or not
 * ({@link MongodumpArchive}), whose prelude records the server's version.
 * {@code chunks}, {@code collections} and {@code shards} are required; {@code databases},
 * {@code tags}, {@code settings}, {@code changelog}, {@code mongos} and {@code migrations} (the balancer's
 * migrations in progress) are read when present.
 */
public final class ConfigDumpReader {

    /** Collections a dump must hold. */
    public static final List<String> REQUIRED = List.of("collections", "chunks", "shards");
    /** Collections read when present. */
    public static final List<String> OPTIONAL =
            List.of("databases", "tags", "settings", "changelog", "mongos", "migrations");

    /** An exported {@code $shardedDataDistribution} result beside a dump. */
    public static final String SHARDED_DATA_DISTRIBUTION_FILE = "shardedDataDistribution.json";
    /** The start of an exported {@code $collStats} result's name beside a dump: {@code collStats.<ns>.json}. */
    public static final String COLL_STATS_PREFIX = "collStats.";

    private static final int MAX_DOCUMENT = 48 * 1024 * 1024;

    private ConfigDumpReader() {}

    /**
     * Loads the dump in {@code dir}: a folder, or a mongodump archive file.
     *
     * @throws IllegalArgumentException naming the folder or file and the problem
     */
    public static DocumentConfigSource open(Path dir) {
        if (Files.isRegularFile(dir)) {
            return openArchive(dir);
        }
        if (!Files.exists(dir)) {
            throw new RefusedInput(Message.of("live.dump.missing", dir));
        }
        if (!Files.isDirectory(dir)) {
            throw new RefusedInput(Message.of("live.dump.notFolderOrFile", dir));
        }
        Path folder = find(dir, "chunks").isPresent() || !Files.isDirectory(dir.resolve("config"))
                ? dir
                : dir.resolve("config");
        Map<String, List<BsonDocument>> collections = new LinkedHashMap<>();
        for (String name : REQUIRED) {
            Path file =
                    find(folder, name).orElseThrow(() -> new RefusedInput(Message.of("live.dump.noFile", dir, name)));
            collections.put(name, read(file));
        }
        for (String name : OPTIONAL) {
            Optional<Path> file = find(folder, name);
            if (file.isPresent()) {
                collections.put(name, read(file.get()));
            }
        }
        return new DocumentConfigSource(
                dir.toString(),
                collections,
                Message.of("live.note.dumpHasNoServer"),
                Optional.empty(),
                sizeReports(dir, collections.get("collections")));
    }

    private static DocumentConfigSource openArchive(Path file) {
        if (!MongodumpArchive.looksLikeArchive(file)) {
            throw new RefusedInput(Message.of("live.dump.notArchive", file));
        }
        Set<String> wanted = new HashSet<>(REQUIRED);
        wanted.addAll(OPTIONAL);
        MongodumpArchive.Contents contents = MongodumpArchive.read(file, wanted);
        Map<String, List<BsonDocument>> collections = new LinkedHashMap<>();
        for (String name : REQUIRED) {
            List<BsonDocument> docs = contents.collections().get(name);
            if (docs == null) {
                throw new RefusedInput(Message.of("live.dump.archiveLacks", file, name));
            }
            collections.put(name, docs);
        }
        for (String name : OPTIONAL) {
            List<BsonDocument> docs = contents.collections().get(name);
            if (docs != null) {
                collections.put(name, docs);
            }
        }
        Path beside = file.toAbsolutePath().getParent();
        return new DocumentConfigSource(
                file.toString(),
                collections,
                Message.of("live.note.dumpHasNoServer"),
                contents.serverVersion(),
                beside == null ? Map.of() : sizeReports(beside, collections.get("collections")));
    }

    /**
     * Per-shard data exported beside a dump, in {@code folder}: {@link #SHARDED_DATA_DISTRIBUTION_FILE} (the
     * output of {@code $shardedDataDistribution}, every collection), else per collection
     * {@code collStats.<db>.<collection>.json} (the output of {@code $collStats: {storageStats: {}}} through
     * mongos); JSON lines or one JSON array, Extended JSON, as mongosh's {@code EJSON.stringify} or
     * mongoexport writes them.
     */
    static Map<String, DataDistribution> sizeReports(Path folder, List<BsonDocument> collections) {
        Map<String, DataDistribution> out = new LinkedHashMap<>();
        Path sdd = folder.resolve(SHARDED_DATA_DISTRIBUTION_FILE);
        if (Files.isRegularFile(sdd)) {
            out.putAll(DataDistributionDecoder.shardedDataDistribution(read(sdd)));
        }
        for (BsonDocument c : collections) {
            if (!c.isString("_id") || out.containsKey(c.getString("_id").getValue())) {
                continue;
            }
            String ns = c.getString("_id").getValue();
            Path stats = folder.resolve(COLL_STATS_PREFIX + ns + ".json");
            if (Files.isRegularFile(stats)) {
                DataDistributionDecoder.collStats(read(stats)).ifPresent(d -> out.put(ns, d));
            }
        }
        return out;
    }

    /** The file holding collection {@code name}, in the order mongodump, then mongoexport names them. */
    static Optional<Path> find(Path folder, String name) {
        for (String candidate : List.of(
                name + ".bson",
                name + ".bson.gz", // untranslated: a file name
                name + ".json",
                name + ".jsonl",
                "config." + name + ".json",
                "config." + name + ".jsonl",
                name + ".json.gz", // untranslated: a file name
                "config." + name + ".json.gz")) { // untranslated: a file name
            Path p = folder.resolve(candidate);
            // any entry of that name, so that a folder or a pipe is named by InputFile rather than skipped
            if (Files.exists(p)) {
                return Optional.of(p);
            }
        }
        return Optional.empty();
    }

    /** Every document of one dump file. */
    static List<BsonDocument> read(Path file) {
        String name = file.getFileName().toString();
        try (InputStream in = InputFile.openBytes(file)) {
            return read(in, file);
        } catch (IOException e) {
            throw new RefusedInput(Message.of("live.dump.unreadable", file, e.getMessage()), e);
        } catch (FileException e) {
            throw new FileException(Message.of("live.dump.said", e.said()));
        }
    }

    /** Every document of the (uncompressed) content of the dump file {@code file}. */
    static List<BsonDocument> read(InputStream in, Path file) throws IOException {
        return file.getFileName().toString().contains(".bson") ? readBson(in, file) : readJson(in, file);
    }

    private static List<BsonDocument> readBson(InputStream in, Path file) throws IOException {
        List<BsonDocument> out = new ArrayList<>();
        byte[] lengthBytes = new byte[4];
        long offset = 0;
        while (true) {
            int first = in.read();
            if (first < 0) {
                return out;
            }
            lengthBytes[0] = (byte) first;
            readFully(in, lengthBytes, 1, 3, file, offset);
            int length =
                    ByteBuffer.wrap(lengthBytes).order(ByteOrder.LITTLE_ENDIAN).getInt();
            if (length < 5 || length > MAX_DOCUMENT) {
                throw new RefusedInput(Message.of("live.dump.bson.length", file, offset, length));
            }
            byte[] bytes = new byte[length];
            System.arraycopy(lengthBytes, 0, bytes, 0, 4);
            readFully(in, bytes, 4, length - 4, file, offset);
            if (bytes[length - 1] != 0) {
                throw new RefusedInput(Message.of("live.dump.bson.end", file, offset));
            }
            requireReadable(bytes, file, offset);
            out.add(new RawBsonDocument(bytes));
            offset += length;
        }
    }

    /**
     * Walks the document's bytes once (nothing is built) so that a malformed or too deeply nested
     * document is refused here, naming its offset, rather than wherever it would first be decoded.
     */
    private static void requireReadable(byte[] bytes, Path file, long offset) {
        try (BsonBinaryReader reader = new BsonBinaryReader(ByteBuffer.wrap(bytes))) {
            reader.readBsonType();
            BsonDepth.requireWithinLimit(reader);
        } catch (BsonTooDeepException e) {
            throw new RefusedInput(Message.of("live.dump.bson.tooDeep", file, offset, e.getMessage()));
        } catch (BSONException | IllegalArgumentException | IndexOutOfBoundsException | BufferUnderflowException e) {
            // the driver's reader reports bad lengths and encodings with any of these
            throw new RefusedInput(
                    Message.of("live.dump.bson.malformed", file, offset, String.valueOf(e.getMessage())));
        }
    }

    private static void readFully(InputStream in, byte[] buffer, int from, int length, Path file, long offset)
            throws IOException {
        int done = 0;
        while (done < length) {
            int n = in.read(buffer, from + done, length - done);
            if (n < 0) {
                throw new RefusedInput(Message.of("live.dump.bson.cut", file, offset));
            }
            done += n;
        }
    }

    private static List<BsonDocument> readJson(InputStream in, Path file) throws IOException {
        // mongoexport --jsonArray writes a whole collection on one line
        BufferedReader reader = new BufferedReader(InputFile.text(in, file.toString(), InputFile.MAX_ARRAY_LINE_CHARS));
        List<BsonDocument> out = new ArrayList<>();
        String line;
        int number = 0;
        StringBuilder array = null;
        while ((line = reader.readLine()) != null) {
            number++;
            String text = line.strip();
            if (array == null && out.isEmpty() && text.startsWith("[")) {
                array = new StringBuilder();
            }
            if (array != null) {
                array.append(line).append('\n');
                continue;
            }
            if (text.isEmpty()) {
                continue;
            }
            out.add(compact(parse(text, file, Message.of("live.dump.where.line", number))));
        }
        if (array != null) {
            readArray(array.toString(), file, out);
        }
        return out;
    }

    /** The documents of a JSON array, each held to the nesting limit as the document it stands for. */
    private static void readArray(String json, Path file, List<BsonDocument> out) {
        Message where = Message.of("live.dump.where.array");
        String notADocument = null;
        try {
            JsonReader reader = new JsonReader(json);
            if (reader.readBsonType() != BsonType.ARRAY) {
                notADocument = "live.dump.json.notArray";
            } else {
                reader.readStartArray();
                int index = 0;
                while (notADocument == null && reader.readBsonType() != BsonType.END_OF_DOCUMENT) {
                    where = Message.of("live.dump.where.element", index++);
                    if (reader.getCurrentBsonType() != BsonType.DOCUMENT) {
                        notADocument = "live.dump.json.notDocumentElement";
                    } else {
                        out.add(compact(BsonDepth.readDocument(reader, 0)));
                    }
                }
            }
        } catch (BsonTooDeepException e) {
            throw new RefusedInput(Message.of("live.dump.json.tooDeep", file, where, e.getMessage()), e);
        } catch (RuntimeException e) {
            throw notExtendedJson(file, where, e);
        }
        if (notADocument != null) {
            throw new RefusedInput(Message.of(notADocument, file));
        }
    }

    /** The reader and the value constructors it calls (base64, dates, numbers) throw many kinds. */
    private static IllegalArgumentException notExtendedJson(Path file, Message where, RuntimeException e) {
        Message message = e.getMessage() == null
                ? Message.of("live.dump.json.unreadable")
                : Message.of(
                        "common.verbatim",
                        e.getMessage().replaceAll("\\s+", " ").strip());
        return new RefusedInput(Message.of("live.dump.json.notExtendedJson", file, where, message), e);
    }

    private static BsonDocument parse(String json, Path file, Message where) {
        BsonDocument document = null;
        try {
            JsonReader reader = new JsonReader(json);
            if (reader.readBsonType() == BsonType.DOCUMENT) {
                document = BsonDepth.readDocument(reader, 0);
            }
        } catch (BsonTooDeepException e) {
            throw new RefusedInput(Message.of("live.dump.json.tooDeep", file, where, e.getMessage()), e);
        } catch (RuntimeException e) {
            throw notExtendedJson(file, where, e);
        }
        if (document == null) {
            throw new RefusedInput(Message.of("live.dump.json.notDocument", file, where));
        }
        return document;
    }

    /** The document as raw BSON: a fraction of the memory of a parsed tree, for 200,000-chunk dumps. */
    private static BsonDocument compact(BsonDocument doc) {
        return new RawBsonDocument(doc, new BsonDocumentCodec());
    }
}
