package io.shardlab.ui;

import static io.shardlab.ui.FxWait.onFxThread;
import static io.shardlab.ui.FxWait.waitUntil;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardlab.text.Language;
import io.shardlab.ui.explorer.ExplorerViewModel;
import io.shardlab.ui.text.ClippedText;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.control.Button;
import javafx.scene.control.CheckMenuItem;
import javafx.scene.control.Label;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuBar;
import javafx.scene.control.MenuItem;
import javafx.scene.control.RadioMenuItem;
import javafx.scene.layout.BorderPane;
import javafx.stage.Stage;
import javafx.stage.Window;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.util.WaitForAsyncUtils;

/**
 * View → Language in the running main window: choosing 简体中文 re-says every menu of the window's frame and the
 * status bar in Chinese at once, and choosing English says them in English again, without a restart; in Chinese,
 * at the sizes the window opens at, no word of the frame, the empty state, the Shell panel, About or the class
 * board is cut.
 */
@ExtendWith(ApplicationExtension.class)
class LanguageInWindowTest {

    @RegisterExtension
    final WholeAppWindow window = new WholeAppWindow();

    @Test
    void view_language_switches_the_menus_and_the_status_bar_without_a_restart(FxRobot robot) throws Exception {
        Map<String, String> english = new LinkedHashMap<>();
        english.put("menu-file", "_File");
        english.put("menu-quit", "Quit");
        english.put("menu-export", "Export…");
        english.put("menu-save-cluster", "Save cluster with its documents…");
        english.put("menu-tools", "_Tools");
        english.put("menu-advisor", "Shard key advisor…");
        english.put("menu-view", "_View");
        english.put("menu-theme", "Theme");
        english.put("menu-theme-light", "Light");
        english.put("menu-theme-dark", "Dark");
        english.put("menu-theme-system", "Follow system");
        english.put("menu-language", "Language");
        english.put("menu-presenter", "Presenter mode");
        english.put("menu-lessons", "Lessons");
        english.put("menu-class-board", "Class board");
        english.put("menu-help", "_Help");
        english.put("menu-about", "About ShardLab");
        english.put("status-cluster", "In-memory cluster · MongoDB 8.0");
        english.put("status-shards", "3 shards");
        english.put("status-chunks", "0 chunks");
        Map<String, String> chinese = new LinkedHashMap<>();
        chinese.put("menu-file", "文件(_F)");
        chinese.put("menu-quit", "退出");
        chinese.put("menu-export", "导出…");
        chinese.put("menu-save-cluster", "保存集群及其文档…");
        chinese.put("menu-tools", "工具(_T)");
        chinese.put("menu-advisor", "分片键顾问…");
        chinese.put("menu-view", "视图(_V)");
        chinese.put("menu-theme", "主题");
        chinese.put("menu-theme-light", "浅色");
        chinese.put("menu-theme-dark", "深色");
        chinese.put("menu-theme-system", "跟随系统");
        chinese.put("menu-language", "语言");
        chinese.put("menu-presenter", "演示模式");
        chinese.put("menu-lessons", "课程");
        chinese.put("menu-class-board", "课堂看板");
        chinese.put("menu-help", "帮助(_H)");
        chinese.put("menu-about", "关于 ShardLab");
        chinese.put("status-cluster", "内存集群 · MongoDB 8.0");
        chinese.put("status-shards", "3 个分片");
        chinese.put("status-chunks", "0 个数据块");
        assertEquals(english, onFxThread(() -> said(english)), "English to begin with");
        assertEquals("ShardLab — In-memory cluster", window.stage().getTitle());

        choose(robot, "menu-language-zh-cn");
        assertEquals(chinese, onFxThread(() -> said(chinese)), "简体中文, chosen in View → Language");
        assertEquals("ShardLab — 内存集群", window.stage().getTitle());
        assertEquals(Language.SIMPLIFIED_CHINESE, window.app().text().language().get());
        assertEquals(true, onFxThread(() -> ((RadioMenuItem) item("menu-language-zh-cn")).isSelected()));

        choose(robot, "menu-language-en");
        assertEquals(english, onFxThread(() -> said(english)), "English again");
        assertEquals("ShardLab — In-memory cluster", window.stage().getTitle());
    }

    @ParameterizedTest(name = "{0} × {1}")
    @CsvSource(delimiter = '|', textBlock = """
            1280 | 720
            1600 | 1000
            """)
    void in_chinese_no_word_of_the_frame_and_the_empty_state_is_cut(double width, double height, FxRobot robot)
            throws Exception {
        choose(robot, "menu-language-zh-cn");
        robot.interact(() -> {
            window.stage().setWidth(width);
            window.stage().setHeight(height);
        });
        List<ClippedText.Clip> clips = onFxThread(() -> {
            Parent root = window.stage().getScene().getRoot();
            root.resize(width, height);
            root.applyCss();
            root.layout();
            return ClippedText.in(root);
        });
        assertEquals(List.of(), clips);
    }

    /**
     * Lesson 4 (the seed text's cardinality lesson) in Chinese, its scenario running in the explorer beside it: at
     * either size no word of the lesson, its run button, the explorer's setup, counters and diagram is cut.
     */
    @ParameterizedTest(name = "{0} × {1}")
    @CsvSource(delimiter = '|', textBlock = """
            1280 | 720
            1600 | 1000
            """)
    void in_chinese_no_word_of_a_running_lesson_is_cut(double width, double height, FxRobot robot) throws Exception {
        choose(robot, "menu-language-zh-cn");
        robot.interact(() -> {
            window.stage().setWidth(width);
            window.stage().setHeight(height);
        });
        for (int i = 0; i < 3; i++) {
            robot.interact(() -> ((Button) window.stage().getScene().lookup("#lesson-next")).fire());
        }
        robot.interact(() -> ((Button) window.stage().getScene().lookup("#lesson-run")).fire());
        WaitForAsyncUtils.waitForFxEvents();

        List<ClippedText.Clip> clips = onFxThread(() -> {
            Parent root = window.stage().getScene().getRoot();
            root.resize(width, height);
            root.applyCss();
            root.layout();
            return ClippedText.in(root);
        });
        assertEquals(
                "第 4 课，共 20 课",
                onFxThread(() -> ((Label) window.stage().getScene().lookup("#lesson-position")).getText()),
                "lesson 4 is on show");
        assertEquals(List.of(), clips);
    }

    @Test
    void in_chinese_the_shell_panel_about_and_the_class_board_show_every_word_whole(FxRobot robot) throws Exception {
        choose(robot, "menu-language-zh-cn");
        robot.interact(() -> {
            window.stage().setWidth(1280);
            window.stage().setHeight(720);
        });
        robot.interact(() -> window.app().explorer().launch(ShardLabApp.FIRST_SCENARIO));
        waitUntil(() -> window.app().explorer().phaseProperty().get() == ExplorerViewModel.Phase.READY);
        // a check item's selection is toggled by the menu's skin, not by fire()
        robot.interact(() -> ((CheckMenuItem) item("menu-shell")).setSelected(true));
        waitUntil(() ->
                robot.lookup("#console-panel").tryQuery().map(Node::isVisible).orElse(false));
        assertEquals("清屏", robot.lookup("#console-clear").queryAs(Button.class).getText());
        assertEquals(
                List.of(),
                onFxThread(() ->
                        ClippedText.in((Parent) robot.lookup("#console-panel").query())));

        choose(robot, "menu-about");
        waitUntil(() -> robot.lookup("#about-version").tryQuery().isPresent());
        Label version = robot.lookup("#about-version").queryAs(Label.class);
        assertTrue(version.getText().startsWith("版本 "), version.getText());
        Parent about = version.getScene().getRoot();
        assertEquals(List.of(), onFxThread(() -> ClippedText.in(about)));
        robot.interact(() -> version.getScene().getWindow().hide());

        choose(robot, "menu-class-board");
        waitUntil(() -> boardWindow().isPresent());
        Parent board = boardWindow().orElseThrow().getScene().getRoot();
        assertEquals(List.of(), onFxThread(() -> ClippedText.in(board)));
    }

    /** The class board's window, known by its Chinese title. */
    private static Optional<Stage> boardWindow() {
        return Window.getWindows().stream()
                .filter(w -> w instanceof Stage s && s.isShowing() && "ShardLab — 课堂看板".equals(s.getTitle()))
                .map(Stage.class::cast)
                .findFirst();
    }

    private void choose(FxRobot robot, String id) {
        robot.interact(() -> item(id).fire());
    }

    /** What each node or menu item of {@code ids} says now. */
    private Map<String, String> said(Map<String, String> ids) {
        Map<String, String> said = new LinkedHashMap<>();
        for (String id : ids.keySet()) {
            Node node = window.stage().getScene().lookup("#" + id);
            said.put(id, node instanceof Label label ? label.getText() : item(id).getText());
        }
        return said;
    }

    private MenuItem item(String id) {
        MenuBar bar = (MenuBar) ((BorderPane) window.stage().getScene().getRoot()).getTop();
        List<MenuItem> all = new ArrayList<>(bar.getMenus());
        for (int i = 0; i < all.size(); i++) {
            if (all.get(i) instanceof Menu menu) {
                all.addAll(menu.getItems());
            }
        }
        return all.stream()
                .filter(item -> id.equals(item.getId()))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no menu item #" + id));
    }
}
