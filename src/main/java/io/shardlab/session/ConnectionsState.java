package io.shardlab.session;

import io.shardlab.mongos.MemoryBudgetUse;
import io.shardlab.text.Message;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Whether the explorer accepts client connections (Simulation → Accept connections, or Accept students on this
 * network), as the engine reports it: an immutable value handed from the simulation thread to the screen.
 *
 * @param connectionString {@code mongodb://HOST:PORT/} while accepting (the first of {@code connectionStrings}),
 *     empty when stopped
 * @param connectionStrings one per address of this machine that reaches the port, network addresses first
 * @param network whether it listens for a class ({@link AcceptSettings#network()})
 * @param clients the clients' connections now, {@code ADDRESS:PORT (appName)}
 * @param roster the clients now, a row each
 * @param note one line about the port (e.g. the usual one was taken) or why accepting stopped
 * @param error one line saying why accepting could not start
 * @param memory how full the memory budget of the clients' documents is while accepting (the figures the budget's
 *     refusal compares), else empty
 */
public record ConnectionsState(
        Optional<String> connectionString,
        List<String> connectionStrings,
        boolean network,
        List<String> clients,
        Roster roster,
        Optional<Message> note,
        Optional<Message> error,
        Optional<MemoryBudgetUse> memory) {

    public ConnectionsState {
        Objects.requireNonNull(memory, "memory");
        Objects.requireNonNull(connectionString, "connectionString");
        connectionStrings = List.copyOf(connectionStrings);
        clients = List.copyOf(clients);
        Objects.requireNonNull(roster, "roster");
        Objects.requireNonNull(note, "note");
        Objects.requireNonNull(error, "error");
    }

    /** Accepting on {@code listener}, with its connections now and their roster. */
    static ConnectionsState accepting(
            MongosEndpoint.Listener listener,
            boolean network,
            List<ClientConnection> connections,
            Roster roster,
            Optional<Message> note,
            MemoryBudgetUse memory) {
        List<String> strings = listener.connectionStrings();
        return new ConnectionsState(
                Optional.of(strings.get(0)),
                strings,
                network,
                connections.stream().map(ClientConnection::label).sorted().toList(),
                roster,
                note,
                Optional.empty(),
                Optional.of(memory));
    }

    /** Not accepting; {@code note} says why, if there is something to say. */
    static ConnectionsState stopped(Optional<Message> note) {
        return new ConnectionsState(
                Optional.empty(), List.of(), false, List.of(), Roster.EMPTY, note, Optional.empty(), Optional.empty());
    }

    /** Accepting could not start, for the reason {@code message} gives in one line. */
    static ConnectionsState failed(Message message) {
        return new ConnectionsState(
                Optional.empty(),
                List.of(),
                false,
                List.of(),
                Roster.EMPTY,
                Optional.empty(),
                Optional.of(message),
                Optional.empty());
    }

    /** Whether connections are accepted. */
    public boolean accepting() {
        return connectionString.isPresent();
    }
}
