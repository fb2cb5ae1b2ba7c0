package io.shardlab.live;

import io.shardlab.FuzzInputs;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import org.bson.BsonDocument;
import org.bson.RawBsonDocument;
import org.bson.codecs.BsonDocumentCodec;
import org.junit.jupiter.api.Test;

/** Property: any dump file's content reads as documents or is refused in one line naming the file. */
class ConfigDumpReaderFuzzTest {

    private static final List<String> CHUNKS = List.of(
            "{\"_id\": \"x\", \"uuid\": {\"$binary\": {\"base64\": \"AAECAwQFBgcICQoLDA0ODw==\", \"subType\": \"04\"}}, "
                    + "\"min\": {\"a\": {\"$minKey\": 1}}, \"max\": {\"a\": 10}, \"shard\": \"s1\", "
                    + "\"lastmod\": {\"$timestamp\": {\"t\": 1, \"i\": 0}}}",
            "{\"_id\": \"y\", \"min\": {\"a\": 10}, \"max\": {\"a\": {\"$maxKey\": 1}}, \"shard\": \"s2\", \"jumbo\": true}");

    @Test
    void everyJsonDumpIsDocumentsOrOneLineNamingTheFile() throws Exception {
        Path file = Path.of("config", "chunks.json");
        FuzzInputs inputs = new FuzzInputs(
                51L, List.of(String.join("\n", CHUNKS) + "\n", "[" + String.join(",\n", CHUNKS) + "]\n"));
        for (int i = 0; i < 2_000; i++) {
            String text = inputs.next();
            FuzzInputs.assertResultOrOneLine(text, "chunks.json", t -> read(t.getBytes(StandardCharsets.UTF_8), file));
        }
    }

    @Test
    void everyBsonDumpIsDocumentsOrOneLineNamingTheFile() throws Exception {
        Path file = Path.of("config", "chunks.bson");
        byte[] valid = bson(CHUNKS);
        FuzzInputs inputs = new FuzzInputs(52L, List.of(""));
        Random random = inputs.random();
        for (int i = 0; i < 2_000; i++) {
            byte[] bytes;
            if (i % 5 == 0) {
                bytes = inputs.randomBytes(random.nextInt(64));
            } else {
                bytes = java.util.Arrays.copyOf(valid, random.nextInt(valid.length + 1));
                for (int e = random.nextInt(4); e >= 0 && bytes.length > 0; e--) {
                    bytes[random.nextInt(bytes.length)] = (byte) random.nextInt(256);
                }
            }
            byte[] content = bytes;
            FuzzInputs.assertResultOrOneLine("(" + bytes.length + " bytes)", "chunks.bson", t -> read(content, file));
        }
    }

    private static void read(byte[] content, Path file) {
        try {
            ConfigDumpReader.read(new java.io.ByteArrayInputStream(content), file);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private static byte[] bson(List<String> documents) {
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        for (String d : documents) {
            RawBsonDocument raw = new RawBsonDocument(BsonDocument.parse(d), new BsonDocumentCodec());
            out.write(raw.getByteBuffer().array(), 0, raw.getByteBuffer().remaining());
        }
        return out.toByteArray();
    }
}
