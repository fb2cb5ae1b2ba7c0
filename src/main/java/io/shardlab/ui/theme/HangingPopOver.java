package io.shardlab.ui.theme;

import javafx.scene.Parent;
import javafx.scene.layout.BackgroundFill;
import javafx.scene.layout.Region;
import javafx.scene.paint.Color;
import javafx.scene.paint.Paint;
import javafx.stage.Window;
import javafx.stage.WindowEvent;
import javafx.util.Duration;
import org.controlsfx.control.PopOver;

/**
 * A popover that hangs below what it explains: no header, its arrow at the top centre, fading in over 120 ms and out
 * over 80 ms, closed by Esc. The selected chunk's details and Why no move? are such popovers; whether one can be
 * dragged off is theirs to say.
 *
 * <p>Its window is painted, around the bubble, in the background of the window it opens over: a transparent window
 * shows as a white rectangle under a window manager without a compositor (openbox on a bare X server).
 */
public final class HangingPopOver extends PopOver {

    public HangingPopOver() {
        setHeaderAlwaysVisible(false);
        setArrowLocation(ArrowLocation.TOP_CENTER);
        setFadeInDuration(Duration.millis(120));
        setFadeOutDuration(Duration.millis(80));
        setHideOnEscape(true);
        addEventHandler(WindowEvent.WINDOW_SHOWING, e -> getScene().setFill(backgroundOf(getOwnerWindow())));
    }

    /** The first colour the root of {@code window} is filled with; its scene's fill when none; white without one. */
    static Paint backgroundOf(Window window) {
        if (window == null || window.getScene() == null) {
            return Color.WHITE;
        }
        Parent root = window.getScene().getRoot();
        if (root instanceof Region region && region.getBackground() != null) {
            for (BackgroundFill fill : region.getBackground().getFills()) {
                if (fill.getFill() instanceof Color color && color.isOpaque()) {
                    return color;
                }
            }
        }
        Paint sceneFill = window.getScene().getFill();
        return sceneFill instanceof Color color && color.isOpaque() ? color : Color.WHITE;
    }
}
