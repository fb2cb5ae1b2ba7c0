package io.shardlab.ui.explorer;

import atlantafx.base.theme.Styles;
import io.shardlab.text.Language;
import io.shardlab.text.Message;
import io.shardlab.ui.explorer.balancer.BalancerWhyPanel;
import io.shardlab.ui.explorer.collections.CollectionPicker;
import io.shardlab.ui.explorer.connections.ConnectionsBar;
import io.shardlab.ui.explorer.diagram.CardHeader;
import io.shardlab.ui.explorer.diagram.ChartsView;
import io.shardlab.ui.explorer.diagram.DiagramPicture;
import io.shardlab.ui.explorer.diagram.NumberLineView;
import io.shardlab.ui.explorer.diagram.NumberLineViewModel;
import io.shardlab.ui.explorer.diagram.RenderCanvas;
import io.shardlab.ui.explorer.diagram.ScaleButtons;
import io.shardlab.ui.explorer.playback.PlaybackKeys;
import io.shardlab.ui.explorer.playback.TransportBar;
import io.shardlab.ui.explorer.setup.SetupBar;
import io.shardlab.ui.text.UiText;
import io.shardlab.ui.theme.Appearance;
import io.shardlab.ui.theme.RememberedWindows;
import io.shardlab.ui.theme.WindowPlacement;
import java.util.List;
import java.util.Locale;
import javafx.animation.PauseTransition;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.BooleanBinding;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.Menu;
import javafx.scene.control.ProgressIndicator;
import javafx.scene.control.ScrollPane;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;
import javafx.util.Duration;
import org.kordamp.ikonli.Ikon;
import org.kordamp.ikonli.javafx.FontIcon;
import org.kordamp.ikonli.materialdesign2.MaterialDesignA;
import org.kordamp.ikonli.materialdesign2.MaterialDesignC;
import org.kordamp.ikonli.materialdesign2.MaterialDesignF;
import org.kordamp.ikonli.materialdesign2.MaterialDesignM;

/**
 * The explorer's window content: the setup strip, the transport strip, the diagram (number line, lanes,
 * charts) and the side panel, plus the loading and error states. Builds nodes and binds them to
 * {@link ExplorerViewModel}; decides nothing itself.
 */
public final class ExplorerView {

    // style classes of its nodes, as its stylesheet names them
    private static final String DIAGRAM_SCROLL = "diagram-scroll";
    private static final String FAILED = "failed";
    private static final String NO_STREAM_CARD = "no-stream-card";
    private static final String NO_STREAM_TEXT = "no-stream-text";
    private static final String STATE_CARD = "state-card";
    private static final String STATE_HINT = "state-hint";
    private static final String STATE_LAYER = "state-layer";
    private static final String STATE_TITLE = "state-title";
    private static final String ZOOM_TEXT = "zoom-text";

    /** How long a load may take before the spinner shows. */
    static final double LOADING_PATIENCE_MILLIS = 350;

    private final ExplorerViewModel vm;
    private final UiText text;
    private final BorderPane root = new BorderPane();
    private final SetupBar setup;
    private final SidePanelViewModel sidePlacement;
    private final SidePanel side;
    private final NumberLineView line;
    private final ChartsView charts;
    private final ConnectionsBar connectionsBar;
    /** Whether the window is in presenter mode: the strips fold and the diagram fits the window's height. */
    private final ReadOnlyBooleanProperty presenter;

    /** Whether a panel docked under the explorer (the Shell) shares its height: see {@link #underPanelProperty}. */
    private final BooleanProperty underPanel = new SimpleBooleanProperty(this, "underPanel", false);

    /**
     * Whether the setup and transport rows are folded and the number line fits the room the charts leave it: in
     * presenter mode, and while a docked panel leaves the explorer less than {@link #FOLD_BELOW} of height.
     */
    private final BooleanBinding folded;

    /**
     * The explorer's height (px) below which a docked panel folds its rows: the unfolded rows take about 250 px,
     * the line's card with six lanes about 400 more, and the charts' top must still show under them.
     */
    static final double FOLD_BELOW = 760;

    private CardHeader lineHeader;

    /**
     * @param vm the explorer's state and verbs (its number line follows the dark theme for the canvases;
     *     the nodes take the palette from the window root, see {@code Appearance})
     * @param appearance styles the dialogs the explorer opens as the window is styled
     */
    public ExplorerView(ExplorerViewModel vm, Appearance appearance) {
        this(
                vm,
                appearance,
                new WindowPlacement(RememberedWindows.inMemory(), WindowPlacement::screensOfThisDesktop),
                new UiText(Language.ENGLISH));
    }

    /**
     * @param placement sizes and places the dialogs the explorer opens and keeps the window's state while they
     *     and its file chooser are open
     * @param text the window's words, in the language it speaks
     */
    public ExplorerView(ExplorerViewModel vm, Appearance appearance, WindowPlacement placement, UiText text) {
        this.vm = vm;
        this.text = text;
        this.presenter = PresenterMode.of(root);
        this.folded = Bindings.createBooleanBinding(
                () -> presenter.get() || underPanel.get() && root.getHeight() < FOLD_BELOW,
                presenter,
                underPanel,
                root.heightProperty());
        this.setup = new SetupBar(vm.setup(), appearance, placement, folded, text);
        this.sidePlacement = new SidePanelViewModel(vm.numberLine().selectedProperty(), vm.readOnlyLayoutProperty());
        this.side = new SidePanel(vm, sidePlacement, text);
        this.line = new NumberLineView(
                vm.numberLine(),
                vm.actions(),
                Bindings.createBooleanBinding(
                        () -> !sidePlacement.placementProperty().get().showsPanel(), sidePlacement.placementProperty()),
                text);
        this.charts = new ChartsView(vm.numberLine(), text);
        this.connectionsBar = new ConnectionsBar(vm.connections(), appearance, placement, text);
        root.setId("explorer");
        root.getStyleClass().add(ExplorerStyles.EXPLORER);
        root.getStylesheets().add(ExplorerStyles.STYLESHEET);

        // a read-only layout (a live cluster's, a snapshot's, a config dump's) is not the simulator's: the
        // setup and transport strips, which drive the simulator, make way for what the layout is
        Region transport = new TransportBar(vm.playback(), vm.history(), folded, text)
                .besideCounters(new BalancerWhyPanel(vm.balancer(), text).node())
                .node();
        for (Region simulatorOnly : new Region[] {setup.node(), transport}) {
            simulatorOnly.visibleProperty().bind(vm.readOnlyLayoutProperty().not());
            simulatorOnly.managedProperty().bind(simulatorOnly.visibleProperty());
        }
        Region collections = new CollectionPicker(
                        vm.collections(),
                        vm.readOnlyLayoutProperty().not(),
                        vm.connections().acceptingProperty(),
                        text)
                .node();
        VBox top = new VBox(
                connectionsBar.node(), collections, new ReadOnlyLayoutBar(vm, text).node(), setup.node(), transport);
        top.getStyleClass().add(ExplorerStyles.EXPLORER_TOP);
        root.setTop(top);

        // the charts plot the simulated stream's writes: a recorded layout has none to show
        charts.node().visibleProperty().bind(vm.readOnlyLayoutProperty().not());
        charts.node().managedProperty().bind(charts.node().visibleProperty());
        VBox diagram = new VBox(lineCard(), charts.node(), noStreamCard());
        diagram.getStyleClass().add(ExplorerStyles.DIAGRAM_COLUMN);
        VBox.setVgrow(charts.node(), Priority.ALWAYS);
        ScrollPane diagramScroll = new ScrollPane(diagram);
        diagramScroll.setFitToWidth(true);
        diagramScroll.setFitToHeight(true);
        // a click on the line must leave the keyboard with the line (zoom and pan keys), not the scroller
        diagramScroll.setFocusTraversable(false);
        diagramScroll.getStyleClass().addAll(DIAGRAM_SCROLL, atlantafx.base.theme.Tweaks.EDGE_TO_EDGE);

        // the side panel docks at the right of a wide explorer; a narrow one keeps a rail there and opens the
        // panel as a drawer over the diagram (or pinned beside it), so that the number line keeps its width
        StackPane centre = new StackPane(stateLayer(diagramScroll), side.drawerLayer());
        root.setCenter(centre);
        root.setRight(side.dock());
        // a border pane gives its side its preferred width: a third of a narrow explorer, at most its maximum
        side.panel().prefWidthProperty().bind(root.widthProperty().multiply(0.38));
        root.widthProperty().addListener((obs, was, now) -> sidePlacement.explorerWidth(now.doubleValue()));
        fitWhileFolded(diagramScroll, diagram);
        installKeys();
    }

    /**
     * While folded (presenter mode, or a short explorer over the docked Shell) the number line and its lanes fit
     * the height the writes chart leaves them, so that the room sees the line, every lane and the charts without
     * scrolling: the canvas is given that height ({@link RenderCanvas#fitWithin}), its diagram gives up detail,
     * then type size, to fit it.
     */
    private void fitWhileFolded(ScrollPane scroll, VBox column) {
        Region lineCard = (Region) column.getChildren().get(0);
        Runnable fit = () -> {
            if (!folded.get()) {
                line.canvas().fitWithin(0);
                return;
            }
            double room = scroll.getViewportBounds().getHeight()
                    - column.snappedTopInset()
                    - column.snappedBottomInset()
                    - column.getSpacing()
                    - lineHeader.getHeight()
                    - lineCard.snappedTopInset()
                    - lineCard.snappedBottomInset()
                    - charts.node().minHeight(-1);
            line.canvas().fitWithin(Math.max(1, room));
        };
        scroll.viewportBoundsProperty().addListener((obs, was, now) -> fit.run());
        lineHeader.heightProperty().addListener((obs, was, now) -> fit.run());
        folded.addListener((obs, was, now) -> fit.run());
        fit.run();
    }

    /**
     * Whether a panel docked under the explorer (View → Shell) shares the window's height with it. While it does
     * and leaves the explorer less than {@link #FOLD_BELOW}, the explorer folds as in presenter mode (the setup
     * row into its summary line, the transport into one row, the counters into the line's caption) and fits the
     * number line above the charts, so that the line, its lanes and the charts' top stay in sight.
     */
    public BooleanProperty underPanelProperty() {
        return underPanel;
    }

    /** The explorer's root node. */
    public Region node() {
        return root;
    }

    /** The number line's canvas, for tests and the frame-time benchmark. */
    RenderCanvas lineCanvas() {
        return line.canvas();
    }

    NumberLineView numberLineView() {
        return line;
    }

    /** Where the side panel shows, for tests. */
    SidePanelViewModel sidePlacement() {
        return sidePlacement;
    }

    // ---- the diagram card ----------------------------------------------------------------------------

    private Region lineCard() {
        Label title = new Label();
        title.setId("line-title");
        title.getStyleClass().add(ExplorerStyles.CARD_TITLE);
        title.setGraphic(new FontIcon(MaterialDesignC.CHART_GANTT));
        title.textProperty()
                .bind(text.text(vm.numberLine()
                        .pictureProperty()
                        .map(p -> Message.of(
                                p.model().key().hasHashedPrefix()
                                        ? "explorer.line.title.hashed"
                                        : "explorer.line.title.ranged"))
                        .orElse(Message.of("explorer.line.title"))));
        Label caption = new Label();
        caption.setId("line-caption");
        caption.getStyleClass().add(ExplorerStyles.CARD_CAPTION);
        // the folded transport (presenter mode, a short explorer over the Shell) drops its counters: the caption
        // carries them instead
        caption.textProperty()
                .bind(Bindings.createStringBinding(
                        () -> folded.get() && !vm.readOnlyLayoutProperty().get()
                                ? text.now(
                                        "explorer.line.caption.presenter",
                                        vm.playback().progressTextProperty().get(),
                                        vm.playback().countsTextProperty().get())
                                : lineCaption(vm.numberLine().pictureProperty().get()),
                        text.language(),
                        folded,
                        vm.readOnlyLayoutProperty(),
                        vm.numberLine().pictureProperty(),
                        vm.playback().progressTextProperty(),
                        vm.playback().countsTextProperty()));
        caption.setMinWidth(0);

        NumberLineViewModel numberLine = vm.numberLine();
        HBox scales = ScaleButtons.of(
                "scale-", false, numberLine.scaleProperty(), numberLine.scales(), numberLine::chooseScale, text);
        Button zoomOut = small(
                "zoom-out",
                MaterialDesignM.MAGNIFY_MINUS_OUTLINE,
                "explorer.zoom.out.tip",
                () -> vm.numberLine().zoomOut());
        Button zoomIn = small(
                "zoom-in",
                MaterialDesignM.MAGNIFY_PLUS_OUTLINE,
                "explorer.zoom.in.tip",
                () -> vm.numberLine().zoomIn());
        Button fit = small(
                "zoom-fit",
                MaterialDesignF.FIT_TO_SCREEN_OUTLINE,
                "explorer.zoom.fit.tip",
                () -> vm.numberLine().fit());
        Label zoomText = new Label();
        zoomText.getStyleClass().add(ZOOM_TEXT);
        zoomText.textProperty()
                .bind(text.text(vm.numberLine()
                        .viewportProperty()
                        .map(v -> v.span() >= 1
                                ? Message.of("explorer.zoom.whole")
                                : Message.of("explorer.zoom.factor", zoomFactor(1 / v.span())))));
        // the factor is for the one at the keyboard; in presenter mode the room reads the line, the tools stay small
        zoomText.visibleProperty().bind(presenter.not());
        zoomText.managedProperty().bind(zoomText.visibleProperty());
        HBox zoom = new HBox(2, zoomOut, zoomText, zoomIn, fit);
        zoom.setAlignment(Pos.CENTER_LEFT);

        title.setMinWidth(Region.USE_PREF_SIZE);
        scales.setMinWidth(Region.USE_PREF_SIZE);
        zoom.setMinWidth(Region.USE_PREF_SIZE);
        zoomText.setMinWidth(Region.USE_PREF_SIZE);
        VBox titles = new VBox(1, title, caption);
        titles.setMinWidth(0);
        HBox tools = new HBox(12, scales, zoom);
        tools.setAlignment(Pos.CENTER_LEFT);
        tools.setMinWidth(Region.USE_PREF_SIZE);
        // the tools sit right of the title when both fit and go under it when the diagram is narrow (a
        // 1280 px window with the lessons panel open), rather than be drawn over the title
        CardHeader header = new CardHeader(titles, title, tools);
        header.getStyleClass().add(ExplorerStyles.CARD_HEADER);
        lineHeader = header;
        VBox card = new VBox(header, line.node());
        card.getStyleClass().addAll(ExplorerStyles.EXPLORER_CARD, ExplorerStyles.LINE_CARD);
        return card;
    }

    /** The line card's caption: chunks, shards, key, and the value line when a hashed key has one. */
    private String lineCaption(DiagramPicture p) {
        if (p == null) {
            return "";
        }
        return text.now(
                p.valueLine().isPresent() ? "explorer.line.caption.values" : "explorer.line.caption",
                p.model().chunkCount(),
                p.model().shards().size(),
                p.model().key().toString());
    }

    /** In place of the charts while a read-only layout shows: why they are not there. */
    private Region noStreamCard() {
        Label heading =
                text.label(new Label(null, new FontIcon(MaterialDesignC.CHART_LINE)), "explorer.noStream.title");
        heading.getStyleClass().add(ExplorerStyles.CARD_TITLE);
        Label why = text.label(new Label(), "explorer.noStream.text");
        why.setId("no-stream-text");
        why.getStyleClass().add(NO_STREAM_TEXT);
        why.setWrapText(true);
        why.setMinHeight(Region.USE_PREF_SIZE);
        VBox card = new VBox(heading, why);
        card.setId("no-stream-card");
        card.getStyleClass().addAll(ExplorerStyles.EXPLORER_CARD, NO_STREAM_CARD);
        card.visibleProperty().bind(vm.readOnlyLayoutProperty());
        card.managedProperty().bind(card.visibleProperty());
        return card;
    }

    private static String zoomFactor(double f) {
        if (f < 10) {
            return String.format(Locale.ROOT, "%.1f", f);
        }
        if (f < 1e6) {
            return String.format(Locale.ROOT, "%,.0f", f);
        }
        return String.format(Locale.ROOT, "%.2g", f);
    }

    private Button small(String id, Ikon icon, String tip, Runnable action) {
        Button b = new Button(null, new FontIcon(icon));
        b.setId(id);
        b.getStyleClass().addAll(Styles.BUTTON_ICON, Styles.FLAT, Styles.SMALL);
        text.tip(b, tip);
        b.setOnAction(e -> action.run());
        return b;
    }

    // ---- loading, failure, nothing yet --------------------------------------------------------------

    private Region stateLayer(Region content) {
        ProgressIndicator spinner = new ProgressIndicator();
        spinner.setPrefSize(48, 48);
        Label loadingText = new Label();
        loadingText.getStyleClass().add(ExplorerStyles.STATE_TEXT);
        loadingText
                .textProperty()
                .bind(Bindings.createStringBinding(
                        () -> text.now("explorer.loading")
                                + (vm.titleProperty().get() == null
                                        ? ""
                                        : "\n"
                                                + text.messages()
                                                        .text(vm.titleProperty().get())),
                        vm.titleProperty(),
                        text.language()));
        VBox loading = new VBox(16, spinner, loadingText);
        loading.setId("explorer-loading");
        loading.getStyleClass().addAll(STATE_CARD);
        loading.setAlignment(Pos.CENTER);
        // a reload that takes less than a moment (a reset, a small stream) keeps the old picture on screen
        // instead of flashing a spinner; a longer one shows the spinner over a blank area
        PauseTransition patience = new PauseTransition(Duration.millis(LOADING_PATIENCE_MILLIS));
        patience.setOnFinished(e -> loading.setVisible(vm.phaseProperty().get() == ExplorerViewModel.Phase.LOADING));
        loading.setVisible(false);
        vm.phaseProperty().addListener((obs, was, now) -> {
            if (now == ExplorerViewModel.Phase.LOADING) {
                patience.playFromStart();
            } else {
                patience.stop();
                loading.setVisible(false);
            }
        });
        loading.setMaxSize(Region.USE_PREF_SIZE, Region.USE_PREF_SIZE);

        Label failedTitle = text.label(
                new Label(null, new FontIcon(MaterialDesignA.ALERT_CIRCLE_OUTLINE)), "explorer.failed.title");
        failedTitle.getStyleClass().add(STATE_TITLE);
        Label failedText = new Label();
        failedText.setId("explorer-load-error");
        failedText.getStyleClass().add(ExplorerStyles.STATE_TEXT);
        failedText.setWrapText(true);
        failedText.textProperty().bind(text.text(vm.loadErrorProperty()));
        Label failedHint = text.label(new Label(), "explorer.failed.hint");
        failedHint.getStyleClass().add(STATE_HINT);
        VBox failed = new VBox(12, failedTitle, failedText, failedHint);
        failed.setId("explorer-failed");
        failed.getStyleClass().addAll(STATE_CARD, FAILED);
        failed.setMaxSize(560, Region.USE_PREF_SIZE);
        failed.visibleProperty().bind(vm.phaseProperty().isEqualTo(ExplorerViewModel.Phase.FAILED));

        content.visibleProperty()
                .bind(vm.phaseProperty()
                        .isEqualTo(ExplorerViewModel.Phase.READY)
                        .or(vm.phaseProperty()
                                .isEqualTo(ExplorerViewModel.Phase.LOADING)
                                .and(loading.visibleProperty().not())
                                .and(vm.numberLine().pictureProperty().isNotNull())));
        StackPane layer = new StackPane(content, loading, failed);
        layer.getStyleClass().add(STATE_LAYER);
        return layer;
    }

    // ---- keyboard and menus ---------------------------------------------------------------------------

    private void installKeys() {
        PlaybackKeys.install(root, vm.playback(), e -> {});
    }

    /** The explorer's menus, for the window's menu bar: see {@link ExplorerMenus}. */
    public List<Menu> menus() {
        return new ExplorerMenus(vm, text, () -> this).menus();
    }

    /** Takes the keyboard to the setup row's shard key (Simulation → Edit shard key). */
    void focusKey() {
        setup.focusKey();
    }

    /** Takes the keyboard to the side panel's query filter (Edit → Query). */
    void focusFilter() {
        side.focusFilter();
    }

    /** Asks the teacher before a class may join from its laptops (Simulation → Accept students…). */
    void askToAcceptClass() {
        connectionsBar.askToAcceptClass();
    }
}
