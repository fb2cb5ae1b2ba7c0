package io.shardlab.ui.theme;

import io.shardlab.text.Message;

/** The appearance the user picked in View → Theme. */
public enum ThemeChoice {

    /** Always the light theme. */
    LIGHT("window.theme.light"),
    /** Always the dark theme. */
    DARK("window.theme.dark"),
    /** Whatever the operating system prefers, light when it cannot be told. */
    SYSTEM("window.theme.system");

    private final Message label;

    ThemeChoice(String labelKey) {
        this.label = Message.of(labelKey);
    }

    /** The menu label. */
    public Message label() {
        return label;
    }

    /** Whether this choice shows the dark theme, given what the system prefers. */
    public boolean isDark(boolean systemPrefersDark) {
        return switch (this) {
            case LIGHT -> false;
            case DARK -> true;
            case SYSTEM -> systemPrefersDark;
        };
    }
}
