package io.shardlab.session;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;

/**
 * Turns samples of a mongos's connections ({@link ClientConnection}, whose command counts only grow) into a
 * {@link Roster}: connections grouped by host and {@code appName}, and each client's commands per second over the
 * interval between two samples at least {@link #RATE_INTERVAL_NANOS} apart (a sample taken sooner, when a client
 * connects or leaves, keeps the rates of the last interval). Not thread-safe: one owner samples it.
 */
final class RosterTally {

    /** The shortest interval commands are counted over for a rate: 0.9 s, so a sampler every second always counts. */
    static final long RATE_INTERVAL_NANOS = 900_000_000L;

    /** Each connection's commands at the last rate sample. */
    private Map<Long, Long> commandsAtRateSample = Map.of();

    private long rateSampleNanos;
    private boolean sampled;
    /** Each connection's commands a second over the last interval. */
    private Map<Long, Double> rates = Map.of();

    /** The roster of {@code connections} sampled at {@code nanos} (a monotonic clock, e.g. {@code System::nanoTime}). */
    Roster sample(List<ClientConnection> connections, long nanos, boolean readOnly) {
        if (!sampled || nanos - rateSampleNanos >= RATE_INTERVAL_NANOS) {
            double seconds = sampled ? (nanos - rateSampleNanos) / 1e9 : 0;
            Map<Long, Double> newRates = new HashMap<>();
            Map<Long, Long> counts = new HashMap<>();
            for (ClientConnection c : connections) {
                long before = commandsAtRateSample.getOrDefault(c.id(), 0L);
                newRates.put(c.id(), seconds > 0 ? Math.max(0, c.commands() - before) / seconds : 0.0);
                counts.put(c.id(), c.commands());
            }
            rates = newRates;
            commandsAtRateSample = counts;
            rateSampleNanos = nanos;
            sampled = true;
        }
        Map<String, List<ClientConnection>> byClient = new LinkedHashMap<>();
        for (ClientConnection c : connections) {
            byClient.computeIfAbsent(c.host() + "\u0000" + c.appName().orElse(""), k -> new ArrayList<>())
                    .add(c);
        }
        List<Roster.Client> clients = new ArrayList<>();
        for (List<ClientConnection> group : byClient.values()) {
            clients.add(client(group));
        }
        clients.sort(Comparator.comparing((Roster.Client c) -> c.name().toLowerCase(Locale.ROOT))
                .thenComparing(Roster.Client::host));
        return new Roster(clients, readOnly);
    }

    private Roster.Client client(List<ClientConnection> group) {
        group.sort(Comparator.comparingLong(ClientConnection::id));
        ClientConnection first = group.get(0);
        TreeSet<String> databases = new TreeSet<>();
        double perSecond = 0;
        Optional<String> lastError = Optional.empty();
        List<Long> ids = new ArrayList<>();
        for (ClientConnection c : group) {
            ids.add(c.id());
            databases.addAll(c.databases());
            perSecond += rates.getOrDefault(c.id(), 0.0);
            if (c.lastError().isPresent()) {
                lastError = c.lastError();
            }
        }
        return new Roster.Client(
                first.appName().orElse(first.host()),
                first.host(),
                first.appName(),
                ids,
                List.copyOf(databases),
                perSecond,
                lastError);
    }
}
