package io.shardlab.ui.placement;

import io.shardlab.render.PlacementBoard;
import io.shardlab.render.ShardColorOrder;
import io.shardlab.ui.explorer.balancer.DrainRehearsalViewModel;
import io.shardlab.ui.text.UiText;
import io.shardlab.ui.theme.Appearance;
import io.shardlab.ui.theme.ToolWindow;
import io.shardlab.ui.theme.WindowPlacement;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.BiConsumer;
import javafx.beans.value.ObservableBooleanValue;
import javafx.beans.value.ObservableValue;
import javafx.scene.image.Image;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyCodeCombination;
import javafx.scene.input.KeyCombination;
import javafx.scene.layout.BorderPane;
import javafx.stage.Stage;

/**
 * The placement board as a window of its own (Simulation → Placement board…), beside the explorer, with the drain
 * rehearsal below it. One window per
 * application: opening it again reads the placement again and brings it to the front. Ctrl+Z (Cmd+Z) in it is the
 * explorer's undo.
 */
public final class PlacementWindow {

    static final WindowPlacement.Size SIZE = new WindowPlacement.Size(1280, 720, 640, 420);

    static final String WINDOW_NAME = "placement";

    /** Simulation → Placement board…. */
    public static final KeyCombination KEYS =
            new KeyCodeCombination(KeyCode.M, KeyCombination.SHORTCUT_DOWN, KeyCombination.SHIFT_DOWN);

    private final ToolWindow window;
    private final PlacementViewModel viewModel;
    private final DrainRehearsalViewModel drain;
    private final BiConsumer<PlacementBoard, Stage> export;
    private final ObservableValue<ShardColorOrder> colors;

    /**
     * @param drain the drain rehearsal below the board (a shard's removal played on a copy of the cluster)
     * @param appearance styles the window like the main one (theme, presenter mode)
     * @param dark whether the dark theme shows
     * @param icons the app icon in several sizes
     * @param placement sizes and places the window for its screen and remembers it
     * @param export opens File → Export…'s dialog on the board's picture, over the board's window
     * @param colors the order in which the explorer's shards took their colours: a shard is drawn here in its colour
     *     there
     */
    public PlacementWindow(
            UiText text,
            PlacementViewModel viewModel,
            DrainRehearsalViewModel drain,
            Appearance appearance,
            ObservableBooleanValue dark,
            List<Image> icons,
            WindowPlacement placement,
            BiConsumer<PlacementBoard, Stage> export,
            ObservableValue<ShardColorOrder> colors) {
        this.window = new ToolWindow(
                new ToolWindow.Kind(WINDOW_NAME, SIZE, "placement.title"), text, appearance, dark, icons, placement);
        this.viewModel = viewModel;
        this.drain = Objects.requireNonNull(drain, "drain");
        this.export = Objects.requireNonNull(export, "export");
        this.colors = Objects.requireNonNull(colors, "colors");
    }

    /** Shows the window, creating it on first use. Call on the JavaFX application thread. */
    public void open() {
        if (window.stage().isEmpty()) {
            window.create(stage -> new BorderPane(
                            new PlacementView(
                                            window.text(),
                                            viewModel,
                                            window.dark(),
                                            board -> export.accept(board, stage),
                                            colors)
                                    .build(),
                            null,
                            null,
                            new DrainRehearsalView(window.text(), drain).build(),
                            null))
                    .getScene()
                    .getAccelerators()
                    .put(new KeyCodeCombination(KeyCode.Z, KeyCombination.SHORTCUT_DOWN), viewModel::undo);
        }
        viewModel.refresh();
        drain.refresh();
        window.show();
    }

    /** The window, once opened (tests drive it). */
    Optional<Stage> stage() {
        return window.stage();
    }
}
