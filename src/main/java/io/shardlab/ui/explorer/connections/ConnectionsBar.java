package io.shardlab.ui.explorer.connections;

import atlantafx.base.theme.Styles;
import io.shardlab.session.AcceptSettings;
import io.shardlab.session.ExplorerEngine;
import io.shardlab.session.Roster;
import io.shardlab.ui.text.UiText;
import io.shardlab.ui.theme.Appearance;
import io.shardlab.ui.theme.WindowPlacement;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Function;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.geometry.Pos;
import javafx.scene.control.Alert;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonBar;
import javafx.scene.control.ButtonType;
import javafx.scene.control.Label;
import javafx.scene.control.PasswordField;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.scene.control.ToggleButton;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.stage.Window;
import org.kordamp.ikonli.javafx.FontIcon;
import org.kordamp.ikonli.materialdesign2.MaterialDesignC;
import org.kordamp.ikonli.materialdesign2.MaterialDesignE;
import org.kordamp.ikonli.materialdesign2.MaterialDesignL;
import org.kordamp.ikonli.materialdesign2.MaterialDesignQ;
import org.kordamp.ikonli.materialdesign2.MaterialDesignS;

/**
 * The strip above the explorer while it accepts connections: the connection string to paste into
 * mongosh (selectable, with a copy button), the clients connected, a note about the port, and Stop.
 * When accepting could not start, or stopped by itself, it says why in one line until dismissed.
 *
 * <p>While a class is accepted it also has the join card (opened when the class starts), "Eyes on the projector"
 * and the roster below the strip: a row per client with its databases, commands a second, last error and a
 * Disconnect button.
 */
public final class ConnectionsBar {

    // style classes of its nodes, as its stylesheet names them
    private static final String CONNECTIONS_BAR = "connections-bar";
    private static final String ROSTER_TABLE = "roster-table";
    private static final String ROSTER_ERROR = "roster-error";

    private final ConnectionsViewModel vm;
    private final Appearance appearance;
    private final WindowPlacement placement;
    private final VBox root;
    private JoinCard joinCard;
    private final UiText text;

    /**
     * @param appearance styles the join card as the window is styled
     * @param placement sizes and places the join card and the warning before a class is accepted
     */
    public ConnectionsBar(ConnectionsViewModel vm, Appearance appearance, WindowPlacement placement, UiText text) {
        vm.languageProperty().bind(text.language());
        this.vm = vm;
        this.text = text;
        this.appearance = appearance;
        this.placement = placement;
        Label heading =
                text.label(new Label(null, new FontIcon(MaterialDesignL.LAN_CONNECT)), "explorer.connections.heading");
        heading.setId("connections-heading");
        heading.setMinWidth(Region.USE_PREF_SIZE);
        // a read-only field: the string can be selected and dragged as well as copied
        TextField uri = new TextField();
        uri.setId("connections-uri");
        uri.setEditable(false);
        uri.textProperty().bind(vm.connectionStringProperty());
        uri.setPrefColumnCount(22);
        Button copy = new Button(null, new FontIcon(MaterialDesignC.CONTENT_COPY));
        copy.setId("connections-copy");
        text.tip(copy, "explorer.connections.copy.tip");
        copy.setOnAction(e -> vm.copyConnectionString());
        Label clients = new Label();
        clients.setId("connections-clients");
        clients.textProperty().bind(text.text(vm.clientsProperty()));
        clients.setMinWidth(0);
        Label note = new Label();
        note.setId("connections-note");
        note.textProperty().bind(vm.noteProperty());
        note.getStyleClass().add(Styles.TEXT_MUTED);
        Label error = new Label();
        error.setId("connections-error");
        error.textProperty().bind(vm.errorProperty());
        error.getStyleClass().add(Styles.DANGER);
        error.setMinWidth(0);
        Label memory = new Label();
        memory.setId("connections-memory");
        memory.textProperty().bind(text.text(vm.memoryProperty()));
        text.tip(memory, "explorer.memory.tip");
        memory.setMinWidth(Region.USE_PREF_SIZE);
        vm.memoryNearlyFullProperty().addListener((obs, was, now) -> {
            memory.getStyleClass().removeAll(Styles.TEXT_MUTED, Styles.WARNING);
            memory.getStyleClass().add(now ? Styles.WARNING : Styles.TEXT_MUTED);
        });
        memory.getStyleClass().add(Styles.TEXT_MUTED);
        for (Region onlyWhileAccepting : new Region[] {heading, uri, copy, clients}) {
            onlyWhileAccepting.visibleProperty().bind(vm.acceptingProperty());
            onlyWhileAccepting.managedProperty().bind(onlyWhileAccepting.visibleProperty());
        }
        // the Shell panel's writes fill the budget too: the figure shows whenever there is one
        memory.visibleProperty().bind(vm.memoryProperty().isNotNull());
        memory.managedProperty().bind(memory.visibleProperty());
        note.visibleProperty().bind(vm.noteProperty().isNotEmpty());
        note.managedProperty().bind(note.visibleProperty());
        error.visibleProperty().bind(vm.errorProperty().isNotEmpty());
        error.managedProperty().bind(error.visibleProperty());
        Region spacer = new Region();
        HBox.setHgrow(spacer, Priority.ALWAYS);
        Button stop = text.label(new Button(null, new FontIcon(MaterialDesignS.STOP)), "explorer.connections.stop");
        stop.setId("connections-stop");
        text.tip(stop, "explorer.connections.stop.tip");
        stop.setOnAction(e -> vm.stop());
        stop.visibleProperty().bind(vm.acceptingProperty());
        stop.managedProperty().bind(stop.visibleProperty());
        Button dismiss = text.label(new Button(), "explorer.connections.dismiss");
        dismiss.setId("connections-dismiss");
        dismiss.setOnAction(e -> vm.dismiss());
        dismiss.visibleProperty().bind(vm.acceptingProperty().not());
        dismiss.managedProperty().bind(dismiss.visibleProperty());
        // the client list gives way first: the string, its copy button and Stop always fit
        for (Region keep : new Region[] {uri, copy, stop, dismiss}) {
            keep.setMinWidth(Region.USE_PREF_SIZE);
        }
        HBox.setHgrow(clients, Priority.SOMETIMES);
        Button join =
                text.label(new Button(null, new FontIcon(MaterialDesignQ.QRCODE)), "explorer.connections.joinCard");
        join.setId("connections-join-card");
        text.tip(join, "explorer.connections.joinCard.tip");
        join.setOnAction(e -> showJoinCard());
        ToggleButton eyes = text.label(
                new ToggleButton(null, new FontIcon(MaterialDesignE.EYE_OUTLINE)), "explorer.connections.eyes");
        eyes.setId("connections-read-only");
        text.tip(eyes, "explorer.connections.eyes.tip");
        eyes.setSelected(vm.readOnlyProperty().get());
        vm.readOnlyProperty().addListener((obs, was, now) -> eyes.setSelected(now));
        eyes.setOnAction(e -> {
            // the engine decides: the button shows its answer
            boolean wanted = eyes.isSelected();
            eyes.setSelected(!wanted);
            vm.setReadOnly(wanted);
        });
        for (Region classOnly : new Region[] {join, eyes}) {
            classOnly.visibleProperty().bind(vm.acceptingProperty().and(vm.networkProperty()));
            classOnly.managedProperty().bind(classOnly.visibleProperty());
            classOnly.setMinWidth(Region.USE_PREF_SIZE);
        }
        HBox strip = new HBox(8, heading, uri, copy, clients, memory, note, error, spacer, join, eyes, stop, dismiss);
        strip.setAlignment(Pos.CENTER_LEFT);
        root = new VBox(4, strip, roster());
        root.setId("connections-bar");
        root.getStyleClass().add(CONNECTIONS_BAR);
        root.getStylesheets().add(Appearance.featureStylesheet(ConnectionsBar.class, "connections.css"));
        root.setStyle("-fx-padding: 4 8 4 8;");
        root.visibleProperty().bind(vm.shownProperty());
        root.managedProperty().bind(root.visibleProperty());
        vm.networkProperty().addListener((obs, was, now) -> {
            if (now) {
                showJoinCard();
            } else if (joinCard != null) {
                joinCard.close();
            }
        });
    }

    /** The roster of a class: its heading and a row per client. */
    private VBox roster() {
        Label heading = new Label();
        heading.setId("roster-heading");
        heading.textProperty().bind(text.text(vm.rosterHeadingProperty()));
        TableView<Roster.Client> table = new TableView<>(vm.roster());
        table.setId("roster-table");
        table.getStyleClass().addAll(ROSTER_TABLE, Styles.DENSE);
        table.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
        table.setPlaceholder(text.label(new Label(), "explorer.roster.empty"));
        table.getColumns().add(column("explorer.roster.name", 140, c -> c.name()));
        table.getColumns().add(column("explorer.roster.address", 120, c -> c.host()));
        table.getColumns().add(column("explorer.roster.databases", 140, c -> String.join(", ", c.databases())));
        table.getColumns()
                .add(column(
                        "explorer.roster.commands",
                        90,
                        c -> String.format(Locale.ROOT, "%.1f", c.commandsPerSecond())));
        TableColumn<Roster.Client, String> lastError =
                column("explorer.roster.lastError", 260, c -> c.lastError().orElse(""));
        lastError.setCellFactory(col -> new TableCell<>() {
            @Override
            protected void updateItem(String item, boolean empty) {
                super.updateItem(item, empty);
                setText(empty ? null : item);
                setTooltip(empty || item == null || item.isEmpty() ? null : new Tooltip(item));
                getStyleClass().remove(ROSTER_ERROR);
                if (!empty && item != null && !item.isEmpty()) {
                    getStyleClass().add(ROSTER_ERROR);
                }
            }
        });
        table.getColumns().add(lastError);
        TableColumn<Roster.Client, Roster.Client> disconnect = new TableColumn<>("");
        disconnect.setPrefWidth(110);
        disconnect.setCellValueFactory(row -> new ReadOnlyObjectWrapper<>(row.getValue()));
        disconnect.setCellFactory(col -> new TableCell<>() {
            private final Button button = text.label(new Button(), "explorer.roster.disconnect");

            {
                button.getStyleClass().addAll(Styles.SMALL, Styles.FLAT);
                button.setOnAction(e -> {
                    if (getItem() != null) {
                        vm.disconnect(getItem());
                    }
                });
            }

            @Override
            protected void updateItem(Roster.Client item, boolean empty) {
                super.updateItem(item, empty);
                button.setId(empty || item == null ? null : "roster-disconnect-" + item.name());
                setGraphic(empty || item == null ? null : button);
            }
        });
        table.getColumns().add(disconnect);
        VBox box = new VBox(2, heading, table);
        box.setId("roster");
        box.visibleProperty().bind(vm.acceptingProperty().and(vm.networkProperty()));
        box.managedProperty().bind(box.visibleProperty());
        return box;
    }

    private TableColumn<Roster.Client, String> column(
            String title, double width, Function<Roster.Client, String> value) {
        TableColumn<Roster.Client, String> column = new TableColumn<>();
        column.textProperty().bind(text.text(title));
        column.setPrefWidth(width);
        column.setCellValueFactory(row -> new ReadOnlyStringWrapper(value.apply(row.getValue())));
        return column;
    }

    /**
     * Simulation → Accept students on this network…: says that without a password anyone who reaches the port can
     * read and write, offers one (students then join as {@value AcceptSettings#CLASS_USER} with it), and accepts the
     * class on every address when the teacher goes ahead.
     */
    public void askToAcceptClass() {
        Alert warning = new Alert(
                Alert.AlertType.CONFIRMATION,
                null,
                new ButtonType(text.now("explorer.acceptClass.go"), ButtonBar.ButtonData.OK_DONE),
                ButtonType.CANCEL);
        Label explanation = new Label(text.now(
                "explorer.acceptClass.text", String.valueOf(ExplorerEngine.DEFAULT_PORT), AcceptSettings.CLASS_USER));
        explanation.setWrapText(true);
        PasswordField password = new PasswordField();
        password.setId("accept-class-password");
        text.prompt(password, "explorer.acceptClass.password.prompt");
        HBox passwordRow = new HBox(8, text.label(new Label(), "explorer.acceptClass.password"), password);
        passwordRow.setAlignment(Pos.CENTER_LEFT);
        VBox content = new VBox(12, explanation, passwordRow);
        content.setPrefWidth(460);
        warning.getDialogPane().setContent(content);
        warning.setTitle(text.now("explorer.acceptClass.title"));
        warning.setHeaderText(text.now("explorer.acceptClass.header"));
        warning.getDialogPane().setId("accept-class-warning");
        if (root.getScene() != null) {
            warning.initOwner(root.getScene().getWindow());
        }
        appearance.applyOnce(warning.getDialogPane());
        placement
                .showAndWait(warning)
                .filter(answer -> answer.getButtonData() == ButtonBar.ButtonData.OK_DONE)
                .ifPresent(answer -> vm.startClass(Optional.of(password.getText())));
    }

    /** Opens the join card (or brings it to the front), owned by this window. */
    private void showJoinCard() {
        if (joinCard == null) {
            Window owner = root.getScene() == null ? null : root.getScene().getWindow();
            joinCard = new JoinCard(vm, appearance, placement, owner, text);
        }
        joinCard.show();
    }

    public VBox node() {
        return root;
    }
}
