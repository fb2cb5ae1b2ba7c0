package io.shardlab.ui.explorer.chunk;

import atlantafx.base.controls.Message;
import atlantafx.base.theme.Styles;
import io.shardlab.text.Messages;
import io.shardlab.ui.explorer.ExplorerStyles;
import io.shardlab.ui.explorer.diagram.ChunkActionsViewModel;
import io.shardlab.ui.explorer.diagram.ChunkDetails;
import io.shardlab.ui.explorer.diagram.DiagramPicture;
import io.shardlab.ui.explorer.diagram.NumberLineViewModel;
import io.shardlab.ui.text.UiText;
import io.shardlab.ui.theme.Appearance;
import io.shardlab.ui.theme.SharedStyles;
import javafx.beans.binding.Bindings;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.collections.ListChangeListener;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.MenuButton;
import javafx.scene.control.MenuItem;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import org.kordamp.ikonli.javafx.FontIcon;
import org.kordamp.ikonli.materialdesign2.MaterialDesignA;
import org.kordamp.ikonli.materialdesign2.MaterialDesignC;
import org.kordamp.ikonli.materialdesign2.MaterialDesignM;
import org.kordamp.ikonli.materialdesign2.MaterialDesignS;
import org.kordamp.ikonli.materialdesign2.MaterialDesignT;

/**
 * The side panel's Chunk tab: the selected chunk's figures and what can be done to it (split, move, merge,
 * zoom), MongoDB's refusal inline, the equivalent mongosh of the last command; before a selection, how to
 * pick a chunk and the number line's keys. Its ViewModel is the explorer's {@link ChunkActionsViewModel},
 * which the number line's menu and gestures share.
 */
public final class ChunkView {

    // style classes of its nodes, as its stylesheet names them
    private static final String CHUNK_ACTIONS = "chunk-actions";
    private static final String CHUNK_DETAILS = "chunk-details";
    private static final String DETAILS_GRID = "details-grid";
    private static final String DETAILS_KEY = "details-key";
    private static final String DETAILS_VALUE = "details-value";
    private static final String KEY_HELP = "key-help";
    private static final String MONGOSH_BOX = "mongosh-box";
    private static final String NO_SELECTION = "no-selection";
    private static final String PANEL_EMPTY_ICON = "panel-empty-icon";
    private static final String PANEL_TITLE = "panel-title";

    /** The tab's own stylesheet. */
    static final String STYLESHEET = Appearance.featureStylesheet(ChunkView.class, "chunk.css");

    private ChunkView() {}

    /**
     * @param line the number line: its selected chunk and picture
     * @param actions what can be done to the selected chunk
     * @param lastMongosh the mongosh of the user's newest command, empty without one
     * @param copyLastMongosh copies it
     * @param readOnly whether a read-only layout shows (no command reaches it)
     * @param text the window's words
     */
    public static Node of(
            NumberLineViewModel line,
            ChunkActionsViewModel actions,
            ReadOnlyStringProperty lastMongosh,
            Runnable copyLastMongosh,
            ReadOnlyBooleanProperty readOnly,
            UiText text) {
        VBox emptyDetails = noSelection(text, readOnly);
        Message error = refusal(text, actions);
        VBox details = selectedChunk(text, line, chunkActions(text, line, actions));
        emptyDetails.visibleProperty().bind(details.visibleProperty().not());
        emptyDetails.managedProperty().bind(emptyDetails.visibleProperty());

        VBox mongosh = mongoshBox(text, lastMongosh, copyLastMongosh);
        VBox box = new VBox(error, emptyDetails, details, mongosh);
        box.getStyleClass().add(ExplorerStyles.PANEL_CONTENT);
        box.getStylesheets().add(STYLESHEET);
        return box;
    }

    /** The selected chunk's figures over the actions on it; shown while a chunk is selected. */
    private static VBox selectedChunk(UiText text, NumberLineViewModel line, Node actions) {
        Label title = new Label();
        title.setId("chunk-title");
        title.getStyleClass().add(PANEL_TITLE);
        GridPane grid = new GridPane();
        grid.getStyleClass().addAll(DETAILS_GRID, SharedStyles.INSET_BOX);
        Label[] values = new Label[7];
        // the value labels' ids, by the English names of their rows
        String[] names = {"min", "max", "shard", "documents", "data-size", "jumbo", "version"};
        String[] keys = {
            "explorer.hover.min",
            "explorer.hover.max",
            "explorer.details.shard",
            "explorer.details.documents",
            "explorer.details.dataSize",
            "explorer.details.jumbo",
            "explorer.hover.version"
        };
        for (int i = 0; i < names.length; i++) {
            Label k = text.label(new Label(), keys[i]);
            k.getStyleClass().add(DETAILS_KEY);
            values[i] = new Label();
            values[i].getStyleClass().add(DETAILS_VALUE);
            values[i].setId("chunk-" + names[i]);
            values[i].setWrapText(true);
            grid.addRow(i, k, values[i]);
        }
        Runnable fill = () -> {
            ChunkDetails d = line.selectedProperty().get();
            DiagramPicture p = line.pictureProperty().get();
            if (d == null || p == null) {
                return;
            }
            Messages words = text.messages();
            title.setText(words.text(d.titleOf(p.model().chunkCount())));
            values[0].setText(d.minText());
            values[1].setText(d.maxText());
            values[2].setText(
                    words.text(d.shardText(p.data().layout().snapshot().shards())));
            values[3].setText(d.documentsText());
            values[4].setText(d.sizeText());
            values[5].setText(
                    words.text(d.chunk().jumbo() ? "explorer.details.jumbo.yes" : "explorer.details.jumbo.no"));
            values[6].setText(d.versionText());
        };
        // the selection is resolved before the new picture is published: refill on both
        line.selectedProperty().addListener((obs, was, d) -> fill.run());
        line.pictureProperty().addListener((obs, was, p) -> fill.run());
        text.language().addListener((obs, was, now) -> fill.run());

        VBox details = new VBox(title, grid, actions);
        details.getStyleClass().add(CHUNK_DETAILS);
        details.visibleProperty().bind(line.selectedProperty().isNotNull());
        details.managedProperty().bind(details.visibleProperty());
        return details;
    }

    /** Split (at the point or the median), move, merge with a neighbour, zoom to it. */
    private static VBox chunkActions(UiText text, NumberLineViewModel line, ChunkActionsViewModel actions) {
        Button split = new Button();
        split.setId("chunk-split");
        split.textProperty().bind(text.text(actions.splitTextProperty()));
        // the label is data (key values, shard names with underscores): no mnemonic may eat an underscore
        split.setMnemonicParsing(false);
        split.setGraphic(new FontIcon(MaterialDesignC.CONTENT_CUT));
        split.disableProperty().bind(actions.canSplitProperty().not());
        split.setOnAction(e -> actions.splitSelectedChunk());
        text.tip(split, "explorer.chunkView.split.tip");
        split.setMaxWidth(Double.MAX_VALUE);
        split.setWrapText(true);
        Button median = text.label(
                new Button(null, new FontIcon(MaterialDesignS.SCISSORS_CUTTING)), "explorer.chunkView.median");
        median.setId("chunk-split-median");
        median.disableProperty().bind(actions.canSplitAtMedianProperty().not());
        median.setOnAction(e -> actions.splitSelectedChunkAtMedian());
        text.tip(median, "explorer.chunkView.median.tip");
        MenuButton move = text.label(
                new MenuButton(null, new FontIcon(MaterialDesignT.TRUCK_FAST_OUTLINE)), "explorer.chunkMenu.move");
        move.setId("chunk-move");
        move.disableProperty().bind(actions.canMoveProperty().not());
        actions.moveTargetsProperty().addListener((ListChangeListener<String>) c -> {
            move.getItems().clear();
            for (String shard : actions.moveTargetsProperty()) {
                MenuItem item = new MenuItem(shard);
                item.setMnemonicParsing(false);
                item.setId("move-to-" + shard);
                item.setOnAction(e -> actions.moveSelectedChunkTo(shard));
                move.getItems().add(item);
            }
        });
        text.tip(move, () -> {
            Tooltip moveTip = new Tooltip();
            moveTip.textProperty()
                    .bind(Bindings.createStringBinding(
                            () -> actions.moveUnsupportedProperty()
                                    .get()
                                    .map(reason -> text.messages().text(reason))
                                    .orElseGet(() -> text.now("explorer.chunkView.move.tip")),
                            actions.moveUnsupportedProperty(),
                            text.language()));
            return moveTip;
        });
        Button mergeLeft = new Button(null, new FontIcon(MaterialDesignA.ARROW_COLLAPSE_LEFT));
        mergeLeft.setId("chunk-merge-previous");
        text.tip(mergeLeft, "explorer.chunkView.mergePrevious.tip");
        mergeLeft.disableProperty().bind(actions.canMergeWithPreviousProperty().not());
        mergeLeft.setOnAction(e -> actions.mergeSelectedWithPrevious());
        Button mergeRight = new Button(null, new FontIcon(MaterialDesignA.ARROW_COLLAPSE_RIGHT));
        mergeRight.setId("chunk-merge-next");
        text.tip(mergeRight, "explorer.chunkView.mergeNext.tip");
        mergeRight.disableProperty().bind(actions.canMergeWithNextProperty().not());
        mergeRight.setOnAction(e -> actions.mergeSelectedWithNext());
        Button zoom = new Button(null, new FontIcon(MaterialDesignM.MAGNIFY_PLUS_OUTLINE));
        zoom.setId("chunk-zoom");
        text.tip(zoom, "explorer.chunkView.zoom.tip");
        zoom.setOnAction(e -> line.zoomToSelection());
        // whole captions in a narrow panel: the buttons that do not fit go to a second row
        for (Region keepWhole : new Region[] {median, move, mergeLeft, mergeRight, zoom}) {
            keepWhole.setMinWidth(Region.USE_PREF_SIZE);
        }
        FlowPane row = new FlowPane(8, 8, median, move, mergeLeft, mergeRight, zoom);
        row.setId("chunk-action-row");
        row.setAlignment(Pos.CENTER_LEFT);
        VBox buttons = new VBox(8, split, row);
        buttons.getStyleClass().add(CHUNK_ACTIONS);
        return buttons;
    }

    /** Why MongoDB refused the last chunk command, until dismissed. */
    private static Message refusal(UiText text, ChunkActionsViewModel actions) {
        Message error = new Message(null, "", new FontIcon(MaterialDesignA.ALERT_CIRCLE_OUTLINE));
        error.titleProperty().bind(text.text("explorer.chunkView.refused"));
        error.setId("chunk-error");
        error.getStyleClass().add(Styles.DANGER);
        error.descriptionProperty().bind(actions.errorProperty());
        error.visibleProperty().bind(actions.errorProperty().isNotEmpty());
        error.managedProperty().bind(error.visibleProperty());
        error.setOnClose(e -> actions.dismissError());
        return error;
    }

    /**
     * What the chunk tab shows before a chunk is selected: how to pick one, and the line's keys; on a read-only
     * layout only what works there.
     */
    private static VBox noSelection(UiText text, ReadOnlyBooleanProperty readOnly) {
        FontIcon icon = new FontIcon(MaterialDesignC.CURSOR_DEFAULT_CLICK_OUTLINE);
        icon.getStyleClass().add(PANEL_EMPTY_ICON);
        Label title = text.label(new Label(), "explorer.chunkView.none");
        title.getStyleClass().add(PANEL_TITLE);
        Label how = new Label();
        how.setId("no-selection-text");
        how.getStyleClass().add(ExplorerStyles.PANEL_EMPTY_STATE);
        how.setWrapText(true);
        Label keysCaption = text.label(new Label(), "explorer.chunkView.keys");
        keysCaption.getStyleClass().add(ExplorerStyles.PANEL_CAPTION);
        GridPane keys = new GridPane();
        keys.setId("key-help");
        keys.getStyleClass().add(KEY_HELP);
        Runnable fill = () -> {
            how.setText(text.messages().text(Shortcut.howToPick(readOnly.get())));
            keys.getChildren().clear();
            int row = 0;
            for (Shortcut k : Shortcut.forLayout(readOnly.get())) {
                Label kbd = new Label(text.messages().text(k.shownKeys()));
                kbd.getStyleClass().add(SharedStyles.KBD);
                Label what = new Label(text.now(k.action()));
                what.getStyleClass().add(SharedStyles.SHORTCUT_ACTION);
                keys.addRow(row++, kbd, what);
            }
        };
        fill.run();
        readOnly.addListener((obs, was, now) -> fill.run());
        text.language().addListener((obs, was, now) -> fill.run());
        VBox box = new VBox(10, icon, title, how, keysCaption, keys);
        box.getStyleClass().add(NO_SELECTION);
        return box;
    }

    private static VBox mongoshBox(UiText text, ReadOnlyStringProperty lastMongosh, Runnable copyLastMongosh) {
        Label caption = text.label(new Label(), "explorer.chunkView.mongosh");
        caption.getStyleClass().add(ExplorerStyles.PANEL_CAPTION);
        Label code = new Label();
        code.setId("last-mongosh");
        code.getStyleClass().add(ExplorerStyles.MONGOSH_CODE);
        code.setWrapText(true);
        code.textProperty().bind(lastMongosh);
        code.setMaxWidth(Double.MAX_VALUE);
        Button copy = new Button(null, new FontIcon(MaterialDesignC.CONTENT_COPY));
        copy.setId("copy-last-mongosh");
        copy.getStyleClass().addAll(Styles.BUTTON_ICON, Styles.FLAT, Styles.SMALL);
        text.tip(copy, "explorer.copy");
        copy.setOnAction(e -> copyLastMongosh.run());
        HBox.setHgrow(code, Priority.ALWAYS);
        HBox row = new HBox(4, code, copy);
        row.setAlignment(Pos.TOP_LEFT);
        VBox box = new VBox(caption, row);
        box.getStyleClass().add(MONGOSH_BOX);
        box.visibleProperty().bind(lastMongosh.isNotEmpty());
        box.managedProperty().bind(box.visibleProperty());
        return box;
    }
}
