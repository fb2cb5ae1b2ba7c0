package io.shardlab.render;

import io.shardlab.cluster.ClusterSnapshot;
import io.shardlab.text.Messages;
import java.util.Locale;
import java.util.Optional;

/**
 * The words of a document diagram ({@link DiagramPainter.Framing#DOCUMENT}): the line of facts under its title,
 * each section's heading and its caption of facts on the right (the number line's scale and viewport, the lanes' writes window), and how a heading
 * is set. The words are ShardLab's, from the {@code render} bundle in the options' language; the data's own
 * words (namespace, key, field paths) stay as they are.
 *
 * @param words the words of the options' language
 */
record DiagramHeadings(
        DiagramData data,
        DiagramOptions options,
        NumberLineModel model,
        ThemeColors colors,
        Typography type,
        Messages words) {

    /** The headings of {@code data} in the options' language. */
    DiagramHeadings(
            DiagramData data, DiagramOptions options, NumberLineModel model, ThemeColors colors, Typography type) {
        this(data, options, model, colors, type, Messages.of(options.language()));
    }

    /** The title: the option's, or "Chunks of &lt;namespace&gt;". */
    String title() {
        return options.title().isEmpty()
                ? words.text("render.title", data.layout().snapshot().namespace())
                : options.title();
    }

    /**
     * The line of facts under the title: namespace (when titled), key, chunks, shards, jumbo, zone ranges, and the
     * options' provenance last.
     */
    String subtitle() {
        ClusterSnapshot s = data.layout().snapshot();
        StringBuilder b = new StringBuilder();
        if (!options.title().isEmpty()) {
            b.append(s.namespace()).append("  ·  ");
        }
        b.append(words.text("render.subtitle.key", s.key().toString()));
        b.append("  ·  ")
                .append(words.text(
                        "render.subtitle.chunksOnShards",
                        model.chunkCount(),
                        model.shards().size()));
        if (model.jumboCount() > 0) {
            b.append("  ·  ").append(words.text("render.subtitle.jumbo", model.jumboCount()));
        }
        if (!s.zones().isEmpty()) {
            b.append("  ·  ")
                    .append(words.text("render.subtitle.zoneRanges", s.zones().size()));
        }
        if (!options.provenance().isEmpty()) {
            b.append("  ·  ").append(options.provenance());
        }
        return b.toString();
    }

    /** The number line's heading. */
    String line() {
        return words.text(model.key().hasHashedPrefix() ? "render.line.hashed" : "render.line.ranged");
    }

    /** The number line's caption: what the bounds are, the scale, the part of the line shown. */
    String lineCaption(boolean valueLine) {
        StringBuilder b = new StringBuilder();
        if (valueLine) {
            b.append(words.text("render.line.valueStream")).append("  ·  ");
        } else if (model.key().hasHashedPrefix()) {
            b.append(words.text(
                            "render.line.hashedBounds",
                            model.key().fields().get(0).path()))
                    .append("  ·  ");
        }
        b.append(
                model.key().hasHashedPrefix() && options.scale() == Scale.KEY_VALUE
                        ? words.text("render.scale.hash")
                        : scaleCaption(options.scale()));
        Viewport v = options.viewport();
        if (!v.equals(Viewport.FULL)) {
            b.append("  ·  ").append(words.text("render.line.showing", percent(v.start()), percent(v.end())));
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
        return words.text(
                "render.lanes.caption", ElapsedTime.format(from), ElapsedTime.format(from + w.windowMillis()));
    }

    /** The lanes' heading. */
    String lanes() {
        return words.text("render.lanes.heading");
    }

    /** The name beside the value line ({@code values}) or the hash line ({@code hashes}). */
    String lineName(boolean values) {
        return words.text(values ? "render.line.values" : "render.line.hashes");
    }

    /** The writes chart's heading. */
    String writes() {
        return words.text("render.writes.heading");
    }

    /** The writes chart's caption: the window, and whether the areas are stacked. */
    String writesCaption(long windowMillis) {
        return words.text(
                options.stackedWrites() ? "render.writes.captionStacked" : "render.writes.caption",
                ElapsedTime.format(windowMillis));
    }

    /** The heatmap's heading. */
    String heatmap() {
        return words.text("render.heatmap.heading");
    }

    /** The heatmap's caption. */
    String heatmapCaption() {
        return words.text("render.heatmap.caption");
    }

    /** The caption of a scale, e.g. "equal width per chunk". */
    String scaleCaption(Scale scale) {
        return words.text(scale.caption());
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
