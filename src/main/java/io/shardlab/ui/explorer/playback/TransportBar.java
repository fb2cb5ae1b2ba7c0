package io.shardlab.ui.explorer.playback;

import atlantafx.base.theme.Styles;
import io.shardlab.session.PlaybackSpeed;
import io.shardlab.text.Message;
import io.shardlab.ui.explorer.ExplorerStyles;
import io.shardlab.ui.explorer.history.HistoryViewModel;
import io.shardlab.ui.text.UiText;
import java.util.Locale;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.BooleanBinding;
import javafx.beans.value.ObservableBooleanValue;
import javafx.beans.value.ObservableStringValue;
import javafx.collections.FXCollections;
import javafx.css.PseudoClass;
import javafx.geometry.Orientation;
import javafx.geometry.Pos;
import javafx.geometry.VPos;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressBar;
import javafx.scene.control.Separator;
import javafx.scene.control.ToggleButton;
import javafx.scene.control.ToggleGroup;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Region;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;
import org.kordamp.ikonli.Ikon;
import org.kordamp.ikonli.javafx.FontIcon;
import org.kordamp.ikonli.materialdesign2.MaterialDesignA;
import org.kordamp.ikonli.materialdesign2.MaterialDesignD;
import org.kordamp.ikonli.materialdesign2.MaterialDesignP;
import org.kordamp.ikonli.materialdesign2.MaterialDesignR;
import org.kordamp.ikonli.materialdesign2.MaterialDesignS;
import org.kordamp.ikonli.materialdesign2.MaterialDesignT;
import org.kordamp.ikonli.materialdesign2.MaterialDesignU;
import org.kordamp.ikonli.materialdesign2.MaterialDesignV;

/**
 * The transport strip: play/pause, step, reset, speed, the stream's progress and clock, the running
 * counters, undo and redo.
 */
public final class TransportBar {

    // style classes of its nodes, as its stylesheet names them
    private static final String PLAY_BUTTON = "play-button";
    private static final String SPEED_GROUP = "speed-group";
    private static final String STAT = "stat";
    private static final String STAT_CAPTION = "stat-caption";
    private static final String STAT_ROW = "stat-row";
    private static final String STAT_VALUE = "stat-value";
    private static final String TRANSPORT_BAR = "transport-bar";
    private static final String TRANSPORT_CLOCK = "transport-clock";
    private static final String TRANSPORT_GROUP = "transport-group";

    /** The one-row bar of presenter mode. */
    private static final PseudoClass COMPACT = PseudoClass.getPseudoClass("compact");

    private final FlowPane root;
    private final UiText text;
    /** The counters, undo and redo; null on a comparison's bar. */
    private HBox figures;
    /** What {@link #besideCounters} put after redo; null until then. */
    private Node besideRedo;

    /**
     * The explorer's bar: the transport, the counters, undo and redo.
     *
     * @param presenter whether the bar folds (presenter mode, or a short explorer over the docked Shell): it then
     *     keeps to one row (the speed as a picker, the counters and undo left to the diagram's caption and the
     *     menus), so the diagram keeps the window's height
     */
    public TransportBar(PlaybackViewModel vm, HistoryViewModel history, ObservableBooleanValue presenter, UiText text) {
        this(vm, history, true, presenter, text);
    }

    /**
     * A comparison's one bar: the transport only, since each side shows its own counters and undo is not
     * offered there (a rewind of one side would break the lockstep).
     */
    public TransportBar(PlaybackViewModel vm, ObservableBooleanValue presenter, UiText text) {
        this(vm, null, false, presenter, text);
    }

    private TransportBar(
            PlaybackViewModel vm,
            HistoryViewModel history,
            boolean counters,
            ObservableBooleanValue presenter,
            UiText text) {
        this.text = text;
        // groups that wrap as a whole: a narrow window puts the counters and undo on a second row rather
        // than cutting them off (or squeezing the progress caption to "…")
        root = new FlowPane(playControls(vm), speedChoice(vm, presenter), streamTime(vm, presenter)) {
            @Override
            protected double computeMinWidth(double height) {
                // as FlowPane's (its widest group), but the counters' group without what sits beside redo: that
                // goes back to a group of its own when the bar narrows, so it must not hold the bar (and the
                // lessons beside the explorer) wider
                double widest = 0;
                for (Node child : getChildren()) {
                    if (child.isManaged()) {
                        widest = Math.max(widest, child.prefWidth(-1) - (child == figures ? besideRedoWidth() : 0));
                    }
                }
                return snappedLeftInset() + snapSizeX(widest) + snappedRightInset();
            }
        };
        root.setId("transport-bar");
        root.getStyleClass().add(TRANSPORT_BAR);
        root.setRowValignment(VPos.CENTER);
        root.pseudoClassStateChanged(COMPACT, presenter.get());
        presenter.addListener((obs, was, now) -> root.pseudoClassStateChanged(COMPACT, now));
        if (!counters) {
            return;
        }
        Button undo = historyButton("history-undo", MaterialDesignU.UNDO, history.canUndoProperty(), history::undo);
        Button redo = historyButton("history-redo", MaterialDesignR.REDO, history.canRedoProperty(), history::redo);
        // each names what it would take back or put back
        text.tip(
                undo,
                () -> text.tooltip(history.undoTextProperty().map(t -> Message.of("explorer.transport.undo.tip", t))));
        text.tip(
                redo,
                () -> text.tooltip(history.redoTextProperty().map(t -> Message.of("explorer.transport.redo.tip", t))));
        figures = group(counters(vm), separator(), undo, redo);
        notIn(figures, presenter);
        root.getChildren().add(figures);
    }

    /** Shows {@code node} only outside presenter mode. */
    private static void notIn(Node node, ObservableBooleanValue presenter) {
        node.visibleProperty().bind(bool(presenter).not());
        node.managedProperty().bind(node.visibleProperty());
    }

    /** Play or pause, step, reset. */
    private HBox playControls(PlaybackViewModel vm) {
        Button play = new Button();
        play.setId("transport-play");
        play.getStyleClass().addAll(Styles.ACCENT, PLAY_BUTTON);
        play.textProperty()
                .bind(Bindings.when(vm.playingProperty())
                        .then(text.text("explorer.transport.pause"))
                        .otherwise(text.text("explorer.transport.play")));
        play.graphicProperty()
                .bind(vm.playingProperty().map(p -> new FontIcon(p ? MaterialDesignP.PAUSE : MaterialDesignP.PLAY)));
        play.disableProperty()
                .bind(vm.availableProperty()
                        .not()
                        .or(vm.finishedProperty().and(vm.playingProperty().not())));
        play.setOnAction(e -> vm.togglePlay());
        text.tip(play, "explorer.transport.play.tip");

        Button step = iconButton("transport-step", MaterialDesignS.SKIP_NEXT, "explorer.transport.step.tip");
        step.disableProperty().bind(vm.availableProperty().not().or(vm.playingProperty()));
        step.setOnAction(e -> vm.step());
        Button reset = iconButton("transport-reset", MaterialDesignR.RESTART, "explorer.transport.reset.tip");
        reset.disableProperty().bind(vm.availableProperty().not());
        reset.setOnAction(e -> vm.reset());
        return group(play, step, reset);
    }

    /** The speed pills beside their caption; in presenter mode a picker of the same speeds, narrower. */
    private HBox speedChoice(PlaybackViewModel vm, ObservableBooleanValue presenter) {
        HBox speeds = new HBox();
        speeds.getStyleClass().add(SPEED_GROUP);
        speeds.setAlignment(Pos.CENTER_LEFT);
        ToggleGroup group = new ToggleGroup();
        int i = 0;
        for (PlaybackSpeed s : vm.speeds()) {
            ToggleButton b = s == PlaybackSpeed.MAX
                    ? text.label(new ToggleButton(), "explorer.speed.max")
                    : new ToggleButton(s.label());
            // a squeezed window should shrink the stretchy parts, never turn "10×" into "…"
            b.setMinWidth(Region.USE_PREF_SIZE);
            b.setId("speed-" + s.name().toLowerCase(Locale.ROOT));
            b.setToggleGroup(group);
            b.getStyleClass()
                    .add(
                            i == 0
                                    ? Styles.LEFT_PILL
                                    : i == vm.speeds().size() - 1 ? Styles.RIGHT_PILL : Styles.CENTER_PILL);
            b.setSelected(vm.speedProperty().get() == s);
            b.setOnAction(e -> {
                vm.chooseSpeed(s);
                b.setSelected(true);
            });
            if (s == PlaybackSpeed.MAX) {
                text.tip(b, "explorer.transport.speed.max.tip");
            } else {
                text.tip(b, "explorer.transport.speed.tip", s.label(), (int) s.factor());
            }
            vm.speedProperty().addListener((obs, was, now) -> b.setSelected(now == s));
            speeds.getChildren().add(b);
            i++;
        }
        Label speedLabel = text.label(new Label(), "explorer.transport.speed");
        speedLabel.getStyleClass().add(ExplorerStyles.TRANSPORT_CAPTION);
        speedLabel.setMinWidth(Region.USE_PREF_SIZE);
        notIn(speedLabel, presenter);
        notIn(speeds, presenter);
        ComboBox<PlaybackSpeed> picker = new ComboBox<>(FXCollections.observableArrayList(vm.speeds()));
        picker.setId("speed-choice");
        picker.setValue(vm.speedProperty().get());
        text.tip(picker, "explorer.transport.speed.picker.tip");
        picker.setConverter(text.converter(
                speed -> Message.of("explorer.transport.speed.value", PlaybackViewModel.speedLabel(speed))));
        picker.valueProperty().addListener((obs, was, now) -> {
            if (now != null && now != vm.speedProperty().get()) {
                vm.chooseSpeed(now);
            }
        });
        vm.speedProperty().addListener((obs, was, now) -> picker.setValue(now));
        picker.setMinWidth(Region.USE_PREF_SIZE);
        picker.visibleProperty().bind(bool(presenter));
        picker.managedProperty().bind(picker.visibleProperty());
        return group(speedLabel, speeds, picker);
    }

    private static BooleanBinding bool(ObservableBooleanValue value) {
        return Bindings.createBooleanBinding(value::get, value);
    }

    /**
     * The simulated clock, and how far the stream has got (in presenter mode the documents are counted in the
     * diagram's caption, so the bar stands alone).
     */
    private HBox streamTime(PlaybackViewModel vm, ObservableBooleanValue presenter) {
        ProgressBar progress = new ProgressBar();
        progress.setId("transport-progress");
        progress.progressProperty().bind(vm.progressProperty());
        progress.setPrefWidth(150);
        progress.getStyleClass().add(Styles.SMALL);
        Label progressText = new Label();
        progressText.setId("transport-progress-text");
        progressText.getStyleClass().add(ExplorerStyles.TRANSPORT_CAPTION);
        progressText.textProperty().bind(text.text(vm.progressTextProperty()));
        progressText.setMinWidth(Region.USE_PREF_SIZE);
        notIn(progressText, presenter);
        Label clock = new Label();
        clock.setId("transport-clock");
        clock.getStyleClass().add(TRANSPORT_CLOCK);
        clock.setGraphic(new FontIcon(MaterialDesignT.TIMER_OUTLINE));
        clock.textProperty().bind(vm.clockTextProperty());
        text.tip(clock, "explorer.transport.clock.tip");
        VBox progressBox = new VBox(3, progress, progressText);
        progressBox.setAlignment(Pos.CENTER_LEFT);
        return group(clock, progressBox);
    }

    /** Undo or redo: off while there is nothing to take back or put back. */
    private Button historyButton(String id, Ikon icon, ObservableBooleanValue possible, Runnable action) {
        Button button = iconButton(id, icon, "");
        button.disableProperty().bind(Bindings.not(possible));
        button.setOnAction(e -> action.run());
        return button;
    }

    /** Chunks, splits, migrations and jumbo chunks now, as a row of figures over captions. */
    private HBox counters(PlaybackViewModel vm) {
        VBox splits = stat(
                "stat-splits", "explorer.transport.splits", vm.splitsTextProperty(), MaterialDesignS.SCISSORS_CUTTING);
        VBox migrations = migrationsStat(vm);
        // the set-up's own splits and moves (a pre-split) are not the stream's: counted apart, said on hover
        for (VBox counted : new VBox[] {splits, migrations}) {
            text.tip(
                    counted,
                    () -> wrapped(
                            text.tooltip(vm.setupTextProperty().orElse(Message.of("explorer.transport.setup.none")))));
        }
        HBox stats = new HBox(
                stat(
                        "stat-chunks",
                        "explorer.transport.chunks",
                        vm.chunksTextProperty(),
                        MaterialDesignV.VIEW_COLUMN_OUTLINE),
                splits,
                migrations,
                stat(
                        "stat-jumbo",
                        "explorer.transport.jumbo",
                        vm.jumboTextProperty(),
                        MaterialDesignA.ALERT_OCTAGON_OUTLINE),
                routingStat(vm));
        stats.getStyleClass().add(STAT_ROW);
        return stats;
    }

    private static HBox group(Node... nodes) {
        HBox box = new HBox(nodes);
        box.getStyleClass().add(TRANSPORT_GROUP);
        box.setAlignment(Pos.CENTER_LEFT);
        box.setMinWidth(Region.USE_PREF_SIZE);
        return box;
    }

    private Button iconButton(String id, Ikon icon, String tip) {
        Button b = new Button(null, new FontIcon(icon));
        b.setId(id);
        b.getStyleClass().addAll(Styles.BUTTON_ICON);
        if (!tip.isEmpty()) {
            text.tip(b, tip);
        }
        return b;
    }

    private static Separator separator() {
        return new Separator(Orientation.VERTICAL);
    }

    /** The routing table's size; the sentence beside the data is the tooltip (why chunks exist). */
    private VBox routingStat(PlaybackViewModel vm) {
        VBox box = stat(
                "stat-routing",
                "explorer.transport.chunks",
                vm.routingTextProperty(),
                MaterialDesignD.DATABASE_OUTLINE);
        Label caption = (Label) box.getChildren().get(1);
        caption.textProperty().unbind();
        caption.setText("config.chunks"); // untranslated: MongoDB's collection, named as mongosh names it
        text.tip(box, () -> wrapped(text.tooltip(vm.routingDetailProperty())));
        return box;
    }

    /** {@code tip}, wrapped at a width that reads: its sentences are long. */
    private static Tooltip wrapped(Tooltip tip) {
        tip.setWrapText(true);
        tip.setMaxWidth(420);
        return tip;
    }

    /**
     * Migrations committed, the caption reading {@code +1 moving} while one is in flight. The two captions share
     * one cell as wide as the wider, so a migration starting or committing never changes the bar's width (which
     * would move Play, or wrap the bar).
     */
    private VBox migrationsStat(PlaybackViewModel vm) {
        VBox box = stat(
                "stat-migrations",
                "explorer.transport.migrations",
                vm.migrationsTextProperty(),
                MaterialDesignT.TRUCK_FAST_OUTLINE);
        Label committed = (Label) box.getChildren().remove(1);
        // no icon: "+12 moving" then stays narrower than the committed caption with its icon
        Label moving = new Label();
        moving.setId("stat-moving");
        moving.getStyleClass().addAll("stat-caption", Styles.ACCENT);
        moving.textProperty().bind(text.text(vm.movingTextProperty()));
        moving.setMinWidth(Region.USE_PREF_SIZE);
        moving.visibleProperty().bind(vm.movingTextProperty().isNotNull());
        committed.visibleProperty().bind(moving.visibleProperty().not());
        StackPane caption = new StackPane(committed, moving);
        caption.setAlignment(Pos.CENTER_RIGHT);
        box.getChildren().add(caption);
        return box;
    }

    private VBox stat(String id, String caption, ObservableStringValue value, Ikon icon) {
        Label v = new Label();
        v.setId(id);
        v.getStyleClass().add(STAT_VALUE);
        v.textProperty().bind(value);
        Label c = text.label(new Label(null, new FontIcon(icon)), caption);
        c.getStyleClass().add(STAT_CAPTION);
        v.setMinWidth(Region.USE_PREF_SIZE);
        c.setMinWidth(Region.USE_PREF_SIZE);
        VBox box = new VBox(v, c);
        box.getStyleClass().add(STAT);
        box.setAlignment(Pos.CENTER_RIGHT);
        return box;
    }

    /**
     * Puts {@code node} after the counters, undo and redo (the explorer's bar only: a comparison's has none): in
     * their group when the bar has room for the two on one row, so that it wraps with them and never sits alone on
     * a row; as a group of its own when it has not, so that a narrow window wraps it to the next row instead of
     * pushing redo out of sight. It shows when the counters do (not in presenter mode).
     */
    public TransportBar besideCounters(Node node) {
        besideRedo = node;
        HBox beside = group(node);
        beside.visibleProperty().bind(figures.visibleProperty().and(Bindings.isNotEmpty(beside.getChildren())));
        beside.managedProperty().bind(beside.visibleProperty());
        root.getChildren().add(root.getChildren().indexOf(figures) + 1, beside);
        root.widthProperty().addListener((obs, was, now) -> placeBesideRedo(beside));
        figures.widthProperty().addListener((obs, was, now) -> placeBesideRedo(beside));
        return this;
    }

    /** Moves what sits beside redo into the counters' group when both fit on one row of the bar, out when not. */
    private void placeBesideRedo(HBox beside) {
        double room = root.getWidth() - root.snappedLeftInset() - root.snappedRightInset();
        double together = figures.prefWidth(-1) - besideRedoWidth() + figures.getSpacing() + besideRedo.prefWidth(-1);
        boolean joined = figures.getChildren().contains(besideRedo);
        if (together <= room && !joined) {
            beside.getChildren().remove(besideRedo);
            figures.getChildren().add(besideRedo);
        } else if (together > room && joined) {
            figures.getChildren().remove(besideRedo);
            beside.getChildren().add(besideRedo);
        }
    }

    /** How much wider what sits beside redo makes the counters' group: none while it is a group of its own. */
    private double besideRedoWidth() {
        return figures != null && besideRedo != null && figures.getChildren().contains(besideRedo)
                ? besideRedo.prefWidth(-1) + figures.getSpacing()
                : 0;
    }

    public Region node() {
        return root;
    }
}
