package io.shardlab.ui;

import javafx.geometry.Bounds;
import javafx.scene.Node;

/** Where a node lies in its scene, for the tests that measure the real window's layout. */
final class SceneBounds {

    /** Half a pixel: layout snaps to pixels, bounds are doubles. */
    static final double SLACK = 0.5;

    private SceneBounds() {}

    /** The node's layout bounds in its scene's coordinates. */
    static Bounds sceneBounds(Node n) {
        return n.localToScene(n.getLayoutBounds());
    }

    /** Whether {@code inner} is not empty and lies in {@code outer}, to {@link #SLACK} on every side. */
    static boolean inside(Bounds inner, Bounds outer) {
        return inner.getWidth() > 0
                && inner.getHeight() > 0
                && inner.getMinX() >= outer.getMinX() - SLACK
                && inner.getMaxX() <= outer.getMaxX() + SLACK
                && inner.getMinY() >= outer.getMinY() - SLACK
                && inner.getMaxY() <= outer.getMaxY() + SLACK;
    }
}
