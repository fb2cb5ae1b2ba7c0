package io.shardlab.ui.explorer.connections;

import io.shardlab.mongos.MemoryBudgetUse;
import io.shardlab.session.AcceptSettings;
import io.shardlab.session.ConnectionsState;
import io.shardlab.session.ExplorerEngine;
import io.shardlab.session.ResolvedScenario;
import io.shardlab.session.Roster;
import io.shardlab.session.Scenario;
import io.shardlab.text.Language;
import io.shardlab.text.Message;
import io.shardlab.text.Messages;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.Executor;
import java.util.function.Consumer;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleObjectProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * Simulation → Accept connections: the explorer answers as a mongos on 127.0.0.1, so mongosh, Compass
 * or a driver write to the cluster on screen. Shows the connection string (with a copy verb), the
 * clients connected, a note about the port, and a one-line error when accepting cannot start.
 *
 * <p>Simulation → Accept students on this network (classroom mode): the same on every address of the machine,
 * with the join strings a class types ({@code mongodb://HOST:PORT/?appName=YOURNAME}, one per address), the
 * roster (a row per client: its name, address, databases, commands a second, last error), "eyes on the
 * projector" (the clients' writes refused) and a verb to disconnect one client.
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
    private final ReadOnlyObjectWrapper<Message> clients = new ReadOnlyObjectWrapper<>(this, "clients");
    private final ReadOnlyStringWrapper note = new ReadOnlyStringWrapper(this, "note", "");
    private final ObjectProperty<Language> language = new SimpleObjectProperty<>(this, "language", Language.ENGLISH);
    private final ReadOnlyStringWrapper error = new ReadOnlyStringWrapper(this, "error", "");
    private final String classroomAddress;
    private final ReadOnlyBooleanWrapper network = new ReadOnlyBooleanWrapper(this, "network", false);
    private final ReadOnlyBooleanWrapper readOnly = new ReadOnlyBooleanWrapper(this, "readOnly", false);
    private final ObservableList<String> joinStrings = FXCollections.observableArrayList();
    private final ObservableList<Roster.Client> roster = FXCollections.observableArrayList();
    // one read-only view, kept: a wrapper made per call listens to the list weakly, and a listener added to it
    // (the class board's) went silent once the wrapper was collected
    private final ObservableList<Roster.Client> readOnlyRoster = FXCollections.unmodifiableObservableList(roster);
    private final ReadOnlyObjectWrapper<Message> rosterHeading = new ReadOnlyObjectWrapper<>(this, "rosterHeading");
    private final ReadOnlyObjectWrapper<Message> memory = new ReadOnlyObjectWrapper<>(this, "memory");
    private final ReadOnlyBooleanWrapper memoryNearlyFull = new ReadOnlyBooleanWrapper(this, "memoryNearlyFull", false);
    /** Whether the strip was dismissed while it showed the Shell's memory use (it shows again once nearly full). */
    private boolean memoryDismissed;
    /** The class's password while a class is accepted with one ({@link #startClass(Optional)}). */
    private Optional<String> classPassword = Optional.empty();

    private final ReadOnlyBooleanWrapper passwordRequired = new ReadOnlyBooleanWrapper(this, "passwordRequired", false);

    /**
     * @param engine runs the server's commands on the simulation thread
     * @param clipboard puts text on the system clipboard
     * @param wiring where the engine's reports are applied, the port tried first and the address a class is
     *     accepted on ({@link ConnectionsWiring#application()} in the application)
     */
    public ConnectionsViewModel(ExplorerEngine engine, Consumer<String> clipboard, ConnectionsWiring wiring) {
        this.classroomAddress = wiring.classroomAddress();
        this.engine = Objects.requireNonNull(engine, "engine");
        this.uiThread = wiring.uiThread();
        this.clipboard = Objects.requireNonNull(clipboard, "clipboard");
        this.port = wiring.port();
        engine.reportShellMemory(use -> uiThread.execute(() -> showShellMemory(use)));
    }

    /**
     * While not accepting, the Shell panel's writes fill the same memory budget clients' do: the strip shows how full
     * it is (and shows itself once the Shell has written documents: on every Shell command until dismissed, then again
     * once the budget is nearly full); empty hides the figure (another cluster is on show).
     */
    private void showShellMemory(Optional<MemoryBudgetUse> use) {
        if (accepting.get()) {
            return;
        }
        memory.set(use.map(ConnectionsViewModel::shellMemoryText).orElse(null));
        boolean nearlyFull = use.map(MemoryBudgetUse::nearlyFull).orElse(false);
        boolean warningNew = nearlyFull && !memoryNearlyFull.get();
        memoryNearlyFull.set(nearlyFull);
        // opening the Shell or reading does not bring up the strip: only documents the Shell wrote take the budget
        boolean wrote = use.map(u -> u.usedBytes() > 0).orElse(false);
        if (wrote && (!memoryDismissed || warningNew)) {
            memoryDismissed = false;
            shown.set(true);
        }
    }

    /** Starts accepting connections (the port, or any free one when it is taken). */
    public void start() {
        error.set("");
        engine.acceptConnections(port, state -> uiThread.execute(() -> show(state)));
    }

    /**
     * Accepts a class: on every address of this machine (anyone who reaches the port can read and write: the
     * View asks first), on the port or any free one.
     */
    public void startClass() {
        startClass(Optional.empty());
    }

    /**
     * As {@link #startClass()}; with a password, students join as {@value AcceptSettings#CLASS_USER} with it (the join
     * strings carry both), and no one else who reaches the port can read or write. A blank password is none.
     */
    public void startClass(Optional<String> password) {
        error.set("");
        classPassword = password.filter(p -> !p.isBlank());
        engine.acceptConnections(
                new AcceptSettings(port, classroomAddress, classPassword),
                state -> uiThread.execute(() -> show(state)));
    }

    /** The language of the bar's notes; English until the bar binds it. A note on show keeps its language. */
    public ObjectProperty<Language> languageProperty() {
        return language;
    }

    /**
     * File → Save cluster with its documents: the cluster on screen, its layout and the documents clients and the
     * Shell panel wrote, to {@code file} (a data file {@code serve --data-file} starts from). The bar's note says
     * what was saved, or its error why nothing was.
     */
    public void saveCluster(Path file) {
        engine.saveCluster(
                file,
                contents -> uiThread.execute(() -> {
                    error.set("");
                    note.set(Messages.of(language.get())
                            .text("explorer.connections.saved", contents.describe(), file, file.getFileName()));
                    shown.set(true);
                }),
                failure -> uiThread.execute(() -> {
                    error.set(Messages.of(language.get()).text(failure));
                    shown.set(true);
                }));
    }

    /**
     * File → Open cluster: the cluster data file {@code file} holds (its layout and documents) replaces the one on
     * show ({@link ExplorerEngine#openCluster}); {@code opened} receives the scenario that now shows, on the UI
     * thread, and the bar's note says what was read. A file that cannot be opened changes nothing: the bar's error
     * names it and the problem.
     *
     * @param base the stream settings the opened collection keeps (the setup's)
     */
    public void openCluster(Path file, ResolvedScenario base, Consumer<Scenario> opened) {
        Objects.requireNonNull(opened, "opened");
        engine.openCluster(
                file,
                base,
                (scenario, contents) -> uiThread.execute(() -> {
                    opened.accept(scenario.scenario());
                    error.set("");
                    note.set(Messages.of(language.get())
                            .text("explorer.connections.opened", file, contents.describe(), scenario.namespace()));
                    shown.set(true);
                }),
                failure -> uiThread.execute(() -> {
                    error.set(Messages.of(language.get()).text(failure));
                    shown.set(true);
                }));
    }

    /** "Eyes on the projector": the clients' writes are refused (true) or served again (false). */
    public void setReadOnly(boolean refuseWrites) {
        engine.readOnly(refuseWrites);
    }

    /** Closes {@code client}'s connections. */
    public void disconnect(Roster.Client client) {
        engine.disconnect(client);
    }

    /** Puts the first join string on the clipboard. */
    public void copyJoinString() {
        if (!joinStrings.isEmpty()) {
            clipboard.accept(joinStrings.get(0));
        }
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
            memoryDismissed = memory.get() != null;
            shown.set(false);
        }
    }

    private void show(ConnectionsState state) {
        accepting.set(state.accepting());
        network.set(state.network());
        readOnly.set(state.roster().readOnly());
        if (!state.accepting()) {
            classPassword = Optional.empty();
        }
        passwordRequired.set(state.accepting() && classPassword.isPresent());
        List<String> joins = joinStrings(state, classPassword);
        if (!joins.equals(joinStrings)) {
            joinStrings.setAll(joins);
        }
        List<Roster.Client> rows = state.roster().clients();
        if (rows.size() == roster.size()) {
            // each second brings new rates: rows change in place, so the table keeps its cells (and the button
            // under the teacher's pointer)
            for (int i = 0; i < rows.size(); i++) {
                if (!rows.get(i).equals(roster.get(i))) {
                    roster.set(i, rows.get(i));
                }
            }
        } else {
            roster.setAll(rows);
        }
        rosterHeading.set(rosterHeading(state.roster()));
        memory.set(state.memory().map(ConnectionsViewModel::memoryText).orElse(null));
        memoryNearlyFull.set(state.memory().map(MemoryBudgetUse::nearlyFull).orElse(false));
        connectionString.set(state.connectionString().orElse(""));
        clients.set(clientsText(state));
        Messages words = Messages.of(language.get());
        if (state.note().isPresent() || !state.accepting()) {
            note.set(state.note().map(words::text).orElse(""));
        }
        error.set(state.error().map(words::text).orElse(""));
        shown.set(state.accepting() || !note.get().isEmpty() || !error.get().isEmpty());
    }

    /**
     * What a class types, one per network address of the machine ({@code mongodb://HOST:PORT/?appName=YOURNAME}:
     * the same string pastes into mongosh, Compass and a driver, and {@code appName} names the student in the
     * roster); loopback's only when the machine has no other.
     */
    static List<String> joinStrings(ConnectionsState state) {
        return joinStrings(state, Optional.empty());
    }

    /**
     * As {@link #joinStrings(ConnectionsState)}; with the class's password, each names the user and the password
     * ({@code mongodb://student:PASSWORD@HOST:PORT/?appName=YOURNAME&authSource=admin}, the password
     * percent-encoded).
     */
    static List<String> joinStrings(ConnectionsState state, Optional<String> password) {
        List<String> network = state.connectionStrings().stream()
                .filter(s -> !s.startsWith("mongodb://127.") && !s.startsWith("mongodb://[::1]"))
                .toList();
        List<String> from = network.isEmpty() ? state.connectionStrings() : network;
        return from.stream()
                .map(s -> password.map(p -> s.replace(
                                        "mongodb://",
                                        "mongodb://" + AcceptSettings.CLASS_USER + ":"
                                                + URLEncoder.encode(p, StandardCharsets.UTF_8)
                                                        .replace("+", "%20")
                                                + "@")
                                + "?appName=" + YOUR_NAME + "&authSource=admin")
                        .orElse(s + "?appName=" + YOUR_NAME))
                .toList();
    }

    /** The word students replace with their name in a join string. */
    public static final String YOUR_NAME = "YOURNAME";

    /**
     * How full the memory budget of the clients' documents is, from the figures its refusal compares: {@code "Memory:
     * 12 of 112 MB (10 %)"}; from 80 % it says that writes will be refused, and when full that they are.
     */
    static Message memoryText(MemoryBudgetUse use) {
        String key = use.full()
                ? "explorer.memory.full"
                : use.nearlyFull() ? "explorer.memory.nearly-full" : "explorer.memory";
        return Message.of(key, use.usedMegabytes(), use.budgetMegabytes(), use.percent());
    }

    /**
     * The strip's line while no client is served: what the Shell's documents take of the budget clients' writes share,
     * said as such (the scenario's streamed documents are simulated apart and take none of it); the warnings as
     * {@link #memoryText}.
     */
    static Message shellMemoryText(MemoryBudgetUse use) {
        return use.nearlyFull()
                ? memoryText(use)
                : Message.of("explorer.memory.shell", use.usedMegabytes(), use.budgetMegabytes(), use.percent());
    }

    /** "Roster: 3 clients" or "Roster: 3 clients · eyes on the projector (writes refused)". */
    static Message rosterHeading(Roster roster) {
        return Message.of(
                roster.readOnly() ? "explorer.roster.heading.eyes" : "explorer.roster.heading",
                roster.clients().size());
    }

    /** "No clients connected", "1 client: 127.0.0.1:50412 (mongosh 2.2.12)", "3 clients: …". */
    static Message clientsText(ConnectionsState state) {
        int n = state.clients().size();
        if (n == 0) {
            return state.accepting() ? Message.of("explorer.connections.noClients") : null;
        }
        // a driver opens a monitoring connection beside its pool, mongosh several: the strip counts connections and
        // names the clients they come from (the roster's rows), so 3 mongosh never read as 14 clients
        List<String> names = state.roster().clients().stream()
                .map(c -> c.name().equals(c.host()) ? c.name() : c.name() + " (" + c.host() + ")")
                .toList();
        return Message.of(
                "explorer.connections.clients",
                n,
                String.join(", ", names.isEmpty() ? state.clients() : names),
                names.isEmpty() ? n : names.size());
    }

    /** Whether a class is accepted (on the network), whose join card and roster show. */
    public ReadOnlyBooleanProperty networkProperty() {
        return network.getReadOnlyProperty();
    }

    /** Whether the class joins with a password (the join card says so rather than warn). */
    public ReadOnlyBooleanProperty passwordRequiredProperty() {
        return passwordRequired.getReadOnlyProperty();
    }

    /** Whether the clients' writes are refused ("eyes on the projector"). */
    public ReadOnlyBooleanProperty readOnlyProperty() {
        return readOnly.getReadOnlyProperty();
    }

    /** The join strings, {@code mongodb://HOST:PORT/?appName=YOURNAME}, one per network address; empty when stopped. */
    public ObservableList<String> joinStrings() {
        return FXCollections.unmodifiableObservableList(joinStrings);
    }

    /** The clients now, a row each. */
    public ObservableList<Roster.Client> roster() {
        return readOnlyRoster;
    }

    /** The roster's heading: how many clients, and whether their writes are refused. */
    public ReadOnlyObjectProperty<Message> rosterHeadingProperty() {
        return rosterHeading.getReadOnlyProperty();
    }

    /** How full the memory budget of the clients' documents is, in one line; null while not accepting. */
    public ReadOnlyObjectProperty<Message> memoryProperty() {
        return memory.getReadOnlyProperty();
    }

    /** Whether the memory budget is nearly full or full ({@link MemoryBudgetUse#nearlyFull()}): the strip warns. */
    public ReadOnlyBooleanProperty memoryNearlyFullProperty() {
        return memoryNearlyFull.getReadOnlyProperty();
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
    public ReadOnlyObjectProperty<Message> clientsProperty() {
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
