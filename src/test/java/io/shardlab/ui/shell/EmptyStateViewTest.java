package io.shardlab.ui.shell;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.shardlab.AppInfo;
import io.shardlab.cluster.Shard;
import io.shardlab.render.ShardColorOrder;
import io.shardlab.text.Language;
import io.shardlab.ui.about.AboutInfo;
import io.shardlab.ui.text.UiText;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;

/**
 * The empty state's shard chips show each shard in its colour on the explorer's lanes ({@link ShardColorOrder}), not
 * in the colour of its place in name order: a shard added from the Shell, {@code shard0001}, sorts first but joined
 * last.
 */
@ExtendWith(ApplicationExtension.class)
class EmptyStateViewTest {

    @Test
    void each_chip_has_its_shards_colour_on_the_lanes(FxRobot robot) {
        // given the cluster's shards, of which shard0001 joined after shard01 and shard02
        AppInfo app = new AppInfo("ShardLab", "9.9.9");
        MainViewModel viewModel = new MainViewModel(
                app,
                new AboutInfo(app, AboutInfo.SHARDLAB_LICENCE, List.of()),
                new ClusterDescription("In-memory cluster", "8.0"),
                List.of(Shard.named("shard01"), Shard.named("shard02"), Shard.named("shard0001")),
                () -> false,
                () -> {},
                null);
        viewModel.shardColorsProperty().set(ShardColorOrder.of(List.of("shard01", "shard02", "shard0001")));

        // when the empty state shows
        robot.interact(() -> {
            Stage stage = new Stage();
            stage.setScene(new Scene(new EmptyStateView(new UiText(Language.ENGLISH), viewModel).build(), 900, 700));
            stage.show();
        });

        // then the chips list the shards by name, each in its lane's colour
        Map<String, String> colours = new LinkedHashMap<>();
        for (Label chip : robot.lookup(".shard-chip").queryAllAs(Label.class)) {
            colours.put(
                    chip.getText(),
                    chip.getGraphic().getStyleClass().stream()
                            .filter(c -> c.matches("shard-\\d+"))
                            .findFirst()
                            .orElseThrow());
        }
        assertEquals(Map.of("shard0001", "shard-2", "shard01", "shard-0", "shard02", "shard-1"), colours);
        assertEquals(List.of("shard0001", "shard01", "shard02"), List.copyOf(colours.keySet()));
    }
}
