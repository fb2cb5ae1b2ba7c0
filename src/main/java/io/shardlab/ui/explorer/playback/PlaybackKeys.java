package io.shardlab.ui.explorer.playback;

import java.util.function.Consumer;
import javafx.scene.Node;
import javafx.scene.control.TextInputControl;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyEvent;

/**
 * The transport's keys on a view: Space plays or pauses, Shift+Right steps one chart window; other keys go
 * to {@code otherKeys}. Keys typed into a text field are the field's.
 */
public final class PlaybackKeys {

    private PlaybackKeys() {}

    public static void install(Node root, PlaybackViewModel playback, Consumer<KeyEvent> otherKeys) {
        root.addEventHandler(KeyEvent.KEY_PRESSED, e -> {
            if (e.getTarget() instanceof TextInputControl) {
                return;
            }
            if (e.getCode() == KeyCode.SPACE && !e.isShortcutDown()) {
                playback.togglePlay();
                e.consume();
            } else if (e.getCode() == KeyCode.RIGHT && e.isShiftDown()) {
                playback.step();
                e.consume();
            } else {
                otherKeys.accept(e);
            }
        });
    }
}
