package io.shardlab.ui.explorer.connections;

import io.shardlab.session.ConnectionsState;
import io.shardlab.session.ExplorerEngine;
import java.util.Objects;
import java.util.concurrent.Executor;
import java.util.function.Consumer;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;

/**
 * Simulation → Accept connections: the explorer answers as a mongos on 127.0.0.1, so mongosh, Compass
 * or a driver write to the cluster on screen. Shows the connection string (with a copy verb), the
 * clients connected, a note about the port, and a one-line error when accepting cannot start.
 *
 * <p>The engine's reports come from the simulation and connection threads; they are applied on the
 * injected {@code uiThread} (the JavaFX thread in the application).
 */
public final class ConnectionsViewModel {

    private final ExplorerEngine engine;
    private final Executor uiThread;
    private final Consumer<String> clipboard;
    private final int port;
    private final ReadOnlyBooleanWrapper accepting = new ReadOnlyBooleanWrapper(this, "accepting", false);
    private final ReadOnlyBooleanWrapper shown = new ReadOnlyBooleanWrapper(this, "shown", false);
    private final ReadOnlyStringWrapper connectionString = new ReadOnlyStringWrapper(this, "connectionString", "");
    private final ReadOnlyStringWrapper clients = new ReadOnlyStringWrapper(this, "clients", "");
    private final ReadOnlyStringWrapper note = new ReadOnlyStringWrapper(this, "note", "");
    private final ReadOnlyStringWrapper error = new ReadOnlyStringWrapper(this, "error", "");

    /**
     * @param engine runs the server's commands on the simulation thread
     * @param uiThread where the engine's reports are applied
     * @param clipboard puts text on the system clipboard
     * @param port the port tried first ({@link ExplorerEngine#DEFAULT_PORT} in the application)
     */
    public ConnectionsViewModel(ExplorerEngine engine, Executor uiThread, Consumer<String> clipboard, int port) {
        this.engine = Objects.requireNonNull(engine, "engine");
        this.uiThread = Objects.requireNonNull(uiThread, "uiThread");
        this.clipboard = Objects.requireNonNull(clipboard, "clipboard");
        this.port = port;
    }

    /** Starts accepting connections (the port, or any free one when it is taken). */
    public void start() {
        error.set("");
        engine.acceptConnections(port, state -> uiThread.execute(() -> show(state)));
    }

    /** Stops accepting connections; the clients' connections close. */
    public void stop() {
        engine.stopAccepting();
    }

    /** The menu's toggle: on starts, off stops. */
    public void setAccepting(boolean on) {
        if (on && !accepting.get()) {
            start();
        } else if (!on && accepting.get()) {
            stop();
        }
    }

    /** Puts the connection string on the clipboard. */
    public void copyConnectionString() {
        if (accepting.get()) {
            clipboard.accept(connectionString.get());
        }
    }

    /** Hides the note or error shown after accepting stopped. */
    public void dismiss() {
        if (!accepting.get()) {
            note.set("");
            error.set("");
            shown.set(false);
        }
    }

    private void show(ConnectionsState state) {
        accepting.set(state.accepting());
        connectionString.set(state.connectionString().orElse(""));
        clients.set(clientsText(state));
        if (state.note().isPresent() || !state.accepting()) {
            note.set(state.note().orElse(""));
        }
        error.set(state.error().orElse(""));
        shown.set(state.accepting() || !note.get().isEmpty() || !error.get().isEmpty());
    }

    /** "No clients connected", "1 client: 127.0.0.1:50412 (mongosh 2.2.12)", "3 clients: …". */
    static String clientsText(ConnectionsState state) {
        int n = state.clients().size();
        if (n == 0) {
            return state.accepting() ? "No clients connected" : "";
        }
        return n + (n == 1 ? " client: " : " clients: ") + String.join(", ", state.clients());
    }

    /** Whether connections are accepted. */
    public ReadOnlyBooleanProperty acceptingProperty() {
        return accepting.getReadOnlyProperty();
    }

    /** Whether the connections bar shows (accepting, or a note or error to read). */
    public ReadOnlyBooleanProperty shownProperty() {
        return shown.getReadOnlyProperty();
    }

    /** {@code mongodb://127.0.0.1:PORT/} while accepting, else empty. */
    public ReadOnlyStringProperty connectionStringProperty() {
        return connectionString.getReadOnlyProperty();
    }

    /** The clients connected, in one line. */
    public ReadOnlyStringProperty clientsProperty() {
        return clients.getReadOnlyProperty();
    }

    /** One line about the port, or why accepting stopped; empty when there is none. */
    public ReadOnlyStringProperty noteProperty() {
        return note.getReadOnlyProperty();
    }

    /** One line saying why accepting could not start; empty when it did. */
    public ReadOnlyStringProperty errorProperty() {
        return error.getReadOnlyProperty();
    }
}
