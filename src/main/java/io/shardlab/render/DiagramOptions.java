package io.shardlab.render;

import io.shardlab.text.Language;
import io.shardlab.text.Message;
import io.shardlab.text.RefusedInput;

/**
 * How to draw a diagram.
 *
 * @param view which parts to show
 * @param theme colours
 * @param title the title; blank for the default, "Chunks of &lt;namespace&gt;"
 * @param scale chunk widths on the number line
 * @param viewport the visible part of the number line
 * @param highlight what to emphasise
 * @param stackedWrites draw writes per shard as stacked areas instead of lines
 * @param language the language of the words ShardLab writes on the diagram (headings, captions, legend); the
 *     data's own words (namespace, key names, shard names) stay as they are
 * @param provenance where the picture's layout comes from and which moment it is (e.g. the release, the source and
 *     the changelog step of a rewound layout), said at the end of a document's line of facts so that a rewound
 *     export does not pass for the latest; blank for none
 */
public record DiagramOptions(
        View view,
        Theme theme,
        String title,
        Scale scale,
        Viewport viewport,
        Highlight highlight,
        boolean stackedWrites,
        Language language,
        String provenance) {

    public DiagramOptions {
        if (view == null
                || theme == null
                || scale == null
                || viewport == null
                || highlight == null
                || language == null) {
            String all = "view, theme, scale, viewport, highlight, language"; // untranslated: a developer's contract
            throw new IllegalArgumentException("options: " + all + " required");
        }
        title = title == null ? "" : title.strip();
        provenance = provenance == null ? "" : provenance.strip();
    }

    /**
     * The whole line on the equal scale, light theme, default title, nothing highlighted, line chart, no provenance, English
     * words.
     */
    public static DiagramOptions defaults(View view) {
        return new DiagramOptions(
                view, Theme.light(), "", Scale.EQUAL, Viewport.FULL, Highlight.none(), false, Language.ENGLISH, "");
    }

    public DiagramOptions withView(View v) {
        return new DiagramOptions(v, theme, title, scale, viewport, highlight, stackedWrites, language, provenance);
    }

    public DiagramOptions withTheme(Theme t) {
        return new DiagramOptions(view, t, title, scale, viewport, highlight, stackedWrites, language, provenance);
    }

    public DiagramOptions withTitle(String t) {
        return new DiagramOptions(view, theme, t, scale, viewport, highlight, stackedWrites, language, provenance);
    }

    public DiagramOptions withScale(Scale s) {
        return new DiagramOptions(view, theme, title, s, viewport, highlight, stackedWrites, language, provenance);
    }

    public DiagramOptions withViewport(Viewport v) {
        return new DiagramOptions(view, theme, title, scale, v, highlight, stackedWrites, language, provenance);
    }

    public DiagramOptions withHighlight(Highlight h) {
        return new DiagramOptions(view, theme, title, scale, viewport, h, stackedWrites, language, provenance);
    }

    public DiagramOptions withLanguage(Language l) {
        return new DiagramOptions(view, theme, title, scale, viewport, highlight, stackedWrites, l, provenance);
    }

    public DiagramOptions withStackedWrites(boolean stacked) {
        return new DiagramOptions(view, theme, title, scale, viewport, highlight, stacked, language, provenance);
    }

    public DiagramOptions withProvenance(String p) {
        return new DiagramOptions(view, theme, title, scale, viewport, highlight, stackedWrites, language, p);
    }

    /** The refusal of the heatmap view for a collection without writes by key range over time. */
    RefusedInput heatmapWithoutWrites(String namespace) {
        return new RefusedInput(Message.of("render.refused.heatmapWithoutWrites", namespace));
    }

    /**
     * The refusal of a width (logical pixels) that leaves the number line {@code lineWidth}, under the
     * {@code narrowest} it needs; it names the least width that would do.
     */
    static RefusedInput tooNarrow(double width, double lineWidth, double narrowest) {
        return new RefusedInput(Message.of(
                "render.refused.tooNarrow",
                Math.round(width),
                Math.round(lineWidth),
                Math.round(width - lineWidth + narrowest)));
    }

    /** The refusal of a height (logical pixels) under the {@code needed} height of this view of {@code namespace}. */
    RefusedInput tooLow(double height, double needed, String namespace) {
        return new RefusedInput(Message.of(
                "render.refused.tooLow", Math.round(height), view.cliName(), namespace, (long) Math.ceil(needed)));
    }
}
