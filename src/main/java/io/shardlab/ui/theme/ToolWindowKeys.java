package io.shardlab.ui.theme;

import javafx.scene.Scene;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyCodeCombination;
import javafx.scene.input.KeyCombination;
import javafx.scene.input.KeyEvent;
import javafx.stage.Stage;

/**
 * The keys that close a tool window beside the main one (a {@link ToolWindow}) as they close a dialog: Esc and
 * Ctrl+W (Cmd+W on macOS).
 */
public final class ToolWindowKeys {

    private ToolWindowKeys() {}

    /** Makes Esc and Shortcut+W hide {@code window}; call once, after its scene is set. */
    public static void install(Stage window) {
        Scene scene = window.getScene();
        scene.getAccelerators().put(new KeyCodeCombination(KeyCode.W, KeyCombination.SHORTCUT_DOWN), window::hide);
        scene.addEventFilter(KeyEvent.KEY_PRESSED, e -> {
            if (e.getCode() == KeyCode.ESCAPE) {
                e.consume();
                window.hide();
            }
        });
    }
}
