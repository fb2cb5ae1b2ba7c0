package io.shardlab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardlab.cluster.ClusterSnapshot;
import io.shardlab.cluster.SnapshotFile;
import io.shardlab.cluster.ZoneRange;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.bson.BsonDocument;
import org.bson.BsonValue;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** --zone, --zone-range, --num-initial-chunks and --presplit-hashed-zones on a new collection. */
class InitialSplitOptionsTest {

    private static BsonDocument json(String... args) {
        CliRun run = CliRun.of(args);
        assertEquals(0, run.exitCode(), run.err());
        return BsonDocument.parse(run.out());
    }

    private static List<String> chunkShards(BsonDocument d) {
        List<String> out = new ArrayList<>();
        for (BsonValue c : d.getArray("chunks")) {
            out.add(c.asDocument().getString("shard").getValue());
        }
        return out;
    }

    @Test
    void zonesSetBeforeShardingGiveOneChunkPerZoneRangeOnItsShard() {
        // SingleChunkPerTagSplitPolicy: holes round-robin over the shards, the zone range on its shard
        BsonDocument d = json(
                "simulate",
                "--workload",
                "monotonic",
                "--key",
                "{counter: 1}",
                "--shards",
                "3",
                "--docs",
                "10",
                "--zone",
                "shard02:EU",
                "--zone-range",
                "EU",
                "{counter: 0}",
                "{counter: 1000000}",
                "--json");
        BsonDocument zoneChunk = d.getArray("chunks").get(1).asDocument();
        assertEquals(BsonDocument.parse("{counter: 0}"), zoneChunk.getDocument("min"));
        assertEquals(List.of("shard01", "shard02", "shard02"), chunkShards(d));
    }

    @ParameterizedTest(name = "{0}: --num-initial-chunks 8 on 2 shards gives {1} chunks")
    @CsvSource({"7.0, 8", "5.0, 8", "8.0, 2"})
    void numInitialChunksIsHonouredBefore72(String version, int chunks) {
        BsonDocument d = json(
                "simulate",
                "--workload",
                "monotonic",
                "--key",
                "{counter: 'hashed'}",
                "--shards",
                "2",
                "--docs",
                "10",
                "--num-initial-chunks",
                "8",
                "--mongodb-version",
                version,
                "--json");
        assertEquals(chunks, d.getArray("chunks").size());
    }

    @Test
    void presplitHashedZonesCutsEachZoneOnItsShards() {
        // a hashed suffix: the zone's lower bound has the prefix value and MinKey from the hashed field on
        BsonDocument d = json(
                "simulate",
                "--workload",
                "monotonic",
                "--key",
                "{customer: 1, counter: 'hashed'}",
                "--shards",
                "2",
                "--docs",
                "10",
                "--mongodb-version",
                "7.0",
                "--zone",
                "shard01:EU",
                "--zone",
                "shard02:EU",
                "--zone-range",
                "EU",
                "{customer: 0, counter: MinKey()}",
                "{customer: 1000000, counter: MinKey()}",
                "--presplit-hashed-zones",
                "--json");
        // gap below, 2 chunks on each of the 2 shards of EU (2 per shard before 7.2), gap above
        assertEquals(6, d.getArray("chunks").size(), d.getArray("chunks").toString());
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            --zone shard01                                 | --zone: expected SHARD:ZONE, e.g. shard01:EU, got 'shard01'
            --zone shard09:EU                              | sh.addShardToZone("shard09", "EU"): shard shard09 does not exist
            --zone-range EU {counter: 0} {counter: 10}     | zone EU does not exist
            --num-initial-chunks 4                         | numInitialChunks is only supported when the collection is empty and has a hashed field in the shard key pattern
            """)
    void badInitialSplitInputIsOneLineAndExitCode2(String options, String message) {
        List<String> args = new ArrayList<>(List.of(
                "simulate",
                "--workload",
                "monotonic",
                "--key",
                "{counter: 1}",
                "--shards",
                "2",
                "--docs",
                "10",
                "--mongodb-version",
                "7.0"));
        for (String o : splitRespectingBraces(options)) {
            args.add(o);
        }
        CliRun run = CliRun.of(args.toArray(String[]::new));
        assertEquals(2, run.exitCode(), run.out());
        assertTrue(run.err().contains(message), run.err());
        assertEquals(1, run.err().strip().lines().count(), run.err());
    }

    @Test
    void aSnapshotOfTheSimulationKeepsTheZonesAndTheShardsTags(@TempDir Path dir) {
        Path out = dir.resolve("zoned.json");
        CliRun run = CliRun.of(
                "simulate",
                "--workload",
                "monotonic",
                "--key",
                "{counter: 1}",
                "--shards",
                "3",
                "--docs",
                "10",
                "--zone",
                "shard02:EU",
                "--zone-range",
                "EU",
                "{counter: 0}",
                "{counter: 1000000}",
                "--snapshot-out",
                out.toString());
        assertEquals(0, run.exitCode(), run.err());

        ClusterSnapshot read = SnapshotFile.read(out).cluster();

        assertEquals(List.of("EU"), read.zones().stream().map(ZoneRange::zone).toList());
        assertEquals(
                BsonDocument.parse("{counter: 0}"), read.zones().get(0).min().toDocument(read.key()));
        assertEquals(Set.of("EU"), read.shards().get(1).zones());
        assertEquals(Set.of(), read.shards().get(0).zones());
    }

    @Test
    void explainRoutesOverTheZonedInitialChunks() {
        CliRun run = CliRun.of(
                "explain",
                "--key",
                "{counter: 1}",
                "--shards",
                "2",
                "--zone",
                "shard02:EU",
                "--zone-range",
                "EU",
                "{counter: 0}",
                "{counter: 100}",
                "--filter",
                "{counter: 50}",
                "--json");
        assertEquals(0, run.exitCode(), run.err());
        BsonDocument d = BsonDocument.parse(run.out());
        assertEquals("shard02", d.getArray("shards").get(0).asString().getValue(), run.out());
    }

    @Test
    void theOptionsAreRefusedWithASource() {
        CliRun run = CliRun.of("explain", "--snapshot", "missing.json", "--zone", "shard01:EU", "--filter", "{}");
        assertEquals(2, run.exitCode());
        assertFalse(run.err().contains("Exception"), run.err());
    }

    /** Splits on spaces outside braces. */
    private static List<String> splitRespectingBraces(String s) {
        List<String> out = new ArrayList<>();
        StringBuilder cur = new StringBuilder();
        int depth = 0;
        for (char ch : s.toCharArray()) {
            if (ch == ' ' && depth == 0) {
                if (cur.length() > 0) {
                    out.add(cur.toString());
                    cur.setLength(0);
                }
                continue;
            }
            depth += ch == '{' ? 1 : ch == '}' ? -1 : 0;
            cur.append(ch);
        }
        if (cur.length() > 0) {
            out.add(cur.toString());
        }
        return out;
    }
}
