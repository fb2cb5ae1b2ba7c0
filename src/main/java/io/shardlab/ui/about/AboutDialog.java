package io.shardlab.ui.about;

import io.shardlab.ui.theme.Appearance;
import javafx.geometry.HPos;
import javafx.geometry.Pos;
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
     * @param about what to show
     * @param icon the app icon, shown at 64 px
     */
    public AboutDialog(AboutInfo about, Image icon) {
        setTitle("About " + about.app().name());

        ImageView iconView = new ImageView(icon);
        iconView.setFitWidth(64);
        iconView.setFitHeight(64);
        iconView.setPreserveRatio(true);
        iconView.setSmooth(true);

        Label name = new Label(about.app().name());
        name.getStyleClass().add(ABOUT_NAME);
        Label version = new Label("Version " + about.app().version());
        version.setId("about-version");
        version.getStyleClass().add(ABOUT_VERSION);
        Label tagline = new Label("See what a MongoDB shard key does: chunks, splits, migrations, routing.");
        tagline.getStyleClass().add(ABOUT_TAGLINE);
        tagline.setWrapText(true);
        Label licence = new Label("Licensed under the " + about.licence() + ".");
        licence.getStyleClass().add(ABOUT_LICENCE);
        VBox identity = new VBox(name, version, tagline, licence);
        identity.getStyleClass().add(ABOUT_IDENTITY);
        HBox.setHgrow(identity, Priority.ALWAYS);
        HBox header = new HBox(iconView, identity);
        header.getStyleClass().add(ABOUT_HEADER);
        header.setAlignment(Pos.TOP_LEFT);

        Label componentsTitle = new Label("Bundled components");
        componentsTitle.getStyleClass().add(ABOUT_SECTION_TITLE);
        Label componentsNote = new Label("ShardLab ships these libraries inside shardlab.jar, "
                + "each under its own licence, all of which allow handing ShardLab out under the Apache License 2.0; "
                + "their notices are in the jar's META-INF/NOTICE and META-INF/LICENSE.");
        componentsNote.getStyleClass().add(ABOUT_NOTE);
        componentsNote.setWrapText(true);

        // twenty components: the table scrolls, so the dialog fits a 720 px high screen
        ScrollPane components = new ScrollPane(componentTable(about));
        components.setId("about-components-scroll");
        components.setFitToWidth(true);
        components.setPrefViewportHeight(300);
        components.setPrefViewportWidth(700);
        components.setMinWidth(Region.USE_PREF_SIZE);
        components.setHbarPolicy(ScrollPane.ScrollBarPolicy.NEVER);
        VBox content = new VBox(header, componentsTitle, componentsNote, components);
        content.getStyleClass().add(ABOUT_CONTENT);
        getDialogPane().setContent(content);
        getDialogPane().getStyleClass().add(ABOUT_DIALOG);
        getDialogPane().getStylesheets().add(STYLESHEET);
        getDialogPane().getButtonTypes().setAll(ButtonType.CLOSE);
        setResizable(false);
    }

    private static GridPane componentTable(AboutInfo about) {
        GridPane table = new GridPane();
        table.setId("about-components");
        table.getStyleClass().add(COMPONENT_TABLE);
        ColumnConstraints nameColumn = new ColumnConstraints();
        nameColumn.setHgrow(Priority.SOMETIMES);
        ColumnConstraints versionColumn = new ColumnConstraints();
        versionColumn.setHalignment(HPos.LEFT);
        ColumnConstraints licenceColumn = new ColumnConstraints();
        licenceColumn.setHgrow(Priority.ALWAYS);
        table.getColumnConstraints().setAll(nameColumn, versionColumn, licenceColumn);

        table.addRow(0, header("Component"), header("Version"), header("Licence"));
        int row = 1;
        for (BundledComponent component : about.components()) {
            Label name = cell(component.name(), "component-name");
            Label version = cell(component.version(), "component-version");
            Label licence = cell(component.licence(), "component-licence");
            table.addRow(row++, name, version, licence);
        }
        return table;
    }

    private static Label header(String text) {
        return cell(text, "component-header");
    }

    private static Label cell(String text, String styleClass) {
        Label label = new Label(text);
        label.getStyleClass().add(styleClass);
        label.setMinWidth(Label.USE_PREF_SIZE);
        return label;
    }
}
