package io.shardlab.ui.theme;

import javafx.util.Duration;
import org.controlsfx.control.PopOver;

/**
 * A popover that hangs below what it explains: no header, its arrow at the top centre, fading in over 120 ms and out
 * over 80 ms, closed by Esc. The selected chunk's details and Why no move? are such popovers; whether one can be
 * dragged off is theirs to say.
 */
public final class HangingPopOver extends PopOver {

    public HangingPopOver() {
        setHeaderAlwaysVisible(false);
        setArrowLocation(ArrowLocation.TOP_CENTER);
        setFadeInDuration(Duration.millis(120));
        setFadeOutDuration(Duration.millis(80));
        setHideOnEscape(true);
    }
}
