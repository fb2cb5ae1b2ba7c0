package io.shardlab.ui.theme;

import javafx.geometry.Rectangle2D;

/**
 * Where a window is and how large it is, in the desktop's coordinates (pixels, the window's frame and title bar
 * included, as {@code Stage.getX()} and {@code getWidth()} count them), and whether it is maximised: the bounds are
 * then the ones it returns to when it is no longer maximised.
 *
 * @param width greater than 0
 * @param height greater than 0
 */
public record WindowGeometry(double x, double y, double width, double height, boolean maximized) {

    public WindowGeometry {
        if (!Double.isFinite(x) || !Double.isFinite(y)) {
            throw new IllegalArgumentException(String.format(
                    "window position: finite numbers, got %s, %s", // untranslated: a developer's contract
                    x, y));
        }
        if (!(width > 0) || !(height > 0) || !Double.isFinite(width) || !Double.isFinite(height)) {
            throw new IllegalArgumentException(String.format(
                    "window size: greater than 0, got %s × %s", // untranslated: a developer's contract
                    width, height));
        }
    }

    /** The window's bounds (when not maximised). */
    public Rectangle2D bounds() {
        return new Rectangle2D(x, y, width, height);
    }

    /** These bounds, maximised or not. */
    public WindowGeometry maximized(boolean on) {
        return new WindowGeometry(x, y, width, height, on);
    }

    static WindowGeometry of(Rectangle2D bounds, boolean maximized) {
        return new WindowGeometry(bounds.getMinX(), bounds.getMinY(), bounds.getWidth(), bounds.getHeight(), maximized);
    }
}
