package io.shardlab.live;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardlab.cluster.MongoVersion;
import io.shardlab.live.ConfigFixture.Shape;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.bson.BsonDocument;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.EnumSource;

/** {@code mongodump --db config --archive} files as config dumps (mongo-tools common/archive/spec.md). */
class MongodumpArchiveTest {

    @TempDir
    Path dir;

    @ParameterizedTest(name = "{0}, gzip {1}")
    @CsvSource(textBlock = """
            V4_4, false
            V4_4, true
            V8_0, false
            V8_0, true
            """)
    void anArchiveReadsLikeTheSameDumpInAFolder(Shape shape, boolean gzip) throws Exception {
        Map<String, List<BsonDocument>> config = ConfigFixture.config(shape);
        Path archive = dir.resolve(gzip ? "config.archive.gz" : "config.archive");
        ConfigDumpReaderTestSupport.mongodumpArchive(archive, config, shape.version, gzip);
        Path folder = dir.resolve("folder");
        ConfigDumpReaderTestSupport.mongodump(folder, config);

        try (DocumentConfigSource fromArchive = ConfigDumpReader.open(archive);
                DocumentConfigSource fromFolder = ConfigDumpReader.open(folder)) {
            for (String name : ConfigDumpReader.REQUIRED) {
                assertEquals(fromFolder.documents(name), fromArchive.documents(name), name);
            }
            assertEquals(Optional.of(shape.version), fromArchive.recordedServerVersion());
            ClusterMetadata m = new ClusterInspector(java.time.Clock.systemUTC())
                    .inspect(fromArchive, new ClusterInspector.Scope(null, 0));
            assertEquals(MongoVersion.parse(shape.version), m.release().version());
            assertEquals(SourceRelease.Basis.DUMP, m.release().basis());
        }
    }

    @Test
    void onlyTheConfigDatabasesCollectionsAreKeptAndSegmentsOfOneCollectionAreJoined() throws Exception {
        Map<String, List<BsonDocument>> config = new LinkedHashMap<>(ConfigFixture.config(Shape.V7_0));
        Path archive = dir.resolve("a.archive");
        ConfigDumpReaderTestSupport.mongodumpArchive(archive, config, "", false);
        try (DocumentConfigSource source = ConfigDumpReader.open(archive)) {
            assertEquals(config.get("chunks").size(), source.documents("chunks").size());
            assertEquals(Optional.empty(), source.recordedServerVersion(), "an empty server_version is no version");
        }
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            not an archive          | is not a folder of config files nor a mongodump archive
            cut in a document       | ends inside
            two terminators         | has two terminators in a row
            bad length              | is neither a BSON length nor a terminator
            no chunks               | holds no config.chunks
            """)
    void aBrokenArchiveGetsOneLineNamingTheFile(String damage, String message) throws Exception {
        Map<String, List<BsonDocument>> config = new LinkedHashMap<>(ConfigFixture.config(Shape.V5_0));
        if (damage.equals("no chunks")) {
            config.remove("chunks");
        }
        Path archive = dir.resolve("broken.archive");
        ConfigDumpReaderTestSupport.mongodumpArchive(archive, config, "5.0.26", false);
        byte[] bytes = Files.readAllBytes(archive);
        switch (damage) {
            case "not an archive" -> Files.writeString(archive, "{\"_id\": 1}\n");
            case "cut in a document" -> Files.write(archive, Arrays.copyOf(bytes, bytes.length - 30));
            case "two terminators" -> Files.write(archive, concat(bytes, new byte[] {-1, -1, -1, -1, -1, -1, -1, -1}));
            case "bad length" -> Files.write(archive, concat(bytes, new byte[] {2, 0, 0, 0}));
            default -> {}
        }
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ConfigDumpReader.open(archive));
        assertTrue(e.getMessage().startsWith("config-dump: "), e.getMessage());
        assertTrue(e.getMessage().contains(archive.toString()) && e.getMessage().contains(message), e.getMessage());
        assertFalse(e.getMessage().contains("\n") || e.getMessage().contains("Exception"), e.getMessage());
    }

    @ParameterizedTest(name = "a {0} folder dump without a recorded version is inferred as {0}'s era")
    @EnumSource(Shape.class)
    void aFolderDumpsReleaseIsInferredFromItsShape(Shape shape) throws Exception {
        Path folder = dir.resolve("f");
        ConfigDumpReaderTestSupport.mongodump(folder, ConfigFixture.config(shape));
        try (DocumentConfigSource source = ConfigDumpReader.open(folder)) {
            SourceRelease r = ReleaseInference.of(source);
            assertTrue(r.guessed(), r.note());
            MongoVersion real = MongoVersion.parse(shape.version);
            // the inferred release is of the same metadata era: same keying, never newer than the writer
            assertEquals(real.atLeast(MongoVersion.V5_0), r.version().atLeast(MongoVersion.V5_0), r.note());
            assertFalse(r.version().compareTo(real.line()) > 0, r.note());
        }
    }

    private static byte[] concat(byte[] a, byte[] b) {
        byte[] out = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }
}
