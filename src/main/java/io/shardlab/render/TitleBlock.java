package io.shardlab.render;

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
