package io.shardlab.ui.theme;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.function.Function;

/**
 * Asks the desktop whether it prefers a dark appearance. JavaFX 21 has no API for this
 * ({@code Platform.getPreferences()} arrived in JavaFX 22), so each platform's own switch is read:
 * <ul>
 *   <li>Windows: the {@code AppsUseLightTheme} registry value ({@code 0} means dark);</li>
 *   <li>macOS: {@code defaults read -g AppleInterfaceStyle} prints {@code Dark} in dark mode;</li>
 *   <li>Linux: the {@code GTK_THEME} variable ({@code Adwaita:dark}), then GNOME's
 *       {@code color-scheme} setting ({@code 'prefer-dark'}), then a GTK theme whose name ends
 *       in {@code -dark}.</li>
 * </ul>
 * Anything that cannot be read counts as "no preference", which means light.
 */
public final class SystemColorScheme implements BooleanSupplier {

    private static final long TIMEOUT_MILLIS = 700;

    private final String osName;
    private final Map<String, String> environment;
    private final Function<List<String>, Optional<String>> commandRunner;

    /** Reads the real operating system, environment and desktop settings. */
    public static SystemColorScheme ofThisMachine() {
        return new SystemColorScheme(System.getProperty("os.name", ""), System.getenv(), SystemColorScheme::run);
    }

    /**
     * @param osName the {@code os.name} system property
     * @param environment the process environment
     * @param commandRunner runs a command and returns its standard output, empty when it failed
     */
    public SystemColorScheme(
            String osName, Map<String, String> environment, Function<List<String>, Optional<String>> commandRunner) {
        this.osName = osName.toLowerCase(Locale.ROOT);
        this.environment = Map.copyOf(environment);
        this.commandRunner = commandRunner;
    }

    /** True when the desktop asks for a dark appearance. */
    @Override
    public boolean getAsBoolean() {
        if (osName.startsWith("windows")) {
            return commandRunner
                    .apply(List.of(
                            "reg",
                            "query",
                            "HKCU\\Software\\Microsoft\\Windows\\CurrentVersion\\Themes\\Personalize",
                            "/v",
                            "AppsUseLightTheme"))
                    .map(SystemColorScheme::windowsPrefersDark)
                    .orElse(false);
        }
        if (osName.startsWith("mac")) {
            return commandRunner
                    .apply(List.of("defaults", "read", "-g", "AppleInterfaceStyle"))
                    .map(out -> out.strip().equalsIgnoreCase("Dark")) // untranslated: what macOS prints
                    .orElse(false);
        }
        String gtkTheme = environment.get("GTK_THEME");
        if (gtkTheme != null && !gtkTheme.isBlank()) {
            return gtkThemeIsDark(gtkTheme);
        }
        Optional<String> colorScheme =
                commandRunner.apply(List.of("gsettings", "get", "org.gnome.desktop.interface", "color-scheme"));
        if (colorScheme.map(SystemColorScheme::gnomePrefersDark).orElse(false)) {
            return true;
        }
        return commandRunner
                .apply(List.of("gsettings", "get", "org.gnome.desktop.interface", "gtk-theme"))
                .map(SystemColorScheme::gtkThemeIsDark)
                .orElse(false);
    }

    /** {@code reg query} output: {@code AppsUseLightTheme    REG_DWORD    0x0} means dark. */
    static boolean windowsPrefersDark(String regQueryOutput) {
        for (String line : regQueryOutput.split("\\R")) {
            String[] parts = line.strip().split("\\s+");
            if (parts.length == 3 && parts[0].equals("AppsUseLightTheme")) {
                return parts[2].equalsIgnoreCase("0x0");
            }
        }
        return false;
    }

    /** GNOME's {@code color-scheme}: {@code 'prefer-dark'}, {@code 'prefer-light'} or {@code 'default'}. */
    static boolean gnomePrefersDark(String gsettingsOutput) {
        return gsettingsOutput.strip().replace("'", "").equals("prefer-dark");
    }

    /** A GTK theme name: {@code Adwaita:dark} (GTK_THEME syntax) or a name such as {@code Yaru-dark}. */
    static boolean gtkThemeIsDark(String themeName) {
        String name = themeName.strip().replace("'", "").toLowerCase(Locale.ROOT);
        return name.endsWith(":dark") || name.endsWith("-dark");
    }

    private static Optional<String> run(List<String> command) {
        try {
            Process process =
                    new ProcessBuilder(command).redirectErrorStream(false).start();
            process.getOutputStream().close();
            if (!process.waitFor(TIMEOUT_MILLIS, TimeUnit.MILLISECONDS)) {
                process.destroyForcibly();
                return Optional.empty();
            }
            try (InputStream out = process.getInputStream()) {
                String text = new String(out.readAllBytes(), StandardCharsets.UTF_8);
                return process.exitValue() == 0 ? Optional.of(text) : Optional.empty();
            }
        } catch (IOException e) {
            return Optional.empty();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.empty();
        }
    }
}
