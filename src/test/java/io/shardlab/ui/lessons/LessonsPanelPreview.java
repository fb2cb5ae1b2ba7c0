package io.shardlab.ui.lessons;

import io.shardlab.AppInfo;
import io.shardlab.cluster.Shard;
import io.shardlab.ui.about.AboutInfo;
import io.shardlab.ui.shell.ClusterDescription;
import io.shardlab.ui.shell.MainView;
import io.shardlab.ui.shell.MainViewModel;
import io.shardlab.ui.theme.Appearance;
import io.shardlab.ui.theme.ThemeChoice;
import io.shardlab.workload.WorkloadRegistry;
import java.util.Arrays;
import java.util.List;
import javafx.application.Platform;
import javafx.scene.control.ScrollPane;
import javafx.scene.layout.BorderPane;
import javafx.stage.Stage;

/**
 * Looks at the lessons panel in the real main window before the explorer wires it in: opens the
 * shell's window and puts the panel on its right, with a launcher that prints what it is handed.
 * For screenshots and eyeballing only (a test-source tool, not part of the app).
 *
 * <p>Arguments: {@code --presenter}, {@code --dark}, {@code --lesson=<id>}, {@code --follow-up=<index>},
 * {@code --scroll=<0..1>}.
 * Run with the test class path, e.g. under {@code xvfb-run}.
 */
public final class LessonsPanelPreview {

    private LessonsPanelPreview() {}

    public static void main(String[] args) {
        List<String> options = Arrays.asList(args);
        Platform.startup(() -> {
            AppInfo app = AppInfo.load();
            MainViewModel main = new MainViewModel(
                    app,
                    AboutInfo.load(app),
                    new ClusterDescription("In-memory cluster", "8.0"),
                    List.of(Shard.named("shard01"), Shard.named("shard02"), Shard.named("shard03")),
                    () -> false,
                    Platform::exit,
                    null);
            main.chooseTheme(options.contains("--dark") ? ThemeChoice.DARK : ThemeChoice.LIGHT);
            main.setPresenterMode(options.contains("--presenter"));
            Appearance appearance = new Appearance(main.darkProperty(), main.presenterModeProperty());
            Stage stage = new Stage();
            new MainView(main, appearance, List.of()).show(stage);

            LessonsViewModel lessons = new LessonsViewModel(
                    LessonCatalog.load(WorkloadRegistry.standard()).lessons(),
                    new RecordingLauncher(),
                    main.presenterModeProperty(),
                    main::togglePresenterMode);
            for (String option : options) {
                if (option.startsWith("--lesson=")) {
                    lessons.selectLesson(option.substring("--lesson=".length()));
                }
            }
            for (String option : options) {
                if (option.startsWith("--follow-up=")) {
                    lessons.startFollowUp(Integer.parseInt(option.substring("--follow-up=".length())));
                }
            }
            ((BorderPane) stage.getScene().getRoot()).setRight(new LessonsView(lessons).build());
            for (String option : options) {
                if (option.startsWith("--scroll=")) {
                    double to = Double.parseDouble(option.substring("--scroll=".length()));
                    // after the first layout, when the scroll pane knows its content's height
                    Platform.runLater(() -> ((ScrollPane) stage.getScene().lookup("#lesson-scroller")).setVvalue(to));
                }
            }
        });
    }
}
