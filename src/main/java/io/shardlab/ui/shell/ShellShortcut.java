package io.shardlab.ui.shell;

import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyCodeCombination;
import javafx.scene.input.KeyCombination;

/**
 * The shell's keyboard shortcuts: the menu accelerators and the list the empty state shows come
 * from here, so they cannot disagree. {@code Shortcut} is Ctrl, or ⌘ on macOS.
 */
public enum ShellShortcut {
    SWITCH_THEME(
            "Switch light / dark",
            new KeyCodeCombination(KeyCode.D, KeyCombination.SHORTCUT_DOWN, KeyCombination.SHIFT_DOWN)),
    PRESENTER_MODE(
            "Presenter mode (larger type)",
            new KeyCodeCombination(KeyCode.P, KeyCombination.SHORTCUT_DOWN, KeyCombination.SHIFT_DOWN)),
    ABOUT("About ShardLab", new KeyCodeCombination(KeyCode.F1)),
    QUIT("Quit", new KeyCodeCombination(KeyCode.Q, KeyCombination.SHORTCUT_DOWN));

    private final String action;
    private final KeyCombination keys;

    ShellShortcut(String action, KeyCombination keys) {
        this.action = action;
        this.keys = keys;
    }

    /** What the shortcut does, as a user reads it. */
    public String action() {
        return action;
    }

    public KeyCombination keys() {
        return keys;
    }
}
