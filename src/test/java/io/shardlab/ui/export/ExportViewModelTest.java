package io.shardlab.ui.export;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardlab.key.ShardKey;
import io.shardlab.render.DiagramData;
import io.shardlab.render.ExportFormat;
import io.shardlab.render.ExportSize;
import io.shardlab.render.Highlight;
import io.shardlab.render.MigrationMarks;
import io.shardlab.render.PlacementBoard;
import io.shardlab.render.PlacementBoardPainter;
import io.shardlab.render.Scale;
import io.shardlab.render.SvgExporter;
import io.shardlab.render.View;
import io.shardlab.text.Message;
import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Executor;
import javax.imageio.ImageIO;
import org.bson.BsonInt64;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** File → Export…'s settings, preview painter, save and copy, without the JavaFX toolkit. */
class ExportViewModelTest {

    private static final Executor NOW = Runnable::run;

    private final List<Runnable> queued = new ArrayList<>();
    private final List<BufferedImage> clipboard = new ArrayList<>();

    private ExportViewModel exportOf(ExportViewModel.Input input) {
        return new ExportViewModel(input, false, NOW, NOW, clipboard::add);
    }

    @Test
    void starts_on_everything_for_a_run_with_writes_and_on_the_lanes_for_a_bare_layout() {
        assertEquals(
                View.ALL,
                exportOf(new ExportViewModel.Input(ExportDiagrams.withWrites(), null))
                        .viewProperty()
                        .get());
        ExportViewModel bare = exportOf(new ExportViewModel.Input(ExportDiagrams.layoutOnly(), null));
        assertEquals(View.LANES, bare.viewProperty().get());
        assertNotNull(bare.painterProperty().get());
        assertFalse(bare.hasWriteData());
    }

    @Test
    void a_comparison_exports_both_sides_stacked_each_under_its_caption() {
        ExportViewModel export = exportOf(ExportViewModel.Input.comparison(List.of(
                new ExportViewModel.Side("MongoDB 5.0 · { counter: 1 }", ExportDiagrams.withWrites()),
                new ExportViewModel.Side("MongoDB 8.0 · { counter: 1 }", ExportDiagrams.withWrites()))));

        io.shardlab.render.StackedDiagrams stack =
                (io.shardlab.render.StackedDiagrams) export.painterProperty().get();
        assertEquals(
                List.of("MongoDB 5.0 · { counter: 1 }", "MongoDB 8.0 · { counter: 1 }"),
                stack.diagrams().stream()
                        .map(io.shardlab.render.DiagramPainter::title)
                        .toList());
        assertEquals("Side by side: MongoDB 5.0 · { counter: 1 } vs MongoDB 8.0 · { counter: 1 }", stack.title());
        assertTrue(export.suggestedFileName().contains("-side-by-side-"), export.suggestedFileName());

        export.titleProperty().set("Lesson 1");
        stack = (io.shardlab.render.StackedDiagrams) export.painterProperty().get();
        assertEquals(
                "Lesson 1 · MongoDB 8.0 · { counter: 1 }",
                stack.diagrams().get(1).title());
        BufferedImage picture = export.renderImage(new io.shardlab.render.ExportSize(1200, 0, 1));
        assertTrue(picture.getHeight() > 2 * 400, "two whole diagrams: " + picture.getHeight());
    }

    @ParameterizedTest(name = "width {0}, height {1}, scale {2}: {3}")
    @CsvSource(delimiter = '|', textBlock = """
            150  | 0    | 1   | width: expected 200 to 20,000 px, got 150
            1600 | 50   | 1   | height: expected 100 to 20,000 px (or none for automatic), got 50
            1600 | 0    | 9   | scale: expected 0.25 to 8, got 9
            """)
    void invalid_sizes_clear_the_painter_and_say_why(int width, int height, double scale, String message) {
        ExportViewModel export = exportOf(new ExportViewModel.Input(ExportDiagrams.withWrites(), null));
        export.widthProperty().set(width);
        export.heightProperty().set(height);
        export.scaleProperty().set(scale);

        assertNull(export.painterProperty().get());
        assertEquals(message, export.errorProperty().get());

        export.widthProperty().set(1600);
        export.heightProperty().set(0);
        export.scaleProperty().set(1);
        assertNotNull(export.painterProperty().get());
        assertEquals("", export.errorProperty().get());
    }

    @Test
    void the_heatmap_of_a_layout_without_writes_is_refused_with_render_s_message() {
        ExportViewModel export = exportOf(new ExportViewModel.Input(ExportDiagrams.layoutOnly(), null));
        export.viewProperty().set(View.HEATMAP);

        assertNull(export.painterProperty().get());
        assertTrue(
                export.errorProperty().get().endsWith("shop.orders has no write data"),
                export.errorProperty().get());
    }

    @Test
    void the_title_theme_and_highlight_reach_the_painter() {
        ExportViewModel export = exportOf(
                new ExportViewModel.Input(ExportDiagrams.withWrites(), new Highlight.Shards(Set.of("shard03"))));
        assertTrue(export.canHighlightProperty().get());
        assertFalse(export.highlightProperty().get(), "the export starts in full colour; the user opts in");
        BufferedImage byDefault = export.renderImage(export.sizeProperty().get());
        export.highlightProperty().set(true);
        assertFalse(
                Arrays.equals(
                        pixels(byDefault),
                        pixels(export.renderImage(export.sizeProperty().get()))),
                "ticking the box dims the other shards");

        export.titleProperty().set("Orders by counter");
        assertEquals("Orders by counter", export.painterProperty().get().title());

        BufferedImage light = export.renderImage(export.sizeProperty().get());
        export.darkProperty().set(true);
        BufferedImage dark = export.renderImage(export.sizeProperty().get());
        assertTrue(meanBrightness(dark) < meanBrightness(light), "the dark theme draws a darker picture");

        BufferedImage highlighted = export.renderImage(export.sizeProperty().get());
        export.highlightProperty().set(false);
        BufferedImage plain = export.renderImage(export.sizeProperty().get());
        assertFalse(Arrays.equals(pixels(highlighted), pixels(plain)), "dimming the other shards changes the picture");
    }

    @Test
    void nothing_to_highlight_leaves_the_switch_off() {
        ExportViewModel export = exportOf(new ExportViewModel.Input(ExportDiagrams.withWrites(), Highlight.none()));
        assertFalse(export.canHighlightProperty().get());
        assertFalse(export.highlightProperty().get());
    }

    @ParameterizedTest
    @CsvSource(textBlock = """
            PNG, shop.orders-all.png, 89 50 4E 47
            SVG, shop.orders-all.svg, 3C
            PDF, shop.orders-all.pdf, 25 50 44 46
            """)
    void save_writes_the_chosen_format_on_the_background_executor(
            ExportFormat format, String name, String magic, @TempDir Path dir) throws Exception {
        ExportViewModel export = new ExportViewModel(
                new ExportViewModel.Input(ExportDiagrams.withWrites(), null), false, queued::add, NOW, clipboard::add);
        export.formatProperty().set(format);
        assertEquals(name, export.suggestedFileName());
        Path file = dir.resolve(name);

        export.save(file);
        assertTrue(export.savingProperty().get());
        assertFalse(Files.exists(file), "nothing is written on the calling thread");
        queued.forEach(Runnable::run);

        assertFalse(export.savingProperty().get());
        assertEquals("", export.errorProperty().get());
        assertTrue(
                export.statusProperty().get().startsWith("Saved " + name + " ("),
                export.statusProperty().get());
        byte[] head = Arrays.copyOf(Files.readAllBytes(file), magic.split(" ").length);
        byte[] expected = new byte[head.length];
        String[] hex = magic.split(" ");
        for (int i = 0; i < hex.length; i++) {
            expected[i] = (byte) Integer.parseInt(hex[i], 16);
        }
        assertArrayEquals(expected, head);
        if (format == ExportFormat.PNG) {
            assertEquals(1600, ImageIO.read(file.toFile()).getWidth());
        }
    }

    @Test
    void a_save_that_fails_reports_the_file_and_the_reason(@TempDir Path dir) {
        ExportViewModel export = exportOf(new ExportViewModel.Input(ExportDiagrams.withWrites(), null));
        Path file = dir.resolve("missing-folder").resolve("chunks.png");

        export.save(file);

        assertFalse(export.savingProperty().get());
        assertEquals("", export.statusProperty().get());
        assertTrue(
                export.errorProperty().get().startsWith(file + ": cannot be written: "),
                export.errorProperty().get());
    }

    @Test
    void copy_puts_the_picture_at_the_chosen_size_and_scale_on_the_clipboard() {
        ExportViewModel export = exportOf(new ExportViewModel.Input(ExportDiagrams.withWrites(), null));
        export.widthProperty().set(800);
        export.heightProperty().set(900);
        export.scaleProperty().set(2);

        export.copyToClipboard();

        assertEquals(1, clipboard.size());
        assertEquals(1600, clipboard.get(0).getWidth());
        assertEquals(1800, clipboard.get(0).getHeight());
        assertEquals(
                "Copied a 1600 × 1800 picture to the clipboard",
                export.statusProperty().get());
    }

    @Test
    void a_height_too_small_for_the_view_is_reported_when_the_picture_is_drawn() {
        ExportViewModel export = exportOf(new ExportViewModel.Input(ExportDiagrams.withWrites(), null));
        export.heightProperty().set(300);

        export.copyToClipboard();

        assertTrue(clipboard.isEmpty());
        assertTrue(
                export.errorProperty().get().startsWith("height: 300 px is too small for the all view of shop.orders"),
                export.errorProperty().get());
    }

    private static int[] pixels(BufferedImage image) {
        return image.getRGB(0, 0, image.getWidth(), image.getHeight(), null, 0, image.getWidth());
    }

    private static double meanBrightness(BufferedImage image) {
        long sum = 0;
        int[] p = pixels(image);
        for (int rgb : p) {
            sum += ((rgb >> 16) & 0xff) + ((rgb >> 8) & 0xff) + (rgb & 0xff);
        }
        return sum / (3.0 * p.length);
    }

    @ParameterizedTest(name = "the window draws at {0}")
    @CsvSource({"EQUAL, equal width per chunk", "KEY_VALUE, width by key value"})
    void the_export_starts_at_the_windows_chunk_widths_and_offers_the_others(Scale window, String caption) {
        // given the explorer drawing its line at the given widths
        ExportViewModel export =
                exportOf(new ExportViewModel.Input(ExportDiagrams.withWrites(), null).shownAs(window, ""));

        // then the export starts there, and its picture says so
        assertEquals(window, export.chunkWidthProperty().get());
        String svg = new SvgExporter().render(export.painterProperty().get(), new ExportSize(1600, 0, 1));
        assertTrue(svg.contains(caption), caption);

        // when data size widths are chosen (the layout knows its chunks' sizes)
        export.chunkWidthProperty().set(Scale.DATA_SIZE);

        // then the picture is drawn at them
        svg = new SvgExporter().render(export.painterProperty().get(), new ExportSize(1600, 0, 1));
        assertTrue(svg.contains("width by data size"), "the caption names the chosen widths");
    }

    @Test
    void the_picture_is_stamped_with_where_the_layout_comes_from_and_which_step_it_is() {
        // given a layout rewound to a changelog step, from a snapshot of a 7.0 cluster
        String from =
                "From Snapshot · MongoDB 7.0, shop.orders · shard key { x: 1 } · orders.json · rewound to step 3 of 6";
        ExportViewModel export =
                exportOf(new ExportViewModel.Input(ExportDiagrams.layoutOnly(), null).shownAs(Scale.EQUAL, from));

        // when drawn
        String svg = new SvgExporter().render(export.painterProperty().get(), new ExportSize(1600, 0, 1));

        // then the line of facts under the title ends with it
        assertTrue(svg.contains("rewound to step 3 of 6"), "the picture names the step");
        assertTrue(svg.contains("MongoDB 7.0"), "the picture names the release");
    }

    @Test
    void a_saved_file_gets_the_permissions_any_new_file_gets_there(@TempDir Path dir) throws Exception {
        Assumptions.assumeTrue(Files.getFileStore(dir).supportsFileAttributeView(PosixFileAttributeView.class));
        // given the permissions the user's umask gives a file any program creates in the folder
        String usual =
                PosixFilePermissions.toString(Files.getPosixFilePermissions(Files.createFile(dir.resolve("probe"))));
        ExportViewModel export = exportOf(new ExportViewModel.Input(ExportDiagrams.withWrites(), null));

        // when the export is saved there
        Path file = dir.resolve("orders.png");
        export.save(file);

        // then it has them too, not owner-only
        assertEquals("", export.errorProperty().get());
        assertEquals(usual, PosixFilePermissions.toString(Files.getPosixFilePermissions(file)));
    }

    @Test
    void the_balancers_next_migration_is_drawn_as_the_window_drew_it_and_can_be_left_out() {
        // given the explorer's diagram with Why no move?'s plan preview: [0, 60) from shard01 to shard02
        MigrationMarks.PlannedMove move = new MigrationMarks.PlannedMove(
                ShardKey.globalMin(1), ShardKey.of(new BsonInt64(60)), "shard01", "shard02");
        DiagramData planned =
                ExportDiagrams.layoutOnly().withMigrations(MigrationMarks.NONE.withNext(Optional.of(move)));
        ExportSize size = new ExportSize(1000, 0, 1);

        // when it is exported
        ExportViewModel export = exportOf(new ExportViewModel.Input(planned, null));

        // then the option is offered and ticked, and the picture differs from the diagram without the preview
        assertTrue(export.canDrawPlannedMoveProperty().get());
        assertTrue(export.plannedMoveProperty().get());
        int[] bare = pixels(exportOf(new ExportViewModel.Input(ExportDiagrams.layoutOnly(), null)), size);
        assertFalse(java.util.Arrays.equals(bare, pixels(export, size)));

        // and unticked, the picture is the bare diagram's
        export.plannedMoveProperty().set(false);
        assertTrue(java.util.Arrays.equals(bare, pixels(export, size)));
        // a diagram without a preview offers no such option
        assertFalse(exportOf(new ExportViewModel.Input(ExportDiagrams.layoutOnly(), null))
                .canDrawPlannedMoveProperty()
                .get());
    }

    @Test
    void a_plan_the_window_no_longer_showed_is_offered_but_not_ticked() {
        // given the explorer's diagram with a still-valid plan preview whose panel was closed before the export
        MigrationMarks.PlannedMove move = new MigrationMarks.PlannedMove(
                ShardKey.globalMin(1), ShardKey.of(new BsonInt64(60)), "shard01", "shard02");
        DiagramData planned =
                ExportDiagrams.layoutOnly().withMigrations(MigrationMarks.NONE.withNext(Optional.of(move)));
        ExportSize size = new ExportSize(1000, 0, 1);

        // when it is exported
        ExportViewModel export = exportOf(new ExportViewModel.Input(planned, null).withPlanShown(false));

        // then the option is offered, unticked, and the picture is the bare diagram's until it is ticked
        assertTrue(export.canDrawPlannedMoveProperty().get());
        assertFalse(export.plannedMoveProperty().get());
        int[] bare = pixels(exportOf(new ExportViewModel.Input(ExportDiagrams.layoutOnly(), null)), size);
        assertTrue(java.util.Arrays.equals(bare, pixels(export, size)));
        export.plannedMoveProperty().set(true);
        assertFalse(java.util.Arrays.equals(bare, pixels(export, size)));
    }

    @Test
    void a_comparisons_sides_draw_their_plan_preview_while_the_comparisons_switch_is_on() {
        // given a comparison whose lower side has the balancer's next migration: [0, 60) from shard01 to shard02
        MigrationMarks.PlannedMove move = new MigrationMarks.PlannedMove(
                ShardKey.globalMin(1), ShardKey.of(new BsonInt64(60)), "shard01", "shard02");
        DiagramData planned =
                ExportDiagrams.layoutOnly().withMigrations(MigrationMarks.NONE.withNext(Optional.of(move)));
        List<ExportViewModel.Side> sides = List.of(
                new ExportViewModel.Side("5.0", ExportDiagrams.layoutOnly()), new ExportViewModel.Side("8.0", planned));
        List<ExportViewModel.Side> bareSides = List.of(
                new ExportViewModel.Side("5.0", ExportDiagrams.layoutOnly()),
                new ExportViewModel.Side("8.0", ExportDiagrams.layoutOnly()));
        ExportSize size = new ExportSize(1000, 0, 1);
        int[] bare = pixels(exportOf(ExportViewModel.Input.comparison(bareSides)), size);

        // when it is exported with the switch on
        ExportViewModel on = exportOf(ExportViewModel.Input.comparison(sides).withPlanShown(true));

        // then the option is offered and ticked, and the lower side draws the move
        assertTrue(on.canDrawPlannedMoveProperty().get());
        assertTrue(on.plannedMoveProperty().get());
        assertFalse(java.util.Arrays.equals(bare, pixels(on, size)));
        // and unticked, both sides are the bare ones
        on.plannedMoveProperty().set(false);
        assertTrue(java.util.Arrays.equals(bare, pixels(on, size)));

        // when it is exported with the switch off, it is offered unticked
        ExportViewModel off = exportOf(ExportViewModel.Input.comparison(sides).withPlanShown(false));
        assertTrue(off.canDrawPlannedMoveProperty().get());
        assertFalse(off.plannedMoveProperty().get());
        assertTrue(java.util.Arrays.equals(bare, pixels(off, size)));
    }

    private static int[] pixels(ExportViewModel export, ExportSize size) {
        BufferedImage image = export.renderImage(size);
        return image.getRGB(0, 0, image.getWidth(), image.getHeight(), null, 0, image.getWidth());
    }

    @Test
    void the_placement_board_exports_through_the_same_settings_save_and_copy(@TempDir Path dir) throws Exception {
        // given the board of one shard with app.logs on it, shard01 draining
        PlacementBoard board = new PlacementBoard(
                "8.0",
                List.of(new PlacementBoard.Lane(
                        "shard01",
                        false,
                        true,
                        Optional.of(Message.of("balancer.drain.left", 0, 1)),
                        2048,
                        512,
                        1L << 30,
                        List.of("app"))),
                List.of(new PlacementBoard.Tile("app.logs", "shard01", 2048)),
                List.of(),
                Optional.empty());

        // when it is exported as SVG
        ExportViewModel export = exportOf(ExportViewModel.Input.placement(board));
        export.formatProperty().set(ExportFormat.SVG);
        Path file = dir.resolve(export.suggestedFileName());
        export.save(file);

        // then the board's painter drew it, the view, chunk widths and plan do not apply
        assertTrue(export.isPlacementBoard());
        assertInstanceOf(PlacementBoardPainter.class, export.painterProperty().get());
        assertFalse(export.canDrawPlannedMoveProperty().get());
        assertFalse(export.hasWriteData());
        assertEquals("placement-board.svg", file.getFileName().toString());
        String svg = Files.readString(file);
        assertTrue(svg.contains(">DRAINING · no chunks · one collection left</text>"), svg);
        assertTrue(svg.contains(">app.logs</text>"), svg);
        assertNotNull(export.renderImage(new ExportSize(800, 0, 1)), "the preview and the clipboard's picture");
    }
}
