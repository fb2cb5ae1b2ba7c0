package io.shardlab.cli;

import io.shardlab.bson.BsonLiterals;
import io.shardlab.bson.BsonPrinter;
import io.shardlab.cluster.ChunkMap;
import io.shardlab.cluster.ClusterSnapshot;
import io.shardlab.cluster.MongoVersion;
import io.shardlab.cluster.Shard;
import io.shardlab.key.KeyField;
import io.shardlab.key.ShardKey;
import io.shardlab.key.ShardKeyPattern;
import io.shardlab.live.BalancerState;
import io.shardlab.live.RecordedPlacement;
import io.shardlab.live.SourceLayout;
import io.shardlab.render.ChunkSizes;
import io.shardlab.render.DiagramData;
import io.shardlab.render.DiagramOptions;
import io.shardlab.render.DiagramPainter;
import io.shardlab.render.ExportFormat;
import io.shardlab.render.ExportSize;
import io.shardlab.render.Highlight;
import io.shardlab.render.LayoutData;
import io.shardlab.render.MigrationMarks;
import io.shardlab.render.PlacementBoard;
import io.shardlab.render.PlacementBoardPainter;
import io.shardlab.render.Scale;
import io.shardlab.render.Theme;
import io.shardlab.render.View;
import io.shardlab.render.Viewport;
import io.shardlab.sim.BalancerDecision;
import io.shardlab.sim.CommandFailedException;
import io.shardlab.sim.SetBalancerState;
import io.shardlab.sim.SimulatedCluster;
import io.shardlab.sim.SimulationConfig;
import io.shardlab.text.Message;
import io.shardlab.text.RefusedInput;
import io.shardlab.workload.DatasetFile;
import io.shardlab.workload.InsertStream;
import io.shardlab.workload.SimulationSetup;
import io.shardlab.workload.Workload;
import io.shardlab.workload.WorkloadRegistry;
import io.shardlab.workload.WorkloadSettings;
import io.shardlab.workload.WorkloadSimulation;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.bson.BsonDocument;
import org.bson.BsonValue;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code export}: draws a collection's chunk layout (number line, shard lanes, and the writes chart and
 * heatmap when the data has them) to a PNG, SVG or PDF file, headless.
 *
 * <p>The layout comes from the shared layout source options ({@link LayoutSourceOptions}: {@code --uri},
 * {@code --snapshot}, {@code --config-dump}, with {@code --ns} and {@code --at}); a snapshot file read as it
 * is (no {@code --at}) also gives per-chunk documents and bytes, for the data-size scale and the lanes'
 * table. Without a source, it is the layout {@code shardCollection} creates for an empty collection on N
 * shards ({@code --key}, {@code --shards} and {@code --ns}, see {@link EmptyCollectionLayout}).
 *
 * <p>With {@code --workload} or {@code --dataset} (the options {@code simulate} takes, {@link SimulationOptions}),
 * the inserts run through a new simulated cluster of {@code --shards} shards sharded on {@code --key}, as
 * {@code simulate} runs them, and the diagram shows the final layout with chunk sizes, the writes per shard
 * over time and the key &times; time heatmap ({@link SimulatedDiagram}); {@code --plan} adds the balancer's next
 * migration on the lanes (the plan preview of Why no move?), after a run or on a recorded layout (the source's
 * release's next round on it).
 */
@Command(name = "export", mixinStandardHelpOptions = true, sortOptions = false)
final class ExportCommand implements Runnable {

    @Spec
    private CommandSpec spec;

    @Mixin
    private LayoutSourceOptions source;

    @ArgGroup(exclusive = false)
    private EmptyLayout empty;

    static final class EmptyLayout {
        @Option(names = "--key", required = true, paramLabel = "PATTERN")
        String key;

        @Option(names = "--shards", paramLabel = "N", defaultValue = "2")
        int shards;
    }

    @Mixin
    private SimulationOptions sim;

    @Mixin
    private InitialSplitOptions initialSplit;

    private final WorkloadRegistry workloads;
    private final Clock clock;

    private final CliLanguage language;

    ExportCommand(WorkloadRegistry workloads, Clock clock, CliLanguage language) {
        this.workloads = workloads;
        this.clock = clock;
        this.language = language;
        this.source = new LayoutSourceOptions(language);
    }

    @Option(names = "--format", paramLabel = "FORMAT")
    private String format;

    @Option(names = "--out", required = true, paramLabel = "FILE")
    private Path out;

    @Option(names = "--view", paramLabel = "VIEW", defaultValue = "all")
    private String view;

    @Option(names = "--width", paramLabel = "W", defaultValue = "1600")
    private int width;

    @Option(names = "--height", paramLabel = "H")
    private Integer height;

    @Option(names = "--scale", paramLabel = "S", defaultValue = "1")
    private double scale;

    @Option(names = "--theme", paramLabel = "THEME", defaultValue = "light")
    private String theme;

    @Option(names = "--title", paramLabel = "TEXT")
    private String title;

    @Option(names = "--chunk-width", paramLabel = "SCALE", defaultValue = "equal")
    private String chunkWidth;

    @Option(names = "--highlight-shards", paramLabel = "SHARD", split = ",")
    private List<String> highlightShards;

    @Option(names = "--highlight-chunk", paramLabel = "INDEX")
    private Integer highlightChunk;

    @Option(names = "--highlight-range", paramLabel = "BOUND", arity = "2")
    private List<String> highlightRange;

    @Option(names = "--placement")
    private boolean placement;

    @Option(names = "--plan")
    private boolean plan;

    /** With {@code --plan}: the line saying the balancer's next migration drawn, or that it moves nothing. */
    private Message planWords;

    @Override
    public void run() {
        PictureFile file = PictureFile.of(format, out);
        ExportFormat fileFormat = file.format();
        OptionBounds.WIDTH.check(width);
        OptionBounds.HEIGHT.checkIfGiven(height);
        OptionBounds.SCALE.check(scale);
        ExportSize size = new ExportSize(width, height == null ? 0 : height, scale);
        if (fileFormat == ExportFormat.PNG && height != null) {
            size.checkPixels(height);
        }
        View chosenView = OptionValue.parsed("--view", view, View::parse);
        Theme chosenTheme = OptionValue.parsed("--theme", theme, Theme::named);
        Scale chosenScale = OptionValue.parsed("--chunk-width", chunkWidth, Scale::parse);
        if (empty != null) {
            OptionBounds.SHARDS.check(empty.shards);
        }
        if (plan && placement) {
            throw new IllegalArgumentException(language.text("cli.export.planNotOnPlacement"));
        }
        if (plan && !sim.hasInput() && !source.isGiven()) {
            throw new IllegalArgumentException(language.text("cli.export.planNeedsRun"));
        }
        file.checkWritable();
        if (placement) {
            writePlacement(file, size, chosenTheme);
            return;
        }
        DiagramData data = data();
        LayoutData layout = data.layout();
        if (chosenView == View.HEATMAP && data.heatmap().isEmpty()) {
            throw new IllegalArgumentException(language.text(
                    "cli.export.heatmapNeedsWrites", layout.snapshot().namespace()));
        }
        DiagramOptions options = new DiagramOptions(
                chosenView,
                chosenTheme,
                title,
                chosenScale,
                Viewport.FULL,
                highlight(layout.snapshot()),
                false,
                language.language(),
                "");
        file.write(new DiagramPainter(data, options), size);
        PrintWriter w = spec.commandLine().getOut();
        w.println(language.text(
                "cli.export.wrote",
                out.toString(),
                fileFormat.extension(),
                options.view().cliName(),
                layout.snapshot().chunks().size()));
        if (planWords != null) {
            w.println(language.words().text(planWords));
        }
        w.flush();
    }

    /**
     * {@code --placement}: the placement board of the source's cluster, as the window's board exports it (every
     * shard's lane with its unsharded collections, each sharded collection's key line; {@link RecordedPlacement}).
     */
    private void writePlacement(PictureFile file, ExportSize size, Theme chosenTheme) {
        if (!source.isGiven() || sim.hasInput() || empty != null) {
            throw new IllegalArgumentException(language.text("cli.export.placementNeedsSource"));
        }
        PlacementBoard board = RecordedPlacement.of(source.read(clock)).board();
        file.write(new PlacementBoardPainter(board, chosenTheme, title, language.language()), size);
        PrintWriter w = spec.commandLine().getOut();
        w.println(language.text(
                "cli.export.wrotePlacement",
                out.toString(),
                file.format().extension(),
                board.lanes().size(),
                board.tiles().size(),
                board.keyLines().size()));
        w.flush();
    }

    /**
     * What to draw: a simulated run of --workload or --dataset on --shards shards sharded on --key (layout
     * with chunk sizes, writes per shard, heatmap), or the layout of {@link #layout()}.
     */
    private DiagramData data() {
        sim.check();
        if (source.isGiven()) {
            initialSplit.refuseWith(source.describe());
        }
        if (!sim.hasInput() && initialSplit.anyGiven()) {
            throw new IllegalArgumentException(language.text(
                    "cli.export.onlyForARun", "--zone, --zone-range, --num-initial-chunks, --presplit-hashed-zones"));
        }
        if (!sim.hasInput()) {
            if (sim.mongodbVersion != null || sim.chunkSizeMb != null || sim.docSize != null) {
                throw new IllegalArgumentException(
                        language.text("cli.export.onlyForARun", "--mongodb-version, --chunk-size, --doc-size"));
            }
            return diagram();
        }
        if (source.isGiven()) {
            throw new IllegalArgumentException(language.text("cli.export.runOrSource", source.describe()));
        }
        if (source.at != null) {
            throw new IllegalArgumentException(language.text("cli.export.atNeedsSource"));
        }
        if (empty == null) {
            throw new IllegalArgumentException(language.text("cli.export.runNeedsKey", "'{counter: 1}'"));
        }
        ShardKeyPattern pattern = ShardKeyPattern.parse(empty.key);
        MongoVersion version = sim.mongodbVersion == null ? MongoVersion.V8_0 : sim.parseVersion();
        SimulationSetup setup = new SimulationSetup(
                version, empty.shards, sim.chunkSizeBytes(), sim.seed, sim.window, sim.rate, sim.docSizeBytes());
        Workload workload = sim.workloadName() == null ? null : workloads.named(sim.workloadName());
        String namespace = source.namespace() != null
                ? source.namespace()
                : "test." + (workload != null ? workload.name() : SimulateCommand.baseName(sim.input.dataset));
        WorkloadSimulation simulation = new WorkloadSimulation(
                setup, initialSplit.beforeSharding(namespace), initialSplit.shardCollection(namespace, pattern));
        WorkloadSettings settings = sim.settings(workload);
        if (workload != null) {
            workload.initialSplit(settings).ifPresent(simulation::preSplit);
        }
        InsertStream stream = workload != null
                ? workload.open(settings)
                : DatasetFile.open(sim.input.dataset, settings, settings.docs());
        DiagramData run = SimulatedDiagram.run(simulation, pattern, stream);
        return plan ? withPlannedMove(run, simulation.cluster().balancerDecision(), pattern) : run;
    }

    /**
     * {@code --plan}: the run's diagram with the balancer's next migration on its lanes, as Why no move?'s plan
     * preview draws it in the window (the first move of {@code decision}, the release's next round on the last
     * layout); {@link #planWords} says it.
     */
    private DiagramData withPlannedMove(DiagramData data, BalancerDecision decision, ShardKeyPattern pattern) {
        Optional<BalancerDecision.Move> next = decision.moves().stream().findFirst();
        planWords = next.map(m -> Message.of(
                        "cli.export.plannedMove",
                        BsonPrinter.shell(m.min().toDocument(pattern)),
                        BsonPrinter.shell(m.max().toDocument(pattern)),
                        m.from(),
                        m.to()))
                .orElse(Message.of("cli.export.noPlannedMove"));
        return data.withMigrations(data.migrations()
                .withNext(next.map(m -> new MigrationMarks.PlannedMove(m.min(), m.max(), m.from(), m.to()))));
    }

    /**
     * {@code --plan} on a recorded layout: the next round of the source's release (recorded or inferred, {@link
     * SourceLayout#simulatedVersion}) on a simulated copy of the layout, as the window's Fork in simulator makes it
     * ({@link SourceLayout#load}: its shards, draining ones included, chunks, zones and each chunk's documents and bytes
     * from the best figures the source has), with the collection's chunk size; a balancer the source read as off
     * ({@code balancerStatus} mode {@code off}) moves nothing.
     */
    private static BalancerDecision recordedDecision(SourceLayout layout) {
        SimulationConfig config = SimulationConfig.of(layout.simulatedVersion())
                .withMaxChunkSizeBytes(layout.chunkSize().bytes());
        SimulatedCluster copy;
        try {
            copy = SimulatedCluster.fromLayout(config, layout.load());
        } catch (CommandFailedException e) {
            throw new IllegalArgumentException(e.getMessage(), e);
        }
        BalancerState balancer = layout.metadata().balancer();
        if (balancer != null && "off".equals(balancer.mode())) {
            copy.execute(new SetBalancerState(false));
        }
        return copy.balancerDecision();
    }

    /**
     * The layout to draw: a snapshot file's as written (with its chunk sizes), the source's (at {@code --at}, its
     * draining shards' badges saying what is left as the window's do), or the empty-collection layout of --key on
     * --shards.
     */
    private DiagramData diagram() {
        String namespace = source.namespace();
        if (source.isGiven() && empty != null) {
            throw new IllegalArgumentException(language.text("cli.export.keyWithSource", source.describe()));
        }
        if (source.isGiven()) {
            SourceLayout loaded = source.layoutNamingTheSnapshotsCollection(clock);
            // sizes a snapshot recorded are drawn for the layout it captured, not for a rewound one
            DiagramData recorded = DiagramData.of(new LayoutData(
                            loaded.cluster(),
                            source.at != null
                                    ? Optional.empty()
                                    : loaded.recordedSizes().map(ChunkSizes::of)))
                    .withDrainsLeft(RecordedPlacement.drainsLeft(loaded.metadata()));
            return plan
                    ? withPlannedMove(
                            recorded, recordedDecision(loaded), loaded.cluster().key())
                    : recorded;
        }
        if (empty == null) {
            throw new IllegalArgumentException(language.text("cli.export.noSource"));
        }
        if (namespace == null) {
            throw new IllegalArgumentException(language.text("cli.export.nsRequired"));
        }
        ShardKeyPattern pattern = ShardKeyPattern.parse(empty.key);
        ChunkMap chunks = EmptyCollectionLayout.of(pattern, empty.shards);
        List<Shard> shards =
                Shard.newClusterIds(empty.shards).stream().map(Shard::named).toList();
        return DiagramData.of(LayoutData.of(new ClusterSnapshot(namespace, pattern, false, shards, chunks, List.of())));
    }

    private Highlight highlight(ClusterSnapshot cluster) {
        int given =
                (highlightShards == null ? 0 : 1) + (highlightChunk == null ? 0 : 1) + (highlightRange == null ? 0 : 1);
        if (given > 1) {
            throw new IllegalArgumentException(language.text("cli.export.oneHighlight"));
        }
        if (highlightShards != null) {
            Set<String> shards = new LinkedHashSet<>();
            for (String s : highlightShards) {
                String id = s.strip();
                if (!cluster.shardIds().contains(id)
                        && cluster.chunks().chunks().stream()
                                .noneMatch(c -> c.shard().equals(id))) {
                    throw new IllegalArgumentException(language.text(
                            "cli.export.noSuchShard", id, cluster.namespace(), String.join(", ", cluster.shardIds())));
                }
                shards.add(id);
            }
            return new Highlight.Shards(shards);
        }
        if (highlightChunk != null) {
            if (highlightChunk < 0 || highlightChunk >= cluster.chunks().size()) {
                throw new IllegalArgumentException(language.text(
                        "cli.export.noSuchChunk",
                        String.valueOf(cluster.chunks().size() - 1),
                        highlightChunk.toString()));
            }
            return new Highlight.Chunk(highlightChunk);
        }
        if (highlightRange != null) {
            ShardKey min = bound("MIN", highlightRange.get(0), cluster.key());
            ShardKey max = bound("MAX", highlightRange.get(1), cluster.key());
            if (min.compareTo(max) >= 0) {
                throw new IllegalArgumentException(
                        language.text("cli.export.emptyRange", min.toString(), max.toString()));
            }
            return new Highlight.KeyRange(min, max);
        }
        return Highlight.none();
    }

    /** A range bound: a document with exactly the key's fields, in the key's order. */
    private static ShardKey bound(String which, String text, ShardKeyPattern pattern) {
        BsonDocument doc = BsonLiterals.parseDocument(text);
        List<String> fields = new ArrayList<>(doc.keySet());
        List<String> expected = pattern.fields().stream().map(KeyField::path).toList();
        if (!fields.equals(expected)) {
            throw new RefusedInput(
                    Message.of("cli.export.rangeFields", which, text, expected.toString(), pattern.toString()));
        }
        List<BsonValue> values = new ArrayList<>(doc.values());
        return ShardKey.of(values);
    }
}
