package io.shardlab.live;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.zip.GZIPOutputStream;
import org.bson.BsonBoolean;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonInt64;
import org.bson.BsonString;
import org.bson.RawBsonDocument;
import org.bson.codecs.BsonDocumentCodec;

/** Writes config dumps the way mongodump does, for tests outside this package. */
public final class ConfigDumpReaderTestSupport {

    private ConfigDumpReaderTestSupport() {}

    /** What {@code mongodump --db config --out DIR} writes: DIR/config/&lt;collection&gt;.bson. */
    public static void mongodump(Path dir, Map<String, List<BsonDocument>> config) throws Exception {
        ConfigDumpReaderTest.mongodump(dir, config, false);
    }

    /**
     * What {@code mongodump --db config --archive=FILE [--gzip]} writes, per mongo-tools
     * {@code common/archive/spec.md}: the magic number, the header, one metadata document per collection, a
     * terminator, then each collection's documents in two interleaved segments (as parallel dumps interleave
     * them), each namespace closed by an EOF header block.
     */
    public static void mongodumpArchive(
            Path file, Map<String, List<BsonDocument>> config, String serverVersion, boolean gzip) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.write(int32(MongodumpArchive.MAGIC));
        write(
                out,
                new BsonDocument("concurrent_collections", new BsonInt32(4))
                        .append("version", new BsonString("0.1"))
                        .append("server_version", new BsonString(serverVersion))
                        .append("tool_version", new BsonString("100.9.4")));
        List<String> names = new ArrayList<>(config.keySet());
        for (String name : names) {
            write(
                    out,
                    new BsonDocument("db", new BsonString("config"))
                            .append("collection", new BsonString(name))
                            .append(
                                    "metadata",
                                    new BsonString("{\"indexes\":[],\"uuid\":\"\",\"collectionName\":\"" + name
                                            + "\",\"type\":\"collection\"}"))
                            .append("size", new BsonInt32(0))
                            .append("type", new BsonString("collection")));
        }
        out.write(int32(MongodumpArchive.TERMINATOR));
        for (int half = 0; half < 2; half++) {
            for (String name : names) {
                List<BsonDocument> docs = config.get(name);
                int from = half == 0 ? 0 : docs.size() / 2;
                int to = half == 0 ? docs.size() / 2 : docs.size();
                if (from == to) {
                    continue;
                }
                write(out, namespaceHeader(name, false));
                for (BsonDocument d : docs.subList(from, to)) {
                    write(out, d);
                }
                out.write(int32(MongodumpArchive.TERMINATOR));
            }
        }
        for (String name : names) {
            write(out, namespaceHeader(name, true));
            out.write(int32(MongodumpArchive.TERMINATOR));
        }
        byte[] bytes = out.toByteArray();
        if (gzip) {
            try (OutputStream z = new GZIPOutputStream(Files.newOutputStream(file))) {
                z.write(bytes);
            }
        } else {
            Files.write(file, bytes);
        }
    }

    private static BsonDocument namespaceHeader(String collection, boolean eof) {
        return new BsonDocument("db", new BsonString("config"))
                .append("collection", new BsonString(collection))
                .append("EOF", BsonBoolean.valueOf(eof))
                .append("CRC", new BsonInt64(0));
    }

    private static void write(ByteArrayOutputStream out, BsonDocument doc) throws Exception {
        RawBsonDocument raw = doc instanceof RawBsonDocument r ? r : new RawBsonDocument(doc, new BsonDocumentCodec());
        ByteBuffer b = raw.getByteBuffer().asNIO();
        byte[] bytes = new byte[b.remaining()];
        b.get(bytes);
        out.write(bytes);
    }

    private static byte[] int32(int v) {
        return ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN).putInt(v).array();
    }
}
