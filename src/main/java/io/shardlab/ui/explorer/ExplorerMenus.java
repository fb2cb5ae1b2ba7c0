package io.shardlab.ui.explorer;

import io.shardlab.session.PlaybackSpeed;
import io.shardlab.ui.text.UiText;
import java.util.List;
import java.util.Objects;
import java.util.function.Supplier;
import javafx.scene.control.CheckMenuItem;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuItem;
import javafx.scene.control.RadioMenuItem;
import javafx.scene.control.SeparatorMenuItem;
import javafx.scene.control.ToggleGroup;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyCodeCombination;
import javafx.scene.input.KeyCombination;
import org.kordamp.ikonli.Ikon;
import org.kordamp.ikonli.javafx.FontIcon;
import org.kordamp.ikonli.materialdesign2.MaterialDesignA;
import org.kordamp.ikonli.materialdesign2.MaterialDesignC;
import org.kordamp.ikonli.materialdesign2.MaterialDesignF;
import org.kordamp.ikonli.materialdesign2.MaterialDesignL;
import org.kordamp.ikonli.materialdesign2.MaterialDesignM;
import org.kordamp.ikonli.materialdesign2.MaterialDesignP;
import org.kordamp.ikonli.materialdesign2.MaterialDesignR;
import org.kordamp.ikonli.materialdesign2.MaterialDesignS;
import org.kordamp.ikonli.materialdesign2.MaterialDesignU;

/**
 * The explorer's menus for the window's menu bar: Edit, Simulation and Number line, bound to {@link
 * ExplorerViewModel}. They are made without the explorer's nodes, so that the window can show its menus before the
 * explorer is built (issue #32: the explorer is built when first shown, not at start); the three items that act on
 * the explorer's nodes (Edit shard key, Query, Accept students…) ask {@code view} for it, which builds it if need
 * be.
 */
public final class ExplorerMenus {

    private final ExplorerViewModel vm;
    private final UiText text;
    private final Supplier<ExplorerView> view;

    /**
     * @param view the explorer these menus drive, asked for only when an item acts on its nodes
     */
    public ExplorerMenus(ExplorerViewModel vm, UiText text, Supplier<ExplorerView> view) {
        this.vm = Objects.requireNonNull(vm, "vm");
        this.text = Objects.requireNonNull(text, "text");
        this.view = Objects.requireNonNull(view, "view");
    }

    /** Edit, Simulation and Number line, in that order, for the window's menu bar. */
    public List<Menu> menus() {
        Menu simulation = simulationMenu();
        Menu edit = editMenu();
        Menu line = lineMenu();
        return List.of(edit, simulation, line);
    }

    /** Simulation: the transport's verbs, the setup's, the comparison, Accept connections. */
    private Menu simulationMenu() {
        List<MenuItem> playback = playbackItems();
        MenuItem apply = item(
                "explorer.menu.apply",
                MaterialDesignC.CHECK,
                new KeyCodeCombination(KeyCode.ENTER, KeyCombination.SHORTCUT_DOWN),
                () -> vm.setup().apply());
        MenuItem key = item(
                "explorer.menu.editKey",
                MaterialDesignA.ALPHA_K_BOX_OUTLINE,
                new KeyCodeCombination(KeyCode.K, KeyCombination.SHORTCUT_DOWN),
                () -> view.get().focusKey());
        apply.disableProperty().bind(vm.readOnlyLayoutProperty());
        key.disableProperty().bind(vm.readOnlyLayoutProperty());
        // change the release, key, chunk size or shards in the setup row, then see both in lockstep
        MenuItem compare =
                item("explorer.menu.compare", MaterialDesignC.COMPARE_HORIZONTAL, null, vm::compareWithSetup);
        compare.setId("menu-compare");
        compare.disableProperty()
                .bind(vm.readOnlyLayoutProperty()
                        .or(vm.playback().loadedProperty().not())
                        .or(vm.comparingProperty()));
        MenuItem closeCompare =
                item("explorer.menu.closeComparison", MaterialDesignA.ARROW_LEFT, null, vm::closeComparison);
        closeCompare.setId("menu-close-comparison");
        closeCompare.visibleProperty().bind(vm.comparingProperty());
        MenuItem back = item("explorer.menu.back", MaterialDesignA.ARROW_LEFT, null, vm::backToSimulator);
        back.setId("menu-back-to-simulator");
        back.visibleProperty().bind(vm.readOnlyLayoutProperty());
        Menu simulation = text.label(new Menu(), "explorer.menu.simulation");
        simulation.getItems().addAll(playback);
        simulation.getItems().addAll(new SeparatorMenuItem(), apply, key, back, compare, closeCompare);
        simulation.getItems().addAll(new SeparatorMenuItem(), acceptConnectionsItem(), acceptClassItem());
        simulation.setId("menu-simulation");
        return simulation;
    }

    /** Play / Pause, Step, Reset and Speed, on the transport on show (the comparison's while one shows). */
    private List<MenuItem> playbackItems() {
        // Space and Shift+Right are handled by the explorer itself (installKeys), so that text fields
        // still take them; the menu names them in its labels instead of registering accelerators
        MenuItem play = item(
                "explorer.menu.play",
                MaterialDesignP.PLAY_PAUSE,
                null,
                () -> vm.activePlayback().togglePlay());
        play.setId("menu-play");
        MenuItem step = item(
                "explorer.menu.step",
                MaterialDesignS.SKIP_NEXT,
                null,
                () -> vm.activePlayback().step());
        MenuItem reset = item(
                "explorer.menu.reset",
                MaterialDesignR.RESTART,
                new KeyCodeCombination(KeyCode.R, KeyCombination.SHORTCUT_DOWN),
                () -> vm.activePlayback().reset());
        Menu speed = text.label(new Menu(), "explorer.menu.speed");
        for (MenuItem playbackOnly : new MenuItem[] {play, step, reset, speed}) {
            playbackOnly
                    .disableProperty()
                    .bind(vm.playback().availableProperty().not());
        }
        ToggleGroup speeds = new ToggleGroup();
        for (PlaybackSpeed s : vm.playback().speeds()) {
            RadioMenuItem r = s == PlaybackSpeed.MAX
                    ? text.label(new RadioMenuItem(), "explorer.speed.max")
                    : new RadioMenuItem(s.label());
            r.setToggleGroup(speeds);
            // the transport the menu drives: the comparison's while one shows
            r.setSelected(vm.activeSpeedProperty().get() == s);
            r.setOnAction(e -> vm.activePlayback().chooseSpeed(s));
            vm.activeSpeedProperty().addListener((obs, was, now) -> r.setSelected(now == s));
            speed.getItems().add(r);
        }
        return List.of(play, step, reset, speed);
    }

    /** Simulation → Accept connections: mongosh, Compass or a driver write to the cluster on screen. */
    private CheckMenuItem acceptConnectionsItem() {
        CheckMenuItem accept = text.label(
                new CheckMenuItem(null, new FontIcon(MaterialDesignL.LAN_CONNECT)), "explorer.menu.acceptConnections");
        accept.setId("menu-accept-connections");
        accept.setSelected(vm.connections().acceptingProperty().get());
        vm.connections().acceptingProperty().addListener((obs, was, now) -> accept.setSelected(now));
        accept.setOnAction(e -> {
            // the tick follows the engine's report, not the click: a refused start leaves it off
            boolean wanted = !vm.connections().acceptingProperty().get();
            accept.setSelected(!wanted);
            vm.connections().setAccepting(wanted);
        });
        accept.disableProperty()
                .bind(vm.readOnlyLayoutProperty()
                        .and(vm.connections().acceptingProperty().not()));
        return accept;
    }

    /**
     * Simulation → Accept students on this network…: a class joins from its laptops, once the teacher has read
     * that anyone who reaches the port can write.
     */
    private MenuItem acceptClassItem() {
        MenuItem accept = item(
                "explorer.menu.acceptClass",
                MaterialDesignA.ACCOUNT_GROUP,
                null,
                () -> view.get().askToAcceptClass());
        accept.setId("menu-accept-class");
        accept.disableProperty()
                .bind(vm.readOnlyLayoutProperty().or(vm.connections().acceptingProperty()));
        return accept;
    }

    /** Edit: undo and redo, the chunk verbs, the history's copy, the query filter. */
    private Menu editMenu() {
        MenuItem undo = item(
                "explorer.menu.undo",
                MaterialDesignU.UNDO,
                new KeyCodeCombination(KeyCode.Z, KeyCombination.SHORTCUT_DOWN),
                () -> vm.history().undo());
        undo.textProperty().bind(text.text(vm.history().undoTextProperty()));
        // what is undone names keys and shards: their underscores are text, not mnemonics
        undo.setMnemonicParsing(false);
        undo.disableProperty().bind(vm.history().canUndoProperty().not());
        undo.setId("menu-undo");
        MenuItem redo = item(
                "explorer.menu.redo",
                MaterialDesignR.REDO,
                new KeyCodeCombination(KeyCode.Z, KeyCombination.SHORTCUT_DOWN, KeyCombination.SHIFT_DOWN),
                () -> vm.history().redo());
        redo.textProperty().bind(text.text(vm.history().redoTextProperty()));
        redo.setMnemonicParsing(false);
        redo.disableProperty().bind(vm.history().canRedoProperty().not());
        redo.setId("menu-redo");
        MenuItem split = item(
                "explorer.menu.split",
                MaterialDesignC.CONTENT_CUT,
                null,
                () -> vm.actions().splitSelectedChunk());
        split.disableProperty().bind(vm.actions().canSplitProperty().not());
        MenuItem merge = item(
                "explorer.menu.merge",
                MaterialDesignM.MERGE,
                null,
                () -> vm.actions().mergeSelectedWithNext());
        merge.disableProperty().bind(vm.actions().canMergeProperty().not());
        MenuItem copy = item(
                "explorer.menu.copyAll",
                MaterialDesignC.CONTENT_COPY,
                new KeyCodeCombination(KeyCode.C, KeyCombination.SHORTCUT_DOWN, KeyCombination.SHIFT_DOWN),
                () -> vm.history().copyAll());
        MenuItem filter = item(
                "explorer.menu.query",
                MaterialDesignF.FILTER_OUTLINE,
                new KeyCodeCombination(KeyCode.L, KeyCombination.SHORTCUT_DOWN),
                () -> view.get().focusFilter());
        filter.disableProperty().bind(vm.readOnlyLayoutProperty());
        Menu edit = text.label(new Menu(), "explorer.menu.edit");
        edit.getItems()
                .addAll(undo, redo, new SeparatorMenuItem(), split, merge, new SeparatorMenuItem(), copy, filter);
        edit.setId("menu-edit");
        return edit;
    }

    /** Number line: zoom in and out, show the whole line. */
    private Menu lineMenu() {
        MenuItem zoomIn = item(
                "explorer.menu.zoomIn",
                MaterialDesignM.MAGNIFY_PLUS_OUTLINE,
                new KeyCodeCombination(KeyCode.EQUALS, KeyCombination.SHORTCUT_DOWN),
                () -> vm.numberLine().zoomIn());
        MenuItem zoomOut = item(
                "explorer.menu.zoomOut",
                MaterialDesignM.MAGNIFY_MINUS_OUTLINE,
                new KeyCodeCombination(KeyCode.MINUS, KeyCombination.SHORTCUT_DOWN),
                () -> vm.numberLine().zoomOut());
        MenuItem fit = item(
                "explorer.menu.fit",
                MaterialDesignF.FIT_TO_SCREEN_OUTLINE,
                new KeyCodeCombination(KeyCode.DIGIT0, KeyCombination.SHORTCUT_DOWN),
                () -> vm.numberLine().fit());
        Menu line = text.label(new Menu(), "explorer.menu.line");
        line.getItems().addAll(zoomIn, zoomOut, fit);
        line.setId("menu-line");
        return line;
    }

    private MenuItem item(String key, Ikon icon, KeyCombination keys, Runnable action) {
        MenuItem m = text.label(new MenuItem(null, new FontIcon(icon)), key);
        if (keys != null) {
            m.setAccelerator(keys);
        }
        m.setOnAction(e -> action.run());
        return m;
    }
}
