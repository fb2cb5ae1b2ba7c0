package io.shardlab.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardlab.bson.BsonLiterals;
import io.shardlab.key.ShardKey;
import io.shardlab.key.ShardKeyPattern;
import java.io.IOException;
import java.io.StringReader;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import org.bson.BsonDateTime;
import org.bson.BsonInt64;
import org.bson.BsonString;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class SnapshotFileTest {

    private static final Instant AT = Instant.parse("2024-01-01T12:00:00Z");

    @TempDir
    Path dir;

    private static SnapshotFile.Contents sample() {
        ShardKeyPattern key = ShardKeyPattern.parse("{ts: 1}");
        List<ShardKey> points = List.of(ShardKey.of(new BsonDateTime(1_000)), ShardKey.of(new BsonDateTime(2_000)));
        ChunkMap chunks = ChunkMap.fromSplitPoints(1, points, List.of("shard01", "shard02"), 1)
                .move(2, "shard02")
                .with(
                        0,
                        ChunkMap.fromSplitPoints(1, points, List.of("shard01", "shard02"), 1)
                                .get(0)
                                .withJumbo(true));
        List<Shard> shards = List.of(
                new Shard("shard01", "shard01/h1:27018", Set.of("EU"), false),
                new Shard("shard02", "", Set.of(), true));
        List<ZoneRange> zones =
                List.of(new ZoneRange(ShardKey.of(new BsonDateTime(0)), ShardKey.of(new BsonDateTime(1_000)), "EU"));
        ClusterSnapshot cluster = new ClusterSnapshot("data.events", key, false, shards, chunks, zones);
        List<ChunkStatistics> stats = new ArrayList<>();
        for (int i = 0; i < chunks.size(); i++) {
            stats.add(new ChunkStatistics(chunks.get(i), 10L * i, 1000L * i));
        }
        return new SnapshotFile.Contents(cluster, stats, AT, "simulated MongoDB 8.0");
    }

    private static String text(SnapshotFile.Contents contents) throws IOException {
        StringWriter out = new StringWriter();
        SnapshotFile.write(out, contents);
        return out.toString();
    }

    @Test
    void writesBoundsAsCanonicalExtendedJsonAndReadsThemBack() throws IOException {
        SnapshotFile.Contents contents = sample();

        String json = text(contents);
        SnapshotFile.Contents back = SnapshotFile.read(new StringReader(json), "s.json");

        assertTrue(json.startsWith("{\"format\": \"shardlab-snapshot\", \"version\": 1,"), json);
        assertTrue(
                json.contains("{\"min\": {\"ts\": {\"$minKey\": 1}}, \"max\": {\"ts\": {\"$date\": {\"$numberLong\": "
                        + "\"1000\"}}}, \"shard\": \"shard01\", \"jumbo\": true, \"lastmod\": {\"$timestamp\": {\"t\": 1, \"i\": 0}},"
                        + " \"docs\": 0, \"bytes\": 0}"),
                json);
        assertEquals(contents.cluster().chunks(), back.cluster().chunks());
        assertEquals(contents.cluster().shards(), back.cluster().shards());
        assertEquals(contents.cluster().zones(), back.cluster().zones());
        assertEquals(contents.cluster().key(), back.cluster().key());
        assertEquals(contents, back);
    }

    @Test
    void roundTripsRandomLayoutsOfHashedAndCompoundKeys() throws IOException {
        SplittableRandom random = new SplittableRandom(4);
        for (int run = 0; run < 30; run++) {
            boolean hashed = random.nextBoolean();
            ShardKeyPattern key = ShardKeyPattern.parse(hashed ? "{x: 'hashed'}" : "{a: 1, b: 1}");
            List<ShardKey> points = new ArrayList<>();
            long value = Long.MIN_VALUE / 2;
            for (int i = 0; i < random.nextInt(40); i++) {
                value += 1 + random.nextLong(1L << 50);
                points.add(
                        hashed
                                ? ShardKey.of(new BsonInt64(value))
                                : ShardKey.of(new BsonString("k" + i / 10), new BsonInt64(value)));
            }
            points.sort(null);
            ChunkMap chunks = ChunkMap.fromSplitPoints(key.arity(), points, List.of("a", "b", "c"), 1);
            ClusterSnapshot cluster = new ClusterSnapshot(
                    "db.c",
                    key,
                    false,
                    List.of(Shard.named("a"), Shard.named("b"), Shard.named("c")),
                    chunks,
                    List.of());
            SnapshotFile.Contents contents = new SnapshotFile.Contents(cluster, List.of(), AT, "test");

            assertEquals(contents, SnapshotFile.read(new StringReader(text(contents)), "r.json"));
        }
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            a shard never in a zone has no tags field           | false | false | ''
            a shard whose last zone was removed keeps tags: []  | false | true  | '"tags": [],'
            a shard in a zone lists its zones                   | true  | true  | '"tags": ["EU"],'
            """)
    void aShardsTagsFieldIsKeptAsConfigShardsHasIt(String test, boolean inZone, boolean listed, String written)
            throws IOException {
        // given a shard whose config.shards document has, or has not, a tags field
        // (jstests/sharding/remove_shard_from_zone.js asserts tags: [] once the last zone is removed)
        Shard shard = new Shard("shard01", "", inZone ? Set.of("EU") : Set.of(), false, 0, listed);
        ClusterSnapshot cluster = new ClusterSnapshot(
                "db.c",
                ShardKeyPattern.parse("{a: 1}"),
                false,
                List.of(shard),
                ChunkMap.fromSplitPoints(1, List.of(), List.of("shard01"), 1),
                List.of());
        SnapshotFile.Contents contents = new SnapshotFile.Contents(cluster, List.of(), AT, "test");

        // when the snapshot is written and read back
        String json = text(contents);
        SnapshotFile.Contents back = SnapshotFile.read(new StringReader(json), "t.json");

        // then the field is written as the shard has it, and read back the same
        assertEquals(listed, json.contains("\"tags\""), json);
        assertTrue(json.contains(written), json);
        assertEquals(listed, back.cluster().shards().get(0).tagsListed());
        assertEquals(contents, back);
    }

    @Test
    void writesAtomicallyReplacingAnOldFile() throws IOException {
        Path file = dir.resolve("layout.json");
        Files.writeString(file, "old");

        SnapshotFile.write(file, sample());

        assertEquals(sample(), SnapshotFile.read(file));
        try (var listing = Files.list(dir)) {
            assertEquals(List.of(file), listing.toList(), "no temporary file is left behind");
        }
    }

    @Test
    void aMissingFileIsNamed() {
        Path file = dir.resolve("none.json");
        assertEquals(
                file + ": no such file",
                assertThrows(IllegalArgumentException.class, () -> SnapshotFile.read(file))
                        .getMessage());
    }

    @ParameterizedTest(name = "{1}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', textBlock = """
            "format": "shardlab-snapshot"           | "format": "other"                 | not a ShardLab snapshot: "format" is "other"
            "version": 1                            | "version": 2                      | snapshot version 2 was written by a newer ShardLab
            "unique": false                         | "unique": "no"                    | "unique" must be true or false
            "capturedAt": "2024-01-01T12:00:00Z"    | "capturedAt": "noon"              | "capturedAt" must be an ISO-8601 instant
            "shard": "shard01", "jumbo": true       | "shard": "shard09", "jumbo": true | chunk 0 is on the shard 'shard09', which is not listed
            {"min": {"ts": {"$minKey": 1}}          | {"min": {"t": {"$minKey": 1}}     | chunk 0 "min" has the fields [t], but the key { ts: 1 } has [ts]
            "docs": 10, "bytes": 1000               | "docs": 10                        | chunk 1 has "docs" without "bytes"
            "unique": false                         | "uniqe": false                    | unknown field 'uniqe'
            "max": {"ts": {"$maxKey": 1}}           | "max": {"ts": {"$date": {"$numberLong": "3000"}}} | the chunks do not tile the key space: the last chunk must end at MaxKey
            "docs": 20, "bytes": 2000               | "docs": -1, "bytes": 2000         | chunk 2 "docs" must be a whole number not below 0
            """)
    void badSnapshotsAreRefusedWithTheFileAndTheProblem(String original, String broken, String message)
            throws IOException {
        String json = text(sample());
        assertTrue(json.contains(original), original);

        IllegalArgumentException e = assertThrows(
                IllegalArgumentException.class,
                () -> SnapshotFile.read(new StringReader(json.replace(original, broken)), "bad.json"));

        assertTrue(e.getMessage().startsWith("bad.json: "), e.getMessage());
        assertTrue(e.getMessage().contains(message), e.getMessage());
    }

    @Test
    void invalidJsonIsReportedWithTheFile() {
        IllegalArgumentException e = assertThrows(
                IllegalArgumentException.class, () -> SnapshotFile.read(new StringReader("{\"format\": "), "cut.json"));
        assertTrue(e.getMessage().startsWith("cut.json: not valid snapshot JSON"), e.getMessage());
    }

    @Test
    void chunksMayComeBeforeTheKey() {
        String json = """
                {"chunks": [{"min": {"a": {"$minKey": 1}}, "max": {"a": {"$maxKey": 1}}, "shard": "s",
                             "lastmod": {"$timestamp": {"t": 1, "i": 0}}}],
                 "format": "shardlab-snapshot", "version": 1, "namespace": "d.c", "key": {"a": 1},
                 "unique": true, "capturedAt": "2024-01-01T00:00:00Z", "source": "hand-written",
                 "shards": [{"_id": "s"}]}
                """;

        SnapshotFile.Contents c = SnapshotFile.read(new StringReader(json), "h.json");

        assertEquals(1, c.cluster().chunks().size());
        assertTrue(c.cluster().unique());
        assertEquals(List.of(), c.chunkStatistics());
        assertEquals(BsonLiterals.parseDocument("{a: 1}"), c.cluster().key().toDocument());
    }
}
