package io.shardlab.ui.export;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardlab.text.Language;
import io.shardlab.ui.text.UiText;
import io.shardlab.ui.theme.RememberedWindows;
import io.shardlab.ui.theme.WindowPlacement;
import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import javafx.application.Platform;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.image.Image;
import javafx.scene.layout.StackPane;
import javafx.stage.Stage;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** The export dialog on screen: it opens with a picture in its preview, and Save… writes a real file. */
@ExtendWith(ApplicationExtension.class)
class ExportDialogTest {

    @TempDir
    Path dir;

    private Stage stage;
    private final ExecutorService background = Executors.newSingleThreadExecutor();
    private final java.util.List<Path> openedFolders = new java.util.concurrent.CopyOnWriteArrayList<>();

    @Start
    void start(Stage stage) {
        this.stage = stage;
        stage.setScene(new Scene(new StackPane(), 300, 200));
        stage.show();
    }

    @AfterEach
    void stopExecutor() {
        background.shutdownNow();
    }

    private ExportDialog open(FxRobot robot, Path target) {
        ExportViewModel vm = new ExportViewModel(
                new ExportViewModel.Input(ExportDiagrams.withWrites(), null),
                false,
                background,
                Platform::runLater,
                image -> {});
        ExportDialog[] dialog = new ExportDialog[1];
        robot.interact(() -> {
            WindowPlacement placement =
                    new WindowPlacement(RememberedWindows.inMemory(), WindowPlacement::screensOfThisDesktop);
            dialog[0] = new ExportDialog(
                    new UiText(Language.ENGLISH),
                    vm,
                    name -> Optional.of(target.resolve(name)),
                    openedFolders::add,
                    placement);
            dialog[0].initOwner(stage);
            placement.show(dialog[0]);
        });
        return dialog[0];
    }

    @Test
    void the_dialog_opens_with_a_preview_of_the_picture(FxRobot robot) {
        ExportDialog dialog = open(robot, dir);

        assertTrue(dialog.isShowing());
        Image preview = dialog.preview().getImage();
        assertTrue(preview != null && preview.getWidth() > 100 && preview.getHeight() > 100, "a preview is drawn");
        assertTrue(distinctColours(preview) > 8, "the preview shows a diagram, not a blank image");
    }

    @org.junit.jupiter.params.ParameterizedTest(name = "presenter mode {0}")
    @org.junit.jupiter.params.provider.ValueSource(booleans = {false, true})
    void every_caption_of_the_form_reads_whole_in_the_apps_style(boolean presenter, FxRobot robot) {
        // given the dialog in the app's theme and type size, as the main window styles it
        ExportDialog dialog = openInTheAppsStyle(robot, presenter);

        // then no label, check box or button of the form is cut to "…"
        java.util.List<javafx.scene.control.Labeled> captions = new java.util.ArrayList<>();
        collectCaptions(dialog.getDialogPane().lookup(".export-form"), captions);
        assertTrue(
                captions.stream().anyMatch(l -> l.getId() != null && l.getId().equals("export-highlight")),
                "the highlight check box is among them: " + captions);
        for (javafx.scene.control.Labeled caption : captions) {
            javafx.scene.Node shown = caption.lookup(".text");
            String text = shown instanceof javafx.scene.text.Text t ? t.getText() : "";
            assertEquals(caption.getText(), text.replace("\n", " "), "shown whole: " + caption);
        }
    }

    @org.junit.jupiter.params.ParameterizedTest(name = "presenter mode {0}")
    @org.junit.jupiter.params.provider.ValueSource(booleans = {false, true})
    void every_field_of_the_form_lies_left_of_the_preview_in_the_apps_style(boolean presenter, FxRobot robot) {
        // given the dialog in the app's theme and type size, as the main window styles it
        ExportDialog dialog = openInTheAppsStyle(robot, presenter);

        // then each control of the settings grid ends inside the form, before the preview starts
        javafx.scene.Node form = dialog.getDialogPane().lookup(".export-form");
        javafx.scene.Node previewBox = dialog.getDialogPane().lookup(".export-preview");
        double formRight = form.localToScene(form.getLayoutBounds()).getMaxX();
        double previewLeft =
                previewBox.localToScene(previewBox.getLayoutBounds()).getMinX();
        javafx.scene.layout.GridPane grid =
                (javafx.scene.layout.GridPane) dialog.getDialogPane().lookup(".export-settings");
        for (javafx.scene.Node control : grid.getChildren()) {
            double right = control.localToScene(control.getLayoutBounds()).getMaxX();
            assertTrue(
                    right <= formRight + 0.5 && right <= previewLeft,
                    control + " ends at " + right + ", the form at " + formRight + ", the preview starts at "
                            + previewLeft);
        }
    }

    /** Opens the dialog styled as the main window styles it: the app's theme, and presenter type if asked. */
    private ExportDialog openInTheAppsStyle(FxRobot robot, boolean presenter) {
        ExportDialog dialog = open(robot, dir);
        robot.interact(() -> {
            new io.shardlab.ui.theme.Appearance(
                            new javafx.beans.property.SimpleBooleanProperty(false),
                            new javafx.beans.property.SimpleBooleanProperty(presenter))
                    .follow(dialog.getDialogPane());
            dialog.getDialogPane().getScene().getWindow().sizeToScene();
        });
        WaitForAsyncUtils.waitForFxEvents();
        return dialog;
    }

    /** The visible labels, check boxes and buttons with a caption under {@code node}. */
    private static void collectCaptions(javafx.scene.Node node, java.util.List<javafx.scene.control.Labeled> into) {
        if (!node.isVisible()) {
            return;
        }
        if (node instanceof javafx.scene.control.Labeled l
                && l.getText() != null
                && !l.getText().isEmpty()) {
            into.add(l);
        }
        if (node instanceof javafx.scene.Parent p) {
            p.getChildrenUnmodifiable().forEach(child -> collectCaptions(child, into));
        }
    }

    @Test
    void a_saved_file_is_announced_with_a_way_to_its_folder_above_the_form_not_over_it(FxRobot robot) throws Exception {
        // given nothing saved yet: no banner
        ExportDialog dialog = open(robot, dir);
        javafx.scene.Node banner = robot.lookup("#export-saved").query();
        assertTrue(!banner.isVisible());

        // when Save… writes the file
        robot.clickOn("#export-save");
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, banner::isVisible);
        WaitForAsyncUtils.waitForFxEvents();

        // then the banner names it, above the format buttons, which stay in the dialog and uncovered
        String text = robot.lookup("#export-saved-text").queryAs(Label.class).getText();
        assertTrue(text.startsWith("Saved shop.orders-all.png ("), text);
        javafx.geometry.Bounds bannerBounds = banner.localToScene(banner.getLayoutBounds());
        javafx.scene.Scene scene = dialog.getDialogPane().getScene();
        for (String id : java.util.List.of("export-format-png", "export-format-pdf", "export-save")) {
            javafx.scene.Node button = robot.lookup("#" + id).query();
            javafx.geometry.Bounds bounds = button.localToScene(button.getLayoutBounds());
            assertTrue(
                    !bannerBounds.intersects(bounds), id + " " + bounds + " is not under the banner " + bannerBounds);
            assertTrue(bounds.getMaxY() <= scene.getHeight(), id + " " + bounds + " lies in the dialog");
        }
        // and its Open folder shows the folder the file is in
        robot.clickOn("#export-open-folder");
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(java.util.List.of(dir.toAbsolutePath()), openedFolders);
    }

    @Test
    void save_writes_a_valid_png_to_the_chosen_file(FxRobot robot) throws Exception {
        open(robot, dir);
        robot.clickOn("#export-save");
        Path file = dir.resolve("shop.orders-all.png");
        WaitForAsyncUtils.waitFor(
                20,
                TimeUnit.SECONDS,
                () -> robot.lookup("#export-status")
                        .queryAs(Label.class)
                        .getText()
                        .startsWith("Saved shop.orders-all.png"));

        BufferedImage image = ImageIO.read(file.toFile());
        assertEquals(1600, image.getWidth());
        assertTrue(Files.size(file) > 1000);
    }

    @Test
    void save_as_svg_after_choosing_the_format(FxRobot robot) throws Exception {
        open(robot, dir);
        robot.clickOn("#export-format-svg");
        robot.clickOn("#export-save");
        Path file = dir.resolve("shop.orders-all.svg");
        WaitForAsyncUtils.waitFor(
                20,
                TimeUnit.SECONDS,
                () -> robot.lookup("#export-status")
                        .queryAs(Label.class)
                        .getText()
                        .startsWith("Saved shop.orders-all.svg"));

        String svg = Files.readString(file);
        assertTrue(svg.startsWith("<svg") || svg.startsWith("<?xml"), svg.substring(0, 40));
        assertTrue(svg.contains("shard01") && svg.contains("shard03"));
    }

    private static int distinctColours(Image image) {
        java.util.Set<Integer> colours = new java.util.HashSet<>();
        var reader = image.getPixelReader();
        for (int y = 0; y < image.getHeight(); y += 3) {
            for (int x = 0; x < image.getWidth(); x += 3) {
                colours.add(reader.getArgb(x, y));
            }
        }
        return colours.size();
    }
}
