package io.shardlab.render;

import java.awt.Graphics2D;
import java.awt.geom.AffineTransform;
import java.util.List;
import java.util.Objects;

/**
 * Two or more diagrams one above the other in one picture, as a side-by-side comparison exports them: each is a
 * whole {@link DiagramPainter} diagram whose title is its caption (say "MongoDB 5.0 · { counter: 1 } · 1 MB
 * chunks · 3 shards"), at the full width, so their number lines and charts line up one above the other. A
 * height is shared out in proportion to what each wants; each then fits its share as a lone diagram does
 * (dropping detail, see {@link DiagramPainter}).
 */
public final class StackedDiagrams implements Picture {

    private final List<DiagramPainter> diagrams;
    private final String title;

    /**
     * @param title the whole picture's title (a PDF's document title)
     * @param diagrams top first; at least two
     */
    public StackedDiagrams(String title, List<DiagramPainter> diagrams) {
        this.title = Objects.requireNonNull(title, "title");
        this.diagrams = List.copyOf(diagrams);
        if (this.diagrams.size() < 2) {
            throw new IllegalArgumentException("diagrams: a stack needs at least two, got " + this.diagrams.size());
        }
    }

    /** The diagrams, top first. */
    public List<DiagramPainter> diagrams() {
        return diagrams;
    }

    @Override
    public String title() {
        return title;
    }

    @Override
    public double preferredHeight(Graphics2D g, double width, double density) {
        double sum = 0;
        for (DiagramPainter d : diagrams) {
            sum += Math.ceil(d.preferredHeight(g, width, density));
        }
        return sum;
    }

    @Override
    public void draw(Graphics2D g, double width, double height, double density) {
        double[] wanted = new double[diagrams.size()];
        double sum = 0;
        for (int i = 0; i < wanted.length; i++) {
            wanted[i] = Math.ceil(diagrams.get(i).preferredHeight(g, width, density));
            sum += wanted[i];
        }
        AffineTransform base = g.getTransform();
        double y = 0;
        try {
            for (int i = 0; i < wanted.length; i++) {
                double share = i == wanted.length - 1 ? height - y : Math.floor(height * wanted[i] / sum);
                g.setTransform(base);
                g.translate(0, y);
                try {
                    diagrams.get(i).paint(g, width, share, density);
                } catch (IllegalArgumentException e) {
                    throw new IllegalArgumentException("height: " + Math.round(height) + " px is too small for "
                            + diagrams.size() + " diagrams stacked (the " + ordinal(i) + " gets " + Math.round(share)
                            + " px): " + e.getMessage(), e);
                }
                y += share;
            }
        } finally {
            g.setTransform(base);
        }
    }

    private static String ordinal(int i) {
        return switch (i) {
            case 0 -> "first";
            case 1 -> "second";
            default -> (i + 1) + "th";
        };
    }
}
