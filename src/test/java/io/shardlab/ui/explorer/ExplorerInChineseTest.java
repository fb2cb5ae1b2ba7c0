package io.shardlab.ui.explorer;

import static io.shardlab.ui.FxWait.waitUntil;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardlab.session.Scenario;
import io.shardlab.text.Language;
import io.shardlab.ui.text.UiText;
import io.shardlab.ui.theme.Appearance;
import io.shardlab.ui.theme.RememberedWindows;
import io.shardlab.ui.theme.WindowPlacement;
import java.util.List;
import java.util.concurrent.TimeoutException;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.Labeled;
import javafx.scene.control.Menu;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * The explorer in 简体中文 at 1280×720, as a teacher in Shanghai sees it: the setup row, the transport and a
 * chunk's details speak Chinese, and View → Language back to English says the English words again without a
 * restart.
 */
@ExtendWith(ApplicationExtension.class)
class ExplorerInChineseTest {

    private WiredExplorer wired;
    private ExplorerViewModel vm;
    private ExplorerView view;
    private UiText text;

    @Start
    void start(Stage stage) {
        SimpleBooleanProperty dark = new SimpleBooleanProperty(false);
        wired = WiredExplorer.standard(dark);
        vm = wired.viewModel();
        Appearance appearance = new Appearance(dark, new SimpleBooleanProperty(false));
        text = new UiText(Language.SIMPLIFIED_CHINESE);
        view = new ExplorerView(
                vm,
                appearance,
                new WindowPlacement(RememberedWindows.inMemory(), WindowPlacement::screensOfThisDesktop),
                text);
        appearance.follow(view.node());
        stage.setScene(new Scene(view.node(), 1280, 720));
        stage.show();
    }

    @AfterEach
    void stop() {
        wired.close();
    }

    @Test
    void the_setup_row_the_transport_and_a_chunks_details_speak_chinese_and_switch_back_to_english(FxRobot robot)
            throws TimeoutException {
        // given three chunks of a monotonic stream, the middle one selected
        robot.interact(() -> ((ScenarioLauncher) vm)
                .launch(Scenario.of("{ counter: 1 }", "monotonic")
                        .withDocuments(2_000)
                        .withSplitPoints(List.of("{ counter: 100 }", "{ counter: 200 }"))));
        waitUntil(() -> vm.phaseProperty().get() == ExplorerViewModel.Phase.READY
                && vm.numberLine().pictureProperty().get() != null);
        robot.interact(() -> vm.numberLine().selectChunk(1));
        List<Menu> menus = view.menus();

        // then the window speaks Chinese
        assertTrue(shows("分片键"), "the setup row's key caption");
        assertTrue(shows("工作负载"), "the setup row's workload caption");
        assertEquals("应用", textOf("#setup-apply"));
        assertEquals("区域…", textOf("#setup-zones"));
        assertEquals("播放", textOf("#transport-play"));
        assertEquals("已插入 0 / 2,000 个文档", textOf("#transport-progress-text"));
        assertEquals("数据块 2 / 3", textOf("#chunk-title"));
        assertEquals("否", textOf("#chunk-jumbo"));
        assertEquals("模拟(_S)", menus.get(1).getText());

        // when the teacher switches to English
        robot.interact(() -> text.languageProperty().set(Language.ENGLISH));

        // then the same nodes say the English words, without a restart
        assertTrue(shows("Shard key"), "the setup row's key caption");
        assertTrue(shows("Workload"), "the setup row's workload caption");
        assertEquals("Apply", textOf("#setup-apply"));
        assertEquals("Zones…", textOf("#setup-zones"));
        assertEquals("Play", textOf("#transport-play"));
        assertEquals("0 of 2,000 documents", textOf("#transport-progress-text"));
        assertEquals("Chunk 2 of 3", textOf("#chunk-title"));
        assertEquals("no", textOf("#chunk-jumbo"));
        assertEquals("_Simulation", menus.get(1).getText());
    }

    private String textOf(String id) {
        Node node = view.node().lookup(id);
        assertTrue(node instanceof Labeled, id + " is a labelled node");
        return ((Labeled) node).getText();
    }

    /** Whether some label of the explorer says {@code words}. */
    private boolean shows(String words) {
        return view.node().lookupAll(".label").stream()
                .anyMatch(n -> n instanceof Labeled l && words.equals(l.getText()));
    }
}
