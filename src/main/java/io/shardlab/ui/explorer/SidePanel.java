package io.shardlab.ui.explorer;

import atlantafx.base.controls.Message;
import atlantafx.base.theme.Styles;
import atlantafx.base.theme.Tweaks;
import io.shardlab.render.ElapsedTime;
import io.shardlab.ui.explorer.ExplorerFrame.Activity;
import io.shardlab.ui.explorer.ExplorerFrame.CommandEntry;
import java.util.List;
import javafx.beans.binding.Bindings;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.MenuButton;
import javafx.scene.control.MenuItem;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.control.TextField;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import org.kordamp.ikonli.Ikon;
import org.kordamp.ikonli.javafx.FontIcon;
import org.kordamp.ikonli.materialdesign2.MaterialDesignA;
import org.kordamp.ikonli.materialdesign2.MaterialDesignC;
import org.kordamp.ikonli.materialdesign2.MaterialDesignF;
import org.kordamp.ikonli.materialdesign2.MaterialDesignH;
import org.kordamp.ikonli.materialdesign2.MaterialDesignM;
import org.kordamp.ikonli.materialdesign2.MaterialDesignR;
import org.kordamp.ikonli.materialdesign2.MaterialDesignS;
import org.kordamp.ikonli.materialdesign2.MaterialDesignT;
import org.kordamp.ikonli.materialdesign2.MaterialDesignU;

/**
 * The panel beside the diagram: the selected chunk and what can be done to it, query targeting, the
 * command history with its mongosh, and the cluster's activity. A narrow explorer folds it into a rail of
 * section buttons that opens it as a drawer over the diagram or pins it beside it ({@link SidePanelViewModel}
 * decides where it shows; this class moves the one panel between the dock and the drawer).
 */
final class SidePanel {

    private final TabPane tabs = new TabPane();
    /** The panel: in a narrow explorer a header (the section's name, a button that folds the panel) over the tabs. */
    private final VBox panel = new VBox();
    private final TextField filter = new TextField();
    private final SidePanelViewModel placement;
    private final java.util.Map<SidePanelViewModel.Section, Tab> sectionTabs =
            new java.util.EnumMap<>(SidePanelViewModel.Section.class);
    /** Beside the diagram: the docked or pinned panel, then the rail. */
    private final HBox dock = new HBox();
    private final javafx.scene.layout.StackPane dockSlot = new javafx.scene.layout.StackPane();
    /** Over the diagram: the drawer (and the closed panel, hidden, so that its nodes stay in the scene). */
    private final javafx.scene.layout.BorderPane drawer = new javafx.scene.layout.BorderPane();

    SidePanel(ExplorerViewModel vm, SidePanelViewModel placement) {
        this.placement = placement;
        Tab chunk = tab("Chunk", MaterialDesignC.CUBE_OUTLINE, chunkPane(vm.numberLine(), vm.actions(), vm.history(),
                vm.readOnlyLayoutProperty()));
        chunk.setId("tab-chunk");
        Tab queryTab = tab("Query", MaterialDesignF.FILTER_OUTLINE, queryPane(vm.query()));
        queryTab.setId("tab-query");
        Tab history = tab("History", MaterialDesignH.HISTORY, historyPane(vm.history()));
        history.setId("tab-history");
        javafx.beans.property.BooleanProperty logShown = new javafx.beans.property.SimpleBooleanProperty();
        Tab activity = tab("Log", MaterialDesignT.TIMELINE_TEXT_OUTLINE, activityPane(vm.history(), logShown));
        activity.setId("tab-activity");
        logShown.bind(activity.selectedProperty().and(Bindings.createBooleanBinding(
                () -> placement.placementProperty().get().showsPanel(), placement.placementProperty())));
        tabs.getTabs().addAll(chunk, queryTab, history, activity);
        sectionTabs.put(SidePanelViewModel.Section.CHUNK, chunk);
        sectionTabs.put(SidePanelViewModel.Section.QUERY, queryTab);
        sectionTabs.put(SidePanelViewModel.Section.HISTORY, history);
        sectionTabs.put(SidePanelViewModel.Section.LOG, activity);
        // query targeting, the command history and the log are the simulator's: a read-only layout has none
        for (Tab simulatorOnly : List.of(queryTab, history, activity)) {
            simulatorOnly.disableProperty().bind(vm.readOnlyLayoutProperty());
        }
        // the section in front is the placement model's: a click on a tab tells it, and it tells the tabs (a
        // selected chunk, a rail button, the read-only layout's chunk-only panel)
        tabs.getSelectionModel().selectedItemProperty().addListener((obs, was, now) -> {
            if (now != null) {
                placement.select(sectionOf(now));
            }
        });
        placement.sectionProperty().addListener((obs, was, now) -> tabs.getSelectionModel().select(sectionTabs.get(now)));
        tabs.setTabClosingPolicy(TabPane.TabClosingPolicy.UNAVAILABLE);
        tabs.getStyleClass().add("side-panel-tabs");
        VBox.setVgrow(tabs, Priority.ALWAYS);
        panel.getChildren().addAll(narrowHeader(placement), tabs);
        panel.setId("side-panel");
        panel.getStyleClass().add("side-panel");
        // 420 px when there is room; down to 380 px in a narrower explorer, so the diagram keeps room for its
        // number line beside the lanes' figures (ExplorerView binds the preferred width to the explorer's)
        panel.setMinWidth(380);
        panel.setPrefWidth(420);
        panel.setMaxWidth(420);
        // Esc closes the drawer (a pinned panel stays until unpinned), also from the filter field, which would
        // otherwise take the key
        panel.addEventFilter(javafx.scene.input.KeyEvent.KEY_PRESSED, e -> {
            if (e.getCode() == javafx.scene.input.KeyCode.ESCAPE
                    && placement.placementProperty().get() == SidePanelViewModel.Placement.DRAWER) {
                placement.close();
                e.consume();
            }
        });

        SideRail rail = new SideRail(placement, vm.readOnlyLayoutProperty(), vm.numberLine().selectedProperty());
        dockSlot.getStyleClass().add("side-dock-slot");
        dock.getChildren().addAll(dockSlot, rail.node());
        dock.getStyleClass().add("side-dock");
        // the drawer's empty part lets the diagram under it take the pointer
        drawer.setPickOnBounds(false);
        drawer.getStyleClass().add("side-drawer-layer");
        place(placement.placementProperty().get());
        placement.placementProperty().addListener((obs, was, now) -> place(now));
    }

    /** The panel at the explorer's right: the docked or pinned panel, and the rail. */
    Region dock() {
        return dock;
    }

    /** The layer over the diagram that holds the drawer: lay it over the diagram, the same size. */
    Region drawerLayer() {
        return drawer;
    }

    /** The panel itself, wherever it shows. */
    Region panel() {
        return panel;
    }

    /**
     * Over a narrow explorer's panel, in place of the tab headers (the rail has the sections): the section's
     * name and a button that folds the panel back into the rail.
     */
    private static Region narrowHeader(SidePanelViewModel placement) {
        Label title = new Label();
        title.setId("side-panel-title");
        title.getStyleClass().add("side-panel-title");
        title.textProperty().bind(placement.sectionProperty().map(SidePanelViewModel.Section::title));
        Region spacer = new Region();
        HBox.setHgrow(spacer, Priority.ALWAYS);
        Button fold = new Button(null, new FontIcon(MaterialDesignC.CHEVRON_DOUBLE_RIGHT));
        fold.setId("side-panel-fold");
        fold.getStyleClass().addAll(Styles.BUTTON_ICON, Styles.FLAT, Styles.SMALL);
        fold.tooltipProperty().bind(placement.pinnedProperty().map(pinned -> new Tooltip(pinned
                ? "Unpin and fold into the rail" : "Fold into the rail (Esc)")));
        fold.setOnAction(e -> placement.close());
        HBox header = new HBox(title, spacer, fold);
        header.getStyleClass().add("side-panel-header");
        header.setAlignment(Pos.CENTER_LEFT);
        header.visibleProperty().bind(placement.placementProperty().map(p -> p.showsRail() && p.showsPanel()));
        header.managedProperty().bind(header.visibleProperty());
        return header;
    }

    /** Shows the query section with the keyboard in the filter. */
    void focusFilter() {
        placement.show(SidePanelViewModel.Section.QUERY);
        filter.requestFocus();
    }

    private SidePanelViewModel.Section sectionOf(Tab tab) {
        return sectionTabs.entrySet().stream().filter(e -> e.getValue() == tab).findFirst().orElseThrow().getKey();
    }

    /** Moves the panel to where {@code p} says, keeping it in the scene (hidden) while only the rail shows. */
    private void place(SidePanelViewModel.Placement p) {
        if (p.besideDiagram()) {
            drawer.setRight(null);
            dockSlot.getChildren().setAll(panel);
        } else {
            dockSlot.getChildren().clear();
            drawer.setRight(panel);
        }
        dockSlot.setVisible(p.besideDiagram());
        dockSlot.setManaged(p.besideDiagram());
        panel.setVisible(p.showsPanel());
        panel.getStyleClass().removeAll("floating", "narrow");
        if (p == SidePanelViewModel.Placement.DRAWER) {
            panel.getStyleClass().add("floating");
        }
        if (p.showsRail()) {
            panel.getStyleClass().add("narrow");
        }
    }

    private static Tab tab(String title, Ikon icon, Node content) {
        ScrollPane scroll = new ScrollPane(content);
        scroll.setFitToWidth(true);
        scroll.getStyleClass().addAll("side-scroll", Tweaks.EDGE_TO_EDGE);
        Tab t = new Tab(title, scroll);
        t.setGraphic(new FontIcon(icon));
        return t;
    }

    // ---- chunk -------------------------------------------------------------------------------------

    private static Node chunkPane(NumberLineViewModel line, ChunkActionsViewModel actions, HistoryViewModel history,
            ReadOnlyBooleanProperty readOnly) {
        VBox emptyDetails = noSelection(readOnly);

        Label title = new Label();
        title.setId("chunk-title");
        title.getStyleClass().add("panel-title");
        GridPane grid = new GridPane();
        grid.getStyleClass().add("details-grid");
        Label[] values = new Label[7];
        String[] names = {"min", "max", "shard", "documents", "data size", "jumbo", "version"};
        for (int i = 0; i < names.length; i++) {
            Label k = new Label(names[i]);
            k.getStyleClass().add("details-key");
            values[i] = new Label();
            values[i].getStyleClass().add("details-value");
            values[i].setId("chunk-" + names[i].replace(' ', '-'));
            values[i].setWrapText(true);
            grid.addRow(i, k, values[i]);
        }
        Runnable fill = () -> {
            ChunkDetails d = line.selectedProperty().get();
            DiagramPicture p = line.pictureProperty().get();
            if (d == null || p == null) {
                return;
            }
            title.setText(String.format(java.util.Locale.ROOT, "%s of %,d", d.title(), p.model().chunkCount()));
            values[0].setText(d.minText());
            values[1].setText(d.maxText());
            values[2].setText(d.shardText(p.data().layout().snapshot().shards()));
            values[3].setText(d.documentsText());
            values[4].setText(d.sizeText());
            values[5].setText(d.chunk().jumbo() ? "yes: too big to move, no split point" : "no");
            values[6].setText(d.versionText());
        };
        // the selection is resolved before the new picture is published: refill on both
        line.selectedProperty().addListener((obs, was, d) -> fill.run());
        line.pictureProperty().addListener((obs, was, p) -> fill.run());

        Button split = new Button();
        split.setId("chunk-split");
        split.textProperty().bind(actions.splitTextProperty());
        // the label is data (key values, shard names with underscores): no mnemonic may eat an underscore
        split.setMnemonicParsing(false);
        split.setGraphic(new FontIcon(MaterialDesignC.CONTENT_CUT));
        split.disableProperty().bind(actions.canSplitProperty().not());
        split.setOnAction(e -> actions.splitSelectedChunk());
        split.setTooltip(new Tooltip("sh.splitAt at the point you clicked, or sh.splitFind's median (S)"));
        split.setMaxWidth(Double.MAX_VALUE);
        split.setWrapText(true);
        Button median = new Button("Median", new FontIcon(MaterialDesignS.SCISSORS_CUTTING));
        median.setId("chunk-split-median");
        median.disableProperty().bind(actions.canSplitAtMedianProperty().not());
        median.setOnAction(e -> actions.splitSelectedChunkAtMedian());
        median.setTooltip(new Tooltip("Split at the median: sh.splitFind, the shard picks the chunk's median key"));
        MenuButton move = new MenuButton("Move to", new FontIcon(MaterialDesignT.TRUCK_FAST_OUTLINE));
        move.setId("chunk-move");
        move.disableProperty().bind(actions.canMoveProperty().not());
        actions.moveTargetsProperty().addListener((javafx.collections.ListChangeListener<String>) c -> {
            move.getItems().clear();
            for (String shard : actions.moveTargetsProperty()) {
                MenuItem item = new MenuItem(shard);
                item.setMnemonicParsing(false);
                item.setId("move-to-" + shard);
                item.setOnAction(e -> actions.moveSelectedChunkTo(shard));
                move.getItems().add(item);
            }
        });
        move.tooltipProperty().bind(actions.moveUnsupportedProperty().map(r -> new Tooltip(r.isEmpty()
                ? "moveRange from 6.0, sh.moveChunk before: the balancer may move it back" : r)));
        Button mergeLeft = new Button(null, new FontIcon(MaterialDesignA.ARROW_COLLAPSE_LEFT));
        mergeLeft.setId("chunk-merge-previous");
        mergeLeft.setTooltip(new Tooltip("Merge with the previous chunk (sh.mergeChunks; same shard only)"));
        mergeLeft.disableProperty().bind(actions.canMergeWithPreviousProperty().not());
        mergeLeft.setOnAction(e -> actions.mergeSelectedWithPrevious());
        Button mergeRight = new Button(null, new FontIcon(MaterialDesignA.ARROW_COLLAPSE_RIGHT));
        mergeRight.setId("chunk-merge-next");
        mergeRight.setTooltip(new Tooltip("Merge with the next chunk (sh.mergeChunks; same shard only) (M)"));
        mergeRight.disableProperty().bind(actions.canMergeWithNextProperty().not());
        mergeRight.setOnAction(e -> actions.mergeSelectedWithNext());
        Button zoom = new Button(null, new FontIcon(MaterialDesignM.MAGNIFY_PLUS_OUTLINE));
        zoom.setId("chunk-zoom");
        zoom.setTooltip(new Tooltip("Zoom to this chunk (Z)"));
        zoom.setOnAction(e -> line.zoomToSelection());
        // whole captions in a narrow panel: the buttons that do not fit go to a second row
        for (Region keepWhole : new Region[] {median, move, mergeLeft, mergeRight, zoom}) {
            keepWhole.setMinWidth(Region.USE_PREF_SIZE);
        }
        javafx.scene.layout.FlowPane row = new javafx.scene.layout.FlowPane(8, 8, median, move, mergeLeft, mergeRight,
                zoom);
        row.setId("chunk-action-row");
        row.setAlignment(Pos.CENTER_LEFT);
        VBox buttons = new VBox(8, split, row);
        buttons.getStyleClass().add("chunk-actions");

        Message error = new Message("MongoDB refused", "", new FontIcon(MaterialDesignA.ALERT_CIRCLE_OUTLINE));
        error.setId("chunk-error");
        error.getStyleClass().add(Styles.DANGER);
        error.descriptionProperty().bind(actions.errorProperty());
        error.visibleProperty().bind(actions.errorProperty().isNotEmpty());
        error.managedProperty().bind(error.visibleProperty());
        error.setOnClose(e -> actions.dismissError());

        VBox details = new VBox(title, grid, buttons);
        details.getStyleClass().add("chunk-details");
        details.visibleProperty().bind(line.selectedProperty().isNotNull());
        details.managedProperty().bind(details.visibleProperty());
        emptyDetails.visibleProperty().bind(details.visibleProperty().not());
        emptyDetails.managedProperty().bind(emptyDetails.visibleProperty());

        VBox mongosh = mongoshBox(history);
        VBox box = new VBox(error, emptyDetails, details, mongosh);
        box.getStyleClass().add("panel-content");
        return box;
    }

    /**
     * What the chunk tab shows before a chunk is selected: how to pick one, and the line's keys; on a read-only
     * layout only what works there.
     */
    private static VBox noSelection(ReadOnlyBooleanProperty readOnly) {
        FontIcon icon = new FontIcon(MaterialDesignC.CURSOR_DEFAULT_CLICK_OUTLINE);
        icon.getStyleClass().add("panel-empty-icon");
        Label title = new Label("No chunk selected");
        title.getStyleClass().add("panel-title");
        Label text = new Label();
        text.setId("no-selection-text");
        text.getStyleClass().add("panel-emptyDetails");
        text.setWrapText(true);
        Label keysCaption = new Label("On the number line");
        keysCaption.getStyleClass().add("panel-caption");
        GridPane keys = new GridPane();
        keys.setId("key-help");
        keys.getStyleClass().add("key-help");
        Runnable fill = () -> {
            text.setText(Shortcut.howToPick(readOnly.get()));
            keys.getChildren().clear();
            int row = 0;
            for (Shortcut k : Shortcut.forLayout(readOnly.get())) {
                Label kbd = new Label(k.keys());
                kbd.getStyleClass().add("kbd");
                Label what = new Label(k.action());
                what.getStyleClass().add("shortcut-action");
                keys.addRow(row++, kbd, what);
            }
        };
        fill.run();
        readOnly.addListener((obs, was, now) -> fill.run());
        VBox box = new VBox(10, icon, title, text, keysCaption, keys);
        box.getStyleClass().add("no-selection");
        return box;
    }

    private static VBox mongoshBox(HistoryViewModel history) {
        Label caption = new Label("Equivalent mongosh");
        caption.getStyleClass().add("panel-caption");
        Label code = new Label();
        code.setId("last-mongosh");
        code.getStyleClass().add("mongosh-code");
        code.setWrapText(true);
        code.textProperty().bind(history.lastMongoshProperty());
        code.setMaxWidth(Double.MAX_VALUE);
        Button copy = new Button(null, new FontIcon(MaterialDesignC.CONTENT_COPY));
        copy.setId("copy-last-mongosh");
        copy.getStyleClass().addAll(Styles.BUTTON_ICON, Styles.FLAT, Styles.SMALL);
        copy.setTooltip(new Tooltip("Copy"));
        copy.setOnAction(e -> {
            if (!history.commandsProperty().isEmpty()) {
                history.copy(history.commandsProperty().get(0));
            }
        });
        HBox.setHgrow(code, Priority.ALWAYS);
        HBox row = new HBox(4, code, copy);
        row.setAlignment(Pos.TOP_LEFT);
        VBox box = new VBox(caption, row);
        box.getStyleClass().add("mongosh-box");
        box.visibleProperty().bind(history.lastMongoshProperty().isNotEmpty());
        box.managedProperty().bind(box.visibleProperty());
        return box;
    }

    // ---- query -------------------------------------------------------------------------------------

    private Node queryPane(QueryViewModel vm) {
        Label caption = new Label("Find filter");
        caption.getStyleClass().add("panel-caption");
        filter.setId("query-filter");
        filter.getStyleClass().add("key-field");
        filter.setPromptText("{ counter: 42 }  or  { customer: 'c00042' }");
        filter.textProperty().bindBidirectional(vm.filterTextProperty());
        filter.setTooltip(new Tooltip("A find filter in mongosh syntax; routed as you type (Ctrl+L)"));
        Label error = new Label();
        error.setId("query-error");
        error.getStyleClass().add("field-error");
        error.setWrapText(true);
        error.setGraphic(new FontIcon(MaterialDesignA.ALERT_CIRCLE_OUTLINE));
        error.textProperty().bind(vm.filterErrorProperty());
        error.visibleProperty().bind(vm.filterErrorProperty().isNotEmpty());
        error.managedProperty().bind(error.visibleProperty());

        Label badge = new Label();
        badge.setId("query-class");
        badge.getStyleClass().add("targeting-badge");
        // the class is the filter's shape (analyzeShardKey's): a range is multi-shard even when this layout
        // holds it on one shard, so the badge names the shape and the text beside it what the query reached
        badge.textProperty().bind(vm.targetingClassProperty().concat(" shape"));
        // the sentence beside it wraps; the badge is a word that must stay whole
        badge.setMinWidth(Region.USE_PREF_SIZE);
        badge.setTooltip(new javafx.scene.control.Tooltip("The query's shape, in analyzeShardKey's words: "
                + "single-shard (equality on the whole shard key), multi-shard (a range or a prefix of the key), "
                + "scatter-gather (nothing on the key's first field)"));
        vm.targetingClassProperty().addListener((obs, was, now) -> {
            badge.getStyleClass().removeAll("single-shard", "multi-shard", "scatter-gather");
            if (!now.isEmpty()) {
                badge.getStyleClass().add(now);
            }
        });
        Label reaches = new Label();
        reaches.setId("query-shards");
        reaches.getStyleClass().add("query-reaches");
        reaches.textProperty().bind(vm.reachProperty());
        reaches.setWrapText(true);
        HBox head = new HBox(10, badge, reaches);
        head.setAlignment(Pos.CENTER_LEFT);
        head.visibleProperty().bind(vm.targetedProperty());
        head.managedProperty().bind(head.visibleProperty());
        Label reason = new Label();
        reason.setId("query-reason");
        reason.getStyleClass().add("query-reason");
        reason.setWrapText(true);
        reason.textProperty().bind(vm.reasonProperty());
        reason.visibleProperty().bind(vm.reasonProperty().isNotEmpty());
        reason.managedProperty().bind(reason.visibleProperty());
        VBox result = new VBox(8, head, reason);
        result.getStyleClass().add("query-result");
        result.visibleProperty().bind(vm.reasonProperty().isNotEmpty());
        result.managedProperty().bind(result.visibleProperty());

        Label mixCaption = new Label("From the workload's query mix");
        mixCaption.getStyleClass().add("panel-caption");
        VBox mix = new VBox(6);
        mix.getStyleClass().add("query-mix");
        vm.suggestionsProperty().addListener((javafx.collections.ListChangeListener<QueryViewModel.Suggestion>) c ->
                fillSuggestions(vm, mix));
        fillSuggestions(vm, mix);
        mixCaption.visibleProperty().bind(vm.suggestionsProperty().emptyProperty().not());
        mixCaption.managedProperty().bind(mixCaption.visibleProperty());

        Label hint = new Label("Type a filter: the shards mongos sends it to stay lit on the number line and the "
                + "lanes, the others dim.");
        hint.getStyleClass().add("panel-emptyDetails");
        hint.setWrapText(true);
        hint.visibleProperty().bind(vm.filterTextProperty().isEmpty());
        hint.managedProperty().bind(hint.visibleProperty());

        VBox box = new VBox(caption, filter, error, result, hint, mixCaption, mix);
        box.getStyleClass().add("panel-content");
        return box;
    }

    private static void fillSuggestions(QueryViewModel vm, VBox mix) {
        mix.getChildren().clear();
        int i = 0;
        for (QueryViewModel.Suggestion s : vm.suggestionsProperty()) {
            Label name = new Label(s.name());
            name.getStyleClass().add("suggestion-name");
            Label shape = new Label(s.shape());
            shape.getStyleClass().add("suggestion-shape");
            Label text = new Label(s.filter());
            text.getStyleClass().add("suggestion-filter");
            HBox top = new HBox(8, name, shape);
            top.setAlignment(Pos.CENTER_LEFT);
            VBox content = new VBox(2, top, text);
            Button b = new Button(null, content);
            b.setId("suggestion-" + i++);
            b.getStyleClass().addAll("suggestion", Styles.FLAT);
            b.setMaxWidth(Double.MAX_VALUE);
            b.setAlignment(Pos.CENTER_LEFT);
            b.setOnAction(e -> vm.use(s));
            mix.getChildren().add(b);
        }
    }

    // ---- history -------------------------------------------------------------------------------------

    private static Node historyPane(HistoryViewModel vm) {
        Button undo = new Button(null, new FontIcon(MaterialDesignU.UNDO));
        undo.getStyleClass().add("history-button");
        undo.textProperty().bind(vm.undoTextProperty());
        undo.setMnemonicParsing(false);
        undo.disableProperty().bind(vm.canUndoProperty().not());
        undo.setOnAction(e -> vm.undo());
        undo.setWrapText(true);
        undo.setMaxWidth(Double.MAX_VALUE);
        Button redo = new Button(null, new FontIcon(MaterialDesignR.REDO));
        redo.getStyleClass().add("history-button");
        redo.textProperty().bind(vm.redoTextProperty());
        redo.setMnemonicParsing(false);
        redo.disableProperty().bind(vm.canRedoProperty().not());
        redo.setOnAction(e -> vm.redo());
        redo.setWrapText(true);
        redo.setMaxWidth(Double.MAX_VALUE);
        Label undoNote = new Label("Undo rewinds: it takes back your last command and every insert and balancer "
                + "step after it, so the stream resumes from there.");
        undoNote.getStyleClass().add("panel-note");
        undoNote.setWrapText(true);

        Label caption = new Label("Your commands, newest first");
        caption.getStyleClass().add("panel-caption");
        VBox list = new VBox(8);
        list.setId("command-list");
        vm.commandsProperty().addListener((javafx.collections.ListChangeListener<CommandEntry>) c ->
                fillCommands(vm, list));
        Label empty = new Label("Split, move or merge a chunk and the command appears here with its mongosh.");
        empty.getStyleClass().add("panel-emptyDetails");
        empty.setWrapText(true);
        empty.visibleProperty().bind(vm.commandsProperty().emptyProperty());
        empty.managedProperty().bind(empty.visibleProperty());
        Button copyAll = new Button("Copy all as a mongosh script", new FontIcon(MaterialDesignC.CONTENT_COPY));
        copyAll.setId("copy-all-mongosh");
        copyAll.disableProperty().bind(vm.commandsProperty().emptyProperty());
        copyAll.setOnAction(e -> vm.copyAll());
        VBox box = new VBox(undo, redo, undoNote, caption, empty, list, copyAll);
        box.getStyleClass().add("panel-content");
        return box;
    }

    private static void fillCommands(HistoryViewModel vm, VBox list) {
        list.getChildren().clear();
        for (CommandEntry c : List.copyOf(vm.commandsProperty())) {
            Label description = new Label(c.description());
            description.getStyleClass().add("command-description");
            description.setWrapText(true);
            Label code = new Label(c.mongosh());
            code.getStyleClass().add("mongosh-code");
            code.setWrapText(true);
            code.setMaxWidth(Double.MAX_VALUE);
            Button copy = new Button(null, new FontIcon(MaterialDesignC.CONTENT_COPY));
            copy.getStyleClass().addAll(Styles.BUTTON_ICON, Styles.FLAT, Styles.SMALL);
            copy.setTooltip(new Tooltip("Copy"));
            copy.setOnAction(e -> vm.copy(c));
            HBox.setHgrow(code, Priority.ALWAYS);
            HBox row = new HBox(4, code, copy);
            VBox item = new VBox(4, description, row);
            item.getStyleClass().add("command-item");
            list.getChildren().add(item);
        }
    }

    // ---- activity ------------------------------------------------------------------------------------

    /** The newest activity lines the log shows. */
    static final int ACTIVITY_ROWS = 80;

    /**
     * The log: refilled when its list changes while its tab shows, and when the tab comes forward (a
     * stream at full speed changes the list dozens of times a second; rows nobody sees need no text
     * layout).
     */
    private static Node activityPane(HistoryViewModel vm, javafx.beans.value.ObservableBooleanValue shown) {
        VBox list = new VBox(2);
        list.setId("activity-list");
        list.getStyleClass().add("activity-list");
        Label empty = new Label("Splits, migrations, jumbo flags and merges show up here as they happen.");
        empty.getStyleClass().add("panel-emptyDetails");
        empty.setWrapText(true);
        empty.visibleProperty().bind(vm.activityProperty().emptyProperty());
        empty.managedProperty().bind(empty.visibleProperty());
        List<ActivityRow> rows = new java.util.ArrayList<>();
        Runnable fill = () -> {
            List<Activity> items = vm.activityProperty();
            int n = Math.min(ACTIVITY_ROWS, items.size());
            while (rows.size() < n) {
                ActivityRow row = new ActivityRow();
                rows.add(row);
                list.getChildren().add(row.node);
            }
            for (int i = 0; i < rows.size(); i++) {
                rows.get(i).show(i < n ? items.get(i) : null);
            }
        };
        vm.activityProperty().addListener((javafx.collections.ListChangeListener<Activity>) c -> {
            if (shown.get()) {
                fill.run();
            }
        });
        shown.addListener((obs, was, now) -> {
            if (now) {
                fill.run();
            }
        });
        VBox box = new VBox(empty, list);
        box.getStyleClass().add("panel-content");
        return box;
    }

    /**
     * One activity line. Rows are kept and refilled (the log changes many times a second while a stream
     * plays), and they sit in a plain box in the scroll pane, so long lines wrap to the panel's width.
     */
    private static final class ActivityRow {
        private final FontIcon icon = new FontIcon();
        private final Label time = new Label();
        private final Label text = new Label();
        private final HBox node;
        private ExplorerFrame.ActivityKind kind;

        ActivityRow() {
            time.getStyleClass().add("activity-time");
            text.getStyleClass().add("activity-text");
            text.setWrapText(true);
            text.setMinHeight(Region.USE_PREF_SIZE);
            VBox body = new VBox(1, time, text);
            HBox.setHgrow(body, Priority.ALWAYS);
            body.setMinWidth(0);
            node = new HBox(8, icon, body);
            node.getStyleClass().add("activity-row");
            node.setAlignment(Pos.TOP_LEFT);
        }

        void show(Activity a) {
            node.setVisible(a != null);
            node.setManaged(a != null);
            if (a == null) {
                return;
            }
            if (a.kind() != kind) {
                // a new style class restyles the icon: only when the row's kind changes
                kind = a.kind();
                icon.setIconCode(iconOf(kind));
                icon.getStyleClass().setAll("ikonli-font-icon", "activity-icon",
                        kind.name().toLowerCase(java.util.Locale.ROOT));
            }
            time.setText(ElapsedTime.format(Math.max(0, a.atMillis())));
            text.setText(a.text());
        }
    }

    private static Ikon iconOf(ExplorerFrame.ActivityKind kind) {
        return switch (kind) {
            case SPLIT -> MaterialDesignS.SCISSORS_CUTTING;
            case MIGRATION -> MaterialDesignT.TRUCK_FAST_OUTLINE;
            case JUMBO -> MaterialDesignA.ALERT_OCTAGON_OUTLINE;
            case MERGE -> MaterialDesignM.MERGE;
            case BALANCER -> MaterialDesignS.SCALE_BALANCE;
            case COMMAND -> MaterialDesignC.CONSOLE_LINE;
            case UNDO -> MaterialDesignU.UNDO;
            case FAILURE -> MaterialDesignA.ALERT_CIRCLE_OUTLINE;
        };
    }
}
