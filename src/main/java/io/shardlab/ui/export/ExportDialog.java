package io.shardlab.ui.export;

import atlantafx.base.theme.Styles;
import io.shardlab.render.ExportFormat;
import io.shardlab.render.ExportSize;
import io.shardlab.render.View;
import io.shardlab.ui.theme.Appearance;
import io.shardlab.ui.theme.SharedStyles;
import java.awt.image.BufferedImage;
import java.nio.file.Path;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.Function;
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
import javafx.scene.layout.Region;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;
import javafx.util.StringConverter;
import org.controlsfx.control.NotificationPane;
import org.controlsfx.control.action.Action;
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

    private final ExportViewModel viewModel;
    private final ImageView preview = new ImageView();

    /**
     * @param chooseFile asks where to save, given a suggested file name; empty when the user cancels
     * @param openFolder shows a folder in the desktop's file manager
     */
    public ExportDialog(
            ExportViewModel viewModel, Function<String, Optional<Path>> chooseFile, Consumer<Path> openFolder) {
        this.viewModel = viewModel;
        setTitle("Export diagram");
        setResizable(true);
        getDialogPane().getStyleClass().add(EXPORT_DIALOG);
        getDialogPane().getStylesheets().add(STYLESHEET);
        getDialogPane().getButtonTypes().add(ButtonType.CLOSE);

        Button save = new Button("Save…", new FontIcon(MaterialDesignC.CONTENT_SAVE_OUTLINE));
        save.setId("export-save");
        save.getStyleClass().add(Styles.ACCENT);
        save.setDefaultButton(true);
        save.disableProperty().bind(viewModel.painterProperty().isNull().or(viewModel.savingProperty()));
        save.setOnAction(e -> chooseFile.apply(viewModel.suggestedFileName()).ifPresent(viewModel::save));
        Button copy = new Button("Copy to clipboard", new FontIcon(MaterialDesignC.CONTENT_COPY));
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

        VBox form = new VBox(settings(), highlight(), new HBox(8, save, copy), error, status);
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
        // a saved file is announced across the dialog's top with the way to it, not only in the grey status line
        NotificationPane notice = new NotificationPane(content);
        notice.setId("export-saved");
        notice.getStyleClass().add(EXPORT_SAVED);
        notice.setShowFromTop(true);
        notice.setCloseButtonVisible(true);
        viewModel.savedProperty().addListener((obs, was, file) -> {
            if (file == null) {
                notice.hide();
                return;
            }
            Path folder = file.toAbsolutePath().getParent();
            Action open = new Action("Open folder", e -> openFolder.accept(folder));
            open.setGraphic(new FontIcon(MaterialDesignF.FOLDER_OPEN_OUTLINE));
            notice.getActions().setAll(open);
            notice.show(viewModel.statusProperty().get(), new FontIcon(MaterialDesignC.CHECK_CIRCLE_OUTLINE));
        });
        getDialogPane().setContent(notice);
        viewModel.painterProperty().addListener((obs, was, now) -> redraw());
        redraw();
    }

    private GridPane settings() {
        GridPane grid = new GridPane();
        grid.getStyleClass().add(EXPORT_SETTINGS);
        grid.setHgap(10);
        grid.setVgap(8);
        int row = 0;

        grid.addRow(row++, label("Format"), formatButtons());
        grid.addRow(row++, label("View"), viewChoice());
        Spinner<Integer> width =
                new Spinner<>(200, 20_000, viewModel.widthProperty().get(), 100);
        width.setId("export-width");
        width.setEditable(true);
        width.valueProperty()
                .addListener((obs, was, now) -> viewModel.widthProperty().set(now));
        grid.addRow(row++, label("Width (px)"), width);

        Spinner<Integer> height =
                new Spinner<>(0, 20_000, viewModel.heightProperty().get(), 100);
        height.setId("export-height");
        height.setEditable(true);
        height.valueProperty()
                .addListener((obs, was, now) -> viewModel.heightProperty().set(now));
        grid.addRow(row++, label("Height (px, 0 = fit)"), height);

        Spinner<Double> scale = new Spinner<>(0.25, 8, viewModel.scaleProperty().get(), 0.25);
        scale.setId("export-scale");
        scale.setEditable(true);
        scale.valueProperty()
                .addListener((obs, was, now) -> viewModel.scaleProperty().set(now));
        grid.addRow(row++, label("Scale"), scale);

        CheckBox dark = new CheckBox("Dark theme");
        dark.setId("export-dark");
        dark.selectedProperty().bindBidirectional(viewModel.darkProperty());
        grid.addRow(row++, label("Theme"), dark);

        TextField title = new TextField();
        title.setId("export-title");
        title.setPromptText("Chunks of the namespace");
        title.textProperty().bindBidirectional(viewModel.titleProperty());
        grid.addRow(row++, label("Title"), title);
        return grid;
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

    /** Which sections of the diagram the picture shows. */
    private ComboBox<View> viewChoice() {
        ComboBox<View> view = new ComboBox<>();
        view.setId("export-view");
        view.setMinWidth(Region.USE_PREF_SIZE);
        view.getItems().setAll(View.values());
        view.setConverter(new StringConverter<>() {
            @Override
            public String toString(View v) {
                return v == null
                        ? ""
                        : switch (v) {
                            case NUMBER_LINE -> "Number line";
                            case LANES -> "Number line and lanes";
                            case HEATMAP -> "Heatmap of writes";
                            case ALL -> "Everything";
                        };
            }

            @Override
            public View fromString(String s) {
                return null;
            }
        });
        view.valueProperty().bindBidirectional(viewModel.viewProperty());
        return view;
    }

    /**
     * Under the grid, not in it: a GridPane sizes a row by its nodes' heights for no width, so a wrapping caption
     * spanning its columns kept one line and was cut; the form's VBox gives it its width and the lines it needs.
     */
    private CheckBox highlight() {
        CheckBox highlight = new CheckBox("Highlight the selected chunk or the query's shards");
        highlight.setId("export-highlight");
        highlight.setWrapText(true);
        highlight.setMinHeight(Region.USE_PREF_SIZE);
        highlight.selectedProperty().bindBidirectional(viewModel.highlightProperty());
        highlight.disableProperty().bind(viewModel.canHighlightProperty().not());
        return highlight;
    }

    private static Label label(String text) {
        Label l = new Label(text);
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
