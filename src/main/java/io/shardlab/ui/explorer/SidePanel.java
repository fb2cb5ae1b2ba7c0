package io.shardlab.ui.explorer;

import atlantafx.base.theme.Styles;
import atlantafx.base.theme.Tweaks;
import io.shardlab.text.Message;
import io.shardlab.ui.explorer.chunk.ChunkView;
import io.shardlab.ui.explorer.history.HistoryView;
import io.shardlab.ui.explorer.log.LogView;
import io.shardlab.ui.explorer.query.QueryView;
import io.shardlab.ui.text.UiText;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import javafx.beans.binding.Bindings;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.css.PseudoClass;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyEvent;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;
import org.kordamp.ikonli.Ikon;
import org.kordamp.ikonli.javafx.FontIcon;
import org.kordamp.ikonli.materialdesign2.MaterialDesignC;
import org.kordamp.ikonli.materialdesign2.MaterialDesignF;
import org.kordamp.ikonli.materialdesign2.MaterialDesignH;
import org.kordamp.ikonli.materialdesign2.MaterialDesignT;

/**
 * The panel beside the diagram with its four tabs, each its own package with View and ViewModel: the selected
 * chunk and what can be done to it ({@code chunk}), query targeting ({@code query}), the command history with
 * its mongosh ({@code history}) and the cluster's activity ({@code log}). A narrow explorer folds it into a rail of
 * section buttons that opens it as a drawer over the diagram or pins it beside it ({@link SidePanelViewModel}
 * decides where it shows; this class moves the one panel between the dock and the drawer).
 */
final class SidePanel {

    // style classes of its nodes, as its stylesheet names them
    private static final String SIDE_DOCK = "side-dock";
    private static final String SIDE_DOCK_SLOT = "side-dock-slot";
    private static final String SIDE_DRAWER_LAYER = "side-drawer-layer";
    private static final String SIDE_PANEL = "side-panel";
    private static final String SIDE_PANEL_HEADER = "side-panel-header";
    private static final String SIDE_PANEL_TABS = "side-panel-tabs";
    private static final String SIDE_PANEL_TITLE = "side-panel-title";
    private static final String SIDE_SCROLL = "side-scroll";

    /** The panel as a drawer over the diagram. */
    private static final PseudoClass FLOATING = PseudoClass.getPseudoClass("floating");
    /** The panel of a narrow explorer, opened from the rail. */
    private static final PseudoClass NARROW = PseudoClass.getPseudoClass("narrow");

    private final TabPane tabs = new TabPane();
    /** The panel: in a narrow explorer a header (the section's name, a button that folds the panel) over the tabs. */
    private final VBox panel = new VBox();

    private final QueryView query;
    private final SidePanelViewModel placement;
    private final UiText text;
    private final Map<SidePanelViewModel.Section, Tab> sectionTabs = new EnumMap<>(SidePanelViewModel.Section.class);
    /** Beside the diagram: the docked or pinned panel, then the rail. */
    private final HBox dock = new HBox();

    private final StackPane dockSlot = new StackPane();
    /** Over the diagram: the drawer (and the closed panel, hidden, so that its nodes stay in the scene). */
    private final BorderPane drawer = new BorderPane();

    SidePanel(ExplorerViewModel vm, SidePanelViewModel placement, UiText text) {
        this.placement = placement;
        this.text = text;
        this.query = new QueryView(vm.query(), text);
        Tab chunk = tab(
                SidePanelViewModel.Section.CHUNK.title(),
                MaterialDesignC.CUBE_OUTLINE,
                ChunkView.of(
                        vm.numberLine(),
                        vm.actions(),
                        vm.history().lastMongoshProperty(),
                        vm.history()::copyNewest,
                        vm.readOnlyLayoutProperty(),
                        text));
        chunk.setId("tab-chunk");
        Tab queryTab = tab(SidePanelViewModel.Section.QUERY.title(), MaterialDesignF.FILTER_OUTLINE, query.node());
        queryTab.setId("tab-query");
        Tab history = tab(
                SidePanelViewModel.Section.HISTORY.title(),
                MaterialDesignH.HISTORY,
                HistoryView.of(vm.history(), text));
        history.setId("tab-history");
        BooleanProperty logShown = new SimpleBooleanProperty();
        Tab activity = tab(
                SidePanelViewModel.Section.LOG.title(),
                MaterialDesignT.TIMELINE_TEXT_OUTLINE,
                LogView.of(vm.log(), logShown, text));
        activity.setId("tab-activity");
        logShown.bind(activity.selectedProperty()
                .and(Bindings.createBooleanBinding(
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
        placement
                .sectionProperty()
                .addListener((obs, was, now) -> tabs.getSelectionModel().select(sectionTabs.get(now)));
        tabs.setTabClosingPolicy(TabPane.TabClosingPolicy.UNAVAILABLE);
        tabs.getStyleClass().add(SIDE_PANEL_TABS);
        VBox.setVgrow(tabs, Priority.ALWAYS);
        panel.getChildren().addAll(narrowHeader(placement), tabs);
        panel.setId("side-panel");
        panel.getStyleClass().add(SIDE_PANEL);
        // 420 px when there is room; down to 380 px in a narrower explorer, so the diagram keeps room for its
        // number line beside the lanes' figures (ExplorerView binds the preferred width to the explorer's)
        panel.setMinWidth(380);
        panel.setPrefWidth(420);
        panel.setMaxWidth(420);
        // Esc closes the drawer (a pinned panel stays until unpinned), also from the filter field, which would
        // otherwise take the key
        panel.addEventFilter(KeyEvent.KEY_PRESSED, e -> {
            if (e.getCode() == KeyCode.ESCAPE
                    && placement.placementProperty().get() == SidePanelViewModel.Placement.DRAWER) {
                placement.close();
                e.consume();
            }
        });

        SideRail rail = new SideRail(
                placement, vm.readOnlyLayoutProperty(), vm.numberLine().selectedProperty(), text);
        dockSlot.getStyleClass().add(SIDE_DOCK_SLOT);
        dock.getChildren().addAll(dockSlot, rail.node());
        dock.getStyleClass().add(SIDE_DOCK);
        // the drawer's empty part lets the diagram under it take the pointer
        drawer.setPickOnBounds(false);
        drawer.getStyleClass().add(SIDE_DRAWER_LAYER);
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
    private Region narrowHeader(SidePanelViewModel placement) {
        Label title = new Label();
        title.setId("side-panel-title");
        title.getStyleClass().add(SIDE_PANEL_TITLE);
        title.textProperty().bind(text.text(placement.sectionProperty().map(s -> Message.of(s.title()))));
        Region spacer = new Region();
        HBox.setHgrow(spacer, Priority.ALWAYS);
        Button fold = new Button(null, new FontIcon(MaterialDesignC.CHEVRON_DOUBLE_RIGHT));
        fold.setId("side-panel-fold");
        fold.getStyleClass().addAll(Styles.BUTTON_ICON, Styles.FLAT, Styles.SMALL);
        text.tip(
                fold,
                () -> text.tooltip(placement
                        .pinnedProperty()
                        .map(pinned -> Message.of(pinned ? "explorer.side.unpinFold" : "explorer.side.fold"))));
        fold.setOnAction(e -> placement.close());
        HBox header = new HBox(title, spacer, fold);
        header.getStyleClass().add(SIDE_PANEL_HEADER);
        header.setAlignment(Pos.CENTER_LEFT);
        header.visibleProperty().bind(placement.placementProperty().map(p -> p.showsRail() && p.showsPanel()));
        header.managedProperty().bind(header.visibleProperty());
        return header;
    }

    /** Shows the query section with the keyboard in the filter. */
    void focusFilter() {
        placement.show(SidePanelViewModel.Section.QUERY);
        query.focusFilter();
    }

    private SidePanelViewModel.Section sectionOf(Tab tab) {
        return sectionTabs.entrySet().stream()
                .filter(e -> e.getValue() == tab)
                .findFirst()
                .orElseThrow()
                .getKey();
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
        panel.pseudoClassStateChanged(FLOATING, p == SidePanelViewModel.Placement.DRAWER);
        panel.pseudoClassStateChanged(NARROW, p.showsRail());
    }

    private Tab tab(String title, Ikon icon, Node content) {
        ScrollPane scroll = new ScrollPane(content);
        scroll.setFitToWidth(true);
        scroll.getStyleClass().addAll(SIDE_SCROLL, Tweaks.EDGE_TO_EDGE);
        Tab t = text.label(new Tab(null, scroll), title);
        t.setGraphic(new FontIcon(icon));
        return t;
    }
}
