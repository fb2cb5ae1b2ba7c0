package io.shardlab.ui.explorer.setup;

import javafx.beans.binding.Bindings;
import javafx.beans.property.IntegerProperty;
import javafx.beans.property.SimpleIntegerProperty;
import javafx.scene.Node;
import javafx.scene.control.ComboBox;
import javafx.scene.control.ListCell;
import javafx.scene.control.TextField;
import javafx.scene.layout.FlowPane;
import javafx.scene.text.Text;

/**
 * The setup strip's row of fields: a FlowPane, so that in a narrow window the fields that do not fit go to a second
 * line. The workload picker widens up to what its closed label needs, taking first the room the key field holds for
 * a longer key than the one typed and then the room its line has left.
 *
 * <p>Invariants: the picker is never narrower than its CSS min width, which is also the width the row is measured
 * with when it decides where to wrap, so widening never moves a field to another line; the key field always has the
 * columns the typed key needs; the room taken from the key field goes to the picker whole, so the line's length (and
 * where Apply sits) changes only when the picker needs more than the key can lend.
 */
final class SetupRow extends FlowPane {

    private final ComboBox<?> workload;
    private final ListCell<?> workloadLabel;
    private final TextField key;
    private final int reservedKeyColumns;
    private final int maxKeyColumns;
    /** Columns the key field lends the workload picker out of those it holds beyond the typed key's. */
    private final IntegerProperty lentKeyColumns = new SimpleIntegerProperty();

    /**
     * @param workload the workload picker; its closed label is {@code workloadLabel}, its button cell
     * @param key the shard key field; its column count is set here
     * @param reservedKeyColumns the columns the key field holds whatever is typed (the longest lesson key's)
     * @param maxKeyColumns the most columns the key field grows to with a longer key
     */
    SetupRow(
            ComboBox<?> workload,
            ListCell<?> workloadLabel,
            TextField key,
            int reservedKeyColumns,
            int maxKeyColumns,
            Node... fields) {
        super(fields);
        this.workload = workload;
        this.workloadLabel = workloadLabel;
        this.key = key;
        this.reservedKeyColumns = reservedKeyColumns;
        this.maxKeyColumns = maxKeyColumns;
        key.prefColumnCountProperty()
                .bind(Bindings.createIntegerBinding(
                        () -> Math.max(neededKeyColumns(), reservedKeyColumns - lentKeyColumns.get()),
                        key.textProperty(),
                        lentKeyColumns));
    }

    /** The columns the typed key needs: its length and one for the caret, within the field's limit. */
    private int neededKeyColumns() {
        String text = key.getText();
        return Math.min(maxKeyColumns, text == null ? 0 : text.length() + 1);
    }

    @Override
    protected void layoutChildren() {
        if (shareSpareWidth()) {
            // a child's request does not reach a parent that is laying out: drop the sizes and lines FlowPane cached
            requestLayout();
        }
        super.layoutChildren();
    }

    /**
     * Sets the picker's width and the key's lent columns from the row as it would be with neither (the picker at its
     * min width, the key at its reserved columns), so the result does not depend on the last one and settles in one
     * pass. Values are only written when they change, so a layout pass does not ask for another.
     *
     * @return whether the picker's width or the key's columns changed
     */
    private boolean shareSpareWidth() {
        double base = workload.minWidth(-1);
        double columnWidth = columnWidth();
        double widened = Math.max(0, workload.getPrefWidth() - base);
        int lent = lentKeyColumns.get();
        // the first line as FlowPane lays it out, the picker's and key's fields at their widths without sharing;
        // those fields are as wide as their controls, so widening shows in them 1:1
        Node workloadField = childHolding(workload);
        Node keyField = childHolding(key);
        double available = snapSizeX(getWidth()) - snappedLeftInset() - snappedRightInset();
        double line = -1;
        for (Node child : getManagedChildren()) {
            double width = child.prefWidth(-1)
                    - (child == workloadField ? widened : 0)
                    + (child == keyField ? lent * columnWidth : 0);
            double longer = line < 0 ? width : line + snapSpaceX(getHgap()) + width;
            if (line >= 0 && longer > available) {
                break;
            }
            line = longer;
        }
        double spare = available - Math.max(0, line);
        double wanted = Math.max(0, closedLabelWidth() - base);
        if (spare < 0 || wanted == 0 || columnWidth <= 0) {
            return apply(base, 0);
        }
        // the key's room first: what it lends, the picker takes whole, so the line keeps its length
        int keySlack = Math.max(0, reservedKeyColumns - neededKeyColumns());
        int columns = (int) Math.min(keySlack, Math.ceil(wanted / columnWidth));
        double fromKey = columns * columnWidth;
        return apply(base + fromKey + Math.min(spare, Math.max(0, wanted - fromKey)), columns);
    }

    private boolean apply(double workloadWidth, int lentColumns) {
        double width = snapSizeX(workloadWidth);
        boolean changed = false;
        if (Math.abs(workload.getPrefWidth() - width) >= 0.5) {
            workload.setPrefWidth(width);
            changed = true;
        }
        if (lentKeyColumns.get() != lentColumns) {
            lentKeyColumns.set(lentColumns);
            changed = true;
        }
        return changed;
    }

    /** The row's child that holds {@code node}. */
    private Node childHolding(Node node) {
        Node n = node;
        while (n != null && n.getParent() != this) {
            n = n.getParent();
        }
        return n;
    }

    /** The width the picker needs for its closed label whole: the label's, its arrow's and its own insets. */
    private double closedLabelWidth() {
        Node arrow = workload.lookup(".arrow-button");
        if (arrow == null || workloadLabel.getText() == null) {
            return 0;
        }
        return Math.ceil(workload.snappedLeftInset()
                + workloadLabel.prefWidth(-1)
                + arrow.prefWidth(-1)
                + workload.snappedRightInset());
    }

    /** One column of the key field, as TextFieldSkin counts columns: the width of a "W" in its font. */
    private double columnWidth() {
        Text w = new Text("W");
        w.setFont(key.getFont());
        return w.getLayoutBounds().getWidth();
    }
}
