package io.shardlab.live;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.shardlab.live.ConfigFixture.Shape;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Sizes a config dump can carry: a {@code $shardedDataDistribution} or {@code $collStats} result exported
 * beside it (shapes per docs {@code reference/operator/aggregation/shardedDataDistribution} and
 * {@code collStats}).
 */
class DumpSizesTest {

    // mongosh: EJSON.stringify(db.getSiblingDB("admin").aggregate([{$shardedDataDistribution: {}}]).toArray())
    private static final String SHARDED_DATA_DISTRIBUTION = "[{\"ns\": \"test.users\", \"shards\": ["
            + "{\"shardName\": \"shard01\", \"numOrphanedDocs\": 0, \"numOwnedDocuments\": 600, "
            + "\"ownedSizeBytes\": 36600, \"orphanedSizeBytes\": 0},"
            + "{\"shardName\": \"shard02\", \"numOrphanedDocs\": 5, \"numOwnedDocuments\": 300, "
            + "\"ownedSizeBytes\": 18300, \"orphanedSizeBytes\": 305}]},"
            + "{\"ns\": \"config.system.sessions\", \"shards\": [{\"shardName\": \"shard01\", \"numOrphanedDocs\": 0,"
            + " \"numOwnedDocuments\": 1, \"ownedSizeBytes\": 99, \"orphanedSizeBytes\": 0}]}]";
    // db.users.aggregate([{$collStats: {storageStats: {}}}]) through mongos, one document per shard (trimmed)
    private static final String COLL_STATS = "{\"ns\": \"test.users\", \"shard\": \"shard01\", \"host\": \"h1:27018\", "
            + "\"localTime\": {\"$date\": \"2024-01-01T00:00:00Z\"}, \"storageStats\": {\"size\": 36600, \"count\": 600, "
            + "\"avgObjSize\": 61, \"storageSize\": 40960}}\n"
            + "{\"ns\": \"test.users\", \"shard\": \"shard02\", \"host\": \"h2:27018\", "
            + "\"localTime\": {\"$date\": \"2024-01-01T00:00:00Z\"}, \"storageStats\": {\"size\": 18300, \"count\": 300, "
            + "\"avgObjSize\": 61, \"storageSize\": 20480}}\n";

    @TempDir
    Path dir;

    @ParameterizedTest(name = "{0} beside a folder dump")
    @ValueSource(strings = {"shardedDataDistribution.json", "collStats.test.users.json"})
    void aSizeReportBesideAFolderDumpGivesPerShardData(String file) throws Exception {
        ConfigDumpReaderTestSupport.mongodump(dir, ConfigFixture.config(Shape.V7_0));
        Files.writeString(dir.resolve(file), file.startsWith("sharded") ? SHARDED_DATA_DISTRIBUTION : COLL_STATS);
        DataDistribution d = usersDistribution(dir);
        assertNotNull(d, "per-shard data of test.users");
        assertEquals(
                file.startsWith("sharded") ? DataDistribution.SHARDED_DATA_DISTRIBUTION : DataDistribution.COLL_STATS,
                d.source());
        assertEquals(900, d.totalDocuments());
        assertEquals(54_900, d.totalBytes());
    }

    @Test
    void aSizeReportBesideAnArchiveGivesPerShardData() throws Exception {
        Path archive = dir.resolve("config.archive");
        ConfigDumpReaderTestSupport.mongodumpArchive(archive, ConfigFixture.config(Shape.V7_0), "7.0.12", true);
        Files.writeString(dir.resolve(ConfigDumpReader.SHARDED_DATA_DISTRIBUTION_FILE), SHARDED_DATA_DISTRIBUTION);
        DataDistribution d = usersDistribution(archive);
        assertEquals(
                Map.of("shard01", 600L, "shard02", 300L),
                Map.of(
                        d.shards().get(0).shard(),
                        d.shards().get(0).documents(),
                        d.shards().get(1).shard(),
                        d.shards().get(1).documents()));
    }

    @Test
    void aDumpWithoutASizeReportHasNoPerShardData() throws Exception {
        ConfigDumpReaderTestSupport.mongodump(dir, ConfigFixture.config(Shape.V7_0));
        assertNull(usersDistribution(dir));
    }

    private static DataDistribution usersDistribution(Path dump) {
        try (DocumentConfigSource source = ConfigDumpReader.open(dump)) {
            ClusterMetadata m = new ClusterInspector(Clock.systemUTC())
                    .inspect(source, new ClusterInspector.Scope(ConfigFixture.USERS, 0));
            return m.layout(ConfigFixture.USERS).dataDistribution();
        }
    }
}
