package io.shardlab.render;

import io.shardlab.cluster.ClusterSnapshot;
import io.shardlab.routing.Counts;
import java.util.Locale;
import java.util.Optional;

/**
 * The words of a document diagram ({@link DiagramPainter.Framing#DOCUMENT}): the line of facts under its title,
 * each section's heading and its caption of facts on the right (the number line's scale and viewport, the lanes' writes window), and how a heading
 * is set.
 */
final class DiagramHeadings {

    private final DiagramData data;
    private final DiagramOptions options;
    private final NumberLineModel model;
    private final ThemeColors colors;
    private final Typography type;

    DiagramHeadings(
            DiagramData data, DiagramOptions options, NumberLineModel model, ThemeColors colors, Typography type) {
        this.data = data;
        this.options = options;
        this.model = model;
        this.colors = colors;
        this.type = type;
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

    /** The number line's caption: what the bounds are, the scale, the part of the line shown. */
    String lineCaption(boolean valueLine) {
        StringBuilder b = new StringBuilder();
        if (valueLine) {
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

    /** The lanes' caption: the writes window their writes column counts. */
    String lanesCaption() {
        Optional<WriteSeries> writes = data.writes();
        if (writes.isEmpty()) {
            return "";
        }
        WriteSeries w = writes.get();
        long from = (long) (w.windows() - 1) * w.windowMillis();
        return "writes in the last window, " + ElapsedTime.format(from) + "–"
                + ElapsedTime.format(from + w.windowMillis());
    }

    /** A section's heading at {@code top}, its caption right-aligned in the room left. */
    void section(Pen pen, String text, String caption, double left, double right, double top) {
        double baseline = top + 17;
        pen.text(type.heading(), colors.text(), text, left, baseline);
        if (!caption.isEmpty()) {
            double room = right - left - pen.width(type.heading(), text) - 24;
            String fitted = pen.fit(type.body(), caption, room);
            pen.textRight(type.body(), colors.mutedText(), fitted, right, baseline);
        }
    }
}
