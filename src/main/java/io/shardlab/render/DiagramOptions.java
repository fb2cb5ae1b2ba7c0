package io.shardlab.render;

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
 */
public record DiagramOptions(
        View view,
        Theme theme,
        String title,
        Scale scale,
        Viewport viewport,
        Highlight highlight,
        boolean stackedWrites) {

    public DiagramOptions {
        if (view == null || theme == null || scale == null || viewport == null || highlight == null) {
            throw new IllegalArgumentException("options: view, theme, scale, viewport and highlight are required");
        }
        title = title == null ? "" : title.strip();
    }

    /** The whole line on the equal scale, light theme, default title, nothing highlighted, line chart. */
    public static DiagramOptions defaults(View view) {
        return new DiagramOptions(view, Theme.light(), "", Scale.EQUAL, Viewport.FULL, Highlight.none(), false);
    }

    public DiagramOptions withView(View v) {
        return new DiagramOptions(v, theme, title, scale, viewport, highlight, stackedWrites);
    }

    public DiagramOptions withTheme(Theme t) {
        return new DiagramOptions(view, t, title, scale, viewport, highlight, stackedWrites);
    }

    public DiagramOptions withTitle(String t) {
        return new DiagramOptions(view, theme, t, scale, viewport, highlight, stackedWrites);
    }

    public DiagramOptions withScale(Scale s) {
        return new DiagramOptions(view, theme, title, s, viewport, highlight, stackedWrites);
    }

    public DiagramOptions withViewport(Viewport v) {
        return new DiagramOptions(view, theme, title, scale, v, highlight, stackedWrites);
    }

    public DiagramOptions withHighlight(Highlight h) {
        return new DiagramOptions(view, theme, title, scale, viewport, h, stackedWrites);
    }

    public DiagramOptions withStackedWrites(boolean stacked) {
        return new DiagramOptions(view, theme, title, scale, viewport, highlight, stacked);
    }
}
