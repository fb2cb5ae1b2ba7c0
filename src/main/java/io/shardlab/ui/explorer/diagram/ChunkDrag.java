package io.shardlab.ui.explorer.diagram;

import javafx.scene.Cursor;
import javafx.scene.Node;
import javafx.scene.input.MouseButton;
import javafx.scene.input.MouseEvent;
import javafx.scene.layout.Region;

/**
 * The number line's drag that moves a chunk: a primary press on a chunk in the lane of its own shard picks it
 * up, the drag carries a ghost of its span at the pointer's height, and a release over another lane moves the
 * chunk to that lane's shard (as the chunk menu's Move to does). A press anywhere else picks up nothing, and the
 * drag pans the line instead ({@link PanDrag}).
 */
final class ChunkDrag {

    private final Node canvas;
    private final Region ghost;
    private final ChunkActionsViewModel actions;
    /** The chunk picked up, or -1. */
    private int chunk = -1;
    /** The lane it was picked up from, or -1. */
    private int fromLane = -1;

    /**
     * @param canvas the line's canvas, whose cursor shows the chunk held
     * @param ghost the outline that follows the pointer while a chunk is carried (hidden otherwise)
     */
    ChunkDrag(Node canvas, Region ghost, ChunkActionsViewModel actions) {
        this.canvas = canvas;
        this.ghost = ghost;
        this.actions = actions;
    }

    /** Picks up the chunk under a primary press in the lane of its own shard; any other press picks up none. */
    void press(MouseEvent e, LineGeometry geo, DiagramPicture p) {
        chunk = -1;
        fromLane = -1;
        if (geo == null || p == null || e.getButton() != MouseButton.PRIMARY || !geo.inLineX(e.getX())) {
            return;
        }
        int lane = geo.laneAt(e.getY());
        if (lane >= 0) {
            int under = p.model().chunkAt(geo.position(e.getX()));
            if (p.model()
                    .shards()
                    .get(p.model().shardOf(under))
                    .equals(geo.shards().get(lane))) {
                chunk = under;
                fromLane = lane;
            }
        }
    }

    /** Whether the last press picked up a chunk. */
    boolean carrying() {
        return chunk >= 0;
    }

    /** Shows the carried chunk's span under the pointer; only while {@link #carrying()}. */
    void drag(MouseEvent e, LineGeometry geo, DiagramPicture p) {
        double x0 = Math.max(geo.lineX(), geo.x(p.model().edge(chunk)));
        double x1 = Math.min(geo.lineX() + geo.lineWidth(), geo.x(p.model().edge(chunk + 1)));
        ghost.resizeRelocate(x0, e.getY() - geo.lanePitch() / 2, Math.max(6, x1 - x0), geo.lanePitch() * 0.8);
        ghost.setVisible(true);
        canvas.setCursor(Cursor.CLOSED_HAND);
    }

    /** Moves the carried chunk, if any, to the shard of the lane under the release, when that is another lane. */
    void drop(MouseEvent e, LineGeometry geo) {
        if (!carrying()) {
            return;
        }
        int lane = geo.laneAt(e.getY());
        if (lane >= 0 && lane != fromLane) {
            actions.moveChunkTo(chunk, geo.shards().get(lane));
        }
    }

    /** Ends the gesture, dropped or not: the ghost goes, nothing is carried. */
    void end() {
        ghost.setVisible(false);
        chunk = -1;
    }
}
