package io.shardlab.live;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardlab.cluster.Chunk;
import io.shardlab.cluster.ChunkMap;
import io.shardlab.cluster.ChunkStatistics;
import io.shardlab.cluster.ChunkVersion;
import io.shardlab.cluster.ClusterSnapshot;
import io.shardlab.cluster.MongoVersion;
import io.shardlab.cluster.Shard;
import io.shardlab.cluster.SnapshotFile;
import io.shardlab.key.ShardKey;
import io.shardlab.key.ShardKeyPattern;
import io.shardlab.text.RefusedInput;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonMaxKey;
import org.bson.BsonMinKey;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** What every front end takes from one collection read from a source, resolved in one place. */
class SourceLayoutTest {

    static final ShardKey MIN = ShardKey.of(new BsonMinKey());
    static final ShardKey TEN = ShardKey.of(new BsonInt32(10));
    static final ShardKey MAX = ShardKey.of(new BsonMaxKey());
    static final List<Chunk> CHUNKS = List.of(
            new Chunk(MIN, TEN, "shard01", false, new ChunkVersion(1, 0)),
            new Chunk(TEN, MAX, "shard02", false, new ChunkVersion(1, 1)));

    /** A snapshot of shop.orders with the given capture section (null: a simulator snapshot) and per-chunk record. */
    static SourceLayout read(String capture, List<ChunkStatistics> recorded) {
        ClusterSnapshot cluster = new ClusterSnapshot(
                "shop.orders",
                ShardKeyPattern.parse("{x: 1}"),
                false,
                List.of(Shard.named("shard01"), Shard.named("shard02")),
                new ChunkMap(CHUNKS),
                List.of());
        SnapshotFile.Contents contents = new SnapshotFile.Contents(
                cluster,
                recorded,
                Instant.parse("2024-05-01T12:00:00Z"),
                "mongodb://db1:27017",
                capture == null ? null : BsonDocument.parse(capture));
        ClusterMetadata metadata = LiveCapture.fromSnapshotFile(contents, "orders.json");
        Map<Chunk, ChunkStatistics> byChunk = new java.util.HashMap<>();
        recorded.forEach(s -> byChunk.put(s.chunk(), s));
        return new SourceRead(metadata, byChunk).layout(null);
    }

    /**
     * mongo {@code balancer.cpp}: {@code coll.getMaxChunkSizeBytes().value_or(balancerConfig->getMaxChunkSizeBytes())};
     * the balancer configuration's size is config.settings' {@code chunksize} where set, else the release's default.
     */
    @ParameterizedTest(name = "[{index}] maxChunkSizeBytes {0}, settings {1} MB from {2} -> {3} ({4})")
    @CsvSource(delimiter = '|', nullValues = "-", textBlock = """
            # collection maxChunkSizeBytes | chunkSizeMB | chunkSizeSource | bytes    | origin
            67108864                       | 128         | config.settings | 67108864 | COLLECTION
            -                              | 32          | config.settings | 33554432 | SETTINGS
            -                              | 128         | balancerStatus  | 0        | RELEASE_DEFAULT
            -                              | -           | -               | 0        | RELEASE_DEFAULT
            """)
    void theChunkSizeIsTheCollectionsElseTheSettingsElseTheReleasesDefault(
            Long collection, Integer mb, String from, long bytes, SourceLayout.ChunkSize.Origin origin) {
        String coll = collection == null ? "{}" : "{maxChunkSizeBytes: {$numberLong: '" + collection + "'}}";
        String balancer = mb == null
                ? ""
                : ", balancer: {mode: 'full', source: 'balancerStatus', chunkSizeMB: " + mb + ", chunkSizeSource: '"
                        + from + "'}";

        SourceLayout layout = read("{collection: " + coll + balancer + "}", List.of());

        assertEquals(new SourceLayout.ChunkSize(bytes, origin), layout.chunkSize());
    }

    /**
     * MongoDB keeps a chunk size of 1 MB to 1 GB ({@code configureCollectionBalancing}'s {@code chunkSize: 0} removes
     * {@code maxChunkSizeBytes}, it never stores 0; {@code ChunkSizeSettingsType::checkMaxChunkSizeValid}): any other
     * size in a source is refused, naming the source and the field.
     */
    @ParameterizedTest(name = "[{index}] maxChunkSizeBytes {0}, settings {1} MB -> refused: {2}")
    @CsvSource(delimiter = '|', nullValues = "-", textBlock = """
            # collection maxChunkSizeBytes | chunkSizeMB | refusal
            0                              | 32          | orders.json: maxChunkSizeBytes of shop.orders is 0 bytes
            -1                             | -           | orders.json: maxChunkSizeBytes of shop.orders is -1 bytes
            1073741825                     | -           | orders.json: maxChunkSizeBytes of shop.orders is 1073741825 bytes
            -                              | 0           | orders.json: the config.settings chunksize value is 0 MB
            -                              | 1025        | orders.json: the config.settings chunksize value is 1025 MB
            """)
    void aChunkSizeMongoDBWouldNotKeepIsRefused(Long collection, Integer mb, String refusal) {
        String coll = collection == null ? "{}" : "{maxChunkSizeBytes: {$numberLong: '" + collection + "'}}";
        String balancer = mb == null
                ? ""
                : ", balancer: {mode: 'full', source: 'balancerStatus', chunkSizeMB: " + mb
                        + ", chunkSizeSource: 'config.settings'}";
        SourceLayout layout = read("{collection: " + coll + balancer + "}", List.of());

        RefusedInput refused = assertThrows(RefusedInput.class, layout::chunkSize);

        assertTrue(refused.getMessage().startsWith(refusal), refused.getMessage());
    }

    @ParameterizedTest(name = "[{index}] captured from {0} -> simulated as {1}")
    @CsvSource(delimiter = '|', textBlock = """
            # server version | simulated release
            7.0.12           | 7.0.12
            4.0.28           | 4.0.28
            3.6.23           | 8.0
            """)
    void aSourceOlderThanShardLabModelsIsSimulatedWithTheDefaultRelease(String server, String simulated) {
        SourceLayout layout = read("{server: {version: '" + server + "', role: 'MONGOS'}, collection: {}}", List.of());

        assertEquals(MongoVersion.parse(simulated), layout.simulatedVersion());
    }

    @Test
    void recordedSizesAreGivenOnlyWhenEveryChunkShownWasRecorded() {
        List<ChunkStatistics> recorded =
                List.of(new ChunkStatistics(CHUNKS.get(0), 10, 1000), new ChunkStatistics(CHUNKS.get(1), 5, 500));
        SourceLayout layout = read(null, recorded);

        assertEquals(Optional.of(recorded), layout.recordedSizes());
        assertEquals(ChunkContents.Basis.RECORDED, layout.contents().basis());
        assertEquals(recorded, layout.load().contents());

        // an earlier moment, one chunk [MinKey, MaxKey): not recorded, so no sizes and no contents
        SourceLayout before = layout.at(ChunkMap.single(1, "shard01"));
        assertEquals(Optional.empty(), before.recordedSizes());
        assertEquals(ChunkContents.Basis.UNKNOWN, before.contents().basis());
        assertEquals(1, before.cluster().chunks().size());
        assertEquals(Optional.empty(), read(null, List.of()).recordedSizes());
    }
}
