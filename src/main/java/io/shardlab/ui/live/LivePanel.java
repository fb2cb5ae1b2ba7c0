package io.shardlab.ui.live;

import atlantafx.base.theme.Styles;
import io.shardlab.render.ShardColorOrder;
import io.shardlab.session.LayoutFork;
import io.shardlab.ui.text.UiText;
import io.shardlab.ui.theme.Appearance;
import java.time.Duration;
import java.util.function.Consumer;
import javafx.animation.PauseTransition;
import javafx.beans.value.ObservableValue;
import javafx.collections.FXCollections;
import javafx.css.PseudoClass;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.ListView;
import javafx.scene.control.Slider;
import javafx.scene.control.ToggleButton;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.util.StringConverter;
import org.controlsfx.control.SearchableComboBox;

/**
 * The strip under the explorer while a layout from outside the simulator is shown: the collection, the
 * history slider through config.changelog, the live watch toggle with its interval and the changes it saw.
 */
public final class LivePanel {

    // style classes of its nodes, as its stylesheet names them
    private static final String LIVE_PANEL = "live-panel";

    // named from its parts: the file name as one literal would read as a key of the live bundle
    private static final String STYLESHEET_NAME = "live";

    /** The strip's own stylesheet. */
    static final String STYLESHEET = Appearance.featureStylesheet(LivePanel.class, STYLESHEET_NAME + ".css");

    /** The change list for a moment after the watch saw a change. */
    private static final PseudoClass CHANGED = PseudoClass.getPseudoClass("changed");

    private final UiText text;

    private final VBox root = new VBox(6);

    /**
     * @param vm the layout on show
     * @param fork copies a layout into the explorer's simulator (the explorer's {@code fork})
     * @param colors the order in which the explorer's lanes took their shards' colours, which the health chart follows
     */
    public LivePanel(
            LiveLayoutViewModel vm, Consumer<LayoutFork> fork, ObservableValue<ShardColorOrder> colors, UiText text) {
        this.text = text;
        root.setId("live-panel");
        root.getStyleClass().add(LIVE_PANEL);
        root.getStylesheets().add(STYLESHEET);
        root.visibleProperty().bind(vm.shownProperty());
        root.managedProperty().bind(root.visibleProperty());

        SearchableComboBox<String> collection = collectionPicker(vm);
        Slider slider = historySlider(vm);
        Button back = new Button("◀");
        back.setId("live-step-back");
        back.setOnAction(e -> vm.stepBack());
        Button forward = new Button("▶");
        forward.setId("live-step-forward");
        forward.setOnAction(e -> vm.stepForward());
        Label step = new Label();
        step.setId("live-step");
        step.textProperty().bind(vm.stepTextProperty());

        ComboBox<Integer> interval = watchInterval(vm);
        ToggleButton watch = watchToggle(vm, interval);

        Label error = new Label();
        error.setId("live-error");
        error.getStyleClass().add(Styles.DANGER);
        error.textProperty().bind(vm.errorProperty());

        Button forkButton = forkButton(vm, fork);

        HBox top = new HBox(
                8,
                text.label(new Label(), "live.panel.collection"),
                collection,
                text.label(new Label(), "live.panel.history"),
                back,
                slider,
                forward,
                watch,
                interval,
                forkButton);
        top.setAlignment(Pos.CENTER_LEFT);

        ListView<String> changes = changesList(vm);

        // the simulator forks with this release's rules: say which, and whether it is a guess
        Label release = new Label();
        release.setId("live-release");
        release.setWrapText(true);
        release.textProperty().bind(vm.releaseProperty());

        Label migrations = new Label();
        migrations.setId("live-active-migrations");
        migrations.setWrapText(true);
        migrations.textProperty().bind(vm.activeMigrationsProperty());
        migrations.visibleProperty().bind(vm.activeMigrationsProperty().isNotEmpty());
        migrations.managedProperty().bind(migrations.visibleProperty());

        root.getChildren()
                .addAll(
                        top,
                        step,
                        new LayoutHealthView(vm.healthProperty(), colors, text).node(),
                        release,
                        migrations,
                        error,
                        changes);
    }

    /** Searchable: a real cluster or a dump can hold hundreds of sharded collections. */
    private SearchableComboBox<String> collectionPicker(LiveLayoutViewModel vm) {
        SearchableComboBox<String> collection = new SearchableComboBox<>(vm.namespaces());
        collection.setId("live-collection");
        collection.promptTextProperty().bind(text.text("live.panel.search"));
        collection.valueProperty().addListener((obs, was, now) -> {
            if (now != null && !now.equals(vm.namespaceProperty().get())) {
                vm.chooseCollection(now);
            }
        });
        vm.namespaceProperty().addListener((obs, was, now) -> collection.setValue(now));
        return collection;
    }

    /** The steps back through config.changelog, the layout now at the right end. */
    private static Slider historySlider(LiveLayoutViewModel vm) {
        Slider slider = new Slider(0, 0, 0);
        slider.setId("live-history");
        slider.setMajorTickUnit(1);
        slider.setMinorTickCount(0);
        slider.setSnapToTicks(true);
        slider.setBlockIncrement(1);
        slider.maxProperty().bind(vm.historyStepsProperty());
        slider.disableProperty().bind(vm.historyStepsProperty().isEqualTo(0));
        vm.historyPositionProperty().addListener((obs, was, now) -> slider.setValue(now.intValue()));
        slider.valueProperty().addListener((obs, was, now) -> {
            int p = (int) Math.round(now.doubleValue());
            if (p != vm.historyPositionProperty().get()) {
                vm.rewindTo(p);
            }
        });
        HBox.setHgrow(slider, Priority.ALWAYS);
        return slider;
    }

    private ComboBox<Integer> watchInterval(LiveLayoutViewModel vm) {
        ComboBox<Integer> interval =
                new ComboBox<>(FXCollections.observableArrayList(LiveLayoutViewModel.WATCH_SECONDS));
        interval.setId("live-watch-interval");
        interval.setValue(LiveLayoutViewModel.WATCH_SECONDS.get(1));
        interval.setConverter(new StringConverter<>() {
            @Override
            public String toString(Integer s) {
                return s == null ? "" : text.now("live.panel.every", s);
            }

            @Override
            public Integer fromString(String s) {
                return Integer.valueOf(s.replaceAll("\\D", ""));
            }
        });
        interval.disableProperty().bind(vm.canWatchProperty().not().or(vm.watchingProperty()));
        return interval;
    }

    /** Watches the cluster at the chosen interval, showing each change it sees. */
    private ToggleButton watchToggle(LiveLayoutViewModel vm, ComboBox<Integer> interval) {
        ToggleButton watch = text.label(new ToggleButton(), "live.panel.watch");
        watch.setId("live-watch");
        watch.disableProperty().bind(vm.canWatchProperty().not());
        watch.setOnAction(e -> {
            if (watch.isSelected()) {
                vm.startWatch(Duration.ofSeconds(interval.getValue()));
            } else {
                vm.stopWatch();
            }
        });
        vm.watchingProperty().addListener((obs, was, now) -> watch.setSelected(now));
        return watch;
    }

    private Button forkButton(LiveLayoutViewModel vm, Consumer<LayoutFork> fork) {
        Button forkButton = text.label(new Button(), "live.panel.fork");
        forkButton.setId("live-fork");
        text.tip(forkButton, "live.panel.fork.tip");
        forkButton.disableProperty().bind(vm.shownProperty().not().or(vm.busyProperty()));
        forkButton.setOnAction(e -> vm.fork(fork));
        return forkButton;
    }

    /** The changes the watch saw, the list flashing a moment at each. */
    private static ListView<String> changesList(LiveLayoutViewModel vm) {
        ListView<String> changes = new ListView<>(vm.changes());
        changes.setId("live-changes");
        changes.setPrefHeight(72);
        changes.visibleProperty().bind(vm.canWatchProperty());
        changes.managedProperty().bind(changes.visibleProperty());
        // a change the watch saw flashes the list for a moment: the number line already shows the new layout
        PauseTransition flash = new PauseTransition(javafx.util.Duration.seconds(1.5));
        flash.setOnFinished(e -> changes.pseudoClassStateChanged(CHANGED, false));
        vm.highlightedChangeProperty().addListener((obs, was, now) -> {
            if (!now.isEmpty()) {
                changes.pseudoClassStateChanged(CHANGED, true);
                flash.playFromStart();
            }
        });
        return changes;
    }

    public Region node() {
        return root;
    }
}
