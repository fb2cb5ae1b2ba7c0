package io.shardlab.ui.explorer.connections;

import atlantafx.base.theme.Styles;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import org.kordamp.ikonli.javafx.FontIcon;
import org.kordamp.ikonli.materialdesign2.MaterialDesignC;
import org.kordamp.ikonli.materialdesign2.MaterialDesignL;
import org.kordamp.ikonli.materialdesign2.MaterialDesignS;

/**
 * The strip above the explorer while it accepts connections: the connection string to paste into
 * mongosh (selectable, with a copy button), the clients connected, a note about the port, and Stop.
 * When accepting could not start, or stopped by itself, it says why in one line until dismissed.
 */
public final class ConnectionsBar {

    // style classes of its nodes, as its stylesheet names them
    private static final String CONNECTIONS_BAR = "connections-bar";

    private final HBox root;

    public ConnectionsBar(ConnectionsViewModel vm) {
        Label heading = new Label("Accepting connections", new FontIcon(MaterialDesignL.LAN_CONNECT));
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
        copy.setTooltip(new Tooltip("Copy the connection string: mongosh \"mongodb://…\""));
        copy.setOnAction(e -> vm.copyConnectionString());
        Label clients = new Label();
        clients.setId("connections-clients");
        clients.textProperty().bind(vm.clientsProperty());
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
        for (Region onlyWhileAccepting : new Region[] {heading, uri, copy, clients}) {
            onlyWhileAccepting.visibleProperty().bind(vm.acceptingProperty());
            onlyWhileAccepting.managedProperty().bind(onlyWhileAccepting.visibleProperty());
        }
        note.visibleProperty().bind(vm.noteProperty().isNotEmpty());
        note.managedProperty().bind(note.visibleProperty());
        error.visibleProperty().bind(vm.errorProperty().isNotEmpty());
        error.managedProperty().bind(error.visibleProperty());
        Region spacer = new Region();
        HBox.setHgrow(spacer, Priority.ALWAYS);
        Button stop = new Button("Stop", new FontIcon(MaterialDesignS.STOP));
        stop.setId("connections-stop");
        stop.setTooltip(new Tooltip("Stop accepting connections; connected clients are disconnected"));
        stop.setOnAction(e -> vm.stop());
        stop.visibleProperty().bind(vm.acceptingProperty());
        stop.managedProperty().bind(stop.visibleProperty());
        Button dismiss = new Button("Dismiss");
        dismiss.setId("connections-dismiss");
        dismiss.setOnAction(e -> vm.dismiss());
        dismiss.visibleProperty().bind(vm.acceptingProperty().not());
        dismiss.managedProperty().bind(dismiss.visibleProperty());
        // the client list gives way first: the string, its copy button and Stop always fit
        for (Region keep : new Region[] {uri, copy, stop, dismiss}) {
            keep.setMinWidth(Region.USE_PREF_SIZE);
        }
        HBox.setHgrow(clients, Priority.SOMETIMES);
        root = new HBox(8, heading, uri, copy, clients, note, error, spacer, stop, dismiss);
        root.setId("connections-bar");
        root.getStyleClass().add(CONNECTIONS_BAR);
        root.setAlignment(Pos.CENTER_LEFT);
        root.setStyle("-fx-padding: 4 8 4 8;");
        root.visibleProperty().bind(vm.shownProperty());
        root.managedProperty().bind(root.visibleProperty());
    }

    public HBox node() {
        return root;
    }
}
