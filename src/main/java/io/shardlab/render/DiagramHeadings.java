package io.shardlab.render;

import io.shardlab.cluster.ClusterSnapshot;
import io.shardlab.routing.Counts;
import java.util.Locale;
import java.util.Optional;

/**
 * The words of a document diagram ({@link DiagramPainter} framed as a document): the line of facts under its
 * title, each section's heading and caption. The canvas shows none of them (its card and its window say it).
 */
final class DiagramHeadings {

    private final DiagramData data;
    private final DiagramOptions options;
    private final NumberLineModel model;

    DiagramHeadings(DiagramData data, DiagramOptions options, NumberLineModel model) {
        this.data = data;
        this.options = options;
        this.model = model;
    }

    /** The line of facts under the title: namespace (when titled), key, chunks, shards, jumbo, zone ranges. */
    String subtitle() {
        ClusterSnapshot s = data.layout().snapshot();
        StringBuilder b = new StringBuilder();
        if (!options.title().isEmpty()) {
            b.append(s.namespace()).append("  ·  ");
        }
        b.append("shard key ").append(s.key());
        b.append("  ·  ")
                .append(Counts.of(model.chunkCount(), "chunk"))
                .append(" on ")
                .append(Counts.of(model.shards().size(), "shard"));
        if (model.jumboCount() > 0) {
            b.append("  ·  ").append(model.jumboCount()).append(" jumbo");
        }
        if (!s.zones().isEmpty()) {
            b.append("  ·  ").append(Counts.of(s.zones().size(), "zone range"));
        }
        return b.toString();
    }

    /** The number line's heading. */
    String line() {
        return model.key().hasHashedPrefix() ? "Chunks in hash space" : "Chunks from MinKey to MaxKey";
    }

    /** The number line's caption: what the widths mean, the value line when shown, the part of the line shown. */
    String lineCaption(boolean valuesShown) {
        StringBuilder b = new StringBuilder();
        if (valuesShown) {
            b.append("the stream's values above, each on the shard of its hash  ·  ");
        } else if (model.key().hasHashedPrefix()) {
            b.append("bounds are hashes of ")
                    .append(model.key().fields().get(0).path())
                    .append("  ·  ");
        }
        b.append(
                model.key().hasHashedPrefix() && options.scale() == Scale.KEY_VALUE
                        ? "width by hash value"
                        : options.scale().caption());
        Viewport v = options.viewport();
        if (!v.equals(Viewport.FULL)) {
            b.append("  ·  showing ")
                    .append(percent(v.start()))
                    .append("–")
                    .append(percent(v.end()))
                    .append(" of the line");
        }
        return b.toString();
    }

    private static String percent(double fraction) {
        double p = fraction * 100;
        return (p == Math.rint(p) ? String.format(Locale.ROOT, "%.0f", p) : String.format(Locale.ROOT, "%.3g", p))
                + "%";
    }

    /** The lanes' caption: the window their writes are of, when the diagram has writes. */
    String lanes() {
        Optional<WriteSeries> writes = data.writes();
        if (writes.isEmpty()) {
            return "";
        }
        WriteSeries w = writes.get();
        long from = (long) (w.windows() - 1) * w.windowMillis();
        return "writes in the last window, " + ElapsedTime.format(from) + "–"
                + ElapsedTime.format(from + w.windowMillis());
    }
}
