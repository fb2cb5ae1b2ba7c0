package io.shardlab.ui.advisor;

import io.shardlab.advisor.ShippedDataset;
import io.shardlab.text.Language;
import io.shardlab.ui.text.UiText;
import io.shardlab.ui.theme.RememberedWindows;
import io.shardlab.ui.theme.WindowPlacement;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.Executors;
import javafx.application.Platform;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.scene.Scene;
import javafx.stage.Stage;

/**
 * Looks at the advisor's window on the shipped ZIP codes: loads them, a query mix, four candidates,
 * and analyses, as a user would through the window's controls. For screenshots and eyeballing only (a
 * test-source tool, not part of the app). Arguments: {@code --dark}. Run with the test class path,
 * e.g. under {@code xvfb-run}.
 */
public final class AdvisorWindowPreview {

    private AdvisorWindowPreview() {}

    public static void main(String[] args) throws Exception {
        List<String> options = Arrays.asList(args);
        Path mix = Files.createTempDirectory("shardlab-preview").resolve("mix.jsonl");
        Files.writeString(mix, """
                {"op": "find", "filter": {"state": "NY"}, "weight": 40}
                {"op": "find", "filter": {"zip": "10001"}, "weight": 50}
                {"op": "find", "filter": {"city": "Boston"}, "weight": 10}
                {"op": "updateOne", "filter": {"zip": "10001"}, "update": {"$set": {"city": "New York"}}, "weight": 5}
                """);
        Platform.startup(() -> {
            AdvisorViewModel vm = new AdvisorViewModel(
                    Executors.newSingleThreadExecutor(), Platform::runLater, Executors.newFixedThreadPool(2));
            SimpleBooleanProperty dark = new SimpleBooleanProperty(options.contains("--dark"));
            Stage stage = new Stage();
            io.shardlab.ui.theme.Appearance appearance =
                    new io.shardlab.ui.theme.Appearance(dark, new SimpleBooleanProperty(false));
            javafx.scene.Parent root = new AdvisorView(
                            vm,
                            new UiText(Language.ENGLISH),
                            dark,
                            new WindowPlacement(RememberedWindows.inMemory(), WindowPlacement::screensOfThisDesktop),
                            appearance)
                    .build();
            appearance.follow(root);
            Scene scene = new Scene(root, AdvisorWindow.WIDTH, AdvisorWindow.HEIGHT);
            stage.setScene(scene);
            stage.setTitle("ShardLab — Shard key advisor");
            stage.show();
            vm.loadShippedDataset(ShippedDataset.ZIPCODES);
            vm.setChunkSizeMegabytes(1);
            vm.loadQueryMix(mix);
            for (String key : List.of("{state: 1}", "{zip: 1}", "{zip: 'hashed'}", "{state: 1, city: 1}")) {
                vm.addCandidate(key);
            }
            vm.canAnalyzeProperty().addListener((obs, was, now) -> {
                if (now && vm.reportProperty().get() == null) {
                    vm.analyze();
                }
            });
            if (vm.canAnalyzeProperty().get()) {
                vm.analyze();
            }
        });
    }
}
