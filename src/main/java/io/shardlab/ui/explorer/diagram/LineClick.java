package io.shardlab.ui.explorer.diagram;

import java.util.function.DoubleConsumer;
import javafx.animation.PauseTransition;
import javafx.beans.value.ObservableBooleanValue;
import javafx.scene.input.MouseButton;
import javafx.scene.input.MouseEvent;
import javafx.util.Duration;

/**
 * The number line's clicks, a primary press released without a drag: on the bar or in a lane, a click selects
 * the chunk under it, and anywhere else across the line it clears the selection. A double-click on the bar
 * splits the chunk there; a double-click in a lane shows the chunk's details in a popover, as a single click does
 * while the side panel's Chunk tab is out of sight.
 */
final class LineClick {

    /** How long a click waits for a second one before it opens the details popover (a double-click splits). */
    static final double DOUBLE_CLICK_MILLIS = 350;

    /** Shows the selected chunk's details in the popover, pointing at (x, y) in the canvas's pixels. */
    interface DetailsAt {
        void show(double x, double y);
    }

    private final NumberLineViewModel vm;
    private final ChunkActionsViewModel actions;
    private final ObservableBooleanValue detailsOutOfSight;
    private final ChunkPopover details;
    private final DoubleConsumer select;
    private final DetailsAt showDetailsAt;
    private final PauseTransition pendingDetails = new PauseTransition(Duration.millis(DOUBLE_CLICK_MILLIS));

    /**
     * @param detailsOutOfSight whether the side panel's Chunk tab is out of sight: a click then shows the details
     * @param select selects the chunk at a line position, as the pointer does (the click places the popover)
     */
    LineClick(
            NumberLineViewModel vm,
            ChunkActionsViewModel actions,
            ObservableBooleanValue detailsOutOfSight,
            ChunkPopover details,
            DoubleConsumer select,
            DetailsAt showDetailsAt) {
        this.vm = vm;
        this.actions = actions;
        this.detailsOutOfSight = detailsOutOfSight;
        this.details = details;
        this.select = select;
        this.showDetailsAt = showDetailsAt;
    }

    /** A release that ended no drag. */
    void released(MouseEvent e, LineGeometry geo) {
        if (geo == null || !geo.inLineX(e.getX()) || e.getButton() != MouseButton.PRIMARY) {
            return;
        }
        if (!geo.onBar(e.getY()) && geo.laneAt(e.getY()) < 0) {
            vm.clearSelection();
            return;
        }
        select.accept(geo.position(e.getX()));
        boolean inLane = !geo.onBar(e.getY());
        double x = e.getX();
        double y = inLane ? e.getY() : geo.barTop() + geo.barHeight();
        pendingDetails.stop();
        if (e.getClickCount() == 2 && !inLane) {
            details.hide();
            actions.splitSelectedChunk();
        } else if (e.getClickCount() == 2) {
            showDetailsAt.show(x, y);
        } else if (detailsOutOfSight.get()) {
            // after the double-click time: a popover opened at once would take a double-click's second click,
            // which splits on the line
            pendingDetails.setOnFinished(done -> showDetailsAt.show(x, y));
            pendingDetails.playFromStart();
        }
    }

    /** Forgets a click's details still waiting for the double-click time (the selection went). */
    void cancelPendingDetails() {
        pendingDetails.stop();
    }
}
