package io.shardlab.ui.console;

import io.shardlab.text.Language;
import io.shardlab.ui.text.UiText;
import io.shardlab.ui.theme.Appearance;
import java.util.List;
import java.util.function.Consumer;
import javafx.animation.Animation;
import javafx.animation.KeyFrame;
import javafx.animation.Timeline;
import javafx.application.Platform;
import javafx.beans.binding.Bindings;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.value.ObservableBooleanValue;
import javafx.collections.ListChangeListener;
import javafx.geometry.Bounds;
import javafx.geometry.Dimension2D;
import javafx.geometry.Orientation;
import javafx.geometry.Pos;
import javafx.geometry.Rectangle2D;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.CheckMenuItem;
import javafx.scene.control.ContextMenu;
import javafx.scene.control.CustomMenuItem;
import javafx.scene.control.Label;
import javafx.scene.control.MenuItem;
import javafx.scene.control.ProgressIndicator;
import javafx.scene.control.SplitPane;
import javafx.scene.control.TextArea;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyCodeCombination;
import javafx.scene.input.KeyCombination;
import javafx.scene.input.KeyEvent;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;
import javafx.stage.PopupWindow;
import javafx.stage.Screen;
import javafx.stage.Stage;
import javafx.util.Duration;

/**
 * The Shell panel: a transcript above an input line with mongosh's prompt, a Clear and an Interrupt
 * button. Builds nodes and binds them to {@link ConsoleViewModel}; the keys map to its verbs (Enter,
 * Tab, ↑/↓, Ctrl+C, Ctrl+L). {@link #dockUnder} places it under the explorer, shown and hidden by
 * View → Shell.
 */
public final class ConsoleView {

    // style classes of its nodes, as its stylesheet names them
    private static final String CONSOLE_COMPLETIONS = "console-completions";
    private static final String CONSOLE_DOCK = "console-dock";
    private static final String CONSOLE_HEADER = "console-header";
    private static final String CONSOLE_BUSY = "console-busy";
    private static final String CONSOLE_HINT = "console-hint";
    private static final String CONSOLE_INPUT = "console-input";
    private static final String CONSOLE_LINE = "console-line";
    private static final String CONSOLE_PANEL = "console-panel";
    private static final String CONSOLE_PROMPT = "console-prompt";
    private static final String CONSOLE_TITLE = "console-title";
    private static final String CONSOLE_TRANSCRIPT = "console-transcript";

    /** The panel's own stylesheet. */
    static final String STYLESHEET = Appearance.featureStylesheet(ConsoleView.class, "console.css");

    /** View → Shell. */
    public static final KeyCombination SHELL_KEYS =
            new KeyCodeCombination(KeyCode.S, KeyCombination.SHORTCUT_DOWN, KeyCombination.SHIFT_DOWN);
    /** The explorer's share of the height while the panel shows. */
    static final double DIVIDER = 0.66;

    private static final KeyCombination INTERRUPT = new KeyCodeCombination(KeyCode.C, KeyCombination.CONTROL_DOWN);
    private static final KeyCombination CLEAR = new KeyCodeCombination(KeyCode.L, KeyCombination.CONTROL_DOWN);

    private final ConsoleViewModel vm;
    private final VBox root = new VBox();
    private final TextArea transcript = new TextArea();
    private final TextArea input = new TextArea();
    private final CheckMenuItem toggle = new CheckMenuItem();
    /** Tab's candidates when there are several; arrow keys and Enter pick one, Escape closes it. */
    private final ContextMenu completions = new ContextMenu();

    private final UiText text;

    /** In English (tests). */
    public ConsoleView(ConsoleViewModel vm) {
        this(new UiText(Language.ENGLISH), vm);
    }

    /** @param text the window's words, followed as the language changes */
    public ConsoleView(UiText text, ConsoleViewModel vm) {
        this.text = text;
        this.vm = vm;
        text.label(toggle, "console.menu");
        build();
    }

    /**
     * While an input runs: a spinner and how long it has run ("running 12 s"), so that a long command (a split
     * loop, a reshard with the balancer playing) shows it is at work; sized in em, so presenter mode enlarges it.
     */
    private Node runningIndicator() {
        ProgressIndicator spinner = new ProgressIndicator(ProgressIndicator.INDETERMINATE_PROGRESS);
        spinner.getStyleClass().add(CONSOLE_BUSY);
        Label elapsed = new Label();
        elapsed.setId("console-running");
        elapsed.getStyleClass().add(CONSOLE_HINT);
        HBox indicator = new HBox(4, spinner, elapsed);
        indicator.setAlignment(Pos.CENTER_LEFT);
        indicator.visibleProperty().bind(vm.runningProperty());
        indicator.managedProperty().bind(vm.runningProperty());
        long[] startedAt = {0};
        Timeline ticks = new Timeline(new KeyFrame(
                Duration.seconds(1),
                e -> elapsed.setText(
                        text.now("console.runningFor", Math.round((System.nanoTime() - startedAt[0]) / 1e9)))));
        ticks.setCycleCount(Animation.INDEFINITE);
        vm.runningProperty().addListener((obs, was, now) -> {
            if (now) {
                startedAt[0] = System.nanoTime();
                elapsed.setText(text.now("console.running"));
                ticks.playFromStart();
            } else {
                ticks.stop();
            }
        });
        return indicator;
    }

    private void build() {
        root.getStyleClass().add(CONSOLE_PANEL);
        root.getStylesheets().add(STYLESHEET);
        root.setId("console-panel");

        Label title = text.label(new Label(), "console.title");
        title.getStyleClass().add(CONSOLE_TITLE);
        Label hint = text.label(new Label(), "console.hint");
        hint.getStyleClass().add(CONSOLE_HINT);
        hint.setMinWidth(0);
        Region gap = new Region();
        HBox.setHgrow(gap, Priority.ALWAYS);
        Button interrupt = text.label(new Button(), "console.interrupt");
        interrupt.setId("console-interrupt");
        interrupt.disableProperty().bind(vm.runningProperty().not());
        interrupt.setOnAction(e -> vm.interrupt());
        Button clear = text.label(new Button(), "console.clear");
        clear.setId("console-clear");
        clear.setOnAction(e -> vm.clear());
        // a lesson's step says how far it has got, beside the Interrupt that stops it
        Label stepProgress = new Label();
        stepProgress.setId("console-step-progress");
        stepProgress.getStyleClass().add(CONSOLE_HINT);
        stepProgress
                .textProperty()
                .bind(Bindings.createStringBinding(
                        () -> vm.stepProgressProperty().get() == null
                                ? ""
                                : text.messages().text(vm.stepProgressProperty().get()),
                        vm.stepProgressProperty(),
                        text.language()));
        stepProgress.visibleProperty().bind(vm.stepProgressProperty().isNotNull());
        stepProgress.managedProperty().bind(stepProgress.visibleProperty());
        stepProgress.setMinWidth(Region.USE_PREF_SIZE);
        HBox header = new HBox(8, title, hint, gap, stepProgress, runningIndicator(), interrupt, clear);
        header.getStyleClass().add(CONSOLE_HEADER);
        header.setAlignment(Pos.CENTER_LEFT);

        transcript.setId("console-transcript");
        transcript.getStyleClass().add(CONSOLE_TRANSCRIPT);
        transcript.setEditable(false);
        transcript.setWrapText(false);
        VBox.setVgrow(transcript, Priority.ALWAYS);
        vm.transcript().addListener((ListChangeListener<ConsoleViewModel.Entry>) this::showChanges);

        Label prompt = new Label();
        prompt.getStyleClass().add(CONSOLE_PROMPT);
        prompt.textProperty().bind(vm.promptProperty());
        prompt.setMinWidth(Region.USE_PREF_SIZE);
        input.setId("console-input");
        input.getStyleClass().add(CONSOLE_INPUT);
        input.setPrefRowCount(1);
        // the transcript gives way when a pasted input grows; the input keeps every row it asks for
        input.setMinHeight(Region.USE_PREF_SIZE);
        input.setWrapText(false);
        input.textProperty().bindBidirectional(vm.inputProperty());
        // a pasted or continued input grows the field up to a few lines
        input.textProperty()
                .addListener((obs, was, now) -> input.setPrefRowCount(Math.min(
                        6, 1 + (int) now.chars().filter(c -> c == '\n').count())));
        vm.caretProperty().addListener((obs, was, now) -> {
            if (now.intValue() >= 0) {
                input.positionCaret(Math.min(now.intValue(), input.getLength()));
            }
        });
        input.addEventFilter(KeyEvent.KEY_PRESSED, this::inputKey);
        completions.getStyleClass().add(CONSOLE_COMPLETIONS);
        completions.setAnchorLocation(PopupWindow.AnchorLocation.CONTENT_BOTTOM_LEFT);
        vm.completionChoices().addListener((ListChangeListener<String>) change -> showChoices());
        HBox.setHgrow(input, Priority.ALWAYS);
        HBox line = new HBox(4, prompt, input);
        line.getStyleClass().add(CONSOLE_LINE);
        line.setAlignment(Pos.TOP_LEFT);

        root.getChildren().addAll(header, transcript, line);
        // Ctrl+C and Ctrl+L anywhere in the panel, before the text fields' own copy and the window's shortcuts
        root.addEventFilter(KeyEvent.KEY_PRESSED, e -> {
            if (INTERRUPT.match(e)
                    && (vm.runningProperty().get() || selection(e).isEmpty())) {
                vm.interrupt();
                e.consume();
            } else if (CLEAR.match(e)) {
                vm.clear();
                e.consume();
            }
        });

        toggle.setId("menu-shell");
        toggle.setAccelerator(SHELL_KEYS);
    }

    private void showChoices() {
        List<String> names = vm.completionChoices();
        if (names.isEmpty()) {
            completions.hide();
            return;
        }
        completions
                .getItems()
                .setAll(names.stream()
                        .limit(MAX_CHOICES_SHOWN)
                        .map(name -> {
                            // a label in the input's own font: the popup is a window of its own, outside presenter
                            // mode's rules
                            Label text = new Label(name);
                            text.fontProperty().bind(input.fontProperty());
                            CustomMenuItem item = new CustomMenuItem(text);
                            item.setOnAction(e -> vm.chooseCompletion(name));
                            return (MenuItem) item;
                        })
                        .toList());
        if (!completions.isShowing()
                && input.getScene() != null
                && input.getScene().getWindow() != null
                && input.getScene().getWindow().isShowing()) {
            // above the input (the panel sits at the bottom of the window), anchored by its bottom edge: its
            // height is not known before it first shows
            Bounds field = input.localToScreen(input.getBoundsInLocal());
            completions.show(input, field.getMinX(), field.getMinY());
        }
    }

    /** Candidates the popup lists; the transcript lists them all, as mongosh does. */
    static final int MAX_CHOICES_SHOWN = 40;

    private static String selection(KeyEvent e) {
        return e.getTarget() instanceof TextArea area ? area.getSelectedText() : "";
    }

    private void inputKey(KeyEvent e) {
        KeyCode code = e.getCode();
        boolean plain = !e.isShortcutDown() && !e.isAltDown();
        if (code == KeyCode.ENTER && plain) {
            e.consume();
            if (e.isShiftDown() || !vm.submit()) {
                input.insertText(input.getCaretPosition(), "\n");
            }
        } else if (code == KeyCode.TAB && plain && !e.isShiftDown()) {
            e.consume();
            vm.complete(input.getCaretPosition());
        } else if (code == KeyCode.UP
                && plain
                && !input.getText(0, input.getCaretPosition()).contains("\n")) {
            e.consume();
            vm.historyUp();
        } else if (code == KeyCode.DOWN
                && plain
                && !input.getText(input.getCaretPosition(), input.getLength()).contains("\n")) {
            e.consume();
            vm.historyDown();
        }
    }

    private void showChanges(ListChangeListener.Change<? extends ConsoleViewModel.Entry> change) {
        boolean onlyAdded = true;
        StringBuilder added = new StringBuilder();
        while (change.next()) {
            if (change.wasRemoved() || change.wasReplaced() || change.wasPermutated()) {
                onlyAdded = false;
            }
            if (change.wasAdded()) {
                for (ConsoleViewModel.Entry entry : change.getAddedSubList()) {
                    added.append(entry.text()).append('\n');
                }
            }
        }
        if (onlyAdded) {
            transcript.appendText(added.toString());
        } else {
            StringBuilder all = new StringBuilder();
            for (ConsoleViewModel.Entry entry : vm.transcript()) {
                all.append(entry.text()).append('\n');
            }
            transcript.setText(all.toString());
            transcript.positionCaret(transcript.getLength());
        }
        transcript.setScrollTop(Double.MAX_VALUE);
    }

    /** The panel. */
    public Node node() {
        return root;
    }

    /** View → Shell (its accelerator {@link #SHELL_KEYS}): shows and hides the panel placed by {@link #dockUnder}. */
    public CheckMenuItem menuItem() {
        return toggle;
    }

    /**
     * {@code above} (the explorer) with the panel under it while View → Shell is ticked; the divider
     * between them can be dragged. Showing the panel puts the caret in its input.
     */
    public Node dockUnder(Node above) {
        return dockUnder(above, new SimpleBooleanProperty(false), window -> {});
    }

    /**
     * As {@link #dockUnder(Node)}, except in presenter mode: the panel then shows in a window of its own (for the
     * presenter's screen, or beside the projected window), so that the explorer keeps a projector's whole height
     * for the number line, the lanes and the charts. Closing that window unticks View → Shell.
     *
     * @param presenter whether the main window is in presenter mode
     * @param styleWindow styles the panel's own window's root as the main window's (theme, palette, presenter type)
     */
    public Node dockUnder(Node above, ObservableBooleanValue presenter, Consumer<Parent> styleWindow) {
        SplitPane split = new SplitPane(above);
        split.setOrientation(Orientation.VERTICAL);
        split.getStyleClass().add(CONSOLE_DOCK);
        // a short window squeezes the explorer under the panel, never over the menu bar above the split
        split.setMinHeight(0);
        SplitPane.setResizableWithParent(root, false);
        Runnable place = () -> {
            boolean on = toggle.isSelected();
            boolean apart = on && presenter.get();
            List<Node> items = split.getItems();
            if (on && !apart) {
                if (window != null) {
                    window.hide();
                    windowRoot.getChildren().clear();
                }
                if (!items.contains(root)) {
                    items.add(root);
                    split.setDividerPositions(DIVIDER);
                }
            } else {
                items.remove(root);
            }
            docked.set(on && !apart);
            // in its own window the transcript wraps: in presenter type a long line (a host, a filter) would
            // otherwise scroll sideways, out of the audience's sight; docked it keeps mongosh's lines as printed
            transcript.setWrapText(apart);
            if (apart) {
                showInWindow(split, styleWindow);
            } else if (window != null) {
                window.hide();
            }
            if (on) {
                vm.prepare(); // the JavaScript engine starts while the user reads the prompt
                input.requestFocus();
            }
        };
        toggle.selectedProperty().addListener((obs, was, on) -> place.run());
        presenter.addListener((obs, was, on) -> place.run());
        // the panel keeps its height while the window grows, but a shrinking window does not leave it more than
        // its first share: the explorer above must keep its number line, lanes and the charts' top
        // (after the split's own layout, which keeps the panel's height as it was)
        split.heightProperty().addListener((obs, was, now) -> {
            if (now.doubleValue() < was.doubleValue()) {
                Platform.runLater(() -> {
                    double[] dividers = split.getDividerPositions();
                    if (dividers.length == 1 && dividers[0] < DIVIDER) {
                        split.setDividerPositions(DIVIDER);
                    }
                });
            }
        });
        return split;
    }

    private final ReadOnlyBooleanWrapper docked = new ReadOnlyBooleanWrapper(this, "docked", false);

    /**
     * Whether the panel shows docked under the node {@link #dockUnder} was given, sharing the window's height with
     * it (not while hidden, nor while presenter mode shows it in a window of its own).
     */
    public ReadOnlyBooleanProperty dockedProperty() {
        return docked.getReadOnlyProperty();
    }

    /** The panel's own window (presenter mode), made on first use, owned by the main window. */
    private Stage window;

    private final StackPane windowRoot = new StackPane();

    private void showInWindow(Node owner, Consumer<Parent> styleWindow) {
        if (window == null) {
            window = new Stage();
            window.titleProperty().bind(text.text("console.window"));
            if (owner.getScene() != null && owner.getScene().getWindow() != null) {
                window.initOwner(owner.getScene().getWindow());
            }
            window.setScene(new Scene(windowRoot, WINDOW_WIDTH, WINDOW_HEIGHT));
            styleWindow.accept(windowRoot);
            window.setOnCloseRequest(e -> toggle.setSelected(false));
            window.setMinWidth(WINDOW_MIN_WIDTH);
            window.setMinHeight(WINDOW_MIN_HEIGHT);
            // a window manager may open an owned window far smaller than its scene (openbox: about 200 × 220, the
            // panel cut to "Shell … ardLab"): its size is set, within the screen it opens on
            Bounds at = owner.localToScreen(owner.getBoundsInLocal());
            Screen on = at == null
                    ? Screen.getPrimary()
                    : Screen.getScreensForRectangle(
                                    at.getMinX(), at.getMinY(), Math.max(1, at.getWidth()), Math.max(1, at.getHeight()))
                            .stream()
                            .findFirst()
                            .orElse(Screen.getPrimary());
            Rectangle2D screen = on.getVisualBounds();
            Dimension2D size = firstSize(screen.getWidth(), screen.getHeight());
            // at the foot of that screen, centred across it: the number line and the lanes at the top stay in the
            // audience's sight, and the title bar stays on the screen (openbox put it above the top edge)
            double x = screen.getMinX() + (screen.getWidth() - size.getWidth()) / 2;
            double y = screen.getMaxY() - size.getHeight();
            window.setWidth(size.getWidth());
            window.setHeight(size.getHeight());
            window.setX(x);
            window.setY(y);
            // openbox keeps the size and place a window had when it was mapped only if they are set again once shown
            window.setOnShown(e -> {
                window.setWidth(size.getWidth());
                window.setHeight(size.getHeight());
                window.setX(x);
                window.setY(y);
                window.setOnShown(null);
            });
        }
        if (!windowRoot.getChildren().contains(root)) {
            windowRoot.getChildren().setAll(root);
        }
        window.show();
        window.toFront();
    }

    /**
     * The panel's own window's first size on a screen of {@code screenWidth × screenHeight} (its visual bounds):
     * {@link #WINDOW_WIDTH} × {@link #WINDOW_HEIGHT}, no wider than nine tenths of the screen and no taller than
     * {@link #SCREEN_SHARE} of it (on a 1280 × 720 projector the number line and the lanes above it stay in sight),
     * no smaller than the window's minimum.
     */
    static Dimension2D firstSize(double screenWidth, double screenHeight) {
        double width = Math.max(WINDOW_MIN_WIDTH, Math.min(WINDOW_WIDTH, 0.9 * screenWidth));
        double height = Math.max(WINDOW_MIN_HEIGHT, Math.min(WINDOW_HEIGHT, SCREEN_SHARE * screenHeight));
        return new Dimension2D(width, height);
    }

    /** The panel's own window's first size (presenter mode). */
    static final double WINDOW_WIDTH = 960;

    static final double WINDOW_HEIGHT = 480;

    /** The most of the screen's height the panel's own window takes at first: the explorer keeps the rest. */
    static final double SCREEN_SHARE = 0.45;

    /** The smallest the panel's own window can be made: the input line, a few transcript lines and the hint. */
    static final double WINDOW_MIN_WIDTH = 480;

    static final double WINDOW_MIN_HEIGHT = 240;

    /** The panel's own window while presenter mode shows it there, for tests; null before. */
    Stage window() {
        return window;
    }

    /** Shows the panel (a lesson's "Run in shell" does before it types). */
    public void show() {
        toggle.setSelected(true);
    }
}
