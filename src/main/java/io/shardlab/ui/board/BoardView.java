package io.shardlab.ui.board;

import io.shardlab.exercise.Exercise;
import io.shardlab.text.Language;
import io.shardlab.ui.text.UiText;
import io.shardlab.ui.theme.Appearance;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Supplier;
import javafx.beans.binding.Bindings;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.value.ObservableBooleanValue;
import javafx.collections.ListChangeListener;
import javafx.geometry.Pos;
import javafx.scene.Parent;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ToggleButton;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;
import javafx.util.StringConverter;

/**
 * The class board's window content: the exercise picker, the count of students who pass, page controls and the
 * export above a grid of {@link TileView}s, one page of the board's tiles at a time. The grid holds as many tiles as
 * fit at the tile's smallest legible size, larger in presenter mode, so forty students read from the back of a room
 * a page at a time (pages turn by themselves with Cycle pages).
 */
public final class BoardView {

    // style classes of its nodes, as board.css names them
    private static final String CLASS_BOARD = "class-board";
    private static final String BOARD_BAR = "board-bar";
    private static final String BOARD_GOAL = "board-goal";
    private static final String BOARD_GOAL_ROW = "board-goal-row";
    private static final String BOARD_SCRIPT = "board-script";
    private static final String BOARD_SUMMARY = "board-summary";
    private static final String BOARD_EMPTY = "board-empty";
    private static final String BOARD_MESSAGE = "board-message";
    private static final String BOARD_GRID = "board-grid";

    /** The smallest tile, in logical pixels, with normal type and in presenter mode. */
    static final double TILE_WIDTH = 300;

    static final double TILE_HEIGHT = 250;
    static final double PRESENTER_TILE_WIDTH = 400;
    // two rows of three on a 1280 × 720 projector with the board's window maximised under a window manager: its
    // scene is 701 px high under openbox's title bar, and with the chosen exercise's goal above it (up to three lines
    // at presenter size, the bundled exercises' longest) the tiles' centre is 514 px, so a row may take
    // (514 − GAP) / 2 = 252 px. A tile's picture keeps its writes chart in that height: its type gives way from
    // presenter mode's scale as far as needed (TileView, BoardViewTest)
    static final double PRESENTER_TILE_HEIGHT = 250;
    static final double GAP = 10;

    private final UiText text;
    private final BoardViewModel vm;
    private final ObservableBooleanValue dark;
    private final Function<String, Optional<Path>> chooseTarget;
    private final Consumer<String> copy;
    private final Supplier<Optional<Path>> chooseExercises;
    private final List<TileView> slots = new ArrayList<>();
    private final GridPane grid = new GridPane();
    private BorderPane root;

    /**
     * @param dark whether the dark theme shows (the tiles' colours)
     * @param chooseTarget asks where to save the results, given a file name; empty when the teacher cancels
     * @param copy puts a text on the clipboard (the chosen exercise's setup script, which students run first)
     */
    public BoardView(
            BoardViewModel vm,
            ObservableBooleanValue dark,
            Function<String, Optional<Path>> chooseTarget,
            Consumer<String> copy) {
        this(new UiText(Language.ENGLISH), vm, dark, chooseTarget, copy, Optional::empty);
    }

    /**
     * @param text the window's words, followed as the language changes
     * @param chooseExercises asks which exercise file to open; empty when the teacher cancels
     */
    public BoardView(
            UiText text,
            BoardViewModel vm,
            ObservableBooleanValue dark,
            Function<String, Optional<Path>> chooseTarget,
            Consumer<String> copy,
            Supplier<Optional<Path>> chooseExercises) {
        this.text = text;
        this.chooseExercises = chooseExercises;
        this.vm = vm;
        this.dark = dark;
        this.chooseTarget = chooseTarget;
        this.copy = copy;
    }

    /** Builds the content and binds it. */
    public Parent build() {
        root = new BorderPane();
        root.getStyleClass().add(CLASS_BOARD);
        root.getStylesheets().add(Appearance.featureStylesheet(BoardView.class, "board.css"));
        root.setTop(new VBox(bar(), goal()));
        grid.getStyleClass().add(BOARD_GRID);
        grid.setHgap(GAP);
        grid.setVgap(GAP);
        Label empty = text.label(new Label(), "board.empty");
        empty.getStyleClass().add(BOARD_EMPTY);
        empty.setWrapText(true);
        empty.visibleProperty().bind(vm.emptyProperty());
        StackPane centre = new StackPane(grid, empty);
        centre.setAlignment(Pos.TOP_LEFT);
        // the tiles' fixed sizes must not hold the centre at its last height: the goal's row appearing above
        // shrinks it, and the grid is laid out again for the height left
        grid.setMinSize(0, 0);
        centre.setMinSize(0, 0);
        StackPane.setAlignment(empty, Pos.CENTER);
        root.setCenter(centre);
        Label message = new Label();
        message.getStyleClass().add(BOARD_MESSAGE);
        message.textProperty().bind(text.text(vm.exportMessageProperty()));
        root.setBottom(message);
        centre.widthProperty().addListener((obs, was, now) -> layOutGrid(centre));
        centre.heightProperty().addListener((obs, was, now) -> layOutGrid(centre));
        // presenter mode changes the tile's smallest size: the grid is laid out again
        root.getStyleClass().addListener((ListChangeListener<String>) change -> layOutGrid(centre));
        vm.pageTiles().addListener((ListChangeListener<BoardTile>) change -> showTiles());
        dark.addListener((obs, was, now) -> slots.forEach(TileView::repaint));
        // the tiles' words are said as they are shown: a new language shows them again
        text.language().addListener((obs, was, now) -> showTiles());
        return root;
    }

    private HBox bar() {
        Label exerciseLabel = text.label(new Label(), "board.exercise");
        ComboBox<Exercise> exercises = new ComboBox<>();
        exercises.setId("board-exercise");
        exercises.getItems().add(null);
        exercises.getItems().addAll(vm.exercises());
        StringConverter<Exercise> names = new StringConverter<>() {
            @Override
            public String toString(Exercise e) {
                return e == null ? text.now("board.noExercise") : e.title();
            }

            @Override
            public Exercise fromString(String text) {
                return null;
            }
        };
        exercises.setConverter(names);
        exercises.setButtonCell(cell(names));
        exercises.setCellFactory(list -> cell(names));
        exercises.valueProperty().bindBidirectional(vm.exerciseProperty());
        // the teacher's own exercises join the picker as they are opened, and all are said anew in another language
        vm.exercises().addListener((ListChangeListener<Exercise>) change -> {
            List<Exercise> items = new ArrayList<>();
            items.add(null);
            items.addAll(vm.exercises());
            exercises.getItems().setAll(items);
            exercises.setValue(vm.exerciseProperty().get());
        });
        Button open = text.label(new Button(), "board.open");
        open.setId("board-open");
        open.setOnAction(e -> chooseExercises.get().ifPresent(vm::openExercises));
        Label summary = new Label();
        summary.setId("board-summary");
        summary.getStyleClass().add(BOARD_SUMMARY);
        summary.textProperty().bind(text.text(vm.summaryProperty()));
        Region spacer = new Region();
        HBox.setHgrow(spacer, Priority.ALWAYS);
        ToggleButton cycle = text.label(new ToggleButton(), "board.cycle");
        cycle.setId("board-cycle");
        cycle.selectedProperty().bindBidirectional(vm.cyclePagesProperty());
        Button previous = new Button("◀");
        previous.setId("board-previous");
        previous.setOnAction(e -> vm.previousPage());
        Button next = new Button("▶");
        next.setId("board-next");
        next.setOnAction(e -> vm.nextPage());
        previous.disableProperty().bind(vm.pagesProperty().lessThan(2));
        next.disableProperty().bind(vm.pagesProperty().lessThan(2));
        Label page = new Label();
        page.setId("board-page");
        page.textProperty()
                .bind(Bindings.createStringBinding(
                        () -> text.messages()
                                .text(
                                        "board.page",
                                        vm.pageProperty().get() + 1,
                                        vm.pagesProperty().get()),
                        vm.pageProperty(),
                        vm.pagesProperty(),
                        text.language()));
        Button export = text.label(new Button(), "board.export");
        export.setId("board-export");
        export.setOnAction(
                e -> chooseTarget.apply("exercise-results.csv").ifPresent(file -> vm.export(file, text.messages())));
        HBox bar = new HBox(exerciseLabel, exercises, open, summary, spacer, cycle, previous, page, next, export);
        bar.getStyleClass().add(BOARD_BAR);
        bar.setAlignment(Pos.CENTER_LEFT);
        return bar;
    }

    private static ListCell<Exercise> cell(StringConverter<Exercise> names) {
        return new ListCell<>() {
            @Override
            protected void updateItem(Exercise item, boolean isEmpty) {
                super.updateItem(item, isEmpty);
                setText(isEmpty ? null : names.toString(item));
            }
        };
    }

    /**
     * The chosen exercise's goal, and for one with data to work on, its setup script to copy: students run it in
     * their own database before they start (the teacher pastes it where the class reads it).
     */
    private HBox goal() {
        Label goal = new Label();
        goal.setId("board-goal");
        goal.getStyleClass().add(BOARD_GOAL);
        goal.setWrapText(true);
        goal.textProperty()
                .bind(Bindings.createStringBinding(
                        () -> vm.exerciseProperty().get() == null
                                ? ""
                                : vm.exerciseProperty().get().goal(),
                        vm.exerciseProperty()));
        BooleanProperty copied = new SimpleBooleanProperty();
        Button setup = new Button();
        setup.textProperty()
                .bind(Bindings.createStringBinding(
                        () -> text.messages().text(copied.get() ? "board.setupCopied" : "board.copySetup"),
                        copied,
                        text.language()));
        setup.setId("board-copy-setup");
        text.tip(setup, () -> {
            Tooltip script = new Tooltip();
            script.getStyleClass().add(BOARD_SCRIPT);
            script.textProperty()
                    .bind(Bindings.createStringBinding(
                            () -> vm.exerciseProperty().get() == null
                                    ? ""
                                    : vm.exerciseProperty().get().setup().orElse(""),
                            vm.exerciseProperty()));
            return script;
        });
        setup.setOnAction(e -> {
            Exercise chosen = vm.exerciseProperty().get();
            if (chosen != null && chosen.setup().isPresent()) {
                copy.accept(chosen.setup().get());
                copied.set(true);
            }
        });
        vm.exerciseProperty().addListener((obs, was, now) -> {
            copied.set(false);
        });
        setup.visibleProperty()
                .bind(Bindings.createBooleanBinding(
                        () -> vm.exerciseProperty().get() != null
                                && vm.exerciseProperty().get().setup().isPresent(),
                        vm.exerciseProperty()));
        setup.managedProperty().bind(setup.visibleProperty());
        HBox.setHgrow(goal, Priority.ALWAYS);
        HBox row = new HBox(goal, setup);
        row.getStyleClass().add(BOARD_GOAL_ROW);
        row.setAlignment(Pos.TOP_LEFT);
        row.visibleProperty().bind(vm.exerciseProperty().isNotNull());
        row.managedProperty().bind(row.visibleProperty());
        return row;
    }

    /** As many tiles as fit at the smallest legible size: the grid's columns and rows, and the page's size. */
    private void layOutGrid(Region centre) {
        boolean presenter = root.getStyleClass().contains(Appearance.PRESENTER);
        double minWidth = presenter ? PRESENTER_TILE_WIDTH : TILE_WIDTH;
        double minHeight = presenter ? PRESENTER_TILE_HEIGHT : TILE_HEIGHT;
        int columns = Math.max(1, (int) ((centre.getWidth() + GAP) / (minWidth + GAP)));
        int rows = Math.max(1, (int) ((centre.getHeight() + GAP) / (minHeight + GAP)));
        double width = (centre.getWidth() - (columns - 1) * GAP) / columns;
        double height = (centre.getHeight() - (rows - 1) * GAP) / rows;
        if (slots.size() != columns * rows || grid.getColumnCount() != columns) {
            grid.getChildren().clear();
            slots.clear();
            for (int i = 0; i < columns * rows; i++) {
                TileView slot = new TileView(text, vm::open, dark);
                slots.add(slot);
                grid.add(slot.node(), i % columns, i / columns);
            }
        }
        slots.forEach(s -> s.size(width, height));
        vm.tilesPerPageProperty().set(columns * rows);
        showTiles();
    }

    /** The grid's slots, a page's worth (tests look at what they painted). */
    List<TileView> slots() {
        return List.copyOf(slots);
    }

    private void showTiles() {
        List<BoardTile> tiles = vm.pageTiles();
        for (int i = 0; i < slots.size(); i++) {
            slots.get(i).show(i < tiles.size() ? tiles.get(i) : null);
        }
    }
}
