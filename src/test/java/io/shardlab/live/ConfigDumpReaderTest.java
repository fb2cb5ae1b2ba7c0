package io.shardlab.live;

import static io.shardlab.live.ConfigFixture.EVENTS;
import static io.shardlab.live.ConfigFixture.USERS;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardlab.live.ConfigFixture.Shape;
import io.shardlab.text.Language;
import io.shardlab.text.Messages;
import io.shardlab.text.RefusedInput;
import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.zip.GZIPOutputStream;
import org.bson.BsonDocument;
import org.bson.RawBsonDocument;
import org.bson.codecs.BsonDocumentCodec;
import org.bson.json.JsonMode;
import org.bson.json.JsonWriterSettings;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A DBA without network access hands over a folder of mongodump or mongoexport output; it reads
 * to the same layout as the live cluster.
 */
class ConfigDumpReaderTest {

    @TempDir
    Path dir;

    static byte[] bson(List<BsonDocument> docs) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (BsonDocument d : docs) {
            ByteBuffer buffer = new RawBsonDocument(d, new BsonDocumentCodec())
                    .getByteBuffer()
                    .asNIO();
            byte[] bytes = new byte[buffer.remaining()];
            buffer.get(bytes);
            out.writeBytes(bytes);
        }
        return out.toByteArray();
    }

    /** What {@code mongodump --db config --out DIR} writes: DIR/config/<collection>.bson (+ metadata). */
    static void mongodump(Path out, Map<String, List<BsonDocument>> config, boolean gzip) throws Exception {
        Path db = Files.createDirectories(out.resolve("config"));
        for (var e : config.entrySet()) {
            Path file = db.resolve(e.getKey() + (gzip ? ".bson.gz" : ".bson"));
            try (OutputStream os =
                    gzip ? new GZIPOutputStream(Files.newOutputStream(file)) : Files.newOutputStream(file)) {
                os.write(bson(e.getValue()));
            }
            Files.writeString(db.resolve(e.getKey() + ".metadata.json"), "{\"indexes\":[],\"uuid\":\"\"}");
        }
    }

    /** What {@code mongoexport --db config --collection X --out F} writes: one JSON document per line. */
    static void mongoexport(
            Path out, Map<String, List<BsonDocument>> config, JsonMode mode, String naming, boolean jsonArray)
            throws Exception {
        Files.createDirectories(out);
        JsonWriterSettings settings =
                JsonWriterSettings.builder().outputMode(mode).build();
        for (var e : config.entrySet()) {
            StringBuilder text = new StringBuilder(jsonArray ? "[" : "");
            for (int i = 0; i < e.getValue().size(); i++) {
                text.append(jsonArray && i > 0 ? "," : "")
                        .append(e.getValue().get(i).toJson(settings))
                        .append('\n');
            }
            text.append(jsonArray ? "]\n" : "");
            Files.writeString(out.resolve(String.format(naming, e.getKey())), text, StandardCharsets.UTF_8);
        }
    }

    static ClusterMetadata read(Path folder) {
        return new ClusterInspector(LiveInspectionTest.CLOCK)
                .inspect(ConfigDumpReader.open(folder), new ClusterInspector.Scope(null, 0));
    }

    static void assertSameLayout(ClusterMetadata expected, ClusterMetadata actual) {
        assertEquals(expected.shards(), actual.shards());
        assertEquals(expected.databases(), actual.databases());
        assertEquals(expected.collections().size(), actual.collections().size());
        for (int i = 0; i < expected.collections().size(); i++) {
            CollectionLayout e = expected.collections().get(i);
            CollectionLayout a = actual.collections().get(i);
            assertEquals(e.entry(), a.entry());
            assertEquals(e.chunks(), a.chunks());
            assertEquals(e.zones(), a.zones());
        }
        assertEquals(expected.changes(), actual.changes());
        assertEquals(expected.balancer().activeWindow(), actual.balancer().activeWindow());
        assertEquals(List.of(), actual.allProblems());
    }

    @ParameterizedTest(name = "mongodump of a MongoDB {0} config database")
    @EnumSource(Shape.class)
    void aMongodumpFolderReadsLikeTheLiveCluster(Shape shape) throws Exception {
        mongodump(dir, ConfigFixture.config(shape), shape == Shape.V6_0);
        ClusterMetadata fromDump = read(dir);
        ClusterMetadata live;
        try (FakeCluster cluster = FakeCluster.of(shape)) {
            live = LiveInspectionTest.inspect(cluster, null, new ClusterInspector.Scope(null, 0));
        }
        assertSameLayout(live, fromDump);
        assertEquals(
                ConfigFixture.usersNow(),
                fromDump.collection(USERS).orElseThrow().chunks());
        assertEquals(BalancerState.FROM_SETTINGS, fromDump.balancer().source());
        assertTrue(
                fromDump.notesInEnglish().stream().anyMatch(n -> n.contains("per-shard data sizes are omitted")),
                fromDump.notesInEnglish()::toString);
        assertEquals(dir.toString(), fromDump.source());
        assertEquals(fromDump.collections(), read(dir.resolve("config")).collections(), "DIR or DIR/config");
    }

    @Test
    void mongoexportLinesInRelaxedAndCanonicalJsonAndJsonArraysAllRead() throws Exception {
        Map<String, List<BsonDocument>> config = ConfigFixture.config(Shape.V7_0);
        ClusterMetadata expected = new ClusterInspector(LiveInspectionTest.CLOCK)
                .inspect(new DocumentConfigSource("x", config, "offline"), new ClusterInspector.Scope(null, 0));
        mongoexport(dir.resolve("relaxed"), config, JsonMode.RELAXED, "%s.json", false);
        mongoexport(dir.resolve("canonical"), config, JsonMode.EXTENDED, "config.%s.json", false);
        mongoexport(dir.resolve("jsonl"), config, JsonMode.RELAXED, "config.%s.jsonl", false);
        mongoexport(dir.resolve("array"), config, JsonMode.EXTENDED, "%s.json", true);
        for (String folder : List.of("relaxed", "canonical", "jsonl", "array")) {
            ClusterMetadata m = read(dir.resolve(folder));
            assertSameLayout(expected, m);
            assertEquals(
                    ConfigFixture.eventsNow(),
                    m.collection(EVENTS).orElseThrow().chunks(),
                    folder);
        }
    }

    @Test
    void aMissingRequiredFileIsNamedWithTheExportThatMakesIt() throws Exception {
        mongoexport(dir, Map.of("collections", List.of(), "shards", List.of()), JsonMode.RELAXED, "%s.json", false);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ConfigDumpReader.open(dir));
        assertEquals(
                "config-dump: " + dir + " has no chunks file (expected chunks.bson from mongodump --db config, "
                        + "or chunks.json / config.chunks.json from mongoexport)",
                e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> ConfigDumpReader.open(dir.resolve("nope")));
        assertEquals("config-dump: " + dir.resolve("nope") + " does not exist", e.getMessage());
    }

    @Test
    void aMissingRequiredFileIsNamedInChineseWhenTheUserChoseChinese() throws Exception {
        mongoexport(dir, Map.of("collections", List.of(), "shards", List.of()), JsonMode.RELAXED, "%s.json", false);

        RefusedInput e = assertThrows(RefusedInput.class, () -> ConfigDumpReader.open(dir));

        assertEquals(
                "config-dump：" + dir + " 中没有 chunks 文件（应为 mongodump --db config 导出的 chunks.bson，"
                        + "或 mongoexport 导出的 chunks.json / config.chunks.json）",
                Messages.of(Language.SIMPLIFIED_CHINESE).text(e.said()));
    }

    @Test
    void aBrokenLineOrATruncatedBsonFileIsNamedWithItsPlace() throws Exception {
        mongoexport(dir, Map.of("collections", List.of(), "shards", List.of()), JsonMode.RELAXED, "%s.json", false);
        Files.writeString(dir.resolve("chunks.json"), "{\"a\": 1}\n\n{\"b\": \n");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ConfigDumpReader.open(dir));
        assertTrue(
                e.getMessage()
                        .startsWith("config-dump: " + dir.resolve("chunks.json") + " line 3 is not Extended JSON: "),
                e.getMessage());

        Files.delete(dir.resolve("chunks.json"));
        byte[] whole = bson(ConfigFixture.chunks(Shape.V5_0));
        Files.write(dir.resolve("chunks.bson"), java.util.Arrays.copyOf(whole, whole.length - 7));
        e = assertThrows(IllegalArgumentException.class, () -> ConfigDumpReader.open(dir));
        assertTrue(
                e.getMessage()
                        .startsWith(
                                "config-dump: " + dir.resolve("chunks.bson") + " ends inside the document at byte "),
                e.getMessage());

        Files.write(dir.resolve("chunks.bson"), "not bson at all, just text".getBytes(StandardCharsets.US_ASCII));
        e = assertThrows(IllegalArgumentException.class, () -> ConfigDumpReader.open(dir));
        assertTrue(e.getMessage().contains("is not a BSON dump: document at byte 0 claims"), e.getMessage());
    }
}
