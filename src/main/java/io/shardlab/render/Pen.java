package io.shardlab.render;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.FontMetrics;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.geom.Line2D;
import java.awt.geom.Path2D;
import java.awt.geom.Rectangle2D;
import java.awt.geom.RoundRectangle2D;
import java.util.ArrayList;
import java.util.List;

/**
 * The drawing operations every painter uses, limited to what FXGraphics2D, BufferedImage, Batik's SVG generator
 * and PDFBox's Graphics2D all render the same way: opaque colours, filled rectangles and rounded rectangles,
 * stroked lines and paths, and text drawn as text. No clipping, no alpha, no images.
 */
final class Pen {

    private final Graphics2D g;
    private final CjkFont cjk;
    private final TextWidths widths;

    /** A pen that draws CJK characters in the bundled {@link CjkFont}. */
    Pen(Graphics2D g) {
        this(g, CjkFont.bundled());
    }

    Pen(Graphics2D g, CjkFont cjk) {
        this.g = g;
        this.cjk = cjk;
        this.widths = null;
    }

    /**
     * A pen that draws CJK characters in the bundled {@link CjkFont} and measures text through {@code widths}: each
     * text once for as long as its owner keeps them.
     */
    Pen(Graphics2D g, TextWidths widths) {
        this.g = g;
        this.cjk = CjkFont.bundled();
        this.widths = widths;
    }

    /**
     * Sets on {@code g} the hints every picture is painted with: text antialiased with fractional metrics, strokes
     * drawn where their geometry says (pure).
     */
    static void prepare(Graphics2D g) {
        g.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
        g.setRenderingHint(RenderingHints.KEY_FRACTIONALMETRICS, RenderingHints.VALUE_FRACTIONALMETRICS_ON);
        g.setRenderingHint(RenderingHints.KEY_STROKE_CONTROL, RenderingHints.VALUE_STROKE_PURE);
    }

    Graphics2D graphics() {
        return g;
    }

    /** Shapes with crisp edges (bars, cells) or smooth edges (lines, text, rounded boxes). */
    void crisp(boolean on) {
        g.setRenderingHint(
                RenderingHints.KEY_ANTIALIASING,
                on ? RenderingHints.VALUE_ANTIALIAS_OFF : RenderingHints.VALUE_ANTIALIAS_ON);
    }

    void fill(Color color, double x, double y, double w, double h) {
        if (w <= 0 || h <= 0) {
            return;
        }
        g.setColor(color);
        g.fill(new Rectangle2D.Double(x, y, w, h));
    }

    void fillRound(Color color, double x, double y, double w, double h, double arc) {
        g.setColor(color);
        g.fill(new RoundRectangle2D.Double(x, y, w, h, arc, arc));
    }

    void strokeRect(Color color, double width, double x, double y, double w, double h) {
        g.setColor(color);
        g.setStroke(new BasicStroke((float) width));
        g.draw(new Rectangle2D.Double(x, y, w, h));
    }

    /** A rectangle outlined in dashes of 4 px, 3 px apart. */
    void dashedRect(Color color, double width, double x, double y, double w, double h) {
        g.setColor(color);
        g.setStroke(new BasicStroke(
                (float) width, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10f, new float[] {4f, 3f}, 0f));
        g.draw(new Rectangle2D.Double(x, y, w, h));
    }

    void line(Color color, double width, double x1, double y1, double x2, double y2) {
        g.setColor(color);
        g.setStroke(new BasicStroke((float) width, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER));
        g.draw(new Line2D.Double(x1, y1, x2, y2));
    }

    /** A line from {@code (x1, y1)} to {@code (x2, y2)} ending in a filled head {@code head} px long there. */
    void arrow(Color color, double width, double x1, double y1, double x2, double y2, double head) {
        double length = Math.hypot(x2 - x1, y2 - y1);
        if (length == 0) {
            return;
        }
        double ux = (x2 - x1) / length;
        double uy = (y2 - y1) / length;
        double baseX = x2 - ux * head;
        double baseY = y2 - uy * head;
        line(color, width, x1, y1, baseX, baseY);
        Path2D tip = new Path2D.Double();
        tip.moveTo(x2, y2);
        tip.lineTo(baseX - uy * head * 0.55, baseY + ux * head * 0.55);
        tip.lineTo(baseX + uy * head * 0.55, baseY - ux * head * 0.55);
        tip.closePath();
        g.setColor(color);
        g.fill(tip);
    }

    /** The advance width of {@code text}, its CJK runs measured in the CJK font. */
    double width(Font font, String text) {
        return widths == null ? advance(g, cjk, font, text) : widths.width(g, font, text);
    }

    /** The advance width of {@code text} on {@code g}, its CJK runs measured in {@code cjk}: measured now. */
    static double advance(Graphics2D g, CjkFont cjk, Font font, String text) {
        double width = 0;
        for (CjkFont.Run run : cjk.runs(text, font)) {
            width += g.getFontMetrics(run.font()).getStringBounds(run.text(), g).getWidth();
        }
        return width;
    }

    FontMetrics metrics(Font font) {
        return g.getFontMetrics(font);
    }

    TextMeasure measure(Font font) {
        return text -> width(font, text);
    }

    /**
     * Draws {@code text} with its left edge at x and its baseline at {@code baseline}: runs of CJK characters in
     * the CJK font at the same size and style, the rest in {@code font}.
     */
    void text(Font font, Color color, String text, double x, double baseline) {
        g.setColor(color);
        double left = x;
        for (CjkFont.Run run : cjk.runs(text, font)) {
            g.setFont(run.font());
            g.drawString(run.text(), (float) left, (float) baseline);
            left += metrics(run.font()).getStringBounds(run.text(), g).getWidth();
        }
    }

    /** Draws {@code text} ending at x. */
    void textRight(Font font, Color color, String text, double x, double baseline) {
        text(font, color, text, x - width(font, text), baseline);
    }

    /** Draws {@code text} centred on x. */
    void textCentered(Font font, Color color, String text, double x, double baseline) {
        text(font, color, text, x - width(font, text) / 2, baseline);
    }

    /** The baseline that centres the font's capitals and digits vertically on {@code centerY}. */
    double baselineCentered(Font font, double centerY) {
        FontMetrics m = metrics(font);
        return centerY + (m.getAscent() - m.getDescent()) / 2.0 - 0.5;
    }

    /** {@code text} cut with an ellipsis to fit {@code maxWidth}, or "" when not even one letter fits. */
    String fit(Font font, String text, double maxWidth) {
        if (width(font, text) <= maxWidth) {
            return text;
        }
        for (int keep = text.length() - 1; keep >= 1; keep--) {
            String cut = text.substring(0, keep) + "…"; // untranslated: an elision mark
            if (width(font, cut) <= maxWidth) {
                return cut;
            }
        }
        return "";
    }

    /**
     * {@code text} in lines no wider than {@code maxWidth}, broken at the last space that fits, or between two
     * characters where a line has no space (Chinese, a long key): nothing is cut off.
     */
    List<String> wrap(Font font, String text, double maxWidth) {
        List<String> lines = new ArrayList<>();
        String rest = text.strip();
        while (!rest.isEmpty()) {
            if (width(font, rest) <= maxWidth) {
                lines.add(rest);
                break;
            }
            int fits = 1;
            while (fits < rest.length() && width(font, rest.substring(0, fits + 1)) <= maxWidth) {
                fits++;
            }
            int space = rest.lastIndexOf(' ', fits);
            int end = space > 0 ? space : fits;
            lines.add(rest.substring(0, end).strip());
            rest = rest.substring(end).strip();
        }
        return lines;
    }

    /**
     * Diagonal stripes over {@code [x0, x1] × [top, bottom]}, computed segment by segment (no clip), every
     * {@code pitch} pixels.
     */
    void stripes(Color color, double width, double x0, double x1, double top, double bottom, double pitch) {
        double h = bottom - top;
        g.setColor(color);
        g.setStroke(new BasicStroke((float) width, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER));
        double first = Math.floor((x0 - h) / pitch) * pitch;
        for (double t = first; t < x1; t += pitch) {
            double uMin = Math.max(0, (x0 - t) / h);
            double uMax = Math.min(1, (x1 - t) / h);
            if (uMin < uMax) {
                g.draw(new Line2D.Double(t + uMin * h, bottom - uMin * h, t + uMax * h, bottom - uMax * h));
            }
        }
    }
}
