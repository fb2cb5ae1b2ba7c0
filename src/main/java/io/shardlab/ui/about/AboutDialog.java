package io.shardlab.ui.about;

import io.shardlab.ui.text.UiText;
import io.shardlab.ui.theme.Appearance;
import io.shardlab.ui.theme.SharedStyles;
import javafx.geometry.HPos;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonType;
import javafx.scene.control.Dialog;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.scene.image.Image;
import javafx.scene.image.ImageView;
import javafx.scene.layout.ColumnConstraints;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;

/** Help → About: product, version, licence, and the bundled components with their licences. */
public final class AboutDialog extends Dialog<ButtonType> {

    // style classes of its nodes, as its stylesheet names them
    private static final String ABOUT_CONTENT = "about-content";
    private static final String ABOUT_DIALOG = "about-dialog";
    private static final String ABOUT_HEADER = "about-header";
    private static final String ABOUT_IDENTITY = "about-identity";
    private static final String ABOUT_LICENCE = "about-licence";
    private static final String ABOUT_NAME = "about-name";
    private static final String ABOUT_NOTE = "about-note";
    private static final String ABOUT_SECTION_TITLE = "about-section-title";
    private static final String ABOUT_TAGLINE = "about-tagline";
    private static final String ABOUT_VERSION = "about-version";
    private static final String COMPONENT_TABLE = "component-table";

    /** The dialog's own stylesheet, on its pane (a dialog is a scene of its own). */
    static final String STYLESHEET = Appearance.featureStylesheet(AboutDialog.class, "about.css");

    /**
     * @param text the window's words, followed while the dialog shows
     * @param about what to show
     * @param icon the app icon, shown at 64 px
     */
    public AboutDialog(UiText text, AboutInfo about, Image icon) {
        titleProperty().bind(text.text("window.about.title", about.app().name()));

        ImageView iconView = new ImageView(icon);
        iconView.setFitWidth(64);
        iconView.setFitHeight(64);
        iconView.setPreserveRatio(true);
        iconView.setSmooth(true);

        Label name = new Label(about.app().name());
        name.getStyleClass().add(ABOUT_NAME);
        Label version =
                text.label(new Label(), "window.about.version", about.app().version());
        version.setId("about-version");
        version.getStyleClass().add(ABOUT_VERSION);
        Label tagline = text.label(new Label(), "window.about.tagline");
        tagline.getStyleClass().add(ABOUT_TAGLINE);
        wrapInTheDialogsWidth(tagline);
        Label licence = text.label(new Label(), "window.about.licence", about.licence());
        licence.getStyleClass().add(ABOUT_LICENCE);
        VBox identity = new VBox(name, version, tagline, licence);
        identity.getStyleClass().add(ABOUT_IDENTITY);
        HBox.setHgrow(identity, Priority.ALWAYS);
        HBox header = new HBox(iconView, identity);
        header.getStyleClass().add(ABOUT_HEADER);
        header.setAlignment(Pos.TOP_LEFT);

        Label componentsTitle = text.label(new Label(), "window.about.components");
        componentsTitle.getStyleClass().add(ABOUT_SECTION_TITLE);
        Label componentsNote = text.label(new Label(), "window.about.componentsNote");
        componentsNote.getStyleClass().add(ABOUT_NOTE);
        wrapInTheDialogsWidth(componentsNote);

        // twenty components: the table scrolls, so the dialog fits a 720 px high screen
        ScrollPane components = new ScrollPane(componentTable(text, about));
        components.setId("about-components-scroll");
        components.setFitToWidth(true);
        components.setPrefViewportHeight(300);
        // as wide as the table, so that no column is cut: the table's width is the dialog's
        components.setMinWidth(Region.USE_PREF_SIZE);
        components.setHbarPolicy(ScrollPane.ScrollBarPolicy.NEVER);
        VBox content = new VBox(header, componentsTitle, componentsNote, components);
        for (BundledComponent component : about.components()) {
            if (component.kind() == BundledComponent.Kind.BUNDLED_RESOURCE) {
                content.getChildren().add(resourceNote(text, component));
            }
        }
        // on a screen too low for it all, the table gives up rows (it scrolls), not the text above it its lines
        VBox.setVgrow(components, Priority.ALWAYS);
        content.getStyleClass().add(ABOUT_CONTENT);
        getDialogPane().setContent(content);
        getDialogPane().getStyleClass().add(ABOUT_DIALOG);
        getDialogPane().getStylesheets().add(STYLESHEET);
        getDialogPane().getButtonTypes().setAll(ButtonType.CLOSE);
        // JavaFX words its own buttons in the language the JVM started in, not the window's
        ((Button) getDialogPane().lookupButton(ButtonType.CLOSE)).textProperty().bind(text.text("common.close"));
    }

    /** Where a file kept in ShardLab's own resources comes from, and where its licence and sources are. */
    private static Label resourceNote(UiText text, BundledComponent component) {
        String folder = component.probe().substring(0, component.probe().lastIndexOf('/') + 1);
        Label note = text.label(
                new Label(),
                "window.about.bundledResource",
                component.name(),
                component.coordinates(),
                component.version(),
                folder);
        note.getStyleClass().add(ABOUT_NOTE);
        wrapInTheDialogsWidth(note);
        return note;
    }

    /**
     * The text wraps in the width the table gives the dialog, rather than widen the dialog to its one-line width.
     */
    private static void wrapInTheDialogsWidth(Label text) {
        text.setWrapText(true);
        text.setPrefWidth(0);
        text.setMaxWidth(Double.MAX_VALUE);
        // all its lines: on a low screen the table gives up rows (a window frame took the last 20 px at 720 px)
        text.setMinHeight(Region.USE_PREF_SIZE);
    }

    private static GridPane componentTable(UiText text, AboutInfo about) {
        GridPane table = new GridPane();
        table.setId("about-components");
        table.getStyleClass().addAll(COMPONENT_TABLE, SharedStyles.INSET_BOX);
        ColumnConstraints nameColumn = new ColumnConstraints();
        nameColumn.setHgrow(Priority.SOMETIMES);
        ColumnConstraints versionColumn = new ColumnConstraints();
        versionColumn.setHalignment(HPos.LEFT);
        ColumnConstraints licenceColumn = new ColumnConstraints();
        licenceColumn.setHgrow(Priority.ALWAYS);
        table.getColumnConstraints().setAll(nameColumn, versionColumn, licenceColumn);

        table.addRow(
                0,
                header(text, "window.about.component"),
                header(text, "window.about.componentVersion"),
                header(text, "window.about.componentLicence"));
        int row = 1;
        for (BundledComponent component : about.components()) {
            Label name = cell(component.name(), "component-name");
            Label version = cell(component.version(), "component-version");
            Label licence = cell(component.licence(), "component-licence");
            table.addRow(row++, name, version, licence);
        }
        return table;
    }

    private static Label header(UiText text, String key) {
        return text.label(cell(null, "component-header"), key);
    }

    private static Label cell(String text, String styleClass) {
        Label label = new Label(text);
        label.getStyleClass().add(styleClass);
        label.setMinWidth(Label.USE_PREF_SIZE);
        return label;
    }
}
