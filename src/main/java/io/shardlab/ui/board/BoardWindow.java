package io.shardlab.ui.board;

import io.shardlab.ui.text.UiText;
import io.shardlab.ui.theme.Appearance;
import io.shardlab.ui.theme.ToolWindow;
import io.shardlab.ui.theme.WindowPlacement;
import java.io.File;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import javafx.beans.value.ObservableBooleanValue;
import javafx.scene.image.Image;
import javafx.scene.input.Clipboard;
import javafx.scene.input.ClipboardContent;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyCodeCombination;
import javafx.scene.input.KeyCombination;
import javafx.stage.FileChooser;
import javafx.stage.Stage;

/**
 * The class board as a window of its own (View → Class board), so the teacher can put it on the projector beside
 * the explorer. One window per application: opening it again brings it to the front. The board looks at the class
 * only while the window shows.
 */
public final class BoardWindow {

    /** The projector's size the board is laid out for first; smaller screens get what they can hold. */
    static final WindowPlacement.Size SIZE = new WindowPlacement.Size(1280, 720, 480, 360);

    static final String WINDOW_NAME = "board";

    /** View → Class board. */
    public static final KeyCombination KEYS =
            new KeyCodeCombination(KeyCode.B, KeyCombination.SHORTCUT_DOWN, KeyCombination.SHIFT_DOWN);

    private final ToolWindow window;
    private final BoardViewModel viewModel;

    /**
     * @param text the window's words, followed as the language changes
     * @param appearance styles the window like the main one (theme, presenter mode)
     * @param dark whether the dark theme shows
     * @param icons the app icon in several sizes
     * @param placement sizes and places the window for its screen and remembers it, and keeps the window's state
     *     while the export chooser is open
     */
    public BoardWindow(
            UiText text,
            BoardViewModel viewModel,
            Appearance appearance,
            ObservableBooleanValue dark,
            List<Image> icons,
            WindowPlacement placement) {
        this.window = new ToolWindow(
                new ToolWindow.Kind(WINDOW_NAME, SIZE, "board.title"), text, appearance, dark, icons, placement);
        this.viewModel = viewModel;
    }

    /** Shows the window, creating it on first use. Call on the JavaFX application thread. */
    public void open() {
        window.open(stage -> {
            stage.setOnShown(e -> viewModel.start());
            stage.setOnHidden(e -> viewModel.stop());
            return new BoardView(
                            window.text(),
                            viewModel,
                            window.dark(),
                            name -> chooseTarget(stage, name),
                            BoardWindow::copy,
                            () -> chooseExercises(stage))
                    .build();
        });
    }

    /** The window, once opened (tests drive it). */
    Optional<Stage> stage() {
        return window.stage();
    }

    private static void copy(String text) {
        ClipboardContent content = new ClipboardContent();
        content.putString(text);
        Clipboard.getSystemClipboard().setContent(content);
    }

    private Optional<Path> chooseExercises(Stage owner) {
        FileChooser chooser = new FileChooser();
        chooser.setTitle(window.text().now("board.openTitle"));
        chooser.getExtensionFilters().add(new FileChooser.ExtensionFilter("JSON", "*.json"));
        return Optional.ofNullable(window.placement().choose(() -> chooser.showOpenDialog(owner)))
                .map(File::toPath);
    }

    private Optional<Path> chooseTarget(Stage owner, String name) {
        FileChooser chooser = new FileChooser();
        chooser.setTitle(window.text().now("board.exportTitle"));
        chooser.setInitialFileName(name);
        chooser.getExtensionFilters().add(new FileChooser.ExtensionFilter("CSV", "*.csv"));
        return Optional.ofNullable(window.placement().choose(() -> chooser.showSaveDialog(owner)))
                .map(File::toPath);
    }
}
