package io.shardlab.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuBar;
import javafx.scene.control.MenuItem;
import javafx.scene.layout.BorderPane;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;

/** Every menu command of the main window has a key of its own: one key combination, one command. */
@ExtendWith(ApplicationExtension.class)
class MenuAcceleratorsTest {

    @RegisterExtension
    final WholeAppWindow window = new WholeAppWindow();

    @Test
    void no_two_menu_commands_share_a_key_combination(FxRobot robot) throws Exception {
        // given the main window's menus, every item of every submenu
        List<MenuItem> items = FxWait.onFxThread(() -> {
            MenuBar bar = (MenuBar) ((BorderPane) window.stage().getScene().getRoot()).getTop();
            List<MenuItem> all = new ArrayList<>(bar.getMenus());
            for (int i = 0; i < all.size(); i++) {
                if (all.get(i) instanceof Menu menu) {
                    all.addAll(menu.getItems());
                }
            }
            return all;
        });

        // when their accelerators are grouped by the keys they take
        Map<String, List<String>> byKeys = FxWait.onFxThread(() -> items.stream()
                .filter(item -> item.getAccelerator() != null)
                .collect(Collectors.groupingBy(
                        item -> item.getAccelerator().getName(),
                        Collectors.mapping(item -> String.valueOf(item.getId()), Collectors.toList()))));

        // then each key combination opens one command
        assertTrue(byKeys.size() > 5, "the menus have their shortcuts: " + byKeys);
        assertEquals(
                Map.of(),
                byKeys.entrySet().stream()
                        .filter(e -> e.getValue().size() > 1)
                        .collect(Collectors.toMap(Map.Entry::getKey, Map.Entry::getValue)));
    }
}
