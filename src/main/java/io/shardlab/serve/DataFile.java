package io.shardlab.serve;

import io.shardlab.cluster.MongoVersion;
import io.shardlab.files.AtomicFile;
import io.shardlab.files.FileException;
import io.shardlab.mongos.CatalogDocuments;
import io.shardlab.mongos.MongoCommandException;
import io.shardlab.mongos.MongosCommands;
import io.shardlab.mongos.ShardedCatalog;
import io.shardlab.session.CommandLane;
import io.shardlab.session.DataFileContents;
import io.shardlab.session.PendingSave;
import io.shardlab.sim.SimulationConfig;
import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.Deflater;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;
import java.util.zip.ZipException;
import org.bson.BSONException;
import org.bson.BsonArray;
import org.bson.BsonBoolean;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonInt64;
import org.bson.BsonString;
import org.bson.BsonValue;
import org.bson.RawBsonDocument;
import org.bson.codecs.BsonDocumentCodec;

/**
 * ShardLab's data file: what clients wrote to a served cluster, saved so that {@code serve --data-file} and the
 * window's File → Open cluster start from it again. It is a gzipped mongodump archive (mongo-tools {@code
 * common/archive/spec.md}: the magic number, the prelude's header and one metadata document per collection with its
 * indexes, then each namespace's documents and its end-of-namespace header with the CRC-64/ECMA of its bytes), so
 * {@code mongorestore --gzip --archive=FILE --nsExclude='shardlab_data.*'} puts the documents into a real server and
 * {@code bsondump} reads them; the layout (databases and their primary shards, every sharded collection's chunks,
 * zones, jumbo flags, the balancer's settings) is the namespace {@code shardlab_data.catalog}
 * ({@link CatalogDocuments}), the sessions' retryable writes the namespace {@code shardlab_data.transactions}. A mongodump archive rather than a folder of .bson files: one file can be replaced
 * atomically ({@link AtomicFile}).
 */
public final class DataFile {

    /**
     * The database of ShardLab's own namespaces in the file: {@code shardlab_} is the prefix no client database has
     * ({@code StoredDocuments}' internal databases), where {@code shardlab} is a client's (the explorer's scenarios
     * write {@code shardlab.events}).
     */
    static final String OWN_DATABASE = "shardlab_data";

    /** The namespace holding the catalog's layout. */
    static final String CATALOG_NAMESPACE = OWN_DATABASE + ".catalog";

    /**
     * The namespace holding the sessions' retryable writes ({@link MongosCommands#retryableWriteRecords}), so that a
     * driver retrying across a restart is answered with the first reply rather than writing twice.
     */
    static final String RETRYABLE_WRITES_NAMESPACE = OWN_DATABASE + ".transactions";

    private static final int MAGIC = 0x8199e26d;
    private static final int TERMINATOR = 0xffffffff;
    private static final int RESTORE_BATCH = 1_000;
    private static final int MAX_DOCUMENT = 48 * 1024 * 1024;

    private DataFile() {}

    /**
     * Takes what a save of {@code file} writes under the command layer's lock (one array copy of references to each
     * collection's stored BSON bytes, which a write replaces rather than changes, and the layout as immutable values);
     * the layout's JSON, the compression (gzip level 1) and the writing are the returned save's, done while clients go
     * on. {@code DataFileSaveBenchmark}, 300,000 documents of about 100 bytes on 2 cores: a save takes 0.9 to 1.1 s
     * (2.7 s at gzip's default level) and holds the commands 4 to 56 ms once warm ({@link #warmUp}); a ping's longest
     * round trip during 5 saves was 65 to 70 ms, 1.4 to 3.4 times the longest without a save in the same run.
     */
    static CapturedSave take(Path file, MongosCommands commands, ShardLabBackend storage) {
        Capture capture = commands.betweenCommands(() -> {
            Map<String, List<BsonDocument>> indexes = new LinkedHashMap<>();
            Map<String, byte[][]> documents = new LinkedHashMap<>();
            for (String ns : commands.storedNamespaces()) {
                indexes.put(ns, commands.indexes(ns));
                documents.put(ns, storage.encodedDocuments(database(ns), collection(ns)));
            }
            return new Capture(
                    commands.catalog().config().version().toString(),
                    indexes,
                    documents,
                    CatalogDocuments.capture(commands.catalog()),
                    commands.retryableWriteRecords());
        });
        return new CapturedSave(file, capture);
    }

    /** A save taken ({@link #take}), written by {@link #write()}. */
    record CapturedSave(Path file, Capture capture) implements PendingSave {

        @Override
        public DataFileContents write() {
            AtomicFile.write(file, raw -> DataFile.write(capture, raw));
            return capture.contents();
        }

        /** Writes the archive to {@code out}, not to the file (the warm-up's). */
        void writeTo(OutputStream out) throws IOException {
            DataFile.write(capture, out);
        }
    }

    /**
     * A save of a throwaway cluster of {@code release} (a sharded collection holding a document), taken and written
     * to nowhere: the classes a save uses are loaded and its code run once, so that a served
     * cluster's first save holds its clients no longer than a later one. In {@code serve} (100,000 documents, a
     * Node driver client) the first save held the commands 64 to 173 ms (the wire's document codec, the BSON writers
     * and readers, the layout's values, loaded under the lock), later ones 1 to 12 ms; after the warm-up the first
     * held them 4 to 26 ms, later ones 2 to 22 ms.
     */
    static void warmUp(MongoVersion release) {
        ShardedCatalog catalog = new ShardedCatalog(SimulationConfig.of(release), List.of("shard01", "shard02"));
        MongosServer.InProcess throwaway =
                new MongosServer.InProcess(catalog, "localhost:27017", 1L << 20, 1, line -> {}, CommandLane.DIRECT);
        MongosCommands commands = throwaway.commands();
        commands.run(
                "admin",
                new BsonDocument("shardCollection", new BsonString("warmup.documents"))
                        .append("key", new BsonDocument("n", new BsonInt32(1))));
        commands.run(
                "warmup",
                new BsonDocument("insert", new BsonString("documents"))
                        .append("documents", new BsonArray(List.of(new BsonDocument("n", new BsonInt32(1))))));
        try {
            throwaway.take(Path.of("warm-up.data")).writeTo(OutputStream.nullOutputStream());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * What a save writes, taken between two commands: references to the stored documents' BSON bytes (a {@code null}
     * at each free position), the layout as values; the JSON, compression and writing come after, off the lock.
     */
    private record Capture(
            String release,
            Map<String, List<BsonDocument>> indexes,
            Map<String, byte[][]> documents,
            CatalogDocuments.Captured catalog,
            List<BsonDocument> retryableWrites) {

        /** The clients' documents and their collections. */
        DataFileContents contents() {
            long kept = 0;
            for (byte[][] collection : documents.values()) {
                for (byte[] d : collection) {
                    kept += d == null ? 0 : 1;
                }
            }
            return new DataFileContents(kept, documents.size());
        }
    }

    private static void write(Capture capture, OutputStream raw) throws IOException {
        GZIPOutputStream gzip = new FastGzip(raw);
        OutputStream out = new BufferedOutputStream(gzip, 1 << 16);
        writeInt(out, MAGIC);
        writeDocument(
                out,
                new BsonDocument("concurrent_collections", new BsonInt32(1))
                        .append("version", new BsonString("0.1"))
                        .append("server_version", new BsonString(capture.release()))
                        .append("tool_version", new BsonString("ShardLab")));
        for (Map.Entry<String, List<BsonDocument>> e : capture.indexes().entrySet()) {
            writeMetadata(out, e.getKey(), e.getValue());
        }
        writeMetadata(out, CATALOG_NAMESPACE, List.of());
        writeMetadata(out, RETRYABLE_WRITES_NAMESPACE, List.of());
        writeInt(out, TERMINATOR);
        for (Map.Entry<String, byte[][]> e : capture.documents().entrySet()) {
            Crc64 crc = new Crc64();
            writeHeader(out, e.getKey(), false, 0);
            for (byte[] bytes : e.getValue()) {
                if (bytes != null) {
                    out.write(bytes);
                    crc.update(bytes);
                }
            }
            writeInt(out, TERMINATOR);
            writeHeader(out, e.getKey(), true, crc.value());
            writeInt(out, TERMINATOR);
        }
        writeNamespace(out, CATALOG_NAMESPACE, capture.catalog().documents());
        writeNamespace(out, RETRYABLE_WRITES_NAMESPACE, capture.retryableWrites());
        out.flush();
        gzip.finish();
    }

    /**
     * The catalog the data file's layout describes, its collections' chunks empty.
     *
     * @throws FileException with one line naming the file and the problem
     */
    public static ShardedCatalog catalog(Path file) {
        List<BsonDocument> catalog = new ArrayList<>();
        read(file, (ns, document) -> {
            if (ns.equals(CATALOG_NAMESPACE)) {
                catalog.add(document);
            }
        });
        try {
            return CatalogDocuments.catalog(catalog, file.toString());
        } catch (FileException e) {
            throw e;
        } catch (IllegalArgumentException e) {
            throw new FileException(e.getMessage());
        }
    }

    /**
     * Stores the data file's documents in {@code commands}, whose catalog is {@link #catalog}'s: each lands in its
     * chunk as it would had a client inserted it.
     *
     * @throws FileException with one line naming the file and the problem (a malformed archive, documents past the
     *     memory budget)
     */
    static DataFileContents restore(Path file, MongosCommands commands) {
        Map<String, List<BsonDocument>> indexes = new HashMap<>();
        Map<String, List<BsonDocument>> batches = new HashMap<>();
        List<BsonDocument> retryableWrites = new ArrayList<>();
        long[] documents = {0};
        try {
            Map<String, List<BsonDocument>> prelude = read(
                    file,
                    (ns, document) -> {
                        if (ns.equals(RETRYABLE_WRITES_NAMESPACE)) {
                            retryableWrites.add(document);
                        }
                        if (isOwn(ns)) {
                            return;
                        }
                        List<BsonDocument> batch = batches.computeIfAbsent(ns, n -> new ArrayList<>());
                        batch.add(document);
                        documents[0]++;
                        if (batch.size() == RESTORE_BATCH) {
                            commands.restore(ns, indexes.getOrDefault(ns, List.of()), batch);
                            batch.clear();
                        }
                    },
                    indexes);
            prelude.keySet().stream()
                    .filter(ns -> !isOwn(ns))
                    .forEach(ns -> commands.restore(
                            ns, indexes.getOrDefault(ns, List.of()), batches.getOrDefault(ns, List.of())));
            commands.restoreRetryableWrites(retryableWrites);
        } catch (IllegalArgumentException e) {
            throw new FileException(file + ": is damaged: " + e.getMessage());
        } catch (MongoCommandException e) {
            throw new FileException(file + ": its documents do not fit in the memory budget ("
                    + commands.memoryBudget().describe() + " when it was full): start with a larger --memory-budget");
        }
        return new DataFileContents(documents[0], (int)
                indexes.keySet().stream().filter(ns -> !isOwn(ns)).count());
    }

    // ---- reading --------------------------------------------------------------------------------------------

    /** Receives each document of a namespace block. */
    @FunctionalInterface
    interface DocumentSink {
        void accept(String namespace, BsonDocument document);
    }

    private static Map<String, List<BsonDocument>> read(Path file, DocumentSink sink) {
        return read(file, sink, new HashMap<>());
    }

    /** Reads the archive, its prelude's indexes into {@code indexes}; the prelude's namespaces, as read. */
    private static Map<String, List<BsonDocument>> read(
            Path file, DocumentSink sink, Map<String, List<BsonDocument>> indexes) {
        try (InputStream in = new BufferedInputStream(
                new GZIPInputStream(new BufferedInputStream(Files.newInputStream(file), 1 << 16)), 1 << 16)) {
            if (readInt(in) != MAGIC) {
                throw new FileException(file + ": is not a ShardLab data file: it is not a mongodump archive");
            }
            readDocument(in, file);
            BsonDocument metadata;
            while ((metadata = readDocument(in, file)) != null) {
                String ns = metadata.getString("db").getValue() + "."
                        + metadata.getString("collection").getValue();
                List<BsonDocument> specs = new ArrayList<>();
                String json =
                        metadata.getString("metadata", new BsonString("{}")).getValue();
                for (BsonValue v :
                        BsonDocument.parse(json.isEmpty() ? "{}" : json).getArray("indexes", new BsonArray())) {
                    specs.add(v.asDocument());
                }
                indexes.put(ns, specs);
            }
            BsonDocument header;
            while ((header = readDocumentOrEnd(in, file)) != null) {
                String ns = header.getString("db").getValue() + "."
                        + header.getString("collection").getValue();
                BsonDocument d;
                while ((d = readDocument(in, file)) != null) {
                    sink.accept(ns, d);
                }
            }
            return indexes;
        } catch (NoSuchFileException e) {
            throw new FileException(file + ": no such file");
        } catch (ZipException e) {
            throw new FileException(file + ": is not a ShardLab data file: it is not gzipped (" + e.getMessage() + ")");
        } catch (EOFException e) {
            throw new FileException(file + ": is cut short: the archive ends inside a document");
        } catch (IOException e) {
            throw new FileException(file + ": cannot be read: " + e.getMessage());
        } catch (BSONException | ClassCastException | NullPointerException e) {
            throw new FileException(file + ": is damaged: " + e.getMessage());
        }
    }

    private static BsonDocument readDocumentOrEnd(InputStream in, Path file) throws IOException {
        byte[] head = in.readNBytes(4);
        if (head.length == 0) {
            return null;
        }
        if (head.length < 4) {
            throw new EOFException();
        }
        return documentAfter(head, in, file);
    }

    /** The next document, or null at a terminator. */
    private static BsonDocument readDocument(InputStream in, Path file) throws IOException {
        byte[] head = in.readNBytes(4);
        if (head.length < 4) {
            throw new EOFException();
        }
        return documentAfter(head, in, file);
    }

    private static BsonDocument documentAfter(byte[] head, InputStream in, Path file) throws IOException {
        int length = ByteBuffer.wrap(head).order(ByteOrder.LITTLE_ENDIAN).getInt();
        if (length == TERMINATOR) {
            return null;
        }
        if (length < 5 || length > MAX_DOCUMENT) {
            throw new FileException(file + ": is damaged: a document of " + length + " bytes");
        }
        byte[] bytes = new byte[length];
        System.arraycopy(head, 0, bytes, 0, 4);
        if (in.readNBytes(bytes, 4, length - 4) != length - 4) {
            throw new EOFException();
        }
        return new RawBsonDocument(bytes);
    }

    private static int readInt(InputStream in) throws IOException {
        byte[] b = in.readNBytes(4);
        if (b.length < 4) {
            throw new EOFException();
        }
        return ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN).getInt();
    }

    // ---- writing --------------------------------------------------------------------------------------------

    private static void writeMetadata(OutputStream out, String ns, List<BsonDocument> indexes) throws IOException {
        BsonArray specs = new BsonArray();
        indexes.forEach(specs::add);
        String metadata = new BsonDocument("indexes", specs)
                .append("collectionName", new BsonString(collection(ns)))
                .append("type", new BsonString("collection"))
                .toJson();
        writeDocument(
                out,
                new BsonDocument("db", new BsonString(database(ns)))
                        .append("collection", new BsonString(collection(ns)))
                        .append("metadata", new BsonString(metadata))
                        .append("size", new BsonInt32(0))
                        .append("type", new BsonString("collection")));
    }

    /** One namespace's block: its header, its documents, the terminator and its end header with their CRC. */
    private static void writeNamespace(OutputStream out, String ns, List<BsonDocument> documents) throws IOException {
        Crc64 crc = new Crc64();
        writeHeader(out, ns, false, 0);
        for (BsonDocument d : documents) {
            byte[] bytes = bytes(d);
            out.write(bytes);
            crc.update(bytes);
        }
        writeInt(out, TERMINATOR);
        writeHeader(out, ns, true, crc.value());
        writeInt(out, TERMINATOR);
    }

    private static void writeHeader(OutputStream out, String ns, boolean eof, long crc) throws IOException {
        writeDocument(
                out,
                new BsonDocument("db", new BsonString(database(ns)))
                        .append("collection", new BsonString(collection(ns)))
                        .append("EOF", BsonBoolean.valueOf(eof))
                        .append("CRC", new BsonInt64(crc)));
    }

    private static void writeDocument(OutputStream out, BsonDocument d) throws IOException {
        out.write(bytes(d));
    }

    private static byte[] bytes(BsonDocument d) {
        RawBsonDocument raw = d instanceof RawBsonDocument r ? r : new RawBsonDocument(d, new BsonDocumentCodec());
        ByteBuffer buffer = raw.getByteBuffer().asNIO();
        byte[] out = new byte[buffer.remaining()];
        buffer.get(out);
        return out;
    }

    private static void writeInt(OutputStream out, int value) throws IOException {
        out.write(ByteBuffer.allocate(4)
                .order(ByteOrder.LITTLE_ENDIAN)
                .putInt(value)
                .array());
    }

    /** Whether {@code ns} is one of ShardLab's own namespaces in the file, not a client's. */
    private static boolean isOwn(String ns) {
        return database(ns).equals(OWN_DATABASE);
    }

    private static String database(String ns) {
        return ns.substring(0, ns.indexOf('.'));
    }

    private static String collection(String ns) {
        return ns.substring(ns.indexOf('.') + 1);
    }

    /**
     * gzip at {@link Deflater#BEST_SPEED}: the save competes with the clients for the processor (2 cores on a
     * classroom laptop) for as long as it compresses, and level 1 takes about a third of the default level's time
     * for a file a little larger (mongo-tools' {@code --gzip} reads any level).
     */
    private static final class FastGzip extends GZIPOutputStream {
        FastGzip(OutputStream out) throws IOException {
            super(out, 1 << 16);
            def.setLevel(Deflater.BEST_SPEED);
        }
    }

    /** CRC-64/ECMA as Go's {@code hash/crc64} computes it with {@code crc64.ECMA}, which mongo-tools' archives use. */
    private static final class Crc64 {
        private static final long[] TABLE = table();
        private long crc;

        private static long[] table() {
            long[] t = new long[256];
            for (int i = 0; i < 256; i++) {
                long c = i;
                for (int k = 0; k < 8; k++) {
                    c = (c & 1) == 1 ? (c >>> 1) ^ 0xC96C5795D7870F42L : c >>> 1;
                }
                t[i] = c;
            }
            return t;
        }

        void update(byte[] bytes) {
            long c = ~crc;
            for (byte b : bytes) {
                c = TABLE[(int) ((c ^ b) & 0xff)] ^ (c >>> 8);
            }
            crc = ~c;
        }

        long value() {
            return crc;
        }
    }
}
