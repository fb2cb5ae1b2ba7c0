package io.shardlab.ui.explorer.connections;

import io.shardlab.session.AcceptSettings;
import io.shardlab.session.ExplorerEngine;
import java.util.Objects;
import java.util.concurrent.Executor;
import javafx.application.Platform;

/**
 * Where the explorer's connections part runs and listens: the thread its reports are applied on, the port
 * Accept connections tries first and the address Accept students on this network listens on. The application
 * takes {@link #application()}; a test gives its own thread, port 0 or a network on one machine.
 *
 * @param uiThread the thread the connection reports (roster, memory gauge) are applied on
 * @param port the port Accept connections tries first, 0 for any
 * @param classroomAddress the address a class is accepted on ({@link AcceptSettings#EVERY_ADDRESS} in the
 *     application; a test's network on one machine, e.g. {@code 127.0.0.2})
 */
public record ConnectionsWiring(Executor uiThread, int port, String classroomAddress) {

    public ConnectionsWiring {
        Objects.requireNonNull(uiThread, "uiThread");
        Objects.requireNonNull(classroomAddress, "classroomAddress");
    }

    /** The application's: the JavaFX thread, MongoDB's port first, a class on every address. */
    public static ConnectionsWiring application() {
        return new ConnectionsWiring(Platform::runLater, ExplorerEngine.DEFAULT_PORT, AcceptSettings.EVERY_ADDRESS);
    }
}
