package io.shardlab.render;

import java.awt.Graphics2D;
import java.awt.geom.Rectangle2D;

/**
 * Paints a {@link RangeHeatStrip} as a row of opaque rectangles on the theme's heat ramp, one per
 * column, with an outline; ranges no query reached keep the surface colour.
 */
public final class RangeHeatPainter {

    private final ThemeColors colors;

    public RangeHeatPainter(ThemeColors colors) {
        this.colors = colors;
    }

    /** Paints {@code strip} into {@code [x, x + w] × [y, y + h]}. */
    public void paint(Graphics2D g, RangeHeatStrip strip, double x, double y, double w, double h) {
        g.setColor(colors.surface());
        g.fill(new Rectangle2D.Double(x, y, w, h));
        int n = strip.size();
        for (int i = 0; i < n; i++) {
            if (strip.heat(i) > 0) {
                double left = x + w * i / n;
                double right = x + w * (i + 1) / n;
                g.setColor(colors.heat(strip.heat(i)));
                g.fill(new Rectangle2D.Double(left, y, right - left, h));
            }
        }
        g.setColor(colors.grid());
        g.draw(new Rectangle2D.Double(x, y, w, h));
    }
}
