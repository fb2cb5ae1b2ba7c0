package io.shardlab.ui.explorer.history;

import atlantafx.base.theme.Styles;
import io.shardlab.session.ExplorerFrame.CommandEntry;
import io.shardlab.ui.explorer.ExplorerStyles;
import io.shardlab.ui.text.UiText;
import io.shardlab.ui.theme.Appearance;
import io.shardlab.ui.theme.SharedStyles;
import java.util.List;
import javafx.beans.binding.Bindings;
import javafx.beans.value.ObservableBooleanValue;
import javafx.beans.value.ObservableStringValue;
import javafx.collections.ListChangeListener;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import org.kordamp.ikonli.Ikon;
import org.kordamp.ikonli.javafx.FontIcon;
import org.kordamp.ikonli.materialdesign2.MaterialDesignC;
import org.kordamp.ikonli.materialdesign2.MaterialDesignR;
import org.kordamp.ikonli.materialdesign2.MaterialDesignU;

/**
 * The side panel's History tab: undo and redo, the user's commands newest first, each with its mongosh to
 * copy, and the whole list as a mongosh script.
 */
public final class HistoryView {

    // style classes of its nodes, as its stylesheet names them
    private static final String COMMAND_DESCRIPTION = "command-description";
    private static final String COMMAND_ITEM = "command-item";
    private static final String HISTORY_BUTTON = "history-button";
    private static final String PANEL_NOTE = "panel-note";

    /** The tab's own stylesheet. */
    static final String STYLESHEET = Appearance.featureStylesheet(HistoryView.class, "history.css");

    private HistoryView() {}

    /** The tab's content. */
    public static Node of(HistoryViewModel vm, UiText text) {
        Button undo =
                historyButton(MaterialDesignU.UNDO, text.text(vm.undoTextProperty()), vm.canUndoProperty(), vm::undo);
        Button redo =
                historyButton(MaterialDesignR.REDO, text.text(vm.redoTextProperty()), vm.canRedoProperty(), vm::redo);
        Label undoNote = text.label(new Label(), "explorer.history.note");
        undoNote.getStyleClass().add(PANEL_NOTE);
        undoNote.setWrapText(true);

        Label caption = text.label(new Label(), "explorer.history.caption");
        caption.getStyleClass().add(ExplorerStyles.PANEL_CAPTION);
        VBox list = new VBox(8);
        list.setId("command-list");
        vm.commandsProperty().addListener((ListChangeListener<CommandEntry>) c -> fillCommands(vm, list, text));
        Label empty = text.label(new Label(), "explorer.history.empty");
        empty.getStyleClass().add(ExplorerStyles.PANEL_EMPTY_STATE);
        empty.setWrapText(true);
        empty.visibleProperty().bind(vm.commandsProperty().emptyProperty());
        empty.managedProperty().bind(empty.visibleProperty());
        Button copyAll =
                text.label(new Button(null, new FontIcon(MaterialDesignC.CONTENT_COPY)), "explorer.history.copyAll");
        copyAll.setId("copy-all-mongosh");
        copyAll.disableProperty().bind(vm.commandsProperty().emptyProperty());
        copyAll.setOnAction(e -> vm.copyAll());
        VBox box = new VBox(undo, redo, undoNote, caption, empty, list, copyAll);
        box.getStyleClass().add(ExplorerStyles.PANEL_CONTENT);
        box.getStylesheets().add(STYLESHEET);
        return box;
    }

    /** Undo or redo, saying what it would take back or put back: off while there is nothing to. */
    private static Button historyButton(
            Ikon icon, ObservableStringValue label, ObservableBooleanValue possible, Runnable action) {
        Button button = new Button(null, new FontIcon(icon));
        button.getStyleClass().add(HISTORY_BUTTON);
        button.textProperty().bind(label);
        button.setMnemonicParsing(false);
        button.disableProperty().bind(Bindings.not(possible));
        button.setOnAction(e -> action.run());
        button.setWrapText(true);
        button.setMaxWidth(Double.MAX_VALUE);
        return button;
    }

    private static void fillCommands(HistoryViewModel vm, VBox list, UiText text) {
        list.getChildren().clear();
        for (CommandEntry c : List.copyOf(vm.commandsProperty())) {
            Label description = new Label(c.description());
            description.getStyleClass().add(COMMAND_DESCRIPTION);
            description.setWrapText(true);
            Label code = new Label(c.mongosh());
            code.getStyleClass().add(ExplorerStyles.MONGOSH_CODE);
            code.setWrapText(true);
            code.setMaxWidth(Double.MAX_VALUE);
            Button copy = new Button(null, new FontIcon(MaterialDesignC.CONTENT_COPY));
            copy.getStyleClass().addAll(Styles.BUTTON_ICON, Styles.FLAT, Styles.SMALL);
            text.tip(copy, "explorer.copy");
            copy.setOnAction(e -> vm.copy(c));
            HBox.setHgrow(code, Priority.ALWAYS);
            HBox row = new HBox(4, code, copy);
            VBox item = new VBox(4, description, row);
            item.getStyleClass().addAll(COMMAND_ITEM, SharedStyles.INSET_BOX);
            list.getChildren().add(item);
        }
    }
}
