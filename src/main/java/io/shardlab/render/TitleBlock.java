package io.shardlab.render;

import java.awt.Graphics2D;

/**
 * The title block at the top of a picture painted as a document (an export, the comparison of candidates): the
 * title's baseline {@value #TITLE_BASELINE} px and the subtitle's {@value #SUBTITLE_BASELINE} px below the
 * {@value #MARGIN} px margin, each shortened to the width it has; the block is {@value #HEIGHT} px tall.
 */
final class TitleBlock {

    /** The page margin around a document picture, in px. */
    static final double MARGIN = 40;

    /** The height of the title and subtitle, in px. */
    static final double HEIGHT = 80;

    static final double TITLE_BASELINE = 26;
    static final double SUBTITLE_BASELINE = 54;

    private TitleBlock() {}

    /**
     * Starts a document page of {@code width} × {@code height} px on {@code g}: the {@linkplain Pen#prepare
     * hints}, the page filled with {@code colors}' background, the title and subtitle between the margins.
     *
     * @return the pen to paint the rest of the page with
     */
    static Pen paintPage(
            Graphics2D g,
            Typography type,
            ThemeColors colors,
            String title,
            String subtitle,
            double width,
            double height) {
        Pen.prepare(g);
        Pen pen = new Pen(g);
        pen.crisp(true);
        pen.fill(colors.background(), 0, 0, width, height);
        pen.crisp(false);
        paintTitle(pen, type, colors, title, MARGIN, width - MARGIN);
        paintSubtitle(pen, type, colors, subtitle, MARGIN, width - MARGIN);
        return pen;
    }

    /** Paints {@code title} between {@code left} and {@code right}, in {@code colors}' text colour. */
    static void paintTitle(Pen pen, Typography type, ThemeColors colors, String title, double left, double right) {
        pen.text(
                type.title(), colors.text(), pen.fit(type.title(), title, right - left), left, MARGIN + TITLE_BASELINE);
    }

    /** Paints {@code subtitle} under the title, in {@code colors}' muted text colour. */
    static void paintSubtitle(
            Pen pen, Typography type, ThemeColors colors, String subtitle, double left, double right) {
        pen.text(
                type.subtitle(),
                colors.mutedText(),
                pen.fit(type.subtitle(), subtitle, right - left),
                left,
                MARGIN + SUBTITLE_BASELINE);
    }
}
