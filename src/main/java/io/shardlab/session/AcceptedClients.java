package io.shardlab.session;

import io.shardlab.mongos.UserAccounts;
import io.shardlab.text.Message;
import io.shardlab.text.RefusedInput;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.BiFunction;
import java.util.function.Consumer;
import java.util.function.LongSupplier;

/**
 * The explorer's side of accepting connections: the listener over the session's mongos, the roster sampled every
 * {@value #ROSTER_SAMPLE_MILLIS} ms and whenever the engine asks (a client connected or left), the read-only switch
 * ("eyes on the projector"), and the report of each change. {@link ExplorerEngine} decides when it starts and stops
 * (a session must show; a new session stops it) and what the clients' commands do to the session.
 *
 * <p>Threading: confined to the simulation thread, but {@link #listening} may be asked from a connection thread.
 */
final class AcceptedClients {

    /** How often the roster is sampled while accepting connections (its commands per second), in ms. */
    static final long ROSTER_SAMPLE_MILLIS = 1_000;

    private final LongSupplier nanoTime;
    /** Where the clients' commands wait for the simulation thread; failed when the listener closes. */
    private final SimulationThreadLane lane;
    /** Repeats a task on the simulation thread every so many ms. */
    private final BiFunction<Long, Runnable, SimulationThread.Repeating> repeat;

    /**
     * The mongos clients connect to, while accepting; else null. Written on the simulation thread, read by
     * connection threads to tell whether a client change is worth a report.
     */
    private volatile MongosEndpoint.Listener server;

    // while accepting
    private MongosEndpoint mongos;
    private Consumer<ConnectionsState> report;
    /** Whether the listener serves a class ({@link AcceptSettings#network()}). */
    private boolean network;
    /** Whether the clients' writes are refused. */
    private boolean readOnly;

    private RosterTally tally;
    private SimulationThread.Repeating rosterSampling;

    /**
     * @param nanoTime the wall clock the roster's rates are measured on
     * @param repeat repeats a task on the simulation thread every so many ms
     */
    AcceptedClients(
            LongSupplier nanoTime,
            SimulationThreadLane lane,
            BiFunction<Long, Runnable, SimulationThread.Repeating> repeat) {
        this.nanoTime = nanoTime;
        this.lane = lane;
        this.repeat = repeat;
    }

    /** Whether the listener accepts connections; any thread. */
    boolean listening() {
        return server != null;
    }

    /**
     * Listens over {@code over} as {@code settings} say, on their port or any free one when it is taken (the state's
     * note says so), with the class's user when they have a password; {@code report} hears the start and every
     * change after it.
     *
     * @return false when it cannot listen ({@code report} has heard why)
     */
    boolean start(MongosEndpoint over, AcceptSettings settings, Consumer<ConnectionsState> report) {
        over.requireUsers(settings.password()
                .map(password -> UserAccounts.parse(List.of(AcceptSettings.CLASS_USER + ":" + password + ":root")))
                .orElse(UserAccounts.NONE));
        String bind = settings.bindAddress();
        Optional<Message> note = Optional.empty();
        try {
            server = over.listen(bind, settings.port());
        } catch (MongosEndpoint.PortTakenException taken) {
            try {
                server = over.listen(bind, 0);
                note = Optional.of(Message.of("session.clients.portTaken", settings.port(), server.port()));
            } catch (IllegalArgumentException e) {
                report.accept(ConnectionsState.failed(
                        Message.of("session.clients.cannotAccept", bind, RefusedInput.said(e))));
                return false;
            }
        } catch (IllegalArgumentException e) {
            report.accept(
                    ConnectionsState.failed(Message.of("session.clients.cannotAccept", bind, RefusedInput.said(e))));
            return false;
        }
        this.mongos = over;
        this.report = report;
        network = settings.network();
        readOnly = false;
        tally = new RosterTally();
        report.accept(state(note));
        rosterSampling = repeat.apply(ROSTER_SAMPLE_MILLIS, this::reportRoster);
        return true;
    }

    /** While accepting: {@code to} hears the state now. */
    void reportStateTo(Consumer<ConnectionsState> to) {
        to.accept(state(Optional.empty()));
    }

    /** While accepting: refuses (true) or serves again the clients' writes, and reports the roster. */
    void readOnly(boolean refuseWrites) {
        server.readOnly(refuseWrites);
        readOnly = refuseWrites;
        reportRoster();
    }

    /** While accepting: closes {@code client}'s connections and refuses its new ones until accepting stops. */
    void disconnect(Roster.Client client) {
        Objects.requireNonNull(client, "client");
        client.connections().forEach(server::disconnect);
    }

    /** While accepting: closes the listener and the clients' connections; the report hears the stop and its note. */
    void stop(Optional<Message> note) {
        MongosEndpoint.Listener s = server;
        server = null;
        if (rosterSampling != null) {
            rosterSampling.cancel();
            rosterSampling = null;
        }
        // the connection threads waiting on this thread must not wait while the server closes them
        lane.failWaiting();
        s.close();
        Consumer<ConnectionsState> stopped = report;
        report = null;
        tally = null;
        readOnly = false;
        mongos = null;
        stopped.accept(ConnectionsState.stopped(note));
    }

    /**
     * At application exit, on the caller's thread (the simulation thread stops with the application): closes the
     * listener so that its connection threads end with the window.
     */
    void closeAtExit() {
        MongosEndpoint.Listener s = server;
        if (s != null) {
            server = null;
            lane.failWaiting();
            s.close();
        }
    }

    /** While accepting: the roster goes to the report. */
    void reportRoster() {
        if (server != null && report != null) {
            report.accept(state(Optional.empty()));
        }
    }

    /** The listener's state now, its roster sampled. */
    private ConnectionsState state(Optional<Message> note) {
        List<ClientConnection> connections = server.connections();
        Roster roster = tally.sample(connections, nanoTime.getAsLong(), readOnly);
        return ConnectionsState.accepting(
                server, network, connections, roster, note, mongos.commands().memoryBudget());
    }
}
