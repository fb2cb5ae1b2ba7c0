package io.shardlab.session;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** A class's roster from samples of the connections: a row per client (host and appName), commands a second. */
class RosterTallyTest {

    private static ClientConnection connection(long id, String address, String appName, long commands) {
        return new ClientConnection(id, address, Optional.ofNullable(appName), List.of(), commands, Optional.empty());
    }

    @Test
    void a_drivers_monitoring_and_command_connections_are_one_client_named_by_its_app_name() {
        // given Ada's driver with two connections and a nameless client on another machine
        RosterTally tally = new RosterTally();
        List<ClientConnection> connections = List.of(
                connection(1, "10.0.0.5:50001", "Ada", 1),
                connection(2, "10.0.0.5:50002", "Ada", 3),
                connection(3, "10.0.0.7:50003", null, 1));

        // when sampled
        Roster roster = tally.sample(connections, 0, false);

        // then two rows, by name: the app name, else the host
        assertEquals(
                List.of("10.0.0.7", "Ada"),
                roster.clients().stream().map(Roster.Client::name).toList());
        assertEquals(List.of(1L, 2L), roster.clients().get(1).connections());
    }

    @Test
    void commands_a_second_are_counted_over_intervals_of_at_least_the_rate_interval() {
        RosterTally tally = new RosterTally();
        tally.sample(List.of(connection(1, "10.0.0.5:50001", "Ada", 10)), 0, false);

        // a sample sooner than the interval (a client connecting) keeps the last rates
        Roster soon = tally.sample(List.of(connection(1, "10.0.0.5:50001", "Ada", 15)), 100_000_000L, false);
        // two seconds after the first: 30 more commands
        Roster later = tally.sample(List.of(connection(1, "10.0.0.5:50001", "Ada", 40)), 2_000_000_000L, true);

        assertEquals(0.0, soon.clients().get(0).commandsPerSecond());
        assertEquals(15.0, later.clients().get(0).commandsPerSecond(), 1e-9);
        assertEquals(true, later.readOnly());
    }

    @Test
    void a_clients_databases_and_last_error_gather_its_connections() {
        RosterTally tally = new RosterTally();
        Roster roster = tally.sample(
                List.of(
                        new ClientConnection(
                                1, "10.0.0.5:1", Optional.of("Ada"), List.of("ada"), 4, Optional.of("E11000 …")),
                        new ClientConnection(
                                2, "10.0.0.5:2", Optional.of("Ada"), List.of("shop"), 2, Optional.empty())),
                0,
                false);

        Roster.Client ada = roster.clients().get(0);
        assertEquals(List.of("ada", "shop"), ada.databases());
        assertEquals(Optional.of("E11000 …"), ada.lastError());
    }
}
