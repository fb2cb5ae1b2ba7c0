package io.shardlab.ui.theme;

/** The appearance the user picked in View → Theme. */
public enum ThemeChoice {

    /** Always the light theme. */
    LIGHT("Light"),
    /** Always the dark theme. */
    DARK("Dark"),
    /** Whatever the operating system prefers, light when it cannot be told. */
    SYSTEM("Follow system");

    private final String label;

    ThemeChoice(String label) {
        this.label = label;
    }

    /** The menu label. */
    public String label() {
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
