package io.shardlab.ui.export;

import atlantafx.base.theme.Styles;
import io.shardlab.render.ExportFormat;
import io.shardlab.render.ExportSize;
import io.shardlab.render.Scale;
import io.shardlab.render.View;
import io.shardlab.text.Language;
import io.shardlab.text.Message;
import io.shardlab.ui.text.UiText;
import io.shardlab.ui.theme.Appearance;
import io.shardlab.ui.theme.SharedStyles;
import io.shardlab.ui.theme.WindowPlacement;
import java.awt.image.BufferedImage;
import java.nio.file.Path;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.Function;
import javafx.application.Platform;
import javafx.beans.property.IntegerProperty;
import javafx.beans.property.Property;
import javafx.embed.swing.SwingFXUtils;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonType;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Dialog;
import javafx.scene.control.Label;
import javafx.scene.control.Spinner;
import javafx.scene.control.TextField;
import javafx.scene.control.ToggleButton;
import javafx.scene.control.ToggleGroup;
import javafx.scene.image.ImageView;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;
import javafx.util.StringConverter;
import org.kordamp.ikonli.javafx.FontIcon;
import org.kordamp.ikonli.materialdesign2.MaterialDesignC;
import org.kordamp.ikonli.materialdesign2.MaterialDesignF;

/**
 * File → Export…: the settings on the left, a live preview on the right (the picture the file will hold,
 * painted by render's DiagramPainter), Save… and Copy to clipboard under them. Binds to
 * {@link ExportViewModel}.
 */
public final class ExportDialog extends Dialog<Void> {

    /** The dialog's own stylesheet, on its pane (a dialog is a scene of its own). */
    static final String STYLESHEET = Appearance.featureStylesheet(ExportDialog.class, "export.css");

    // style classes of its nodes, as its stylesheet names them
    private static final String EXPORT_DIALOG = "export-dialog";
    private static final String EXPORT_FORM = "export-form";
    private static final String EXPORT_PREVIEW = "export-preview";
    private static final String EXPORT_SAVED = "export-saved";
    private static final String EXPORT_SETTINGS = "export-settings";
    private static final String SEGMENTED = "segmented";

    /** Logical width the preview is drawn at; the preview image is this wide on screen. */
    static final double PREVIEW_WIDTH = 620;

    private final UiText text;
    private final ExportViewModel viewModel;
    private final ImageView preview = new ImageView();

    /**
     * @param text the window's words: the dialog speaks its language and follows a switch
     * @param chooseFile asks where to save, given a suggested file name; empty when the user cancels
     * @param openFolder shows a folder in the desktop's file manager
     * @param placement sizes the dialog to its content again when the saved banner comes and goes
     */
    public ExportDialog(
            UiText text,
            ExportViewModel viewModel,
            Function<String, Optional<Path>> chooseFile,
            Consumer<Path> openFolder,
            WindowPlacement placement) {
        this.text = text;
        this.viewModel = viewModel;
        titleProperty().bind(text.text("export.title"));
        setResizable(true);
        getDialogPane().getStyleClass().add(EXPORT_DIALOG);
        getDialogPane().getStylesheets().add(STYLESHEET);
        getDialogPane().getButtonTypes().add(ButtonType.CLOSE);

        Button save = text.label(new Button(null, new FontIcon(MaterialDesignC.CONTENT_SAVE_OUTLINE)), "export.save");
        save.setId("export-save");
        save.getStyleClass().add(Styles.ACCENT);
        save.setDefaultButton(true);
        save.disableProperty().bind(viewModel.painterProperty().isNull().or(viewModel.savingProperty()));
        save.setOnAction(e -> chooseFile.apply(viewModel.suggestedFileName()).ifPresent(viewModel::save));
        Button copy = text.label(new Button(null, new FontIcon(MaterialDesignC.CONTENT_COPY)), "export.copy");
        copy.setId("export-copy");
        copy.disableProperty().bind(viewModel.painterProperty().isNull());
        copy.setOnAction(e -> viewModel.copyToClipboard());

        Label error = new Label();
        error.setId("export-error");
        error.getStyleClass().add(SharedStyles.FIELD_ERROR);
        error.setWrapText(true);
        error.textProperty().bind(viewModel.errorProperty());
        error.visibleProperty().bind(viewModel.errorProperty().isEmpty().not());
        error.managedProperty().bind(error.visibleProperty());
        Label status = new Label();
        status.setId("export-status");
        status.getStyleClass().add(SharedStyles.FIELD_HINT);
        status.setWrapText(true);
        status.textProperty().bind(viewModel.statusProperty());

        VBox form = new VBox(settings(), highlight(), plannedMove(), new HBox(8, save, copy), error, status);
        form.getStyleClass().add(EXPORT_FORM);
        form.setSpacing(12);
        form.setMinWidth(Region.USE_PREF_SIZE);
        save.setMinWidth(Region.USE_PREF_SIZE);
        copy.setMinWidth(Region.USE_PREF_SIZE);

        preview.setId("export-preview");
        preview.setPreserveRatio(true);
        preview.setFitWidth(PREVIEW_WIDTH);
        StackPane previewBox = new StackPane(preview);
        previewBox.getStyleClass().add(EXPORT_PREVIEW);
        previewBox.setAlignment(Pos.TOP_CENTER);
        previewBox.setMinWidth(PREVIEW_WIDTH + 16);

        HBox content = new HBox(16, form, previewBox);
        // a saved file is announced across the dialog's top with the way to it, not only in the grey status line;
        // the banner takes its own room above the form and the preview, and the dialog grows by it
        HBox saved = savedBanner(openFolder, placement);
        getDialogPane().setContent(new VBox(12, saved, content));
        viewModel.painterProperty().addListener((obs, was, now) -> redraw());
        redraw();
    }

    /** "Saved … (size)" with Open folder and a close button, shown once a file is saved. */
    private HBox savedBanner(Consumer<Path> openFolder, WindowPlacement placement) {
        Label savedText = new Label();
        savedText.setId("export-saved-text");
        savedText.setGraphic(new FontIcon(MaterialDesignC.CHECK_CIRCLE_OUTLINE));
        savedText.setWrapText(true);
        // as wide as the form and the preview leave it, in as many lines as its text needs
        savedText.setPrefWidth(0);
        savedText.setMaxWidth(Double.MAX_VALUE);
        savedText.setMinHeight(Region.USE_PREF_SIZE);
        HBox.setHgrow(savedText, Priority.ALWAYS);
        Button open =
                text.label(new Button(null, new FontIcon(MaterialDesignF.FOLDER_OPEN_OUTLINE)), "export.openFolder");
        open.setId("export-open-folder");
        open.getStyleClass().add(Styles.FLAT);
        open.setMinWidth(Region.USE_PREF_SIZE);
        Button close = new Button(null, new FontIcon(MaterialDesignC.CLOSE));
        close.setId("export-saved-close");
        close.getStyleClass().addAll(Styles.FLAT, Styles.BUTTON_ICON);
        text.tip(close, "export.hideSaved");
        HBox banner = new HBox(8, savedText, open, close);
        banner.setId("export-saved");
        banner.getStyleClass().add(EXPORT_SAVED);
        banner.setAlignment(Pos.CENTER_LEFT);
        banner.setVisible(false);
        banner.managedProperty().bind(banner.visibleProperty());
        Runnable refit = () -> Platform.runLater(() -> placement.fit(this));
        close.setOnAction(e -> {
            banner.setVisible(false);
            refit.run();
        });
        viewModel.savedProperty().addListener((obs, was, file) -> {
            banner.setVisible(file != null);
            if (file != null) {
                Path folder = file.toAbsolutePath().getParent();
                // the words of this save, following a switch but not a later copy's status
                Message said = viewModel.statusMessageProperty().get();
                if (said != null) {
                    savedText.textProperty().bind(text.text(said));
                }
                open.setOnAction(e -> openFolder.accept(folder));
            }
            refit.run();
        });
        return banner;
    }

    private GridPane settings() {
        GridPane grid = new GridPane();
        grid.getStyleClass().add(EXPORT_SETTINGS);
        grid.setHgap(10);
        grid.setVgap(8);
        int row = 0;

        grid.addRow(row++, label("export.format"), formatButtons());
        // the placement board's picture has no view to pick nor chunk widths: its key lines draw their lanes
        if (!viewModel.isPlacementBoard()) {
            grid.addRow(row++, label("export.view"), viewChoice());
            grid.addRow(row++, label("export.chunkWidth"), chunkWidthChoice());
        }
        grid.addRow(row++, label("export.width"), pixels("export-width", 200, viewModel.widthProperty()));
        grid.addRow(row++, label("export.height"), pixels("export-height", 0, viewModel.heightProperty()));

        Spinner<Double> scale = new Spinner<>(0.25, 8, viewModel.scaleProperty().get(), 0.25);
        scale.setId("export-scale");
        scale.setEditable(true);
        scale.valueProperty()
                .addListener((obs, was, now) -> viewModel.scaleProperty().set(now));
        grid.addRow(row++, label("export.scale"), scale);

        CheckBox dark = text.label(new CheckBox(), "export.dark");
        dark.setId("export-dark");
        dark.selectedProperty().bindBidirectional(viewModel.darkProperty());
        grid.addRow(row++, label("export.theme"), dark);

        TextField title = new TextField();
        title.setId("export-title");
        // blank, the picture is titled as its painter titles it: the board's own title, or the diagram's
        text.prompt(title, viewModel.isPlacementBoard() ? "render.placement.title" : "export.titlePrompt");
        // wide enough for its prompt in presenter mode's type too
        title.setPrefColumnCount(16);
        title.textProperty().bindBidirectional(viewModel.titleProperty());
        grid.addRow(row++, label("export.titleLabel"), title);
        grid.addRow(row++, label("export.language"), languageChoice());
        return grid;
    }

    /** The language of the words ShardLab writes on the picture: the window's at first. */
    private ComboBox<Language> languageChoice() {
        return choice(
                "export-language",
                Language.values(),
                new StringConverter<>() {
                    @Override
                    public String toString(Language l) {
                        return l == null ? "" : l.nativeName();
                    }

                    @Override
                    public Language fromString(String s) {
                        return null;
                    }
                },
                viewModel.languageProperty());
    }

    /** PNG, SVG or PDF; one is always chosen. */
    private HBox formatButtons() {
        ToggleGroup formats = new ToggleGroup();
        HBox formatButtons = new HBox();
        formatButtons.setMinWidth(Region.USE_PREF_SIZE);
        formatButtons.getStyleClass().add(SEGMENTED);
        for (ExportFormat f : ExportFormat.values()) {
            ToggleButton b = new ToggleButton(f.name());
            b.setId("export-format-" + f.extension());
            b.setMinWidth(Region.USE_PREF_SIZE);
            b.setToggleGroup(formats);
            b.setUserData(f);
            b.setSelected(viewModel.formatProperty().get() == f);
            formatButtons.getChildren().add(b);
        }
        formats.selectedToggleProperty().addListener((obs, was, now) -> {
            if (now == null) {
                was.setSelected(true); // one format is always chosen
            } else {
                viewModel.formatProperty().set((ExportFormat) now.getUserData());
            }
        });
        return formatButtons;
    }

    /** The chunk widths of the picture, the CLI's {@code --chunk-width}: the window's at first. */
    private ComboBox<Scale> chunkWidthChoice() {
        return choice(
                "export-chunk-width",
                Scale.values(),
                text.converter(scale -> Message.of(
                        switch (scale) {
                            case EQUAL -> "export.chunkWidth.equal";
                            case DATA_SIZE -> "export.chunkWidth.dataSize";
                            case KEY_VALUE -> "export.chunkWidth.keyValue";
                        })),
                viewModel.chunkWidthProperty());
    }

    /** Which sections of the diagram the picture shows. */
    private ComboBox<View> viewChoice() {
        ComboBox<View> view = choice(
                "export-view",
                View.values(),
                text.converter(v -> Message.of(
                        switch (v) {
                            case NUMBER_LINE -> "export.view.numberLine";
                            case LANES -> "export.view.lanes";
                            case HEATMAP -> "export.view.heatmap";
                            case ALL -> "export.view.all";
                        })),
                viewModel.viewProperty());
        // the converter's words are said once: a switch makes the list and the button say them again
        text.language().addListener((obs, was, now) -> {
            View chosen = view.getValue();
            view.getItems().setAll(View.values());
            view.setValue(chosen);
        });
        return view;
    }

    /** A drop-down of {@code values}, each named by {@code names}, in step with {@code chosen} both ways. */
    private static <T> ComboBox<T> choice(String id, T[] values, StringConverter<T> names, Property<T> chosen) {
        ComboBox<T> choice = new ComboBox<>();
        choice.setId(id);
        choice.setMinWidth(Region.USE_PREF_SIZE);
        choice.getItems().setAll(values);
        choice.setConverter(names);
        choice.valueProperty().bindBidirectional(chosen);
        return choice;
    }

    private CheckBox highlight() {
        CheckBox highlight = option("export.highlight", "export-highlight", viewModel.highlightProperty());
        highlight.disableProperty().bind(viewModel.canHighlightProperty().not());
        highlight.setVisible(!viewModel.isPlacementBoard());
        highlight.setManaged(highlight.isVisible());
        return highlight;
    }

    /** Why no move?'s plan preview: shown only when the explorer's diagram has one. */
    private CheckBox plannedMove() {
        CheckBox plan = option("export.plannedMove", "export-planned-move", viewModel.plannedMoveProperty());
        plan.visibleProperty().bind(viewModel.canDrawPlannedMoveProperty());
        plan.managedProperty().bind(plan.visibleProperty());
        return plan;
    }

    /**
     * A check box under the grid, titled {@code key}'s text and in step with {@code selected} both ways. Under the
     * grid, not in it: a GridPane sizes a row by its nodes' heights for no width, so a wrapping caption spanning its
     * columns kept one line and was cut; the form's VBox gives it its width and the lines it needs.
     */
    private CheckBox option(String key, String id, Property<Boolean> selected) {
        CheckBox option = text.label(new CheckBox(), key);
        option.setId(id);
        option.setWrapText(true);
        option.setMinHeight(Region.USE_PREF_SIZE);
        option.selectedProperty().bindBidirectional(selected);
        return option;
    }

    /** An editable size in pixels from {@code min} to 20,000, in steps of 100, that sets {@code size} as it changes. */
    private static Spinner<Integer> pixels(String id, int min, IntegerProperty size) {
        Spinner<Integer> pixels = new Spinner<>(min, 20_000, size.get(), 100);
        pixels.setId(id);
        pixels.setEditable(true);
        pixels.valueProperty().addListener((obs, was, now) -> size.set(now));
        return pixels;
    }

    private Label label(String key) {
        Label l = text.label(new Label(), key);
        l.setMinWidth(Region.USE_PREF_SIZE);
        l.getStyleClass().add(SharedStyles.FIELD_LABEL);
        return l;
    }

    private void redraw() {
        ExportSize size = viewModel.sizeProperty().get();
        if (size == null) {
            preview.setImage(null);
            return;
        }
        double density = Math.max(0.25, Math.min(8, PREVIEW_WIDTH / size.width()));
        BufferedImage image = viewModel.renderImage(new ExportSize(size.width(), size.height(), density));
        preview.setImage(image == null ? null : SwingFXUtils.toFXImage(image, null));
    }

    /** The preview's image, for tests. */
    ImageView preview() {
        return preview;
    }
}
