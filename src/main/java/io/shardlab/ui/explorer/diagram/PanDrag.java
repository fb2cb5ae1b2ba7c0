package io.shardlab.ui.explorer.diagram;

import javafx.scene.Cursor;
import javafx.scene.Node;
import javafx.scene.input.MouseEvent;

/**
 * The number line's drag that pans it: anywhere but on a chunk picked up in its own lane ({@link ChunkDrag}),
 * the line follows the pointer sideways, by as much as the pointer moves.
 */
final class PanDrag {

    private final Node canvas;
    private final NumberLineViewModel vm;
    /** The pointer's x at the press, then at the last drag. */
    private double lastX;

    /** @param canvas the line's canvas, whose cursor shows the pan */
    PanDrag(Node canvas, NumberLineViewModel vm) {
        this.canvas = canvas;
        this.vm = vm;
    }

    void press(MouseEvent e) {
        lastX = e.getX();
    }

    /** Pans the line by the pointer's travel since the last press or drag. */
    void drag(MouseEvent e, LineGeometry geo) {
        vm.drag(e.getX() - lastX, geo.lineWidth());
        lastX = e.getX();
        canvas.setCursor(Cursor.H_RESIZE);
    }
}
