package io.shardlab.ui.theme;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Reading the desktop's light/dark preference on each platform, with the commands faked. */
class SystemColorSchemeTest {

    private final List<String> commandsRun = new ArrayList<>();

    /** A runner that answers {@code command -> output}; commands not listed fail. */
    private SystemColorScheme scheme(String os, Map<String, String> env, Map<String, String> outputs) {
        return new SystemColorScheme(os, env, command -> {
            String line = String.join(" ", command);
            commandsRun.add(line);
            return Optional.ofNullable(outputs.get(line));
        });
    }

    private static final String WINDOWS_QUERY =
            "reg query HKCU\\Software\\Microsoft\\Windows\\CurrentVersion\\Themes\\Personalize /v AppsUseLightTheme";
    private static final String MAC_QUERY = "defaults read -g AppleInterfaceStyle";
    private static final String GNOME_SCHEME = "gsettings get org.gnome.desktop.interface color-scheme";
    private static final String GNOME_THEME = "gsettings get org.gnome.desktop.interface gtk-theme";

    @ParameterizedTest(name = "Windows AppsUseLightTheme {0} -> dark={1}")
    @CsvSource(delimiter = '|', textBlock = """
            0x0 | true
            0x1 | false
            """)
    void windows_reads_apps_use_light_theme(String value, boolean dark) {
        String output = "\r\nHKEY_CURRENT_USER\\Software\\Microsoft\\Windows\\CurrentVersion\\Themes\\Personalize\r\n"
                + "    AppsUseLightTheme    REG_DWORD    " + value + "\r\n\r\n";
        assertEquals(
                dark,
                scheme("Windows 11", Map.of(), Map.of(WINDOWS_QUERY, output)).getAsBoolean());
    }

    @ParameterizedTest(name = "macOS AppleInterfaceStyle ''{0}'' -> dark={1}")
    @CsvSource(delimiter = '|', nullValues = "unset", textBlock = """
            Dark   | true
            unset  | false
            """)
    void macos_reads_apple_interface_style(String output, boolean dark) {
        Map<String, String> outputs = output == null ? Map.of() : Map.of(MAC_QUERY, output + "\n");
        assertEquals(dark, scheme("Mac OS X", Map.of(), outputs).getAsBoolean());
    }

    @ParameterizedTest(name = "GTK_THEME={0} -> dark={1}")
    @CsvSource(delimiter = '|', textBlock = """
            Adwaita:dark | true
            Yaru-dark    | true
            Adwaita      | false
            Darkly       | false
            """)
    void linux_honours_gtk_theme_first_without_asking_gnome(String gtkTheme, boolean dark) {
        assertEquals(
                dark,
                scheme("Linux", Map.of("GTK_THEME", gtkTheme), Map.of(GNOME_SCHEME, "'prefer-dark'"))
                        .getAsBoolean());
        assertEquals(List.of(), commandsRun);
    }

    @ParameterizedTest(name = "GNOME color-scheme {0}, gtk-theme {1} -> dark={2}")
    @CsvSource(delimiter = '|', textBlock = """
            'prefer-dark'  | 'Adwaita'      | true
            'prefer-light' | 'Adwaita'      | false
            'default'      | 'Adwaita'      | false
            'default'      | 'Adwaita-dark' | true
            """)
    void linux_asks_gnome_for_color_scheme_then_gtk_theme(String colorScheme, String gtkTheme, boolean dark) {
        assertEquals(
                dark,
                scheme("Linux", Map.of(), Map.of(GNOME_SCHEME, colorScheme + "\n", GNOME_THEME, gtkTheme + "\n"))
                        .getAsBoolean());
    }

    @ParameterizedTest(name = "{0} with nothing readable is light")
    @CsvSource(textBlock = """
            Windows 10
            Mac OS X
            Linux
            FreeBSD
            """)
    void anything_unreadable_means_light(String os) {
        assertEquals(false, scheme(os, Map.of(), Map.of()).getAsBoolean());
    }

    @Test
    void the_real_machine_answers_without_failing() {
        // whatever this machine prefers, asking must neither throw nor hang past the timeouts
        SystemColorScheme.ofThisMachine().getAsBoolean();
    }
}
