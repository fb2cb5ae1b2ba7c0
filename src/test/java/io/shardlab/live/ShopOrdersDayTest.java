package io.shardlab.live;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardlab.cluster.ChunkMap;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.bson.BsonDocument;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A realistic config dump with its changelog (test resource {@code orders-7.0}, see its README): a day of
 * {@code shop.orders} on MongoDB 7.0.14 as mongoexport writes it, with every entry a migration leaves
 * (start, to, commit, from, and an aborted one's error), replayed backwards by {@link LayoutHistory}.
 */
class ShopOrdersDayTest {

    static final String NS = "shop.orders";

    /** The fixture folder on the test class path. */
    static Path folder() {
        try {
            return Path.of(ShopOrdersDayTest.class.getResource("orders-7.0").toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    static ClusterMetadata read() {
        return new ClusterInspector(LiveInspectionTest.CLOCK)
                .inspect(ConfigDumpReader.open(folder()), new ClusterInspector.Scope(null, 0));
    }

    static LayoutHistory history() {
        ClusterMetadata m = read();
        return LayoutHistory.rewind(m.collection(NS).orElseThrow().map(), m.changes(NS));
    }

    /** A layout as "min-max:shard" pieces, key values as written in the dump. */
    static String placement(ChunkMap map) {
        return map.chunks().stream()
                .map(c -> value(c.min()) + "-" + value(c.max()) + ":" + c.shard())
                .collect(Collectors.joining(" "));
    }

    private static String value(io.shardlab.key.ShardKey k) {
        org.bson.BsonValue v = k.get(0);
        return switch (v.getBsonType()) {
            case MIN_KEY -> "MinKey";
            case MAX_KEY -> "MaxKey";
            default -> String.valueOf(v.asNumber().longValue());
        };
    }

    @Test
    void the_dump_reads_as_mongodb_7_0_14_with_its_chunks_and_the_eu_zone() {
        ClusterMetadata m = read();

        assertEquals("7.0.14", m.release().version().toString(), m.release().toString());
        ChunkMap layout = m.collection(NS).orElseThrow().map();
        assertEquals(14, layout.size());
        assertEquals(
                "MinKey-60000:shard01 60000-125000:shard03 125000-250000:shard02 250000-375000:shard03"
                        + " 375000-500000:shard02 500000-600000:shard02 600000-700000:shard03"
                        + " 700000-750000:shard03 750000-875000:shard03 875000-900000:shard01"
                        + " 900000-925000:shard02 925000-950000:shard03 950000-975000:shard01"
                        + " 975000-MaxKey:shard02",
                placement(layout));
    }

    @Test
    void the_sixty_five_entries_are_nineteen_chunk_changes_and_every_one_undoes_exactly() {
        List<BsonDocument> entries = ConfigDumpReader.open(folder()).documents("changelog");
        Map<String, Long> byWhat = entries.stream()
                .collect(Collectors.groupingBy(d -> d.getString("what").getValue(), Collectors.counting()));
        // every migration logs start, to, commit and from; the aborted one start, error and from
        assertEquals(
                Map.of(
                        "split", 4L,
                        "multi-split", 13L,
                        "merge", 1L,
                        "moveChunk.start", 12L,
                        "moveChunk.to", 11L,
                        "moveChunk.commit", 11L,
                        "moveChunk.from", 12L,
                        "moveChunk.error", 1L),
                byWhat);

        LayoutHistory h = history();

        assertEquals(19, h.size());
        h.steps().forEach(s -> assertTrue(s.exact(), s.change().describe() + ": " + s.note()));
        Map<Class<?>, Long> kinds =
                h.steps().stream().collect(Collectors.groupingBy(s -> s.change().getClass(), Collectors.counting()));
        assertEquals(Map.of(ChunkSplit.class, 7L, ChunkMigration.class, 11L, ChunkMerge.class, 1L), kinds);
        assertEquals("MinKey-MaxKey:shard01", placement(h.earliest()), "one chunk on the primary shard");
    }

    @ParameterizedTest(name = "at {0}")
    @CsvSource(delimiter = '|', textBlock = """
        # moment               | layout of shop.orders then
        2024-05-14T09:02:30Z   | MinKey-500000:shard01 500000-MaxKey:shard01
        2024-05-14T09:05:00Z   | MinKey-125000:shard01 125000-250000:shard01 250000-375000:shard01 375000-500000:shard01 500000-625000:shard01 625000-750000:shard01 750000-875000:shard01 875000-MaxKey:shard01
        2024-05-14T11:00:30Z   | MinKey-125000:shard01 125000-250000:shard02 250000-375000:shard03 375000-500000:shard02 500000-600000:shard02 600000-625000:shard02 625000-700000:shard03 700000-750000:shard03 750000-875000:shard01 875000-MaxKey:shard01
        2024-05-14T11:05:00Z   | MinKey-125000:shard01 125000-250000:shard02 250000-375000:shard03 375000-500000:shard02 500000-600000:shard02 600000-625000:shard03 625000-700000:shard03 700000-750000:shard03 750000-875000:shard01 875000-MaxKey:shard01
        2024-05-14T11:10:00Z   | MinKey-125000:shard01 125000-250000:shard02 250000-375000:shard03 375000-500000:shard02 500000-600000:shard02 600000-625000:shard03 625000-700000:shard03 700000-750000:shard03 750000-875000:shard03 875000-MaxKey:shard01
        2024-05-14T12:00:00Z   | MinKey-125000:shard01 125000-250000:shard02 250000-375000:shard03 375000-500000:shard02 500000-600000:shard02 600000-700000:shard03 700000-750000:shard03 750000-875000:shard03 875000-MaxKey:shard01
        """)
    void each_moment_shows_the_layout_of_its_time(Instant moment, String expected) {
        // 11:05 lies between the aborted migration of [750000, 875000) and its retry: it has not moved;
        // 11:00:30 is after the zone's bounds were split and before the zone's range moved
        assertEquals(expected, placement(history().layoutAt(moment)));
    }

    @Test
    void the_merge_of_the_zone_range_is_undone_at_the_bounds_older_changes_made() {
        LayoutHistory h = history();
        int merge = indexOf(h, ChunkMerge.class::isInstance);

        assertEquals(
                List.of("600000-625000:shard03", "625000-700000:shard03"),
                java.util.Arrays.stream(placement(h.layoutAfter(merge - 1)).split(" "))
                        .filter(p -> p.startsWith("600000-") || p.startsWith("625000-"))
                        .toList());
    }

    private static int indexOf(LayoutHistory h, Function<ChunkChange, Boolean> test) {
        for (int i = 0; i < h.size(); i++) {
            if (test.apply(h.steps().get(i).change())) {
                return i;
            }
        }
        throw new AssertionError("no such change");
    }
}
