package io.shardlab.bench;

import io.shardlab.cluster.ChunkMap;
import io.shardlab.cluster.ClusterSnapshot;
import io.shardlab.cluster.Shard;
import io.shardlab.key.HashedSplitPoints;
import io.shardlab.key.ShardKey;
import io.shardlab.key.ShardKeyPattern;
import io.shardlab.render.ChunkSizes;
import io.shardlab.render.DiagramData;
import io.shardlab.render.DiagramOptions;
import io.shardlab.render.DiagramPainter;
import io.shardlab.render.ExportSize;
import io.shardlab.render.Highlight;
import io.shardlab.render.KeyLabelFormat;
import io.shardlab.render.LayoutData;
import io.shardlab.render.NumberLineFrame;
import io.shardlab.render.NumberLineModel;
import io.shardlab.render.NumberLinePainter;
import io.shardlab.render.PngExporter;
import io.shardlab.render.Scale;
import io.shardlab.render.TextMeasure;
import io.shardlab.render.Theme;
import io.shardlab.render.ThemeColors;
import io.shardlab.render.Typography;
import io.shardlab.render.View;
import io.shardlab.render.Viewport;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.bson.BsonInt64;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * The render budgets over a 1,000,000-chunk layout on 4 shards, chunks dealt round-robin (every pixel column
 * mixes shards: the worst case for aggregation), with random sizes:
 * <ul>
 *   <li>{@code frame}: one number-line frame at 1600 px, geometry (binary search, per-column aggregation,
 *       boundaries, axis labels) plus painting it onto a Graphics2D, for the whole line and for a view zoomed
 *       to 1/1000 of it; budget 16 ms;</li>
 *   <li>{@code pngExport}: from the snapshot to PNG bytes (number line model, lanes, legend, PNG encoding) at
 *       1600 px; budget 1 s.</li>
 * </ul>
 * Run with {@code mvn -Pbench integration-test -Dbench.args="NumberLine -f 1 -wi 3 -w 2s -i 5 -r 2s"}.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(
        value = 1,
        jvmArgsAppend = {"-Xmx3g", "-Djava.awt.headless=true"})
public class NumberLineBenchmark {

    private static final int CHUNKS = 1_000_000;
    private static final int WIDTH = 1600;

    @Param({"ranged", "hashed"})
    public String key;

    @Param({"EQUAL", "DATA_SIZE", "KEY_VALUE"})
    public String scale;

    private DiagramData data;
    private NumberLineModel model;
    private BufferedImage canvas;
    private Graphics2D g;
    private NumberLinePainter painter;
    private TextMeasure measure;
    private Viewport zoomed;

    @Setup(Level.Trial)
    public void setUp() {
        ShardKeyPattern pattern = ShardKeyPattern.parse(key.equals("hashed") ? "{x: 'hashed'}" : "{x: 1}");
        List<ShardKey> points = new ArrayList<>(CHUNKS - 1);
        if (key.equals("hashed")) {
            for (long p : HashedSplitPoints.of(CHUNKS)) {
                points.add(ShardKey.of(new BsonInt64(p)));
            }
        } else {
            for (int i = 1; i < CHUNKS; i++) {
                points.add(ShardKey.of(new BsonInt64(i * 1000L)));
            }
        }
        List<String> shards = List.of("shard01", "shard02", "shard03", "shard04");
        ChunkMap chunks = ChunkMap.fromSplitPoints(1, points, shards, 1);
        ClusterSnapshot snapshot = new ClusterSnapshot(
                "bench.c", pattern, false, shards.stream().map(Shard::named).toList(), chunks, List.of());
        SplittableRandom random = new SplittableRandom(1);
        long[] docs = new long[CHUNKS];
        long[] bytes = new long[CHUNKS];
        for (int i = 0; i < CHUNKS; i++) {
            docs[i] = random.nextInt(100_000);
            bytes[i] = docs[i] * 200;
        }
        data = DiagramData.of(new LayoutData(snapshot, Optional.of(new ChunkSizes(docs, bytes))));
        model = NumberLineModel.of(data.layout(), Scale.valueOf(scale));
        canvas = new BufferedImage(WIDTH, 200, BufferedImage.TYPE_INT_RGB);
        g = canvas.createGraphics();
        Typography type = Typography.standard();
        painter = new NumberLinePainter(new ThemeColors(Theme.light()), type);
        measure = TextMeasure.of(g.getFontMetrics(type.label()));
        zoomed = Viewport.FULL.zoom(1000, 0.37);
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        g.dispose();
    }

    @Benchmark
    public Object frameWholeLine() {
        return frame(Viewport.FULL);
    }

    @Benchmark
    public Object frameZoomed() {
        return frame(zoomed);
    }

    private Object frame(Viewport viewport) {
        NumberLineFrame frame =
                NumberLineFrame.compute(model, viewport, WIDTH, WIDTH, measure, KeyLabelFormat.standard());
        return painter.paint(g, frame, Highlight.none(), 0, 40, 72);
    }

    @Benchmark
    public int pngExport() throws IOException {
        DiagramPainter diagram =
                new DiagramPainter(data, DiagramOptions.defaults(View.LANES).withScale(Scale.valueOf(scale)));
        ByteArrayOutputStream out = new ByteArrayOutputStream(1 << 20);
        new PngExporter().write(diagram, new ExportSize(WIDTH, 0, 1), out);
        return out.size();
    }
}
