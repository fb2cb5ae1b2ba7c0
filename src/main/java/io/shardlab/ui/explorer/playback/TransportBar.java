package io.shardlab.ui.explorer.playback;

import atlantafx.base.theme.Styles;
import io.shardlab.session.PlaybackSpeed;
import io.shardlab.ui.explorer.ExplorerStyles;
import io.shardlab.ui.explorer.history.HistoryViewModel;
import javafx.beans.value.ObservableStringValue;
import javafx.geometry.Orientation;
import javafx.geometry.Pos;
import javafx.geometry.VPos;
import javafx.scene.control.Button;
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

    private final FlowPane root;

    /** The explorer's bar: the transport, the counters, undo and redo. */
    public TransportBar(PlaybackViewModel vm, HistoryViewModel history) {
        this(vm, history, true);
    }

    /**
     * A comparison's one bar: the transport only, since each side shows its own counters and undo is not
     * offered there (a rewind of one side would break the lockstep).
     */
    public TransportBar(PlaybackViewModel vm) {
        this(vm, null, false);
    }

    private TransportBar(PlaybackViewModel vm, HistoryViewModel history, boolean counters) {
        // groups that wrap as a whole: a narrow window puts the counters and undo on a second row rather
        // than cutting them off (or squeezing the progress caption to "…")
        root = new FlowPane(playControls(vm), speedChoice(vm), streamTime(vm));
        root.setId("transport-bar");
        root.getStyleClass().add(TRANSPORT_BAR);
        root.setRowValignment(VPos.CENTER);
        if (!counters) {
            return;
        }
        root.getChildren().add(group(counters(vm), separator(), undoButton(history), redoButton(history)));
    }

    /** Play or pause, step, reset. */
    private static HBox playControls(PlaybackViewModel vm) {
        Button play = new Button();
        play.setId("transport-play");
        play.getStyleClass().addAll(Styles.ACCENT, PLAY_BUTTON);
        play.textProperty().bind(vm.playingProperty().map(p -> p ? "Pause" : "Play"));
        play.graphicProperty()
                .bind(vm.playingProperty().map(p -> new FontIcon(p ? MaterialDesignP.PAUSE : MaterialDesignP.PLAY)));
        play.disableProperty()
                .bind(vm.availableProperty()
                        .not()
                        .or(vm.finishedProperty().and(vm.playingProperty().not())));
        play.setOnAction(e -> vm.togglePlay());
        play.setTooltip(new Tooltip("Play / pause the stream (Space)"));

        Button step = iconButton(
                "transport-step",
                MaterialDesignS.SKIP_NEXT,
                "Step: one chart window of " + "simulated time (Shift+Right)");
        step.disableProperty().bind(vm.availableProperty().not().or(vm.playingProperty()));
        step.setOnAction(e -> vm.step());
        Button reset = iconButton(
                "transport-reset",
                MaterialDesignR.RESTART,
                "Reset: a fresh cluster, the stream " + "at its start (Ctrl+R)");
        reset.disableProperty().bind(vm.availableProperty().not());
        reset.setOnAction(e -> vm.reset());
        return group(play, step, reset);
    }

    /** The speed pills under their caption. */
    private static HBox speedChoice(PlaybackViewModel vm) {
        HBox speeds = new HBox();
        speeds.getStyleClass().add(SPEED_GROUP);
        speeds.setAlignment(Pos.CENTER_LEFT);
        ToggleGroup group = new ToggleGroup();
        int i = 0;
        for (PlaybackSpeed s : vm.speeds()) {
            ToggleButton b = new ToggleButton(s.label());
            // a squeezed window should shrink the stretchy parts, never turn "10×" into "…"
            b.setMinWidth(Region.USE_PREF_SIZE);
            b.setId("speed-" + s.name().toLowerCase(java.util.Locale.ROOT));
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
            b.setTooltip(new Tooltip(
                    s == PlaybackSpeed.MAX
                            ? "As fast as the simulation can go"
                            : s.label() + ": " + (int) s.factor() + " simulated second" + (s.factor() == 1 ? "" : "s")
                                    + " per second"));
            vm.speedProperty().addListener((obs, was, now) -> b.setSelected(now == s));
            speeds.getChildren().add(b);
            i++;
        }
        Label speedLabel = new Label("Speed");
        speedLabel.getStyleClass().add(ExplorerStyles.TRANSPORT_CAPTION);
        speedLabel.setMinWidth(Region.USE_PREF_SIZE);
        return group(speedLabel, speeds);
    }

    /** The simulated clock, and how far the stream has got. */
    private static HBox streamTime(PlaybackViewModel vm) {
        ProgressBar progress = new ProgressBar();
        progress.setId("transport-progress");
        progress.progressProperty().bind(vm.progressProperty());
        progress.setPrefWidth(150);
        progress.getStyleClass().add(Styles.SMALL);
        Label progressText = new Label();
        progressText.setId("transport-progress-text");
        progressText.getStyleClass().add(ExplorerStyles.TRANSPORT_CAPTION);
        progressText.textProperty().bind(vm.progressTextProperty());
        progressText.setMinWidth(Region.USE_PREF_SIZE);
        Label clock = new Label();
        clock.setId("transport-clock");
        clock.getStyleClass().add(TRANSPORT_CLOCK);
        clock.setGraphic(new FontIcon(MaterialDesignT.TIMER_OUTLINE));
        clock.textProperty().bind(vm.clockTextProperty());
        clock.setTooltip(new Tooltip("Simulated time since the stream started"));
        VBox progressBox = new VBox(3, progress, progressText);
        progressBox.setAlignment(Pos.CENTER_LEFT);
        return group(clock, progressBox);
    }

    private static Button undoButton(HistoryViewModel history) {
        Button undo = iconButton("history-undo", MaterialDesignU.UNDO, "");
        undo.disableProperty().bind(history.canUndoProperty().not());
        undo.tooltipProperty().bind(history.undoTextProperty().map(t -> new Tooltip(t + "  (Ctrl+Z)")));
        undo.setOnAction(e -> history.undo());
        return undo;
    }

    private static Button redoButton(HistoryViewModel history) {
        Button redo = iconButton("history-redo", MaterialDesignR.REDO, "");
        redo.disableProperty().bind(history.canRedoProperty().not());
        redo.tooltipProperty().bind(history.redoTextProperty().map(t -> new Tooltip(t + "  (Ctrl+Shift+Z)")));
        redo.setOnAction(e -> history.redo());
        return redo;
    }

    /** Chunks, splits, migrations and jumbo chunks now, as a row of figures over captions. */
    private static HBox counters(PlaybackViewModel vm) {
        HBox stats = new HBox(
                stat("stat-chunks", "chunks", vm.chunksTextProperty(), MaterialDesignV.VIEW_COLUMN_OUTLINE),
                stat("stat-splits", "splits", vm.splitsTextProperty(), MaterialDesignS.SCISSORS_CUTTING),
                migrationsStat(vm),
                stat("stat-jumbo", "jumbo", vm.jumboTextProperty(), MaterialDesignA.ALERT_OCTAGON_OUTLINE),
                routingStat(vm));
        stats.getStyleClass().add(STAT_ROW);
        return stats;
    }

    private static HBox group(javafx.scene.Node... nodes) {
        HBox box = new HBox(nodes);
        box.getStyleClass().add(TRANSPORT_GROUP);
        box.setAlignment(Pos.CENTER_LEFT);
        box.setMinWidth(Region.USE_PREF_SIZE);
        return box;
    }

    private static Button iconButton(String id, Ikon icon, String tip) {
        Button b = new Button(null, new FontIcon(icon));
        b.setId(id);
        b.getStyleClass().addAll(Styles.BUTTON_ICON);
        if (!tip.isEmpty()) {
            b.setTooltip(new Tooltip(tip));
        }
        return b;
    }

    private static Separator separator() {
        return new Separator(Orientation.VERTICAL);
    }

    /** The routing table's size; the sentence beside the data is the tooltip (why chunks exist). */
    private static VBox routingStat(PlaybackViewModel vm) {
        VBox box = stat("stat-routing", "config.chunks", vm.routingTextProperty(), MaterialDesignD.DATABASE_OUTLINE);
        Tooltip detail = new Tooltip();
        detail.textProperty().bind(vm.routingDetailProperty());
        detail.setWrapText(true);
        detail.setMaxWidth(420);
        Tooltip.install(box, detail);
        return box;
    }

    /**
     * Migrations committed, the caption reading {@code +1 moving} while one is in flight. The two captions share
     * one cell as wide as the wider, so a migration starting or committing never changes the bar's width (which
     * would move Play, or wrap the bar).
     */
    private static VBox migrationsStat(PlaybackViewModel vm) {
        VBox box =
                stat("stat-migrations", "migrations", vm.migrationsTextProperty(), MaterialDesignT.TRUCK_FAST_OUTLINE);
        Label committed = (Label) box.getChildren().remove(1);
        // no icon: "+12 moving" then stays narrower than the committed caption with its icon
        Label moving = new Label();
        moving.setId("stat-moving");
        moving.getStyleClass().addAll("stat-caption", Styles.ACCENT);
        moving.textProperty().bind(vm.movingTextProperty());
        moving.setMinWidth(Region.USE_PREF_SIZE);
        moving.visibleProperty().bind(vm.movingTextProperty().isNotEmpty());
        committed.visibleProperty().bind(moving.visibleProperty().not());
        StackPane caption = new StackPane(committed, moving);
        caption.setAlignment(Pos.CENTER_RIGHT);
        box.getChildren().add(caption);
        return box;
    }

    private static VBox stat(String id, String caption, ObservableStringValue value, Ikon icon) {
        Label v = new Label();
        v.setId(id);
        v.getStyleClass().add(STAT_VALUE);
        v.textProperty().bind(value);
        Label c = new Label(caption, new FontIcon(icon));
        c.getStyleClass().add(STAT_CAPTION);
        v.setMinWidth(Region.USE_PREF_SIZE);
        c.setMinWidth(Region.USE_PREF_SIZE);
        VBox box = new VBox(v, c);
        box.getStyleClass().add(STAT);
        box.setAlignment(Pos.CENTER_RIGHT);
        return box;
    }

    public Region node() {
        return root;
    }
}
