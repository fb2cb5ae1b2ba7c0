package io.shardlab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardlab.cluster.Chunk;
import io.shardlab.cluster.ChunkMap;
import io.shardlab.cluster.ChunkStatistics;
import io.shardlab.cluster.ClusterSnapshot;
import io.shardlab.cluster.Shard;
import io.shardlab.cluster.SnapshotFile;
import io.shardlab.key.ShardKey;
import io.shardlab.key.ShardKeyPattern;
import io.shardlab.live.ConfigDumpReaderTestSupport;
import io.shardlab.live.ConfigFixture;
import java.awt.image.BufferedImage;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import javax.imageio.ImageIO;
import org.bson.BsonInt64;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ExportCommandTest {

    @TempDir
    Path dir;

    /** shop.orders on {customerId: 1}: 8 chunks cut at 1000, 2000, … on 3 shards, with documents and bytes. */
    private Path snapshot() {
        List<ShardKey> points = new ArrayList<>();
        for (int i = 1; i < 8; i++) {
            points.add(ShardKey.of(new BsonInt64(i * 1000L)));
        }
        ChunkMap chunks = ChunkMap.fromSplitPoints(1, points, List.of("shard01", "shard02", "shard03"), 1);
        ClusterSnapshot cluster = new ClusterSnapshot(
                "shop.orders",
                ShardKeyPattern.parse("{customerId: 1}"),
                false,
                List.of(Shard.named("shard01"), Shard.named("shard02"), Shard.named("shard03")),
                chunks,
                List.of());
        List<ChunkStatistics> stats = new ArrayList<>();
        for (int i = 0; i < chunks.size(); i++) {
            Chunk c = chunks.get(i);
            stats.add(new ChunkStatistics(c, 100L * (i + 1), 40_000L * (i + 1)));
        }
        Path file = dir.resolve("orders.json");
        SnapshotFile.write(
                file, new SnapshotFile.Contents(cluster, stats, Instant.parse("2024-01-01T00:00:00Z"), "test"));
        return file;
    }

    @Test
    void a_snapshot_exports_to_a_png_of_the_asked_width_with_every_shard_in_the_picture() throws Exception {
        Path out = dir.resolve("orders.png");
        CliRun run = CliRun.of(
                "export",
                "--snapshot",
                snapshot().toString(),
                "--out",
                out.toString(),
                "--width",
                "1000",
                "--chunk-width",
                "size");
        assertEquals(0, run.exitCode(), run.err());
        assertEquals("wrote " + out + " (png, all view, 8 chunks)", run.out().strip());
        BufferedImage image = ImageIO.read(out.toFile());
        assertEquals(1000, image.getWidth());
        assertTrue(image.getHeight() > 300);
    }

    @ParameterizedTest(name = "--scale {0}: {1}x{2}")
    @CsvSource(textBlock = """
            1,   900,  700
            2,   1800, 1400
            """)
    void width_height_and_scale_set_the_png_pixels(String scale, int w, int h) throws Exception {
        Path out = dir.resolve("s.png");
        CliRun run = CliRun.of(
                "export",
                "--snapshot",
                snapshot().toString(),
                "--out",
                out.toString(),
                "--width",
                "900",
                "--height",
                "700",
                "--scale",
                scale,
                "--view",
                "lanes");
        assertEquals(0, run.exitCode(), run.err());
        BufferedImage image = ImageIO.read(out.toFile());
        assertEquals(w, image.getWidth());
        assertEquals(h, image.getHeight());
    }

    @Test
    void an_svg_keeps_the_title_and_shard_names_as_text() throws Exception {
        Path out = dir.resolve("orders.svg");
        CliRun run = CliRun.of(
                "export",
                "--snapshot",
                snapshot().toString(),
                "--out",
                out.toString(),
                "--theme",
                "dark",
                "--title",
                "Orders by customer",
                "--view",
                "numberline");
        assertEquals(0, run.exitCode(), run.err());
        String svg = Files.readString(out, StandardCharsets.UTF_8);
        assertTrue(svg.startsWith("<?xml"));
        assertTrue(svg.contains(">Orders by customer</text>"));
        for (String shard : List.of("shard01", "shard02", "shard03")) {
            assertTrue(svg.contains(">" + shard + "</text>"), shard);
        }
        assertTrue(svg.contains("fill:rgb(13,17,23)"), "the dark background");
    }

    @Test
    void a_pdf_starts_with_its_header_and_the_format_flag_overrides_the_extension() throws Exception {
        Path out = dir.resolve("orders.bin");
        CliRun run =
                CliRun.of("export", "--snapshot", snapshot().toString(), "--out", out.toString(), "--format", "pdf");
        assertEquals(0, run.exitCode(), run.err());
        byte[] pdf = Files.readAllBytes(out);
        assertEquals("%PDF-", new String(pdf, 0, 5, StandardCharsets.US_ASCII));
        assertTrue(new String(pdf, StandardCharsets.ISO_8859_1).contains("/Type /Page"));
    }

    @Test
    void without_a_snapshot_the_layout_is_the_one_shard_collection_creates_for_an_empty_collection() throws Exception {
        Path out = dir.resolve("hashed.svg");
        CliRun run = CliRun.of(
                "export",
                "--key",
                "{userId: 'hashed'}",
                "--shards",
                "3",
                "--ns",
                "app.users",
                "--out",
                out.toString(),
                "--chunk-width",
                "key");
        assertEquals(0, run.exitCode(), run.err());
        assertEquals("wrote " + out + " (svg, all view, 3 chunks)", run.out().strip());
        String svg = Files.readString(out);
        assertTrue(svg.contains(">Chunks of app.users</text>"));
        assertTrue(svg.contains(">-3.07e18</text>"), "the hashed split points of 3 chunks");
    }

    @Test
    void highlights_are_accepted_one_at_a_time() throws Exception {
        Path snapshot = snapshot();
        Path out = dir.resolve("h.png");
        assertEquals(
                0,
                CliRun.of(
                                "export",
                                "--snapshot",
                                snapshot.toString(),
                                "--out",
                                out.toString(),
                                "--highlight-range",
                                "{customerId: 1500}",
                                "{customerId: 4000}")
                        .exitCode());
        assertEquals(
                0,
                CliRun.of(
                                "export",
                                "--snapshot",
                                snapshot.toString(),
                                "--out",
                                out.toString(),
                                "--highlight-shards",
                                "shard01,shard03")
                        .exitCode());
        assertEquals(
                0,
                CliRun.of(
                                "export",
                                "--snapshot",
                                snapshot.toString(),
                                "--out",
                                out.toString(),
                                "--highlight-chunk",
                                "7")
                        .exitCode());
    }

    @Test
    void a_simulated_monotonic_workload_exports_its_heatmap_as_a_png() throws Exception {
        Path out = dir.resolve("heat.png");
        CliRun run = CliRun.of(
                "export",
                "--key",
                "{counter: 1}",
                "--workload",
                "monotonic",
                "--docs",
                "20000",
                "--shards",
                "4",
                "--chunk-size",
                "1",
                "--mongodb-version",
                "5.0",
                "--view",
                "heatmap",
                "--format",
                "png",
                "--out",
                out.toString(),
                "--width",
                "800");
        assertEquals(0, run.exitCode(), run.err());
        assertTrue(run.out().strip().startsWith("wrote " + out + " (png, heatmap view, "), run.out());
        BufferedImage image = ImageIO.read(out.toFile());
        assertEquals(800, image.getWidth());
    }

    @Test
    void a_simulated_run_exported_as_svg_names_every_shard_in_the_legend() throws Exception {
        Path out = dir.resolve("all.svg");
        CliRun run = CliRun.of(
                "export",
                "--key",
                "{counter: 1}",
                "--workload",
                "monotonic",
                "--docs",
                "5000",
                "--shards",
                "3",
                "--chunk-size",
                "1",
                "--mongodb-version",
                "6.0",
                "--view",
                "all",
                "--format",
                "svg",
                "--out",
                out.toString());
        assertEquals(0, run.exitCode(), run.err());
        String svg = Files.readString(out, StandardCharsets.UTF_8);
        assertTrue(svg.contains(">Chunks of test.monotonic</text>"), "the simulated namespace in the title");
        for (String shard : List.of("shard01", "shard02", "shard03")) {
            assertTrue(svg.contains(">" + shard + "</text>"), shard);
        }
    }

    @Test
    void export_help_lists_the_simulation_options() {
        CliRun run = CliRun.of("export", "--help");
        assertEquals(0, run.exitCode(), run.err());
        for (String option : List.of(
                "--workload",
                "--dataset",
                "--docs",
                "--mongodb-version",
                "--chunk-size",
                "--doc-size",
                "--seed",
                "--window",
                "--rate",
                "--key",
                "--shards")) {
            assertTrue(run.out().contains(option), option);
        }
    }

    @ParameterizedTest(name = "{1}")
    @CsvSource(delimiter = '|', textBlock = """
            # arguments (SNAPSHOT and DIR are replaced)                                  | one-line message on stderr
            --key {a: 1} --out DIR/a.png                                                 | export: --ns: required with --key, e.g. --ns shop.orders
            --snapshot SNAPSHOT --ns shop.users --out DIR/a.png                          | export: --ns: SNAPSHOT holds shop.orders, not shop.users
            --snapshot SNAPSHOT --out DIR/a.jpg                                          | export: --format: not given, and --out DIR/a.jpg ends in '.jpg', not .png, .svg or .pdf
            --snapshot SNAPSHOT --out DIR/a.png --format gif                             | export: --format: expected png, svg or pdf, got 'gif'
            --snapshot SNAPSHOT --out DIR/a.png --view heatmap                           | export: --view heatmap: needs writes by key range over time, and shop.orders has none; simulate them with --workload NAME or --dataset FILE (with --key and --shards)
            --workload monotonic --out DIR/a.png                                         | export: --key: give the shard key the simulated collection is sharded on, e.g. --key '{counter: 1}'
            --key {a: 1} --ns x.y --chunk-size 4 --out DIR/a.png                         | export: --mongodb-version, --chunk-size, --doc-size: shape a simulated run; give --workload NAME or --dataset FILE with them
            --key {a: 1} --ns x.y --docs 10 --out DIR/a.png                              | export: --docs: needs --workload or --dataset; nothing is inserted without one
            --key {counter: 1} --workload monotonic --shards 0 --out DIR/a.png           | export: --shards: between 1 and 1000 shards, got 0
            --key {counter: 1} --workload monotonic --window 0 --out DIR/a.png           | export: --window: between 1 and 100000000 inserts per window, got 0
            --key {counter: 1} --workload monotonic --mongodb-version 3.6 --out DIR/a.png | export: --mongodb-version: version: MongoDB 3.6 is older than 4.0, the oldest release ShardLab models
            --snapshot SNAPSHOT --key {counter: 1} --workload monotonic --out DIR/a.png   | export: --workload, --dataset: export draws either a simulated run or SNAPSHOT, not both; use 'simulate --snapshot-out' then 'export --snapshot'
            --key {a: 1} --ns x.y --out DIR/a.png --chunk-width size                     | export: scale: width by data size needs chunk sizes, and the layout of x.y has none
            --snapshot SNAPSHOT --out DIR/a.png --theme sepia                            | export: --theme: expected light or dark, got 'sepia'
            --snapshot SNAPSHOT --out DIR/a.png --width 50                               | export: --width: between 200 and 20000 px, got 50
            --snapshot SNAPSHOT --out DIR/a.png --highlight-shards shard09               | export: --highlight-shards: no shard 'shard09' in shop.orders; shards are shard01, shard02, shard03
            --snapshot SNAPSHOT --out DIR/a.png --highlight-chunk 8                      | export: --highlight-chunk: expected 0 to 7, got 8
            --snapshot SNAPSHOT --out DIR/a.png --highlight-range {x: 1} {x: 2}          | export: --highlight-range: MIN {x: 1} must have the fields [customerId] of the shard key { customerId: 1 }, in that order
            --snapshot SNAPSHOT --out DIR/a.png --highlight-chunk 1 --highlight-shards shard01 | export: --highlight-shards, --highlight-chunk and --highlight-range: give at most one
            --snapshot SNAPSHOT --out DIR/missing/a.png                                  | export: --out: DIR/missing/a.png: cannot be written: the folder DIR/missing does not exist
            --snapshot DIR/none.json --out DIR/a.png                                     | export: DIR/none.json: no such file
            """)
    void bad_input_exits_2_with_one_line_naming_the_input(String arguments, String message) {
        Path snapshot = snapshot();
        List<String> args = new ArrayList<>();
        args.add("export");
        for (String a : splitArguments(arguments)) {
            args.add(a.replace("SNAPSHOT", snapshot.toString()).replace("DIR", dir.toString()));
        }
        CliRun run = CliRun.of(args.toArray(new String[0]));
        assertEquals(2, run.exitCode(), run.out() + run.err());
        assertEquals(
                message.replace("SNAPSHOT", snapshot.toString()).replace("DIR", dir.toString()),
                run.err().strip());
        assertFalse(run.err().strip().contains("\n"));
    }

    /** Splits on spaces outside braces, so '{x: 1}' stays one argument. */
    private static List<String> splitArguments(String text) {
        List<String> out = new ArrayList<>();
        StringBuilder current = new StringBuilder();
        int depth = 0;
        for (char c : text.strip().toCharArray()) {
            if (c == ' ' && depth == 0) {
                if (current.length() > 0) {
                    out.add(current.toString());
                    current.setLength(0);
                }
                continue;
            }
            depth += c == '{' ? 1 : c == '}' ? -1 : 0;
            current.append(c);
        }
        if (current.length() > 0) {
            out.add(current.toString());
        }
        return out;
    }

    @Test
    void a_lower_height_than_the_automatic_one_is_met_and_only_a_height_below_the_least_detail_is_refused()
            throws Exception {
        Path snapshot = snapshot();
        Path out = dir.resolve("auto.png");
        assertEquals(
                0,
                CliRun.of("export", "--snapshot", snapshot.toString(), "--out", out.toString())
                        .exitCode());
        int automatic = ImageIO.read(out.toFile()).getHeight();
        CliRun lower = CliRun.of(
                "export",
                "--snapshot",
                snapshot.toString(),
                "--out",
                out.toString(),
                "--width",
                "1600",
                "--height",
                String.valueOf(automatic - 50));
        assertEquals(0, lower.exitCode(), lower.err());
        assertEquals(automatic - 50, ImageIO.read(out.toFile()).getHeight());

        CliRun run = CliRun.of("export", "--snapshot", snapshot.toString(), "--out", out.toString(), "--height", "150");
        assertEquals(2, run.exitCode());
        assertTrue(
                run.err()
                        .strip()
                        .matches(
                                "export: height: 150 px is too small for the all view of shop\\.orders; it needs at least \\d+ px"),
                run.err());
    }

    @Test
    void a_config_dump_folder_exports_the_chosen_collection() throws Exception {
        Path dump = configDump(ConfigFixture.Shape.V4_4);
        Path out = dir.resolve("users.svg");
        CliRun run = usersLanes(dump, out);
        assertEquals(0, run.exitCode(), run.err());
        String svg = Files.readString(out);
        assertTrue(svg.contains(">Chunks of test.users</text>"), "the collection from the dump");
        assertTrue(svg.contains(">shard03</text>"));
    }

    @Test
    void a_config_dumps_placement_board_is_drawn_with_its_lanes_collections_and_drain() throws Exception {
        // given an 8.0 dump: shard01-shard04, shard04 draining, test.users and test.events sharded
        Path dump = configDump(ConfigFixture.Shape.V8_0);
        Path out = dir.resolve("placement.svg");

        // when
        CliRun run = CliRun.of("export", "--config-dump", dump.toString(), "--placement", "--out", out.toString());

        // then the board's picture, the draining lane saying what is left as the window's badge does
        assertEquals(0, run.exitCode(), run.err());
        String svg = Files.readString(out);
        assertTrue(svg.contains(">Where every collection lives</text>"), svg);
        assertTrue(svg.contains(">test.users · { user_id: 1 }</text>"), "the key line of test.users");
        assertTrue(svg.contains(">shard04</text>"));
        assertTrue(svg.contains(">DRAINING · no chunks · no collections left</text>"), "shard04's badge");
        assertTrue(svg.contains(">data unknown</text>"), "a dump holds no sizes");
        assertFalse(svg.contains(" indexes</text>"), "no index figure is made up");
        assertTrue(run.out().startsWith("wrote " + out + " (svg, placement board: 4 shards, "), run.out());
    }

    @Test
    void a_collections_diagram_says_what_is_left_of_a_drain_as_the_window_does() throws Exception {
        // given an 8.0 dump whose shard04 drains with nothing left on it
        Path dump = configDump(ConfigFixture.Shape.V8_0);
        Path out = dir.resolve("users.svg");

        // when
        CliRun run = usersLanes(dump, out);

        // then the lane's badge has the words, not a bare DRAINING
        assertEquals(0, run.exitCode(), run.err());
        assertTrue(Files.readString(out).contains(">DRAINING · no chunks · no collections left</text>"));
    }

    /** A mongodump of the config database {@link ConfigFixture} writes in {@code shape}, in a folder of {@link #dir}. */
    private Path configDump(ConfigFixture.Shape shape) throws Exception {
        Path dump = Files.createDirectories(dir.resolve("dump"));
        ConfigDumpReaderTestSupport.mongodump(dump, ConfigFixture.config(shape));
        return dump;
    }

    /** {@code export --view lanes} of the dump's test.users to {@code out}. */
    private static CliRun usersLanes(Path dump, Path out) {
        return CliRun.of(
                "export",
                "--config-dump",
                dump.toString(),
                "--ns",
                ConfigFixture.USERS,
                "--out",
                out.toString(),
                "--view",
                "lanes");
    }

    /** {@code export} of a monotonic run on 8.0 with 1 MB chunks: {@code docs} inserts on three shards, to svg. */
    private CliRun monotonicRun(int docs, Path out, String... more) {
        List<String> args = new ArrayList<>(List.of(
                "export",
                "--key",
                "{counter: 1}",
                "--workload",
                "monotonic",
                "--docs",
                String.valueOf(docs),
                "--shards",
                "3",
                "--chunk-size",
                "1",
                "--view",
                "lanes",
                "--out",
                out.toString()));
        args.addAll(List.of(more));
        return CliRun.of(args.toArray(new String[0]));
    }

    @Test
    void plan_draws_the_balancers_next_migration_on_the_lanes_as_why_no_move_does() throws Exception {
        // given a run whose last layout leaves shard01 over 3 MB ahead of shard03 (simulate --balancer-decision
        // plans CHUNKS_IMBALANCE [{ counter: 14768 }, MaxKey) from shard01 to shard03 on it)
        Path planned = dir.resolve("planned.svg");
        Path plain = dir.resolve("plain.svg");

        // when it is exported with and without --plan
        CliRun withPlan = monotonicRun(60_000, planned, "--plan");
        CliRun without = monotonicRun(60_000, plain);

        // then the picture with --plan has the plan preview's mark and legend, and says the move
        assertEquals(0, withPlan.exitCode(), withPlan.err());
        assertEquals(0, without.exitCode(), without.err());
        assertTrue(Files.readString(planned).contains("next migration (plan preview)</text>"), "the legend's item");
        assertFalse(Files.readString(plain).contains("next migration (plan preview)</text>"), "only when asked");
        assertEquals(
                "plan preview: the balancer's next migration moves [{ counter: Long('14768') }, { counter: MaxKey() }) "
                        + "from shard01 to shard03",
                withPlan.out().strip().lines().toList().get(1));
    }

    @Test
    void plan_says_so_when_the_balancer_would_move_nothing() {
        // given a run of 20,000 inserts: 1.35 MB on shard01, under the 3 MB threshold
        CliRun run = monotonicRun(20_000, dir.resolve("waits.svg"), "--plan");

        assertEquals(0, run.exitCode(), run.err());
        assertEquals(
                "plan preview: the balancer's next round moves nothing (simulate --balancer-decision says why)",
                run.out().strip().lines().toList().get(1));
    }

    @Test
    void plan_on_a_snapshot_is_the_recorded_releases_next_round_on_its_layout() throws Exception {
        // given a snapshot whose 8 chunks of 100 MB all lie on shard01 of three shards
        List<ShardKey> points = new ArrayList<>();
        for (int i = 1; i < 8; i++) {
            points.add(ShardKey.of(new BsonInt64(i * 1000L)));
        }
        ChunkMap chunks = ChunkMap.fromSplitPoints(1, points, List.of("shard01"), 1);
        ClusterSnapshot cluster = new ClusterSnapshot(
                "shop.orders",
                ShardKeyPattern.parse("{customerId: 1}"),
                false,
                List.of(Shard.named("shard01"), Shard.named("shard02"), Shard.named("shard03")),
                chunks,
                List.of());
        List<ChunkStatistics> stats = new ArrayList<>();
        for (Chunk c : chunks.chunks()) {
            stats.add(new ChunkStatistics(c, 100_000L, 100L << 20));
        }
        Path file = dir.resolve("piled.json");
        SnapshotFile.write(
                file, new SnapshotFile.Contents(cluster, stats, Instant.parse("2024-01-01T00:00:00Z"), "test"));
        Path out = dir.resolve("piled.svg");

        // when it is exported with --plan
        CliRun run = CliRun.of(
                "export", "--snapshot", file.toString(), "--plan", "--view", "lanes", "--out", out.toString());

        // then the picture has the plan preview, and the line says the move off shard01
        assertEquals(0, run.exitCode(), run.err());
        assertTrue(Files.readString(out).contains("next migration (plan preview)</text>"), "the legend's item");
        String said = run.out().strip().lines().toList().get(1);
        assertTrue(
                said.startsWith("plan preview: the balancer's next migration moves [{ customerId: MinKey() }, "), said);
        assertTrue(said.contains(" from shard01 to shard0"), said);
    }

    @Test
    void plan_with_the_placement_board_is_refused_naming_both() throws Exception {
        Path dump = configDump(ConfigFixture.Shape.V8_0);

        CliRun run = CliRun.of(
                "export",
                "--config-dump",
                dump.toString(),
                "--placement",
                "--plan",
                "--out",
                dir.resolve("p.svg").toString());

        assertEquals(2, run.exitCode());
        assertEquals(
                "export: --plan: draws the balancer's next migration on a collection's lanes; the placement board "
                        + "(--placement) has none, so leave out one of them",
                run.err().strip());
    }

    @Test
    void plan_on_a_config_dump_says_the_next_round_of_its_release() throws Exception {
        // given an 8.0 dump
        Path dump = configDump(ConfigFixture.Shape.V8_0);
        Path out = dir.resolve("users.svg");

        // when test.users is exported with --plan
        CliRun run = CliRun.of(
                "export",
                "--config-dump",
                dump.toString(),
                "--ns",
                ConfigFixture.USERS,
                "--plan",
                "--out",
                out.toString(),
                "--view",
                "lanes");

        // then it is drawn and the plan preview's line follows
        assertEquals(0, run.exitCode(), run.err());
        assertTrue(
                run.out().strip().lines().toList().get(1).startsWith("plan preview: the balancer's next "), run.out());
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', quoteCharacter = '"', textBlock = """
            --plan      | p.svg | export: --plan: draws the balancer's next migration after a simulated run or on a recorded layout; give --workload NAME or --dataset FILE with --key and --shards, or --snapshot FILE, --config-dump DIR or --uri URI
            --placement | p.png | export: --placement: give the cluster whose placement to draw with --uri URI, --snapshot FILE or --config-dump DIR (not --key, --workload or --dataset)
            """)
    void a_drawing_from_a_key_alone_is_refused_naming_what_it_needs(String drawing, String file, String refusal) {
        CliRun run = CliRun.of(
                "export",
                drawing,
                "--key",
                "{a: 1}",
                "--ns",
                "a.b",
                "--out",
                dir.resolve(file).toString());

        assertEquals(2, run.exitCode());
        assertEquals(refusal, run.err().strip());
    }

    @Test
    void a_source_and_a_key_together_are_refused() {
        Path snapshot = snapshot();
        CliRun run = CliRun.of(
                "export",
                "--snapshot",
                snapshot.toString(),
                "--key",
                "{a: 1}",
                "--ns",
                "shop.orders",
                "--out",
                dir.resolve("a.png").toString());
        assertEquals(2, run.exitCode());
        assertEquals(
                "export: --key: draws an empty collection's layout; leave it out when reading " + snapshot,
                run.err().strip());
    }

    @Test
    void without_a_source_or_a_key_there_is_nothing_to_draw() {
        CliRun run = CliRun.of("export", "--out", dir.resolve("a.png").toString());
        assertEquals(2, run.exitCode());
        assertEquals(
                "export: source: give one of --uri URI, --snapshot FILE or --config-dump DIR, --key PATTERN "
                        + "for a freshly sharded empty collection, or --key with --workload NAME or --dataset FILE to simulate "
                        + "inserts",
                run.err().strip());
    }

    @Test
    void a_snapshot_rewound_with_at_is_read_through_the_shared_source_options() {
        Path snapshot = snapshot();
        CliRun run = CliRun.of(
                "export",
                "--snapshot",
                snapshot.toString(),
                "--at",
                "2023-12-31T00:00:00Z",
                "--out",
                dir.resolve("at.png").toString(),
                "--view",
                "lanes");
        assertEquals(2, run.exitCode(), run.err());
        assertEquals(
                "export: --at: " + snapshot + " does not hold the full changelog of shop.orders, so the layout "
                        + "cannot be rewound",
                run.err().strip());
    }

    @Test
    void a_live_cluster_exports_the_chosen_collection() throws Exception {
        Path out = dir.resolve("users.svg");
        try (io.shardlab.live.FakeCluster cluster = io.shardlab.live.FakeCluster.of(ConfigFixture.Shape.V8_0)) {
            CliRun run = CliRun.of(
                    "export",
                    "--uri",
                    cluster.connectionString(),
                    "--ns",
                    ConfigFixture.USERS,
                    "--out",
                    out.toString());
            assertEquals(0, run.exitCode(), run.err());
            assertEquals(
                    "wrote " + out + " (svg, all view, 4 chunks)", run.out().strip());
        }
        assertTrue(Files.readString(out, StandardCharsets.UTF_8).contains("shard03"));
    }
}
