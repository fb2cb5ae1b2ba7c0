package io.shardlab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardlab.cluster.Chunk;
import io.shardlab.cluster.ChunkMap;
import io.shardlab.cluster.ChunkVersion;
import io.shardlab.cluster.ClusterSnapshot;
import io.shardlab.cluster.Shard;
import io.shardlab.cluster.SnapshotFile;
import io.shardlab.key.ShardKey;
import io.shardlab.key.ShardKeyPattern;
import io.shardlab.live.ConfigDumpReaderTestSupport;
import io.shardlab.live.ConfigFixture;
import io.shardlab.live.ConfigFixture.Shape;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.bson.BsonDocument;
import org.bson.BsonMaxKey;
import org.bson.BsonMinKey;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A snapshot's or a config dump's chunk size reaches the simulator only when MongoDB would accept it: 1 to 1024 MB
 * ({@code configureCollectionBalancing}'s {@code chunkSize}, {@code ChunkSizeSettingsType::checkMaxChunkSizeValid}
 * in mongo {@code src/mongo/s/balancer_configuration.cpp}); anything else is refused with exit code 2, naming the
 * source and the field, in the language of {@code --lang}.
 */
class SourceChunkSizeTest {

    @TempDir
    Path dir;

    @ParameterizedTest(name = "config.collections maxChunkSizeBytes: {0}")
    @CsvSource(delimiter = '|', textBlock = """
            0             | maxChunkSizeBytes of test.users is 0 bytes; a chunk size is 1 to 1024 MB
            -1048576      | maxChunkSizeBytes of test.users is -1048576 bytes; a chunk size is 1 to 1024 MB
            1048575       | maxChunkSizeBytes of test.users is 1048575 bytes; a chunk size is 1 to 1024 MB
            2147483648    | maxChunkSizeBytes of test.users is 2147483648 bytes; a chunk size is 1 to 1024 MB
            '''128'''     | maxChunkSizeBytes is not a number in
            """)
    void aDumpsCollectionChunkSizeOutsideMongoDBsRangeIsRefused(String value, String said) throws Exception {
        // given a dump whose test.users has maxChunkSizeBytes set to the value
        Map<String, List<BsonDocument>> config = new LinkedHashMap<>(ConfigFixture.config(Shape.V7_0));
        List<BsonDocument> collections = new ArrayList<>();
        for (BsonDocument c : config.get("collections")) {
            BsonDocument copy = c.clone();
            if (copy.getString("_id").getValue().equals(ConfigFixture.USERS)) {
                copy.append(
                        "maxChunkSizeBytes",
                        BsonDocument.parse("{v: " + value + "}").get("v"));
            }
            collections.add(copy);
        }
        config.put("collections", collections);
        Path dump = dir.resolve("dump");
        ConfigDumpReaderTestSupport.mongodump(dump, config);

        // when it is simulated
        CliRun run = simulate("--config-dump", dump.toString());

        // then the run is refused, saying what is wrong with which input
        assertEquals(2, run.exitCode(), run.err());
        assertTrue(run.err().contains(said), run.err());
        assertEquals("", run.out());
    }

    @ParameterizedTest(name = "config.settings chunksize: {0}")
    @CsvSource(delimiter = '|', textBlock = """
            0        | the config.settings chunksize value is 0 MB; a chunk size is 1 to 1024 MB
            -64      | the config.settings chunksize value is -64 MB; a chunk size is 1 to 1024 MB
            1025     | the config.settings chunksize value is 1025 MB; a chunk size is 1 to 1024 MB
            '''64''' | value is not a number in
            """)
    void aDumpsClusterChunkSizeOutsideMongoDBsRangeIsRefused(String value, String said) throws Exception {
        Map<String, List<BsonDocument>> config = new LinkedHashMap<>(ConfigFixture.config(Shape.V4_4));
        List<BsonDocument> settings = new ArrayList<>();
        for (BsonDocument s : config.get("settings")) {
            settings.add(
                    s.getString("_id").getValue().equals("chunksize")
                            ? BsonDocument.parse("{_id: 'chunksize', value: " + value + "}")
                            : s);
        }
        config.put("settings", settings);
        Path dump = dir.resolve("dump");
        ConfigDumpReaderTestSupport.mongodump(dump, config);

        CliRun run = simulate("--config-dump", dump.toString());

        assertEquals(2, run.exitCode(), run.err());
        assertTrue(run.err().contains(said), run.err());
    }

    @ParameterizedTest(name = "a snapshot's maxChunkSizeBytes: {0}")
    @CsvSource(delimiter = '|', textBlock = """
            0          | snap.json: maxChunkSizeBytes of shop.orders is 0 bytes; a chunk size is 1 to 1024 MB
            -1         | snap.json: maxChunkSizeBytes of shop.orders is -1 bytes; a chunk size is 1 to 1024 MB
            1073741825 | snap.json: maxChunkSizeBytes of shop.orders is 1073741825 bytes; a chunk size is 1 to 1024 MB
            '''many'''     | snap.json: "capture" has the collection that cannot be read
            """)
    void aSnapshotsChunkSizeOutsideMongoDBsRangeIsRefused(String value, String said) {
        Path file = snapshot("{collection: {maxChunkSizeBytes: " + value + "}}");

        CliRun run = simulate("--snapshot", file.toString());

        assertEquals(2, run.exitCode(), run.err());
        assertTrue(run.err().contains(said), run.err());
    }

    @ParameterizedTest(name = "in Chinese: {0}")
    @CsvSource(delimiter = '|', textBlock = """
            0      | snap.json：shop.orders 的 maxChunkSizeBytes 为 0 字节；数据块大小须在 1 到 1024 MB 之间
            '''many''' | snap.json："capture" 中有无法读取的集合
            """)
    void theRefusalSpeaksTheLanguageOfLang(String value, String said) {
        Path file = snapshot("{collection: {maxChunkSizeBytes: " + value + "}}");

        CliRun run = CliRun.of(
                "--lang", "zh-CN", "simulate", "--snapshot", file.toString(), "--balancer-rounds", "1", "--json");

        assertEquals(2, run.exitCode(), run.err());
        assertTrue(run.err().contains(said), run.err());
    }

    @ParameterizedTest(name = "{0} bytes")
    @CsvSource({"1048576", "1073741824"})
    void theEdgesOfTheRangeAreAccepted(long bytes) {
        Path file = snapshot("{collection: {maxChunkSizeBytes: " + bytes + "}}");

        CliRun run = simulate("--snapshot", file.toString());

        assertEquals(0, run.exitCode(), run.err());
        assertTrue(run.out().contains("(config.collections maxChunkSizeBytes)"), run.out());
    }

    private static CliRun simulate(String sourceOption, String source) {
        return CliRun.of(
                "simulate",
                sourceOption,
                source,
                "--ns",
                sourceOption.equals("--snapshot") ? "shop.orders" : ConfigFixture.USERS,
                "--balancer-rounds",
                "1",
                "--json");
    }

    /** A snapshot of shop.orders in one chunk on shard01 of two shards, with {@code capture}. */
    private Path snapshot(String capture) {
        ClusterSnapshot c = new ClusterSnapshot(
                "shop.orders",
                ShardKeyPattern.parse("{_id: 1}"),
                false,
                List.of(Shard.named("shard01"), Shard.named("shard02")),
                new ChunkMap(List.of(new Chunk(
                        ShardKey.of(new BsonMinKey()),
                        ShardKey.of(new BsonMaxKey()),
                        "shard01",
                        false,
                        ChunkVersion.INITIAL))),
                List.of());
        Path file = dir.resolve("snap.json");
        SnapshotFile.write(
                file,
                new SnapshotFile.Contents(
                        c, List.of(), Instant.parse("2024-05-01T12:00:00Z"), "test", BsonDocument.parse(capture)));
        return file;
    }
}
