package io.shardlab.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardlab.cluster.ReleaseRules.AutoSplit;
import io.shardlab.cluster.ReleaseRules.Balancing;
import io.shardlab.cluster.ReleaseRules.ChunkCountRule;
import io.shardlab.cluster.ReleaseRules.MetadataKey;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The release table: every version string resolves to its release's behaviours (mongodb-releases.md §2). */
class ReleaseRulesTest {

    @ParameterizedTest(name = "{0}: auto-split {1}, balance by {2} ({3}), {4} MB chunks")
    @CsvSource(textBlock = """
            # version,   auto-split, balancing,   chunk-count rule, default MB
            4.0,         MONGOS,     CHUNK_COUNT, CEILING_IDEAL,    64
            4.0.28,      MONGOS,     CHUNK_COUNT, CEILING_IDEAL,    64
            4.2,         SHARD,      CHUNK_COUNT, ROUNDED_IDEAL,    64
            4.2.24,      SHARD,      CHUNK_COUNT, ROUNDED_IDEAL,    64
            4.4.29,      SHARD,      CHUNK_COUNT, ROUNDED_IDEAL,    64
            5.0,         SHARD,      CHUNK_COUNT, ROUNDED_IDEAL,    64
            5.1,         SHARD,      CHUNK_COUNT, ROUNDED_IDEAL,    64
            5.2,         SHARD,      CHUNK_COUNT, ROUNDED_IDEAL,    128
            5.3.1,       SHARD,      CHUNK_COUNT, ROUNDED_IDEAL,    128
            6.0.0,       SHARD,      CHUNK_COUNT, ROUNDED_IDEAL,    128
            6.0.2,       SHARD,      CHUNK_COUNT, ROUNDED_IDEAL,    128
            6.0.3,       NONE,       DATA_SIZE,   ROUNDED_IDEAL,    128
            6.0.3-rc0,   NONE,       DATA_SIZE,   ROUNDED_IDEAL,    128
            6.0,         NONE,       DATA_SIZE,   ROUNDED_IDEAL,    128
            6.0.14,      NONE,       DATA_SIZE,   ROUNDED_IDEAL,    128
            6.1,         NONE,       DATA_SIZE,   ROUNDED_IDEAL,    128
            7.0.12,      NONE,       DATA_SIZE,   ROUNDED_IDEAL,    128
            7.3.1,       NONE,       DATA_SIZE,   ROUNDED_IDEAL,    128
            8.2.0-rc1,   NONE,       DATA_SIZE,   ROUNDED_IDEAL,    128
            9.1,         NONE,       DATA_SIZE,   ROUNDED_IDEAL,    128
            """)
    void splittingBalancingAndChunkSizeFollowTheRelease(
            String version, AutoSplit autoSplit, Balancing balancing, ChunkCountRule rule, long megabytes) {
        ReleaseRules r = ReleaseRules.of(MongoVersion.parse(version));
        assertEquals(autoSplit, r.autoSplit());
        assertEquals(balancing, r.balancing());
        assertEquals(rule, r.chunkCountRule());
        assertEquals(megabytes * 1024 * 1024, r.defaultChunkSizeBytes());
    }

    @ParameterizedTest(name = "{0}: moveRange {1}, auto-merge {2}, {3} hashed chunks per shard, numInitialChunks {4}")
    @CsvSource(textBlock = """
            # version, moveRange, autoMerge, hashed/shard, numInitialChunks, zones before sharding, presplitHashedZones
            4.0.2,     false,     false,     2,            true,             false,                 false
            4.0.3,     false,     false,     2,            true,             true,                  false
            4.2,       false,     false,     2,            true,             true,                  false
            4.4,       false,     false,     2,            true,             true,                  true
            5.3,       false,     false,     2,            true,             true,                  true
            6.0.0,     true,      false,     2,            true,             true,                  true
            6.3,       true,      false,     2,            true,             true,                  true
            7.0,       true,      true,      2,            true,             true,                  true
            7.1.1,     true,      true,      2,            true,             true,                  true
            7.2,       true,      true,      1,            false,            true,                  true
            8.0.5,     true,      true,      1,            false,            true,                  true
            8.3,       true,      true,      1,            false,            true,                  true
            """)
    void commandsAndInitialChunksFollowTheRelease(
            String version,
            boolean moveRange,
            boolean autoMerge,
            int perShard,
            boolean numInitialChunks,
            boolean zonesBeforeSharding,
            boolean presplitHashedZones) {
        ReleaseRules r = ReleaseRules.of(MongoVersion.parse(version));
        assertEquals(moveRange, r.moveRange());
        assertEquals(autoMerge, r.autoMerge());
        assertEquals(perShard, r.hashedChunksPerShard());
        assertEquals(numInitialChunks, r.numInitialChunks());
        assertEquals(zonesBeforeSharding, r.zonesBeforeSharding());
        assertEquals(presplitHashedZones, r.presplitHashedZones());
    }

    @ParameterizedTest(name = "{0}: metadata by {1}, maxSize {2}, refine {3}, reshard {4}, write w/o key {5}")
    @CsvSource(textBlock = """
            # version, metadata,  maxSize, refine, reshard, write without shard key
            4.0,       NAMESPACE, true,    false,  false,   false
            4.4.0,     NAMESPACE, true,    true,   false,   false
            5.0.0,     UUID,      true,    true,   true,    false
            6.1,       UUID,      true,    true,   true,    false
            6.2,       UUID,      false,   true,   true,    false
            7.0,       UUID,      false,   true,   true,    false
            7.1,       UUID,      false,   true,   true,    true
            8.0,       UUID,      false,   true,   true,    true
            """)
    void metadataAndCommandsFollowTheRelease(
            String version,
            MetadataKey key,
            boolean maxSize,
            boolean refine,
            boolean reshard,
            boolean writeWithoutShardKey) {
        ReleaseRules r = ReleaseRules.of(MongoVersion.parse(version));
        assertEquals(key, r.metadataKey());
        assertEquals(maxSize, r.maxSize());
        assertEquals(refine, r.refineShardKey());
        assertEquals(reshard, r.reshardCollection());
        assertEquals(writeWithoutShardKey, r.writeWithoutShardKey());
    }

    @ParameterizedTest(name = "{0}: orphans wait {1} s, draining commands {2}")
    @CsvSource(textBlock = """
            # version, orphanCleanupDelaySecs, startShardDraining … commitShardRemoval
            4.0,       900,                    false
            6.0.3,     900,                    false
            8.0,       900,                    false
            8.1,       900,                    false
            8.2.0-rc1, 3600,                   false
            8.2,       3600,                   false
            8.3,       3600,                   true
            9.1,       3600,                   true
            """)
    void orphanCleanupDelayAndShardDrainingCommandsFollowTheRelease(
            String version, int orphanCleanupDelaySeconds, boolean drainingCommands) {
        // given release notes 8.2 ("orphanCleanupDelaySecs is now 3600 (previously 900)") and 8.3
        // ("Remove Shard Changes"); sharding_runtime_d_params.idl before 8.2 (default: 900)
        ReleaseRules r = ReleaseRules.of(MongoVersion.parse(version));

        // then
        assertEquals(orphanCleanupDelaySeconds, r.orphanCleanupDelaySeconds());
        assertEquals(drainingCommands, r.shardDrainingCommands());
    }

    @ParameterizedTest(name = "{0} gets the rules of {1}")
    @CsvSource(textBlock = """
            9.1,     8.3
            8.9.2,   8.3
            6.5,     6.3
            4.1.13,  4.0
            7.0.12,  7.0
            """)
    void anUnknownVersionGetsTheNearestLowerKnownLineWithANote(String version, String line) {
        MongoVersion v = MongoVersion.parse(version);
        assertEquals(MongoVersion.parse(line), v.modelledLine());
        assertEquals(!v.known(), v.modellingNote().isPresent());
        v.modellingNote().ifPresent(note -> assertTrue(note.contains(line), note));
        ReleaseRules expected = ReleaseRules.of(MongoVersion.parse(line));
        ReleaseRules actual = ReleaseRules.of(v);
        assertEquals(expected.autoSplit(), actual.autoSplit());
        assertEquals(expected.hashedChunksPerShard(), actual.hashedChunksPerShard());
        assertEquals(expected.metadataKey(), actual.metadataKey());
    }

    @ParameterizedTest(name = "''{0}'' is refused: {1}")
    @CsvSource(delimiter = '|', textBlock = """
            3.6        | older than 4.0
            3.6.23     | older than 4.0
            eight      | expected a MongoDB version
            8          | expected a MongoDB version
            8.0-rc1    | expected MAJOR.MINOR.PATCH
            ''         | expected a MongoDB version
            """)
    void versionsBefore40AndNonVersionsAreRefusedWithOneLine(String text, String message) {
        IllegalArgumentException e =
                assertThrows(IllegalArgumentException.class, () -> MongoVersion.parseModelled(text));
        assertTrue(e.getMessage().contains(message), e.getMessage());
        assertFalse(e.getMessage().contains("\n"));
    }

    @ParameterizedTest(name = "{0} vs {1}: {2}")
    @CsvSource(textBlock = """
            6.0.2,     6.0.3, -1
            6.0,       6.0.3, 1
            6.0.3-rc0, 6.0.3, -1
            8.2.0-rc1, 8.2.0, -1
            7.0.12,    7.1,   -1
            """)
    void versionsOrderByLineThenPatchThenPreRelease(String a, String b, int sign) {
        assertEquals(sign, Integer.signum(MongoVersion.parse(a).compareTo(MongoVersion.parse(b))));
    }

    @Test
    void everyKnownLineFrom40To83HasAOneLineSummaryAndTheTableCitesASourceForEveryRow() {
        List<String> lines =
                MongoVersion.releaseLines().stream().map(MongoVersion::toString).toList();
        assertEquals(
                List.of(
                        "4.0", "4.2", "4.4", "5.0", "5.1", "5.2", "5.3", "6.0", "6.1", "6.2", "6.3", "7.0", "7.1",
                        "7.2", "7.3", "8.0", "8.1", "8.2", "8.3"),
                lines);
        for (MongoVersion line : MongoVersion.releaseLines()) {
            String summary = ReleaseRules.whatChanges(line);
            assertFalse(summary.isBlank() || summary.contains("\n"), line + ": " + summary);
        }
        assertTrue(ReleaseRules.whatChanges(MongoVersion.V6_0).contains("from 6.0.3: no auto-split"));
        for (ReleaseRules.Change c : ReleaseRules.CHANGES) {
            assertFalse(c.source().isBlank(), c.what());
        }
    }

    @Test
    void rowsAreInReleaseOrder() {
        for (int i = 1; i < ReleaseRules.CHANGES.size(); i++) {
            assertTrue(ReleaseRules.CHANGES
                            .get(i - 1)
                            .since()
                            .compareTo(ReleaseRules.CHANGES.get(i).since())
                    < 0);
        }
    }

    @Test
    void aPickerOffersEveryLineAndThePatchBeforeEachPatchLevelSwitch() {
        List<String> choices =
                ReleaseRules.choices().stream().map(MongoVersion::toString).toList();
        assertEquals(
                List.of(
                        "4.0.2", "4.0", "4.2", "4.4", "5.0", "5.1", "5.2", "5.3", "6.0.2", "6.0", "6.1", "6.2", "6.3",
                        "7.0", "7.1", "7.2", "7.3", "8.0", "8.1", "8.2.5", "8.2", "8.3"),
                choices);
        assertEquals(
                "6.0.0 to 6.0.2: moveRange; not yet: no auto-split; balancer by data size (3 chunk sizes apart)",
                ReleaseRules.summary(MongoVersion.parse("6.0.2")));
        assertEquals(
                "moveRange; from 6.0.3: no auto-split; balancer by data size (3 chunk sizes apart)",
                ReleaseRules.summary(MongoVersion.V6_0));
        assertEquals("no change to the sharding rules ShardLab simulates", ReleaseRules.summary(MongoVersion.V8_1));
        assertTrue(ReleaseRules.summary(MongoVersion.V8_2).contains("3600 s"));
        assertTrue(ReleaseRules.summary(MongoVersion.V8_3).contains("startShardDraining"));
    }
}
