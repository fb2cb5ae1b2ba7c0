package io.shardlab.ui.placement;

import io.shardlab.render.ChunkSizes;
import io.shardlab.render.DataSize;
import io.shardlab.render.DiagramData;
import io.shardlab.render.DiagramOptions;
import io.shardlab.render.DiagramPainter;
import io.shardlab.render.LayoutData;
import io.shardlab.render.PlacementBoard;
import io.shardlab.render.PlacementBoardPainter;
import io.shardlab.render.Scale;
import io.shardlab.render.ShardColorOrder;
import io.shardlab.render.ShardLanesPainter;
import io.shardlab.render.Theme;
import io.shardlab.render.View;
import io.shardlab.session.ClusterPlacement;
import io.shardlab.session.CollectionMove;
import io.shardlab.text.Message;
import io.shardlab.ui.explorer.diagram.RenderCanvas;
import io.shardlab.ui.text.UiText;
import io.shardlab.ui.theme.Appearance;
import java.awt.Graphics2D;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;
import javafx.animation.KeyFrame;
import javafx.animation.Timeline;
import javafx.beans.binding.Bindings;
import javafx.beans.value.ObservableBooleanValue;
import javafx.beans.value.ObservableValue;
import javafx.css.PseudoClass;
import javafx.geometry.Bounds;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.control.Button;
import javafx.scene.control.ContextMenu;
import javafx.scene.control.Label;
import javafx.scene.control.MenuItem;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.Spinner;
import javafx.scene.control.TextField;
import javafx.scene.input.MouseButton;
import javafx.scene.input.MouseEvent;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.util.Duration;

/**
 * The placement board on screen: one lane per shard (the config shard's marked, each naming the databases whose
 * primary it is) with the unsharded collections as tiles sized by their data, then each sharded collection as its key
 * line, painted by render's {@link DiagramPainter}. A tile dragged onto another lane is moved there; a move's phases
 * light up one after another under the command it ran.
 */
final class PlacementView {

    // style classes and ids of its nodes, as placement.css names them
    static final String LANE = "placement-lane";
    static final String TILE = "placement-tile";
    static final String KEY_LINE = "placement-key-line";
    static final String UNSHARD = "placement-unshard";
    static final String PHASE = "placement-phase";

    private static final PseudoClass DROP_TARGET = PseudoClass.getPseudoClass("drop-target");
    private static final PseudoClass RUNNING = PseudoClass.getPseudoClass("running");
    private static final PseudoClass DONE = PseudoClass.getPseudoClass("done");

    /** How long each phase of a move stays lit on screen (the move itself is done at once), in ms. */
    static final double PHASE_MILLIS = 450;

    private final UiText text;
    private final PlacementViewModel vm;
    private final ObservableBooleanValue dark;
    private final Consumer<PlacementBoard> export;
    /** The explorer's shard colours: a shard has the colour here it has on the explorer's lanes. */
    private final ObservableValue<ShardColorOrder> colors;

    private final VBox lanes = new VBox();
    private final VBox keyLines = new VBox();
    private final FlowPane phases = new FlowPane(6, 6);
    private final Label commands = new Label();
    private final List<HBox> laneNodes = new ArrayList<>();
    private Timeline phaseTimeline;

    /**
     * @param export opens the export dialog on the board's picture, as it shows now
     * @param colors the order in which the explorer's shards took their colours
     */
    PlacementView(
            UiText text,
            PlacementViewModel vm,
            ObservableBooleanValue dark,
            Consumer<PlacementBoard> export,
            ObservableValue<ShardColorOrder> colors) {
        this.text = text;
        this.vm = vm;
        this.dark = dark;
        this.export = export;
        this.colors = colors;
    }

    /** The explorer's colour order, with the shards of {@code p} it has not seen taking the next colours. */
    private ShardColorOrder colorsOf(ClusterPlacement p) {
        return colors.getValue()
                .joining(p.lanes().stream().map(ClusterPlacement.Lane::shard).toList());
    }

    Parent build() {
        Label note = new Label();
        note.setId("placement-note");
        note.setWrapText(true);
        note.textProperty().bind(text.text(vm.noteProperty()));
        commands.setId("placement-commands");
        commands.getStyleClass().add("placement-commands");
        commands.textProperty()
                .bind(Bindings.createStringBinding(
                        () -> String.join("\n", vm.commandsProperty().get()), vm.commandsProperty()));
        Button undo = text.label(new Button(), "placement.undo");
        undo.setId("placement-undo");
        undo.setOnAction(e -> vm.undo());
        undo.disableProperty().bind(vm.readOnlyProperty());
        Button redo = text.label(new Button(), "placement.redo");
        redo.setId("placement-redo");
        redo.setOnAction(e -> vm.redo());
        redo.disableProperty().bind(vm.readOnlyProperty());
        Button refresh = text.label(new Button(), "placement.refresh");
        refresh.setOnAction(e -> vm.refresh());
        Button exportButton = text.label(new Button(), "placement.export");
        exportButton.setId("placement-export");
        exportButton.setOnAction(e -> vm.placementProperty()
                .get()
                .ifPresent(p -> export.accept(p.board().withColors(colorsOf(p)))));
        exportButton
                .disableProperty()
                .bind(Bindings.createBooleanBinding(
                        () -> vm.placementProperty().get().isEmpty(), vm.placementProperty()));
        exportButton.setMinWidth(Region.USE_PREF_SIZE);
        Region spacer = new Region();
        HBox.setHgrow(spacer, Priority.ALWAYS);
        HBox bar = new HBox(8, note, spacer, capacity(), undo, redo, refresh, exportButton);
        bar.setAlignment(Pos.CENTER_LEFT);
        HBox.setHgrow(note, Priority.SOMETIMES);
        phases.setId("placement-phases");
        // the buttons keep their words; the note wraps beside them
        undo.setMinWidth(Region.USE_PREF_SIZE);
        refresh.setMinWidth(Region.USE_PREF_SIZE);
        redo.setMinWidth(Region.USE_PREF_SIZE);
        commands.setWrapText(true);
        VBox top = new VBox(6, bar, keyPrompt(), commands, phases);
        top.getStyleClass().add("placement-top");
        Label lanesTitle = text.label(new Label(), "placement.shards");
        lanesTitle.getStyleClass().add("placement-section");
        Label linesTitle = text.label(new Label(), "placement.sharded");
        linesTitle.getStyleClass().add("placement-section");
        lanes.setSpacing(6);
        keyLines.setSpacing(10);
        VBox content = new VBox(10, lanesTitle, lanes, linesTitle, keyLines);
        content.getStyleClass().add("placement-content");
        ScrollPane scroll = new ScrollPane(content);
        scroll.setFitToWidth(true);
        BorderPane root = new BorderPane(scroll);
        root.setTop(top);
        root.getStyleClass().add("placement-board");
        root.getStylesheets().add(Appearance.featureStylesheet(PlacementView.class, "placement.css"));
        vm.placementProperty().addListener((obs, was, now) -> show(now));
        vm.moveProperty().addListener((obs, was, now) -> showMove(now));
        text.language()
                .addListener((obs, was, now) -> show(vm.placementProperty().get()));
        dark.addListener((obs, was, now) -> show(vm.placementProperty().get()));
        show(vm.placementProperty().get());
        return root;
    }

    /**
     * The Shard and distribute prompt: the shard key in mongosh syntax, checked as the user types it, what is wrong
     * with it right under the field; shown while a collection is chosen.
     */
    private Node keyPrompt() {
        Label title = new Label();
        title.textProperty()
                .bind(text.text(Bindings.createObjectBinding(
                        () -> Message.of(
                                "placement.key.title",
                                vm.distributingProperty().get().orElse("")),
                        vm.distributingProperty())));
        TextField key = new TextField();
        key.setId("placement-key");
        key.textProperty().bindBidirectional(vm.keyTextProperty());
        key.setPrefColumnCount(18);
        key.setOnAction(e -> vm.confirmKey());
        Button run = text.label(new Button(), "placement.key.run");
        run.setId("placement-key-run");
        run.setDefaultButton(false);
        run.setOnAction(e -> vm.confirmKey());
        run.disableProperty()
                .bind(Bindings.createBooleanBinding(
                        () -> vm.keyProblemProperty().get().isPresent(), vm.keyProblemProperty()));
        run.setMinWidth(Region.USE_PREF_SIZE);
        Button cancel = text.label(new Button(), "placement.key.cancel");
        cancel.setId("placement-key-cancel");
        cancel.setOnAction(e -> vm.cancelKey());
        cancel.setMinWidth(Region.USE_PREF_SIZE);
        HBox row = new HBox(8, title, key, run, cancel);
        row.setAlignment(Pos.CENTER_LEFT);
        Label problem = new Label();
        problem.setId("placement-key-problem");
        problem.getStyleClass().add("placement-key-problem");
        problem.setWrapText(true);
        problem.textProperty()
                .bind(text.text(Bindings.createObjectBinding(
                        () -> vm.keyProblemProperty().get().orElse(Message.of("common.verbatim", "")),
                        vm.keyProblemProperty())));
        problem.visibleProperty()
                .bind(Bindings.createBooleanBinding(
                        () -> vm.keyProblemProperty().get().isPresent(), vm.keyProblemProperty()));
        problem.managedProperty().bind(problem.visibleProperty());
        VBox prompt = new VBox(4, row, problem);
        prompt.setId("placement-key-prompt");
        prompt.getStyleClass().add("placement-key-prompt");
        prompt.visibleProperty()
                .bind(Bindings.createBooleanBinding(
                        () -> vm.distributingProperty().get().isPresent(), vm.distributingProperty()));
        prompt.managedProperty().bind(prompt.visibleProperty());
        vm.distributingProperty().addListener((obs, was, now) -> {
            if (now.isPresent()) {
                key.requestFocus();
                key.selectAll();
            }
        });
        return prompt;
    }

    private void show(Optional<ClusterPlacement> shown) {
        lanes.getChildren().clear();
        keyLines.getChildren().clear();
        laneNodes.clear();
        if (shown.isEmpty()) {
            return;
        }
        ClusterPlacement p = shown.get();
        if (!p.movesCollections()) {
            Label older =
                    text.label(new Label(), "placement.before80", p.release().toString());
            older.setId("placement-before80");
            older.setWrapText(true);
            lanes.getChildren().add(older);
        }
        if (p.tiles().isEmpty() && p.changeable()) {
            Label none = text.label(new Label(), "placement.noUnsharded");
            none.setId("placement-no-unsharded");
            none.setWrapText(true);
            lanes.getChildren().add(none);
        }
        long largest =
                p.tiles().stream().mapToLong(ClusterPlacement.Tile::bytes).max().orElse(0);
        Theme theme = dark.get() ? Theme.dark() : Theme.light();
        ShardColorOrder order = colorsOf(p);
        for (ClusterPlacement.Lane lane : p.lanes()) {
            lanes.getChildren().add(lane(p, lane, theme.shardColor(order.colorOf(lane.shard())), largest));
        }
        for (ClusterPlacement.KeyLine line : p.keyLines()) {
            keyLines.getChildren().add(keyLine(line, p.changeable(), order));
        }
        if (p.keyLines().isEmpty()) {
            keyLines.getChildren().add(text.label(new Label(), "placement.noSharded"));
        }
    }

    /** The disk of every simulated shard, in MiB: what a move's free-space check measures against. */
    private HBox capacity() {
        Label label = text.label(new Label(), "placement.capacity");
        Spinner<Integer> spinner = new Spinner<>(
                1,
                PlacementViewModel.MAX_DISK_MEGABYTES,
                vm.shardCapacityMegabytesProperty().get(),
                256);
        spinner.setId("placement-capacity");
        spinner.setEditable(true);
        spinner.setPrefWidth(110);
        // the bar's note wraps instead: a squeezed spinner hid its value at 1280 px
        spinner.setMinWidth(Region.USE_PREF_SIZE);
        text.tip(spinner, "placement.capacity.tip");
        spinner.valueProperty().addListener((obs, was, now) -> {
            if (now != null) {
                vm.shardCapacityMegabytesProperty().set(now);
            }
        });
        vm.shardCapacityMegabytesProperty()
                .addListener((obs, was, now) -> spinner.getValueFactory().setValue(now.intValue()));
        spinner.disableProperty().bind(vm.readOnlyProperty());
        label.setMinWidth(Region.USE_PREF_SIZE);
        HBox box = new HBox(4, label, spinner);
        box.setAlignment(Pos.CENTER_LEFT);
        return box;
    }

    private HBox lane(ClusterPlacement p, ClusterPlacement.Lane lane, String color, long largest) {
        Label name = new Label(lane.shard());
        name.getStyleClass().add("placement-shard");
        name.setStyle("-fx-border-color: " + color + ";");
        VBox header = new VBox(2, name);
        if (lane.configShard()) {
            header.getChildren().add(badge("placement.configShard"));
        }
        if (lane.draining()) {
            // the words every DRAINING badge says: the explorer's lanes, this board's picture
            Label draining = new Label(ShardLanesPainter.drainingWords(text.messages(), lane.drainLeft()));
            draining.getStyleClass().add("placement-badge");
            draining.setWrapText(true);
            draining.setId("placement-draining-" + lane.shard());
            header.getChildren().add(draining);
        }
        List<String> primaryOf = p.primaryOf(lane.shard());
        if (!primaryOf.isEmpty()) {
            Label primary = new Label(text.now("placement.primaryOf", String.join(", ", primaryOf)));
            primary.getStyleClass().add("placement-primary");
            primary.setWrapText(true);
            header.getChildren().add(primary);
        }
        header.getChildren()
                .add(new Label(
                        lane.dataKnown() ? DataSize.format(lane.bytes()) : text.now("placement.lane.sizesUnknown")));
        if (lane.capacityKnown()) {
            Label free = new Label(text.now(
                    "placement.lane.free", DataSize.format(lane.freeBytes()), DataSize.format(lane.capacityBytes())));
            free.getStyleClass().add("placement-free");
            free.setWrapText(true);
            free.setId("placement-free-" + lane.shard());
            header.getChildren().add(free);
        }
        header.getStyleClass().add("placement-lane-header");
        header.setMinWidth(170);
        header.setPrefWidth(170);
        FlowPane tiles = new FlowPane(6, 6);
        for (ClusterPlacement.Tile t : p.tilesOn(lane.shard())) {
            tiles.getChildren().add(tile(t, color, largest, p.changeable()));
        }
        HBox.setHgrow(tiles, Priority.ALWAYS);
        HBox row = new HBox(10, header, tiles);
        row.getStyleClass().add(LANE);
        row.setId("placement-lane-" + lane.shard());
        row.setUserData(lane.shard());
        row.setMinHeight(64);
        laneNodes.add(row);
        return row;
    }

    private Label badge(String key) {
        Label badge = text.label(new Label(), key);
        badge.getStyleClass().add("placement-badge");
        return badge;
    }

    private Node tile(ClusterPlacement.Tile t, String color, long largest, boolean changeable) {
        Label tile = new Label(t.namespace() + "\n"
                + (t.bytes() == ClusterPlacement.UNKNOWN_BYTES
                        ? text.now("placement.tile.sizeUnknown")
                        : DataSize.format(t.bytes())));
        tile.getStyleClass().add(TILE);
        tile.setUserData(t.namespace());
        tile.setStyle("-fx-border-color: " + color + ";");
        tile.setPrefWidth(PlacementBoard.tileWidth(
                t.bytes(), largest, PlacementBoardPainter.MIN_TILE_WIDTH, PlacementBoardPainter.MAX_TILE_WIDTH));
        tile.setMinWidth(Region.USE_PREF_SIZE);
        if (!changeable) {
            // a recorded layout's tile only shows where the collection lives; the note says why it does not move
            return tile;
        }
        MenuItem distribute = text.label(new MenuItem(), "placement.shardAndDistribute");
        distribute.setOnAction(e -> vm.askKey(t.namespace()));
        tile.setContextMenu(new ContextMenu(distribute));
        double[] pressed = new double[2];
        tile.addEventHandler(MouseEvent.MOUSE_PRESSED, e -> {
            pressed[0] = e.getSceneX();
            pressed[1] = e.getSceneY();
        });
        tile.addEventHandler(MouseEvent.MOUSE_DRAGGED, e -> {
            if (e.getButton() != MouseButton.PRIMARY) {
                return;
            }
            tile.setTranslateX(e.getSceneX() - pressed[0]);
            tile.setTranslateY(e.getSceneY() - pressed[1]);
            laneNodes.forEach(
                    l -> l.pseudoClassStateChanged(DROP_TARGET, !l.getUserData().equals(t.shard()) && contains(l, e)));
        });
        tile.addEventHandler(MouseEvent.MOUSE_RELEASED, e -> {
            tile.setTranslateX(0);
            tile.setTranslateY(0);
            laneNodes.forEach(l -> l.pseudoClassStateChanged(DROP_TARGET, false));
            if (e.getButton() != MouseButton.PRIMARY) {
                return;
            }
            laneNodes.stream()
                    .filter(l -> contains(l, e))
                    .map(l -> (String) l.getUserData())
                    .filter(shard -> !shard.equals(t.shard()))
                    .findFirst()
                    .ifPresent(shard -> vm.moveCollection(t.namespace(), shard));
        });
        return tile;
    }

    private static boolean contains(Node lane, MouseEvent e) {
        Bounds b = lane.localToScene(lane.getBoundsInLocal());
        return b.contains(e.getSceneX(), e.getSceneY());
    }

    private Node keyLine(ClusterPlacement.KeyLine line, boolean changeable, ShardColorOrder order) {
        Label caption = new Label(line.namespace() + " · " + line.key()
                + (line.sizesKnown() ? " · " + DataSize.format(line.bytes()) : ""));
        caption.getStyleClass().add("placement-key-caption");
        Button unshard = text.label(new Button(), "placement.unshard");
        unshard.getStyleClass().add(UNSHARD);
        unshard.setUserData(line.namespace());
        unshard.setOnAction(e -> vm.unshard(line.namespace()));
        unshard.setDisable(!changeable);
        Region spacer = new Region();
        HBox.setHgrow(spacer, Priority.ALWAYS);
        HBox header = new HBox(8, caption, spacer, unshard);
        header.setAlignment(Pos.CENTER_LEFT);
        LayoutData layout = new LayoutData(
                        line.layout(),
                        line.sizesKnown() ? Optional.of(ChunkSizes.of(line.chunkStatistics())) : Optional.empty())
                .withColors(order);
        DiagramData data = new DiagramData(layout, Optional.empty(), Optional.empty(), Optional.empty());
        DiagramPainter.Parts parts = DiagramPainter.Parts.of(data, Scale.EQUAL);
        RenderCanvas canvas = new RenderCanvas((Graphics2D g, double w, double h, double density) -> {
            DiagramOptions options = DiagramOptions.defaults(View.LANES)
                    .withTheme(dark.get() ? Theme.dark() : Theme.light())
                    .withLanguage(text.language().get());
            try {
                new DiagramPainter(data, options, DiagramPainter.Framing.tile(0.45), parts).paint(g, w, h, density);
            } catch (IllegalArgumentException tooSmall) {
                // a window shrunk below the line's legible size: the caption still names the collection
            }
        });
        // the lanes' own height, and the number line's bar with its axis above them (the painter needs 147 px for three
        // shards; measured in a 1280 × 720 and a 1600 × 1000 window)
        canvas.setPrefHeight(
                ShardLanesPainter.height(line.layout().shardIds().size()) + PlacementBoardPainter.KEY_LINE_BAR);
        canvas.setMinHeight(Region.USE_PREF_SIZE);
        VBox box = new VBox(4, header, canvas);
        box.getStyleClass().add(KEY_LINE);
        box.setUserData(line.namespace());
        return box;
    }

    /** Lights a move's phases one after another; the write block says its two seconds. */
    private void showMove(Optional<CollectionMove> shown) {
        if (phaseTimeline != null) {
            phaseTimeline.stop();
        }
        phases.getChildren().clear();
        if (shown.isEmpty()) {
            return;
        }
        CollectionMove m = shown.get();
        List<Label> labels = new ArrayList<>();
        for (CollectionMove.Phase phase : m.phases()) {
            Label l = new Label(
                    switch (phase) {
                        case FREE_SPACE_CHECK ->
                            text.now(
                                    "placement.phase.freeSpace",
                                    m.toShard(),
                                    DataSize.format(m.destinationFreeBytes()),
                                    DataSize.format(m.requiredFreeBytes()));
                        case CLONE -> text.now("placement.phase.clone", DataSize.format(m.bytes()), m.fromShard());
                        case CATCH_UP -> text.now("placement.phase.catchUp");
                        case WRITE_BLOCK ->
                            text.now("placement.phase.writeBlock", CollectionMove.WRITE_BLOCK_MILLIS / 1000);
                        case COMMIT -> text.now("placement.phase.commit", CollectionMove.MINIMUM_MILLIS / 60_000);
                    });
            l.getStyleClass().add(PHASE);
            labels.add(l);
        }
        phases.getChildren().setAll(labels);
        phaseTimeline = new Timeline();
        for (int i = 0; i <= labels.size(); i++) {
            int lit = i;
            phaseTimeline.getKeyFrames().add(new KeyFrame(Duration.millis(PHASE_MILLIS * i), e -> {
                for (int j = 0; j < labels.size(); j++) {
                    labels.get(j).pseudoClassStateChanged(RUNNING, j == lit);
                    labels.get(j).pseudoClassStateChanged(DONE, j < lit);
                }
            }));
        }
        phaseTimeline.play();
    }
}
