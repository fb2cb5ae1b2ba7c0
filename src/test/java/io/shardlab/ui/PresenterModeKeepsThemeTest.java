package io.shardlab.ui;

import static io.shardlab.ui.FxWait.onFxThread;
import static io.shardlab.ui.FxWait.waitUntil;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import atlantafx.base.theme.PrimerDark;
import atlantafx.base.theme.PrimerLight;
import io.shardlab.ui.theme.Appearance;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import javafx.application.Application;
import javafx.scene.Parent;
import javafx.scene.control.CheckMenuItem;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuBar;
import javafx.scene.control.RadioMenuItem;
import javafx.scene.control.TextArea;
import javafx.stage.Stage;
import javafx.stage.Window;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.util.WaitForAsyncUtils;

/**
 * Presenter mode changes the type, never the theme: with the dark theme on, switching presenter mode on and off
 * keeps the dark theme's stylesheets (AtlantaFX's Primer Dark as the user agent stylesheet, the {@code dark} style
 * class, ShardLab's stylesheet) on the main window's scene and on the Shell's own window, and switching the theme
 * while presenting reaches both windows. In its own window the Shell's transcript wraps, so that a long line in
 * presenter type does not scroll sideways out of the audience's sight.
 */
@ExtendWith(ApplicationExtension.class)
class PresenterModeKeepsThemeTest {

    private static final String DARK_THEME = new PrimerDark().getUserAgentStylesheet();
    private static final String LIGHT_THEME = new PrimerLight().getUserAgentStylesheet();

    @RegisterExtension
    final WholeAppWindow window = new WholeAppWindow();

    @Test
    void presenter_mode_keeps_the_dark_theme_on_the_window_and_the_shells_own_window(FxRobot robot) throws Exception {
        // given the dark theme and the Shell open
        fire(robot, "menu-theme-dark");
        fire(robot, "menu-shell");
        assertEquals(List.of("dark"), themeOf(window.stage().getScene().getRoot()), "main window, dark");

        // when presenter mode goes on
        fire(robot, "menu-presenter");
        waitUntil(() -> window.stage().getScene().getRoot().getStyleClass().contains(Appearance.PRESENTER));

        // then both windows stay dark, the Shell's own one included
        assertEquals(DARK_THEME, onFxThread(Application::getUserAgentStylesheet), "theme in presenter mode");
        assertEquals(List.of("dark"), themeOf(window.stage().getScene().getRoot()), "main window, presenter mode");
        Parent shellRoot =
                onFxThread(() -> shellWindow().orElseThrow().getScene().getRoot());
        assertEquals(List.of("dark", "presenter"), onFxThread(() -> styleClasses(shellRoot)), "Shell window");
        assertEquals(true, onFxThread(() -> shellRoot.getStylesheets().contains(Appearance.STYLESHEET)));

        // when the theme switches while presenting, both windows follow it
        fire(robot, "menu-theme-light");
        assertEquals(LIGHT_THEME, onFxThread(Application::getUserAgentStylesheet), "light while presenting");
        assertEquals(List.of("presenter"), onFxThread(() -> styleClasses(shellRoot)), "Shell window, light");
        fire(robot, "menu-theme-dark");

        // and presenter mode going off leaves the dark theme as it was
        fire(robot, "menu-presenter");
        waitUntil(() -> !window.stage().getScene().getRoot().getStyleClass().contains(Appearance.PRESENTER));
        assertEquals(DARK_THEME, onFxThread(Application::getUserAgentStylesheet), "theme after presenter mode");
        assertEquals(List.of("dark"), themeOf(window.stage().getScene().getRoot()), "main window after presenter mode");
    }

    @Test
    void the_shells_own_window_wraps_its_transcript_and_docked_it_keeps_the_lines_as_printed(FxRobot robot)
            throws Exception {
        // given the Shell open, when presenter mode moves it into a window of its own, the transcript wraps there
        fire(robot, "menu-shell");
        fire(robot, "menu-presenter");
        waitUntil(() -> shellWindow().isPresent());
        TextArea transcript = onFxThread(
                () -> (TextArea) shellWindow().orElseThrow().getScene().lookup("#console-transcript"));
        assertTrue(onFxThread(transcript::isWrapText), "in its own window");

        // and under the explorer again when presenter mode goes off, it keeps mongosh's lines as printed
        fire(robot, "menu-presenter");
        waitUntil(() -> !window.stage().getScene().getRoot().getStyleClass().contains(Appearance.PRESENTER));
        assertFalse(onFxThread(transcript::isWrapText), "docked");
    }

    private static List<String> themeOf(Parent root) throws Exception {
        return onFxThread(() ->
                root.getStyleClass().stream().filter(Appearance.DARK::equals).toList());
    }

    private static List<String> styleClasses(Parent root) {
        return root.getStyleClass().stream()
                .filter(c -> c.equals(Appearance.DARK) || c.equals(Appearance.PRESENTER))
                .sorted()
                .toList();
    }

    private static Optional<Window> shellWindow() {
        return Window.getWindows().stream()
                .filter(w -> w instanceof Stage s
                        && s.getTitle() != null
                        && s.getTitle().startsWith("Shell"))
                .findFirst();
    }

    /** Clicks the menu item with this id. */
    private void fire(FxRobot robot, String id) {
        robot.interact(() -> {
            MenuBar bar = (MenuBar) window.stage().getScene().getRoot().lookup(".menu-bar");
            bar.getMenus().stream()
                    .flatMap(m -> m.getItems().stream())
                    .flatMap(item -> item instanceof Menu sub ? sub.getItems().stream() : Stream.of(item))
                    .filter(item -> id.equals(item.getId()))
                    .forEach(item -> {
                        // a click ticks a check or radio item before its action runs
                        if (item instanceof CheckMenuItem check) {
                            check.setSelected(!check.isSelected());
                        } else if (item instanceof RadioMenuItem radio) {
                            radio.setSelected(true);
                        }
                        item.fire();
                    });
        });
        WaitForAsyncUtils.waitForFxEvents();
    }
}
