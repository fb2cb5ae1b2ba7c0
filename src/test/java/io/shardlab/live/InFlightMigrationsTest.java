package io.shardlab.live;

import static io.shardlab.live.ConfigFixture.MAX;
import static io.shardlab.live.ConfigFixture.MIN;
import static io.shardlab.live.ConfigFixture.USERS;
import static io.shardlab.live.ConfigFixture.key;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardlab.cluster.ActiveMigration;
import io.shardlab.cluster.SnapshotFile;
import io.shardlab.key.ShardKey;
import io.shardlab.live.ConfigFixture.Shape;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.bson.BsonDocument;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The balancer's migrations in progress (config.migrations, in the shape of mongo
 * {@code src/mongo/db/s/balancer/type_migration.cpp}: {@code ns, min, max, fromShard, toShard,
 * chunkVersion, waitForDelete, forceJumbo}) read from every source into the layout and the
 * simulator's load command. test.users of {@link ConfigFixture}: [MinKey, 100) shard01, [100, 200)
 * shard02, [200, 300) shard03, [300, MaxKey) shard01 (jumbo).
 */
class InFlightMigrationsTest {

    @TempDir
    Path dir;

    /**
     * A config.migrations document. {@code chunkVersion} as 4.x's {@code ChunkVersion::appendWithField}
     * writes it ({@code [Timestamp, epoch]}, mongo {@code src/mongo/s/chunk_version.cpp}); ShardLab does
     * not read it.
     */
    static BsonDocument migration(String min, String max, String from, String to) {
        return BsonDocument.parse("{ns: '" + USERS + "', min: {user_id: " + min + "}, max: {user_id: " + max + "}, "
                + "fromShard: '" + from + "', toShard: '" + to + "', chunkVersion: [{$timestamp: {t: 3, i: 1}}, "
                + "{$oid: '" + ConfigFixture.EPOCH_USERS + "'}], waitForDelete: false, forceJumbo: 'doNotForceJumbo'}");
    }

    static final ActiveMigration FIRST_TO_SHARD03 = new ActiveMigration(MIN, key(100), "shard01", "shard03");

    @ParameterizedTest(name = "MongoDB {0} shapes")
    @EnumSource(Shape.class)
    void aLiveClustersMigrationsInProgressAreReadAndStaleRecordsAreProblems(Shape shape) {
        try (FakeCluster cluster = FakeCluster.of(shape)) {
            // given: one migration that fits the chunks, one from a chunk that has since been split
            cluster.seed(Map.of(
                    "migrations",
                    List.of(
                            migration("{$minKey: 1}", "100", "shard01", "shard03"),
                            migration("150", "200", "shard02", "shard01"))));

            // when
            ClusterMetadata m = LiveInspectionTest.inspect(cluster, null, ClusterInspector.Scope.OVERVIEW);

            // then
            CollectionLayout users = m.collection(USERS).orElseThrow();
            assertEquals(List.of(FIRST_TO_SHARD03), users.migrations());
            assertEquals(1, users.problems().size(), users.problems().toString());
            assertTrue(
                    users.problems().get(0).message().contains("is not a range from the min of a chunk of shard02"),
                    users.problems().get(0).message());
            assertTrue(users.map() != null, "a stale migration record does not break the layout");
            assertEquals(
                    List.of(), m.collection(ConfigFixture.EVENTS).orElseThrow().migrations());
        }
    }

    @Test
    void aConfigDumpsMigrationsReachTheSimulatorsLoadCommand() throws Exception {
        Map<String, List<BsonDocument>> config = new LinkedHashMap<>(ConfigFixture.config(Shape.V7_0));
        config.put("migrations", List.of(migration("{$minKey: 1}", "100", "shard01", "shard03")));
        ConfigDumpReaderTestSupport.mongodump(dir, config);

        SourceLayout users = new LayoutReader(LiveInspectionTest.CLOCK)
                .read(new LayoutSource.ConfigDumpSource(dir), ClusterInspector.Scope.OVERVIEW)
                .layout(USERS);

        assertEquals(List.of(FIRST_TO_SHARD03), users.load().inFlight());
    }

    @Test
    void aSnapshotRecordsTheMigrationsInProgressAndReadsThemBack() {
        try (FakeCluster cluster = FakeCluster.of(Shape.V8_0)) {
            cluster.seed(Map.of("migrations", List.of(migration("{$minKey: 1}", "100", "shard01", "shard03"))));
            ClusterMetadata m = LiveInspectionTest.inspect(cluster, null, ClusterInspector.Scope.OVERVIEW);
            Path file = dir.resolve("users.snapshot.json");
            SnapshotFile.write(file, LiveCapture.toSnapshotFile(m, USERS));

            SourceLayout back = new LayoutReader(LiveInspectionTest.CLOCK)
                    .read(
                            new LayoutSource.SnapshotFileSource(file, "users.snapshot.json"),
                            ClusterInspector.Scope.OVERVIEW)
                    .layout(USERS);

            assertEquals(List.of(FIRST_TO_SHARD03), back.layout().migrations());
            assertEquals(List.of(FIRST_TO_SHARD03), back.load().inFlight());
        }
    }

    @Test
    void anEarlierMomentHasNoMigrationsInProgress() {
        try (FakeCluster cluster = FakeCluster.of(Shape.V6_0)) {
            cluster.seed(Map.of("migrations", List.of(migration("{$minKey: 1}", "100", "shard01", "shard03"))));
            SourceRead read = new LayoutReader(LiveInspectionTest.CLOCK)
                    .read(
                            new LayoutSource.Connection(LiveConnectionRequest.of(cluster.connectionString())),
                            new ClusterInspector.Scope(null, 0));
            SourceLayout now = read.layout(USERS);
            LayoutHistory history =
                    LayoutHistory.rewind(now.layout().map(), read.metadata().changes(USERS));

            SourceLayout before = now.at(history.earliest());

            assertEquals(List.of(), before.layout().migrations());
            assertEquals(List.of(), before.load().inFlight());
        }
    }

    /**
     * Which records fit the layout (mongo {@code MigrationType::toMigrateInfo} rebuilds the donor's chunk
     * from the record; a shard takes part in one migration at a time, {@code balancer_policy.cpp}).
     */
    @ParameterizedTest(name = "[{index}] {0} -> kept {1}")
    @CsvSource(delimiter = '|', textBlock = """
            # records min,max,from,to; ...          | kept (indexes) | problems
            MIN,100,shard01,shard03                  | 0              | 0
            MIN,50,shard01,shard03                   | 0              | 0
            300,MAX,shard01,shard02                  | 0              | 0
            50,100,shard01,shard03                   | -              | 1
            100,200,shard01,shard03                  | -              | 1
            100,250,shard02,shard04                  | -              | 1
            MIN,100,shard01,shard03;200,300,shard03,shard02 | 0        | 1
            MIN,100,shard01,shard03;100,200,shard02,shard04 | 0;1      | 0
            """)
    void aRecordIsKeptWhenItMovesARangeFromTheMinOfADonorsChunkWithShardsNotBusy(
            String records, String kept, int problems) {
        CollectionLayout users = new ClusterInspector(LiveInspectionTest.CLOCK)
                .inspect(
                        new DocumentConfigSource("fixture", ConfigFixture.config(Shape.V7_0), "offline"),
                        ClusterInspector.Scope.OVERVIEW)
                .collection(USERS)
                .orElseThrow();
        List<ActiveMigration> decoded = new ArrayList<>();
        for (String r : records.split(";")) {
            String[] f = r.split(",");
            decoded.add(new ActiveMigration(bound(f[0]), bound(f[1]), f[2], f[3]));
        }

        CollectionLayout read = ClusterInspector.inFlight(users, decoded);

        List<ActiveMigration> expected = new ArrayList<>();
        if (!kept.equals("-")) {
            for (String i : kept.split(";")) {
                expected.add(decoded.get(Integer.parseInt(i)));
            }
        }
        assertEquals(expected, read.migrations());
        assertEquals(
                problems,
                read.problems().size() - users.problems().size(),
                read.problems().toString());
    }

    private static ShardKey bound(String text) {
        return switch (text) {
            case "MIN" -> MIN;
            case "MAX" -> MAX;
            default -> key(Long.parseLong(text));
        };
    }
}
