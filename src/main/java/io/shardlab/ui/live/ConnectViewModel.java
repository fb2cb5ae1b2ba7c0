package io.shardlab.ui.live;

import io.shardlab.live.ConnectionAttempt;
import io.shardlab.live.ConnectionStringSecrets;
import io.shardlab.live.LiveClusterException;
import io.shardlab.live.LiveConnection;
import io.shardlab.live.LiveConnectionRequest;
import io.shardlab.live.LiveConnector;
import io.shardlab.live.LiveTimeouts;
import io.shardlab.live.RecentConnections;
import io.shardlab.text.Language;
import io.shardlab.text.Messages;
import io.shardlab.text.RefusedInput;
import io.shardlab.ui.BackgroundFailure;
import java.nio.file.Path;
import java.util.Objects;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Executor;
import java.util.function.Consumer;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * File → Connect to cluster…: a connection string, an optional TLS CA file, the recent connections
 * (remembered without secrets) and a connect that runs on a background executor, can be cancelled and
 * gives up within {@link #TIMEOUTS} with one line shown in the dialog. The password typed is never
 * stored: the recent list keeps {@link ConnectionStringSecrets#withoutSecrets}, and what is displayed
 * is {@link ConnectionStringSecrets#mask}.
 */
public final class ConnectViewModel {

    /** 10 s to connect and to find a server: a wrong host fails within that. */
    public static final LiveTimeouts TIMEOUTS = LiveTimeouts.DEFAULT;

    private final LiveConnector connector;
    private final Executor background;
    private final Executor ui;
    private final RecentConnections recent;
    private final Consumer<LiveConnection> connected;

    private final StringProperty connectionString = new SimpleStringProperty(this, "connectionString", "");
    private final ObjectProperty<Path> tlsCaFile = new SimpleObjectProperty<>(this, "tlsCaFile");
    private final ReadOnlyStringWrapper masked = new ReadOnlyStringWrapper(this, "masked", "");
    private final ReadOnlyStringWrapper error = new ReadOnlyStringWrapper(this, "error", "");
    private final ObjectProperty<Language> language = new SimpleObjectProperty<>(this, "language", Language.ENGLISH);
    private final ReadOnlyBooleanWrapper connecting = new ReadOnlyBooleanWrapper(this, "connecting", false);
    private final ObservableList<String> recentList = FXCollections.observableArrayList();
    // one view, kept: a view listens to its list weakly, so listeners on a view made per call went deaf after a GC
    private final ObservableList<String> recentView = FXCollections.unmodifiableObservableList(recentList);
    private ConnectionAttempt attempt;

    /**
     * @param connector opens connections
     * @param background where the connect runs
     * @param ui where its outcome is applied
     * @param recent the remembered connection strings (without secrets)
     * @param connected receives the open connection, on the UI executor
     */
    public ConnectViewModel(
            LiveConnector connector,
            Executor background,
            Executor ui,
            RecentConnections recent,
            Consumer<LiveConnection> connected) {
        this.connector = Objects.requireNonNull(connector, "connector");
        this.background = Objects.requireNonNull(background, "background");
        this.ui = Objects.requireNonNull(ui, "ui");
        this.recent = Objects.requireNonNull(recent, "recent");
        this.connected = Objects.requireNonNull(connected, "connected");
        connectionString.addListener((obs, was, now) -> masked.set(
                ConnectionStringSecrets.isConnectionString(now.strip())
                        ? ConnectionStringSecrets.mask(now.strip())
                        : ""));
        recentList.setAll(recent.list());
    }

    /** Starts connecting; the dialog stays responsive and shows the outcome. */
    public void connect() {
        if (connecting.get()) {
            return;
        }
        LiveConnectionRequest request;
        try {
            request = new LiveConnectionRequest(connectionString.get(), tlsCaFile.get(), null, TIMEOUTS);
        } catch (IllegalArgumentException e) {
            error.set(inDialogWords(e.getMessage()));
            return;
        }
        error.set("");
        connecting.set(true);
        ConnectionAttempt started = ConnectionAttempt.start(connector, request, background);
        attempt = started;
        started.result()
                .whenComplete((connection, failure) -> ui.execute(() -> {
                    if (attempt != started) {
                        if (connection != null) {
                            connection.close();
                        }
                        return;
                    }
                    attempt = null;
                    connecting.set(false);
                    if (failure != null) {
                        Throwable cause = failure instanceof CompletionException && failure.getCause() != null
                                ? failure.getCause()
                                : failure;
                        if (!(cause instanceof LiveClusterException l
                                && l.kind() == LiveClusterException.Kind.CANCELLED)) {
                            Messages words = Messages.of(language.get());
                            String message = cause instanceof Error
                                    ? words.text(BackgroundFailure.message(cause))
                                    : cause instanceof LiveClusterException live
                                            ? words.text(live.said())
                                                    .replaceAll("\\s+", " ")
                                                    .strip()
                                            : cause instanceof RefusedInput refused
                                                    ? words.text(refused.said())
                                                            .replaceAll("\\s+", " ")
                                                            .strip()
                                                    : String.valueOf(cause.getMessage());
                            error.set(inDialogWords(
                                    ConnectionStringSecrets.redact(message, request.connectionString()), words));
                        }
                        return;
                    }
                    recent.remember(request.connectionString());
                    recentList.setAll(recent.list());
                    connected.accept(connection);
                }));
    }

    /**
     * A message from the connector, which names the command line's options ("uri: …", "--tls-ca-file"), in the
     * words of this dialog's fields.
     */
    static String inDialogWords(String message) {
        return inDialogWords(message, Messages.of(Language.ENGLISH));
    }

    /** {@link #inDialogWords(String)} with the field names in {@code words}' language. */
    static String inDialogWords(String message, Messages words) {
        String m = message;
        if (m.startsWith("uri: ")) {
            m = words.text("live.connect.said.uri", m.substring("uri: ".length()));
        } else if (m.startsWith("tls-ca-file: ")) {
            m = words.text("live.connect.said.caFile", m.substring("tls-ca-file: ".length()));
        } else if (m.startsWith("tls-ca-file：")) {
            // a CA file's problem said in Chinese (live.tls.*)
            m = words.text("live.connect.said.caFile", m.substring("tls-ca-file：".length()));
        }
        return m.replace("with --tls-ca-file", words.text("live.connect.said.withCaFile"));
    }

    /** The language of the dialog's own words around the connector's messages; English until the dialog binds it. */
    public ObjectProperty<Language> languageProperty() {
        return language;
    }

    /** Stops a connect under way; the dialog can be used again at once. */
    public void cancel() {
        ConnectionAttempt a = attempt;
        attempt = null;
        connecting.set(false);
        if (a != null) {
            a.cancel();
        }
    }

    /** Fills the form from a recent connection (it has no password: type it again if one is needed). */
    public void useRecent(String entry) {
        connectionString.set(Objects.requireNonNull(entry, "entry"));
    }

    /** Removes a recent connection. */
    public void forgetRecent(String entry) {
        recent.forget(entry);
        recentList.setAll(recent.list());
    }

    /** The connection string as typed (the field the user edits). */
    public StringProperty connectionStringProperty() {
        return connectionString;
    }

    /** The PEM file of CAs to trust, or null for the JDK's. */
    public ObjectProperty<Path> tlsCaFileProperty() {
        return tlsCaFile;
    }

    /** The connection string with any password masked, for display; empty when it is not one. */
    public ReadOnlyStringProperty maskedProperty() {
        return masked.getReadOnlyProperty();
    }

    /** Why the last connect failed, one line; empty when none. */
    public ReadOnlyStringProperty errorProperty() {
        return error.getReadOnlyProperty();
    }

    /** Whether a connect is under way. */
    public ReadOnlyBooleanProperty connectingProperty() {
        return connecting.getReadOnlyProperty();
    }

    /** Recent connection strings, newest first, without secrets. */
    public ObservableList<String> recent() {
        return recentView;
    }
}
