package io.shardlab.ui.explorer.connections;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.shardlab.session.ConnectionsState;
import io.shardlab.session.Roster;
import io.shardlab.text.Language;
import io.shardlab.text.Messages;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.LongStream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The connections strip counts connections and names the clients they come from: mongosh opens several
 * connections (monitoring, round-trip timing, its pool), so three mongosh are never "14 clients".
 */
class ClientsLineTest {

    private static Roster.Client client(String appName, String host, long firstConnection, int connections) {
        return new Roster.Client(
                appName.isEmpty() ? host : appName,
                host,
                appName.isEmpty() ? Optional.empty() : Optional.of(appName),
                LongStream.range(firstConnection, firstConnection + connections)
                        .boxed()
                        .toList(),
                List.of(),
                0,
                Optional.empty());
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            # clients (appName@host×connections)              | the strip says
            mongosh 2.12.0@127.0.0.1×14                       | 14 connections from one client: mongosh 2.12.0 (127.0.0.1)
            alice@10.0.0.5×5;bob@10.0.0.6×4;@10.0.0.7×1       | 10 connections from 3 clients: alice (10.0.0.5), bob (10.0.0.6), 10.0.0.7
            orders-app@127.0.0.1×1                            | one connection from one client: orders-app (127.0.0.1)
            """)
    void the_strip_counts_connections_and_names_clients(String clients, String expected) {
        List<Roster.Client> rows = new ArrayList<>();
        List<String> labels = new ArrayList<>();
        long next = 1;
        for (String c : clients.split(";")) {
            String appName = c.substring(0, c.indexOf('@'));
            String host = c.substring(c.indexOf('@') + 1, c.indexOf('×'));
            int n = Integer.parseInt(c.substring(c.indexOf('×') + 1));
            rows.add(client(appName, host, next, n));
            for (int i = 0; i < n; i++) {
                labels.add(host + ":" + (50000 + next + i) + (appName.isEmpty() ? "" : " (" + appName + ")"));
            }
            next += n;
        }
        ConnectionsState state = new ConnectionsState(
                Optional.of("mongodb://127.0.0.1:27017/"),
                List.of("mongodb://127.0.0.1:27017/"),
                false,
                labels,
                new Roster(rows, false),
                Optional.empty(),
                Optional.empty(),
                Optional.empty());

        assertEquals(expected, Messages.of(Language.ENGLISH).text(ConnectionsViewModel.clientsText(state)));
    }
}
