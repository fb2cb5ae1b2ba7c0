package io.shardlab.ui.shell;

import io.shardlab.text.Message;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyCodeCombination;
import javafx.scene.input.KeyCombination;

/**
 * The shell's keyboard shortcuts: the menu accelerators and the list the empty state shows come
 * from here, so they cannot disagree. {@code Shortcut} is Ctrl, or ⌘ on macOS.
 */
public enum ShellShortcut {
    SWITCH_THEME(
            "window.shortcut.switchTheme",
            new KeyCodeCombination(KeyCode.D, KeyCombination.SHORTCUT_DOWN, KeyCombination.SHIFT_DOWN)),
    PRESENTER_MODE(
            "window.shortcut.presenterMode",
            new KeyCodeCombination(KeyCode.P, KeyCombination.SHORTCUT_DOWN, KeyCombination.SHIFT_DOWN)),
    ABOUT("window.shortcut.about", new KeyCodeCombination(KeyCode.F1)),
    QUIT("window.shortcut.quit", new KeyCodeCombination(KeyCode.Q, KeyCombination.SHORTCUT_DOWN));

    private final Message action;
    private final KeyCombination keys;

    ShellShortcut(String actionKey, KeyCombination keys) {
        this.action = Message.of(actionKey);
        this.keys = keys;
    }

    /** What the shortcut does, as a user reads it. */
    public Message action() {
        return action;
    }

    public KeyCombination keys() {
        return keys;
    }
}
