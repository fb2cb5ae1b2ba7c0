package io.shardlab.ui.explorer.balancer;

import io.shardlab.bson.BsonPrinter;
import io.shardlab.cluster.ActiveWindow;
import io.shardlab.key.ShardKey;
import io.shardlab.key.ShardKeyPattern;
import io.shardlab.render.DataSize;
import io.shardlab.render.ElapsedTime;
import io.shardlab.render.MigrationMarks;
import io.shardlab.session.ShardDrain;
import io.shardlab.sim.BalancerDecision;
import io.shardlab.sim.ZoneVerdict;
import io.shardlab.text.Message;
import java.time.LocalTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * "Why isn't the balancer moving?" for the collection on show: the numbers behind the release's decision
 * ({@link BalancerDecision}) as sentences of the {@code balancer} bundle, and the next migration as a plan preview.
 *
 * @param release the release whose rules decide, as MongoDB prints it
 * @param reason the one sentence that answers: what stops the balancer, the first zone's verdict, or the move
 * @param numbers the switches, the window, jumbo chunks, busy shards and each zone's largest and smallest shard,
 *     ideal and threshold, in that order
 * @param preview the next migration the balancer would start, or empty when it starts none (or is stopped)
 * @param drain each draining shard's progress and what keeps its removal ({@link ShardDrain#words}), in shard
 *     order; empty when no shard drains
 */
public record BalancerWhy(
        String release, Message reason, List<Message> numbers, Optional<Preview> preview, List<Message> drain) {

    private static final DateTimeFormatter HH_MM = DateTimeFormatter.ofPattern("HH:mm"); // untranslated: a pattern

    public BalancerWhy {
        numbers = List.copyOf(numbers);
        drain = List.copyOf(drain);
    }

    /** The answer while no shard drains. */
    public BalancerWhy(String release, Message reason, List<Message> numbers, Optional<Preview> preview) {
        this(release, reason, numbers, preview, List.of());
    }

    /**
     * The next migration drawn before it happens: the range leaves {@code from} for {@code to}.
     *
     * @param min the range's min
     * @param max the range's max (from 6.0 the donor cuts the range at about one chunk size from {@code min})
     * @param range the range as mongosh prints it, {@code { n: 0 } -->> { n: 12 }}
     * @param from the donor shard
     * @param to the recipient shard
     * @param bytes the data that moves, bytes (an estimate for a {@code moveRange})
     * @param shards each shard's data before → after the round, in shard order
     */
    public record Preview(
            ShardKey min, ShardKey max, String range, String from, String to, long bytes, List<Message> shards) {

        public Preview {
            shards = List.copyOf(shards);
        }

        /** The migration as the number line draws it. */
        public MigrationMarks.PlannedMove plannedMove() {
            return new MigrationMarks.PlannedMove(min, max, from, to);
        }

        /** The command the balancer issues, in the preview's words. */
        public Message command() {
            return Message.of("balancer.move", range, from, to, DataSize.format(bytes));
        }
    }

    /** The decision {@code d} of a collection sharded on {@code key}, in the bundle's sentences, no window's hours. */
    public static BalancerWhy of(BalancerDecision d, ShardKeyPattern key) {
        return of(d, key, Optional.empty(), LocalTime.MIDNIGHT);
    }

    /**
     * The decision {@code d} of a collection sharded on {@code key}, with the balancing window's hours when one is
     * set: its start and stop, the time of day now and, outside it, how long until it opens (the balancer starts no
     * round outside it: mongo {@code src/mongo/s/balancer_configuration.cpp}, {@code isTimeInBalancingWindow}).
     *
     * @param window config.settings' {@code activeWindow}, empty when none is set
     * @param now the time of day the window is read against (the simulated clock's, UTC)
     */
    public static BalancerWhy of(
            BalancerDecision d, ShardKeyPattern key, Optional<ActiveWindow> window, LocalTime now) {
        List<Message> numbers = new ArrayList<>();
        numbers.add(Message.of(d.balancerEnabled() ? "balancer.switch.on" : "balancer.switch.off"));
        numbers.add(window.map(w -> hours(w, now))
                .orElseGet(() -> Message.of(d.insideWindow() ? "balancer.window.inside" : "balancer.window.outside")));
        numbers.add(Message.of(
                "balancer.collection", String.valueOf(!d.collectionBalanced()), String.valueOf(d.migrationsAllowed())));
        if (d.jumboChunks() > 0) {
            numbers.add(Message.of("balancer.jumbo", d.jumboChunks()));
        }
        if (!d.busyShards().isEmpty()) {
            numbers.add(Message.of("balancer.busy", String.join(", ", d.busyShards())));
        }
        for (ZoneVerdict v : d.zones()) {
            numbers.addAll(zone(v));
        }
        // off or outside its window the balancer starts no round: nothing to preview
        Optional<Preview> preview = d.stoppedBy().isPresent()
                ? Optional.empty()
                : d.moves().stream().findFirst().map(m -> preview(d, m, key));
        return new BalancerWhy(d.release().toString(), reason(d, preview), numbers, preview);
    }

    /**
     * {@link #of(BalancerDecision, ShardKeyPattern, Optional, LocalTime)} with the drain of each shard being removed.
     *
     * @param drains the draining shards, in shard order
     */
    public static BalancerWhy of(
            BalancerDecision d,
            ShardKeyPattern key,
            Optional<ActiveWindow> window,
            LocalTime now,
            List<ShardDrain> drains) {
        BalancerWhy why = of(d, key, window, now);
        List<Message> drain = new ArrayList<>();
        drains.forEach(shard -> drain.addAll(shard.words(d)));
        return new BalancerWhy(why.release(), why.reason(), why.numbers(), why.preview(), drain);
    }

    /** The window's hours, the time now, and how long until it opens when outside it. */
    static Message hours(ActiveWindow w, LocalTime now) {
        String start = HH_MM.format(w.start());
        String stop = HH_MM.format(w.stop());
        String at = HH_MM.format(now);
        if (w.contains(now)) {
            return Message.of("balancer.window.hours.inside", start, stop, at);
        }
        return Message.of(
                "balancer.window.hours.outside",
                start,
                stop,
                at,
                ElapsedTime.format(w.untilOpen(now).toMillis()));
    }

    private static Message reason(BalancerDecision d, Optional<Preview> preview) {
        if (!d.balancerEnabled()) {
            return Message.of("balancer.stopped.off");
        }
        if (!d.insideWindow()) {
            return Message.of("balancer.stopped.window");
        }
        if (!d.collectionBalanced()) {
            return Message.of("balancer.stopped.no-balance");
        }
        if (!d.migrationsAllowed()) {
            return Message.of("balancer.stopped.migrations");
        }
        if (d.defragmenting()) {
            return Message.of("balancer.stopped.defragmenting");
        }
        if (d.zoneBoundInsideChunk()) {
            return Message.of("balancer.stopped.zone-split");
        }
        if (preview.isPresent()) {
            return Message.of("balancer.moves", d.moves().size());
        }
        return d.zones().stream()
                .map(v -> Message.of("balancer.outcome." + v.outcome().name()))
                .findFirst()
                .orElse(Message.of("balancer.outcome.NO_DATA"));
    }

    private static List<Message> zone(ZoneVerdict v) {
        boolean bytes = v.measure().equals("bytes");
        Message name = v.zone().isEmpty() ? Message.of("balancer.zone.outside") : Message.of("balancer.zone", v.zone());
        List<Message> out = new ArrayList<>();
        out.add(name);
        if (!v.load().isEmpty()) {
            Map.Entry<String, Long> largest =
                    Collections.max(new TreeMap<>(v.load()).entrySet(), Map.Entry.comparingByValue());
            Map.Entry<String, Long> smallest =
                    Collections.min(new TreeMap<>(v.load()).entrySet(), Map.Entry.comparingByValue());
            out.add(Message.of("balancer.largest", largest.getKey(), amount(largest.getValue(), bytes)));
            out.add(Message.of("balancer.smallest", smallest.getKey(), amount(smallest.getValue(), bytes)));
        }
        out.add(Message.of("balancer.ideal", amount(v.ideal(), bytes)));
        out.add(
                bytes
                        ? Message.of("balancer.threshold.bytes", DataSize.format(v.threshold()))
                        : Message.of("balancer.threshold.chunks", v.threshold()));
        out.add(Message.of("balancer.outcome." + v.outcome().name()));
        return out;
    }

    private static Message amount(long value, boolean bytes) {
        return bytes ? Message.of("balancer.bytes", DataSize.format(value)) : Message.of("balancer.chunks", value);
    }

    private static Preview preview(BalancerDecision d, BalancerDecision.Move m, ShardKeyPattern key) {
        Map<String, Long> after = d.bytesAfter();
        List<Message> shards = new ArrayList<>();
        new TreeMap<>(d.bytesBefore())
                .forEach((shard, before) -> shards.add(Message.of(
                        "balancer.before-after",
                        shard,
                        DataSize.format(before),
                        DataSize.format(Math.max(0, after.get(shard))))));
        String range = BsonPrinter.shell(m.min().toDocument(key)) + " -->> "
                + BsonPrinter.shell(m.max().toDocument(key));
        return new Preview(m.min(), m.max(), range, m.from(), m.to(), m.bytes(), shards);
    }
}
