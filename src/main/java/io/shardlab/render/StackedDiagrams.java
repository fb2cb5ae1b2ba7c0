package io.shardlab.render;

import io.shardlab.text.Message;
import io.shardlab.text.RefusedInput;
import java.awt.Graphics2D;
import java.awt.geom.AffineTransform;
import java.awt.geom.Rectangle2D;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Two or more diagrams one above the other in one picture, as a side-by-side comparison exports them: each is a
 * whole {@link DiagramPainter} diagram whose title is its caption (say "MongoDB 5.0 · { counter: 1 } · 1 MB
 * chunks · 3 shards"), at the full width, so their number lines and charts line up one above the other. A
 * height is shared out in proportion to what each wants; each then fits its share as a lone diagram does
 * (dropping detail, see {@link DiagramPainter}). Their writes charts share one time axis: the same y-label
 * gutter and the same time span ({@link #writesAxis}), as the comparison window draws them.
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
            throw new IllegalArgumentException(String.format(
                    "diagrams: a stack needs at least two, got %s", // untranslated: a developer's contract
                    this.diagrams.size()));
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

    /** Where each diagram lands in a picture of {@code width × height}, top first: its share of the height. */
    public List<Rectangle2D> bounds(Graphics2D g, double width, double height, double density) {
        double[] wanted = new double[diagrams.size()];
        double sum = 0;
        for (int i = 0; i < wanted.length; i++) {
            wanted[i] = Math.ceil(diagrams.get(i).preferredHeight(g, width, density));
            sum += wanted[i];
        }
        List<Rectangle2D> out = new ArrayList<>();
        double y = 0;
        for (int i = 0; i < wanted.length; i++) {
            double share = i == wanted.length - 1 ? height - y : Math.floor(height * wanted[i] / sum);
            out.add(new Rectangle2D.Double(0, y, width, share));
            y += share;
        }
        return out;
    }

    /**
     * The writes charts' common axis: the widest y-label gutter and the longest time span of the diagrams
     * that draw a writes chart in their share, so that equal times since the start fall at equal x on every
     * chart, as the comparison window draws them; empty when fewer than two draw one.
     */
    public Optional<WritesChartPainter.SharedAxis> writesAxis(
            Graphics2D g, double width, double height, double density) {
        List<Rectangle2D> shares = bounds(g, width, height, density);
        List<WritesChartPainter.SharedAxis> axes = new ArrayList<>();
        for (int i = 0; i < diagrams.size(); i++) {
            try {
                diagrams.get(i)
                        .writesAxis(g, width, shares.get(i).getHeight(), density)
                        .ifPresent(axes::add);
            } catch (IllegalArgumentException tooSmall) {
                // draw names the diagram that does not fit its share
            }
        }
        return axes.size() < 2 ? Optional.empty() : Optional.of(WritesChartPainter.SharedAxis.widest(axes));
    }

    @Override
    public void draw(Graphics2D g, double width, double height, double density) {
        List<Rectangle2D> shares = bounds(g, width, height, density);
        Optional<WritesChartPainter.SharedAxis> axis = writesAxis(g, width, height, density);
        AffineTransform base = g.getTransform();
        try {
            for (int i = 0; i < shares.size(); i++) {
                Rectangle2D share = shares.get(i);
                g.setTransform(base);
                g.translate(0, share.getY());
                try {
                    diagrams.get(i).paint(g, width, share.getHeight(), density, axis);
                } catch (IllegalArgumentException e) {
                    throw new RefusedInput(
                            Message.of(
                                    "render.refused.stackTooLow",
                                    Math.round(height),
                                    diagrams.size(),
                                    i,
                                    i + 1,
                                    Math.round(share.getHeight()),
                                    RefusedInput.said(e)),
                            e);
                }
            }
        } finally {
            g.setTransform(base);
        }
    }
}
