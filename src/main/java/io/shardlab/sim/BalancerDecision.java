package io.shardlab.sim;

import io.shardlab.cluster.MongoVersion;
import io.shardlab.key.ShardKey;
import io.shardlab.text.Message;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * Why the balancer moves what it moves, or nothing, in the next round of one collection: the switches that stop it
 * before any comparison, each zone's numbers as the release's policy compares them ({@link ZoneVerdict}), and the
 * migrations the round would start, with each shard's data before and after them. Computed without changing the
 * cluster ({@link SimulatedCluster#balancerDecision()}).
 *
 * @param release the simulated release whose rules decide
 * @param balancerEnabled the balancer's mode is {@code full} (config.settings {@code balancer})
 * @param insideWindow the simulated time of day is inside the balancing window, or no window is set
 * @param collectionBalanced the collection takes part ({@code noBalance} unset: {@code enableBalancing}, mongo
 *     {@code balancer_chunk_selection_policy.cpp})
 * @param migrationsAllowed the collection's migrations are allowed ({@code permitMigrations} not false:
 *     {@code setAllowMigrations}, {@link SetAllowMigrations}); the balancer leaves it out of its rounds otherwise
 * @param defragmenting the collection defragments instead ({@code defragmentCollection: true})
 * @param zoneBoundInsideChunk a zone bound falls inside a chunk: the round only splits there
 * @param busyShards shards already in a migration, left out of this round
 * @param jumboChunks jumbo chunks, which the balancer leaves where they are (draining shards aside)
 * @param zones each zone's verdict (the range outside every zone last, as {@code ""}), computed with every shard
 *     not busy available
 * @param moves the migrations the round would start
 * @param bytesBefore each shard's data of the collection now, bytes
 */
public record BalancerDecision(
        MongoVersion release,
        boolean balancerEnabled,
        boolean insideWindow,
        boolean collectionBalanced,
        boolean migrationsAllowed,
        boolean defragmenting,
        boolean zoneBoundInsideChunk,
        List<String> busyShards,
        int jumboChunks,
        List<ZoneVerdict> zones,
        List<Move> moves,
        Map<String, Long> bytesBefore) {

    public BalancerDecision {
        busyShards = List.copyOf(busyShards);
        zones = List.copyOf(zones);
        moves = List.copyOf(moves);
        bytesBefore = Map.copyOf(bytesBefore);
    }

    /**
     * One migration the round would start: the chunk {@code [min, max)} of {@code from}, or from 6.0 a
     * {@code moveRange} from its min of about one chunk size ({@code bytes} is then an estimate).
     *
     * @param from the donor
     * @param to the recipient
     * @param min the chunk's min
     * @param max the chunk's max (the range's max is cut by the donor when the migration starts)
     * @param reason why the balancer moves it
     * @param bytes the data that moves, bytes (estimated for a moveRange)
     */
    public record Move(String from, String to, ShardKey min, ShardKey max, MigrationReason reason, long bytes) {}

    /** Whether the balancer would start at least one migration of the collection in its next round. */
    public boolean migrates() {
        return !moves.isEmpty();
    }

    /** Each shard's data after the round's migrations, bytes, in shard order. */
    public Map<String, Long> bytesAfter() {
        Map<String, Long> out = new LinkedHashMap<>(new TreeMap<>(bytesBefore));
        for (Move m : moves) {
            out.merge(m.from(), -m.bytes(), Long::sum);
            out.merge(m.to(), m.bytes(), Long::sum);
        }
        return out;
    }

    /**
     * What stops the balancer before it compares anything, or empty: off, outside its window, the collection
     * excluded, its migrations not allowed, defragmenting, or a zone bound inside a chunk ({@code sim.stoppedBy.*},
     * said in the reader's language).
     */
    public Optional<Message> stoppedBy() {
        if (!balancerEnabled) {
            return Optional.of(Message.of("sim.stoppedBy.off"));
        }
        if (!insideWindow) {
            return Optional.of(Message.of("sim.stoppedBy.window"));
        }
        if (!collectionBalanced) {
            return Optional.of(Message.of("sim.stoppedBy.noBalance"));
        }
        if (!migrationsAllowed) {
            return Optional.of(Message.of("sim.stoppedBy.migrationsNotAllowed"));
        }
        if (defragmenting) {
            return Optional.of(Message.of("sim.stoppedBy.defragmenting"));
        }
        if (zoneBoundInsideChunk) {
            return Optional.of(Message.of("sim.stoppedBy.zoneBoundInsideChunk"));
        }
        return Optional.empty();
    }
}
