package io.shardlab.ui.live;

import atlantafx.base.theme.Styles;
import io.shardlab.ui.text.UiText;
import io.shardlab.ui.theme.SharedStyles;
import io.shardlab.ui.theme.WindowPlacement;
import java.io.File;
import javafx.application.Platform;
import javafx.beans.binding.Bindings;
import javafx.event.ActionEvent;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonBar;
import javafx.scene.control.ButtonType;
import javafx.scene.control.Dialog;
import javafx.scene.control.Label;
import javafx.scene.control.ListView;
import javafx.scene.control.ProgressIndicator;
import javafx.scene.control.TextField;
import javafx.scene.layout.ColumnConstraints;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.stage.FileChooser;
import javafx.stage.Window;

/**
 * File → Connect to cluster…: binds a {@link ConnectViewModel}. The dialog stays open while connecting,
 * shows a failure inline under the fields, and closes itself when a connection opens.
 */
public final class ConnectDialog extends Dialog<Void> {

    // style classes of its nodes, as its stylesheet names them
    private static final String CONNECT_DIALOG = "connect-dialog";

    /** The Connect button's type; the dialog never closes on it (the outcome decides). */
    private final ButtonType connectType;

    private final WindowPlacement placement;
    private final UiText text;

    /**
     * @param placement sizes the dialog to its content, again when a failure's message grows it, and keeps the
     *     windows' state while the CA file chooser is open
     */
    public ConnectDialog(ConnectViewModel vm, Window owner, WindowPlacement placement, UiText text) {
        this.placement = placement;
        this.text = text;
        this.connectType = new ButtonType(text.now("live.connect.go"), ButtonBar.ButtonData.OK_DONE);
        initOwner(owner);
        titleProperty().bind(text.text("live.connect.title"));
        headerTextProperty().bind(text.text("live.connect.header"));
        getDialogPane().getStyleClass().addAll(CONNECT_DIALOG, SharedStyles.FORM_DIALOG);

        TextField uri = new TextField();
        uri.setId("connect-uri");
        text.prompt(
                uri,
                "live.connect.prompt",
                "mongodb://host:27017",
                "mongodb+srv://cluster.example.net"); // untranslated: example connection strings
        uri.setPrefColumnCount(42);
        uri.textProperty().bindBidirectional(vm.connectionStringProperty());
        Label masked = new Label();
        masked.setId("connect-masked");
        masked.getStyleClass().add(Styles.TEXT_MUTED);
        masked.textProperty().bind(vm.maskedProperty());

        HBox caRow = tlsRow(vm);
        ListView<String> recent = recentList(vm);
        Label error = errorLabel(vm);
        ProgressIndicator progress = new ProgressIndicator();
        progress.setId("connect-progress");
        progress.setPrefSize(18, 18);
        progress.visibleProperty().bind(vm.connectingProperty());
        Label waiting = text.label(
                new Label(),
                "live.connect.waiting",
                ConnectViewModel.TIMEOUTS.serverSelection().toSeconds());
        waiting.visibleProperty().bind(vm.connectingProperty());

        GridPane grid = new GridPane();
        grid.setHgap(8);
        grid.setVgap(8);
        grid.addRow(0, fieldLabel("live.connect.uri"), uri);
        grid.add(masked, 1, 1);
        grid.addRow(2, fieldLabel("live.connect.tls"), caRow);
        grid.addRow(3, fieldLabel("live.connect.recent"), recent);
        // the labels' column never gives up width: the fields' column is the one that grows and shrinks
        ColumnConstraints labels = new ColumnConstraints();
        labels.setMinWidth(Region.USE_PREF_SIZE);
        ColumnConstraints fields = new ColumnConstraints();
        fields.setHgrow(Priority.ALWAYS);
        fields.setMinWidth(0);
        grid.getColumnConstraints().setAll(labels, fields);
        grid.add(new HBox(8, progress, waiting), 1, 4);
        grid.add(error, 1, 5);
        GridPane.setHgrow(uri, Priority.ALWAYS);
        getDialogPane().setContent(grid);

        installButtons(vm);
    }

    /** The CA file to trust over TLS, or the system trust store. */
    private HBox tlsRow(ConnectViewModel vm) {
        Label ca = new Label();
        ca.setId("connect-ca");
        ca.textProperty()
                .bind(Bindings.createStringBinding(
                        () -> vm.tlsCaFileProperty().get() == null
                                ? text.now("live.connect.systemTrust")
                                : vm.tlsCaFileProperty().get().toString(),
                        vm.tlsCaFileProperty(),
                        text.language()));
        Button chooseCa = text.label(new Button(), "live.connect.chooseCa");
        chooseCa.setId("connect-choose-ca");
        chooseCa.setOnAction(e -> {
            FileChooser chooser = new FileChooser();
            chooser.setTitle(text.now("live.connect.ca.title"));
            chooser.getExtensionFilters()
                    .addAll(
                            new FileChooser.ExtensionFilter("PEM", "*.pem", "*.crt", "*.cer"),
                            new FileChooser.ExtensionFilter(text.now("live.allFiles"), "*"));
            File f = placement.choose(
                    () -> chooser.showOpenDialog(getDialogPane().getScene().getWindow()));
            if (f != null) {
                vm.tlsCaFileProperty().set(f.toPath());
            }
        });
        Button clearCa = text.label(new Button(), "live.connect.clearCa");
        clearCa.setOnAction(e -> vm.tlsCaFileProperty().set(null));
        clearCa.disableProperty().bind(vm.tlsCaFileProperty().isNull());
        HBox row = new HBox(8, chooseCa, clearCa, ca);
        row.setAlignment(Pos.CENTER_LEFT);
        return row;
    }

    /** The connections opened before, without their passwords; picking one fills the connection string. */
    private ListView<String> recentList(ConnectViewModel vm) {
        ListView<String> recent = new ListView<>(vm.recent());
        recent.setId("connect-recent");
        recent.setPrefHeight(110);
        Label noRecent = text.label(new Label(), "live.connect.noRecent");
        noRecent.setId("connect-recent-empty");
        noRecent.getStyleClass().add(Styles.TEXT_MUTED);
        noRecent.setWrapText(true);
        recent.setPlaceholder(noRecent);
        recent.getSelectionModel().selectedItemProperty().addListener((obs, was, now) -> {
            if (now != null) {
                vm.useRecent(now);
            }
        });
        return recent;
    }

    /** Why the last attempt failed, whole. */
    private Label errorLabel(ConnectViewModel vm) {
        Label error = new Label();
        error.setId("connect-error");
        error.getStyleClass().add(Styles.DANGER);
        error.setWrapText(true);
        error.textProperty().bind(vm.errorProperty());
        error.visibleProperty().bind(vm.errorProperty().isNotEmpty());
        error.managedProperty().bind(error.visibleProperty());
        // the whole message, however long: it wraps at the fields' width and the row grows, and the dialog with it
        // in height only (its one-line width would widen the dialog to the screen's)
        error.setMinHeight(Region.USE_PREF_SIZE);
        error.setPrefWidth(0);
        error.setMaxWidth(Double.MAX_VALUE);
        vm.errorProperty().addListener((obs, was, now) -> Platform.runLater(() -> placement.fit(this)));
        return error;
    }

    /** Connect, which leaves the dialog open (the outcome decides), and Cancel, which first stops an attempt. */
    private void installButtons(ConnectViewModel vm) {
        getDialogPane().getButtonTypes().addAll(connectType, ButtonType.CANCEL);
        Button connect = (Button) getDialogPane().lookupButton(connectType);
        connect.textProperty().bind(text.text("live.connect.go"));
        connect.setId("connect-go");
        connect.disableProperty().bind(vm.connectingProperty());
        connect.addEventFilter(ActionEvent.ACTION, e -> {
            e.consume();
            vm.connect();
        });
        Button cancel = (Button) getDialogPane().lookupButton(ButtonType.CANCEL);
        cancel.setId("connect-cancel");
        cancel.addEventFilter(ActionEvent.ACTION, e -> {
            if (vm.connectingProperty().get()) {
                e.consume(); // first Cancel stops the attempt; the next one closes the dialog
                vm.cancel();
            }
        });
        setOnCloseRequest(e -> vm.cancel());
    }

    private Label fieldLabel(String key) {
        Label label = text.label(new Label(), key);
        label.setMinWidth(Region.USE_PREF_SIZE);
        return label;
    }
}
