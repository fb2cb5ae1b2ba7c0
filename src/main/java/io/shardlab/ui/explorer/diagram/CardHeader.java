package io.shardlab.ui.explorer.diagram;

import javafx.geometry.HPos;
import javafx.geometry.Orientation;
import javafx.geometry.VPos;
import javafx.scene.Node;
import javafx.scene.layout.Region;

/**
 * A card's header: its titles on the left and its tools on the right while the title fits beside them;
 * in a narrow card (a 1280 px window with the lessons panel open, presenter mode's larger type) the tools
 * go under the titles instead of being drawn over them. The titles then take the whole width.
 */
public final class CardHeader extends Region {

    /** Gap between the titles and the tools, across and down, in pixels. */
    private static final double GAP = 12;

    private static final double ROW_GAP = 6;

    private final Region titles;
    private final Node title;
    private final Region tools;

    /**
     * @param titles the title block (it may shrink, its caption with an ellipsis)
     * @param title the part of {@code titles} that must show whole beside the tools
     * @param tools the tool group, always at its preferred width
     */
    public CardHeader(Region titles, Node title, Region tools) {
        this.titles = titles;
        this.title = title;
        this.tools = tools;
        getChildren().addAll(titles, tools);
    }

    @Override
    public Orientation getContentBias() {
        return Orientation.HORIZONTAL;
    }

    /** Whether the title fits beside the tools at {@code width} (the header's width, insets included). */
    private boolean besideAt(double width) {
        return width < 0 || room(width) - tools.prefWidth(-1) - GAP >= title.prefWidth(-1);
    }

    private double room(double width) {
        return width - snappedLeftInset() - snappedRightInset();
    }

    @Override
    protected double computeMinWidth(double height) {
        return snappedLeftInset() + Math.max(title.prefWidth(-1), tools.prefWidth(-1)) + snappedRightInset();
    }

    @Override
    protected double computePrefWidth(double height) {
        return snappedLeftInset() + titles.prefWidth(-1) + GAP + tools.prefWidth(-1) + snappedRightInset();
    }

    @Override
    protected double computeMinHeight(double width) {
        return computePrefHeight(width);
    }

    @Override
    protected double computePrefHeight(double width) {
        double insets = snappedTopInset() + snappedBottomInset();
        if (besideAt(width)) {
            double titlesWidth = width < 0 ? -1 : room(width) - tools.prefWidth(-1) - GAP;
            return insets + Math.max(titles.prefHeight(titlesWidth), tools.prefHeight(-1));
        }
        double room = room(width);
        return insets + titles.prefHeight(room) + ROW_GAP + tools.prefHeight(toolsWidthUnder(room));
    }

    /** The tools' width under the titles: their preferred width, or the row's if that is less (they wrap). */
    private double toolsWidthUnder(double room) {
        return Math.max(0, Math.min(tools.prefWidth(-1), room));
    }

    @Override
    protected void layoutChildren() {
        double x = snappedLeftInset();
        double y = snappedTopInset();
        double room = room(getWidth());
        double toolsWidth = tools.prefWidth(-1);
        if (besideAt(getWidth())) {
            double titlesWidth = snapSizeX(room - toolsWidth - GAP);
            double rowHeight = getHeight() - snappedTopInset() - snappedBottomInset();
            layoutInArea(titles, x, y, titlesWidth, rowHeight, 0, HPos.LEFT, VPos.CENTER);
            layoutInArea(tools, x + room - toolsWidth, y, toolsWidth, rowHeight, 0, HPos.RIGHT, VPos.CENTER);
        } else {
            double titlesHeight = titles.prefHeight(room);
            double under = toolsWidthUnder(room);
            layoutInArea(titles, x, y, room, titlesHeight, 0, HPos.LEFT, VPos.TOP);
            layoutInArea(tools, x, y + titlesHeight + ROW_GAP, under, tools.prefHeight(under), 0, HPos.LEFT, VPos.TOP);
        }
    }
}
