package io.shardlab.render;

import java.awt.Font;

/**
 * The diagram's fonts, all from one sans-serif family (the logical "SansSerif": DejaVu Sans or the platform's
 * sans on screen and PNG, {@code sans-serif} in SVG, Helvetica in PDF). Sizes are logical pixels.
 *
 * @param title the diagram title
 * @param subtitle the line of facts under the title
 * @param heading section headings
 * @param body lane names, legend entries
 * @param bodyBold emphasised body text
 * @param label axis labels
 * @param small table headers, captions, badges
 */
public record Typography(Font title, Font subtitle, Font heading, Font body, Font bodyBold, Font label, Font small) {

    /** The standard set: 26 px title, 14 px subtitle, 15 px headings, 13 px body, 12 px labels, 11 px small. */
    public static Typography standard() {
        String family = Font.SANS_SERIF;
        return new Typography(
                new Font(family, Font.BOLD, 26),
                new Font(family, Font.PLAIN, 14),
                new Font(family, Font.BOLD, 15),
                new Font(family, Font.PLAIN, 13),
                new Font(family, Font.BOLD, 13),
                new Font(family, Font.PLAIN, 12),
                new Font(family, Font.BOLD, 11));
    }

    /**
     * This set with every font of fewer than {@code px} logical pixels raised to {@code px}: a diagram drawn smaller
     * than its own size (fitted into a short canvas) keeps type that reads, at the cost of its hierarchy.
     */
    public Typography atLeast(double px) {
        return new Typography(
                atLeast(title, px),
                atLeast(subtitle, px),
                atLeast(heading, px),
                atLeast(body, px),
                atLeast(bodyBold, px),
                atLeast(label, px),
                atLeast(small, px));
    }

    private static Font atLeast(Font font, double px) {
        return font.getSize2D() >= px ? font : font.deriveFont((float) px);
    }
}
