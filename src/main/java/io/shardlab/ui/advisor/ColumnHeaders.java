package io.shardlab.ui.advisor;

import io.shardlab.ui.text.UiText;
import javafx.beans.value.ObservableStringValue;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.control.TableColumnBase;
import javafx.scene.control.TableView;
import javafx.scene.control.Tooltip;
import javafx.scene.control.skin.TableColumnHeader;
import javafx.scene.text.Text;

/** The comparison table's column headers: what each column shows, and each title whole. */
final class ColumnHeaders {

    /** Room beside a column's title in its header: the header's padding and the sort arrow. */
    static final double TITLE_SLACK = 30;

    private ColumnHeaders() {}

    /**
     * Gives each column header of {@code table} its column's hint (the analyzeShardKey field it shows, the column's
     * user data, a text that follows the language) as a tooltip made on first hover, and keeps each column at least as wide as its title in the header's type (presenter
     * mode's too), so that no title ends in "…": the table scrolls sideways instead. Call once the headers exist.
     */
    static void explainAndKeepWhole(TableView<?> table, UiText text) {
        for (Node n : table.lookupAll(".column-header")) {
            if (n instanceof TableColumnHeader h && h.getTableColumn() != null) {
                if (h.getTableColumn().getUserData() instanceof ObservableStringValue hint) {
                    text.tip(h, () -> {
                        Tooltip tip = new Tooltip();
                        tip.textProperty().bind(hint);
                        return tip;
                    });
                }
                if (h.lookup(".label") instanceof Label title) {
                    TableColumnBase<?, ?> column = h.getTableColumn();
                    Runnable wholeTitle = () -> {
                        Text measured = new Text(title.getText());
                        measured.setFont(title.getFont());
                        double least = Math.ceil(measured.getLayoutBounds().getWidth()) + TITLE_SLACK;
                        column.setMinWidth(least);
                        if (column.getPrefWidth() < least) {
                            column.setPrefWidth(least);
                        }
                    };
                    title.fontProperty().addListener((obs, was, now) -> wholeTitle.run());
                    // a switch of language changes the title's width
                    title.textProperty().addListener((obs, was, now) -> wholeTitle.run());
                    wholeTitle.run();
                }
            }
        }
    }
}
