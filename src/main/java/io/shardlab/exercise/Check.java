package io.shardlab.exercise;

import io.shardlab.bson.BsonPrinter;
import io.shardlab.cluster.Chunk;
import io.shardlab.cluster.ChunkStatistics;
import io.shardlab.cluster.ClusterSnapshot;
import io.shardlab.cluster.Shard;
import io.shardlab.cluster.ZoneRange;
import io.shardlab.key.KeyField;
import io.shardlab.key.ShardKey;
import io.shardlab.key.ShardKeyPattern;
import io.shardlab.routing.Operation;
import io.shardlab.routing.Router;
import io.shardlab.routing.Targeting;
import io.shardlab.routing.TargetingClass;
import io.shardlab.text.Message;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import org.bson.BsonDocument;
import org.bson.BsonMaxKey;
import org.bson.BsonMinKey;
import org.bson.BsonValue;

/**
 * One named predicate of an exercise's check, with its parameters: a question about one collection of the
 * student's database that {@link #evaluate} answers from a {@link StudentEvidence} alone (pure, deterministic).
 * An exercise file names them ({@link ExerciseFile}); the file holds no code. Each answer says what was seen, with
 * MongoDB's names for keys and shards, as a {@link Message} of the {@code exercise} bundle (said in the board's
 * language), so a student who has not passed yet reads where they stand.
 */
public sealed interface Check {

    /** The collection, in the student's database, the predicate looks at. */
    String collection();

    /** What it asks, one line, e.g. {@code users is sharded}. */
    String describe();

    /** Whether {@code student}'s state meets it, and what was seen. */
    Outcome evaluate(StudentEvidence student);

    /**
     * @param passed whether the predicate holds
     * @param observed what was seen, one line, e.g. {@code users is not sharded yet}
     */
    record Outcome(boolean passed, Message observed) {
        public Outcome {
            Objects.requireNonNull(observed, "observed");
        }
    }

    /** Evaluates {@code on} over the collection when it is sharded; fails naming it otherwise. */
    private static Outcome onSharded(
            StudentEvidence student, String collection, Function<CollectionEvidence, Outcome> on) {
        return student.collection(collection)
                .map(on)
                .orElseGet(() -> new Outcome(false, Message.of("exercise.notSharded", collection)));
    }

    /**
     * Routes {@code filter} on the collection's key and chunks now: passed when {@code passes} says so, and says
     * where mongos sends it; a filter routing cannot place fails with the reason.
     */
    private static Outcome routed(CollectionEvidence c, BsonDocument filter, Predicate<Targeting> passes) {
        ClusterSnapshot s = c.collection();
        String what = BsonPrinter.shell(filter);
        Targeting t;
        try {
            t = new Router(s.key(), s.chunks(), c.snapshot().version()).route(new Operation.Find(filter));
        } catch (IllegalArgumentException e) {
            return new Outcome(
                    false, Message.of("exercise.cannotTarget", what, s.key().toString(), e.getMessage()));
        }
        return new Outcome(
                passes.test(t),
                Message.of(
                        "exercise.routed",
                        s.key().toString(),
                        what,
                        label(t.targeting()),
                        reach(t, s.shards().size())));
    }

    /** The targeting class in the board's words: {@code single-shard}, {@code multi-shard}, {@code scatter-gather}. */
    private static Message label(TargetingClass targeting) {
        return Message.of("exercise.targeting." + targeting.name());
    }

    /** What {@code t} reached, as {@link Targeting#reach} says it: "reaches shard02 (1 of 3 shards)". */
    private static Message reach(Targeting t, int clusterShards) {
        if (t.shards().isEmpty()) {
            return Message.of("exercise.reach.none");
        }
        if (t.shards().size() == clusterShards && clusterShards > 1) {
            return Message.of("exercise.reach.all", clusterShards);
        }
        return Message.of(
                "exercise.reach.some", String.join(", ", t.shards()), t.shards().size(), clusterShards);
    }

    private static double megabytes(long bytes) {
        return bytes / (1024.0 * 1024.0);
    }

    private static String plural(long n, String word) {
        return String.format(Locale.ROOT, "%,d %s%s", n, word, n == 1 ? "" : "s");
    }

    /** The collection is sharded; on exactly {@code key} when one is given. */
    record Sharded(String collection, Optional<ShardKeyPattern> key) implements Check {
        @Override
        public String describe() {
            return collection + " is sharded" + key.map(k -> " on " + k).orElse("");
        }

        @Override
        public Outcome evaluate(StudentEvidence student) {
            return onSharded(student, collection, c -> {
                ShardKeyPattern now = c.collection().key();
                boolean passed = key.map(now::equals).orElse(true);
                return new Outcome(
                        passed,
                        passed
                                ? Message.of("exercise.shardedOn", collection, now.toString())
                                : Message.of(
                                        "exercise.shardedOnNot",
                                        collection,
                                        now.toString(),
                                        key.orElseThrow().toString()));
            });
        }
    }

    /** The shard key starts with the fields {@code prefix} in that order and has at least {@code atLeast} fields. */
    record KeyFields(String collection, List<String> prefix, int atLeast) implements Check {
        public KeyFields {
            prefix = List.copyOf(prefix);
        }

        @Override
        public String describe() {
            return collection + "'s shard key starts with " + String.join(", ", prefix) + " and has at least "
                    + plural(atLeast, "field");
        }

        @Override
        public Outcome evaluate(StudentEvidence student) {
            return onSharded(student, collection, c -> {
                ShardKeyPattern key = c.collection().key();
                List<String> paths = key.fields().stream().map(KeyField::path).toList();
                boolean prefixed = paths.size() >= prefix.size()
                        && paths.subList(0, prefix.size()).equals(prefix);
                if (!prefixed) {
                    return new Outcome(
                            false,
                            Message.of(
                                    "exercise.keyNotPrefixed", collection, key.toString(), String.join(", ", prefix)));
                }
                if (paths.size() < atLeast) {
                    return new Outcome(
                            false,
                            Message.of("exercise.keyTooFewFields", collection, key.toString(), paths.size(), atLeast));
                }
                return new Outcome(true, Message.of("exercise.shardedOn", collection, key.toString()));
            });
        }
    }

    /** mongos targets {@code filter} on the collection's key and chunks now as {@code expect}. */
    record Targets(String collection, BsonDocument filter, TargetingClass expect) implements Check {
        public Targets {
            filter = filter.clone();
        }

        @Override
        public String describe() {
            return "mongos sends " + BsonPrinter.shell(filter) + " on " + collection + " " + expect.label();
        }

        @Override
        public Outcome evaluate(StudentEvidence student) {
            return onSharded(student, collection, c -> routed(c, filter, t -> t.targeting() == expect));
        }
    }

    /** mongos sends {@code filter} to at most {@code atMost} shards on the collection's chunks now. */
    record Reaches(String collection, BsonDocument filter, int atMost) implements Check {
        public Reaches {
            filter = filter.clone();
        }

        @Override
        public String describe() {
            return "mongos sends " + BsonPrinter.shell(filter) + " on " + collection + " to at most "
                    + plural(atMost, "shard");
        }

        @Override
        public Outcome evaluate(StudentEvidence student) {
            return onSharded(
                    student, collection, c -> routed(c, filter, t -> t.shards().size() <= atMost));
        }
    }

    /** The collection holds at least {@code atLeast} documents. */
    record Documents(String collection, long atLeast) implements Check {
        @Override
        public String describe() {
            return collection + " holds at least " + plural(atLeast, "document");
        }

        @Override
        public Outcome evaluate(StudentEvidence student) {
            return onSharded(student, collection, c -> {
                long n = c.snapshot().documents();
                return new Outcome(n >= atLeast, Message.of("exercise.holds", collection, n));
            });
        }
    }

    /** At least {@code atLeast} shards each hold at least {@code minShare} of the collection's documents. */
    record DocumentsOnShards(String collection, int atLeast, double minShare) implements Check {
        @Override
        public String describe() {
            return collection + "'s documents are spread over at least " + plural(atLeast, "shard")
                    + String.format(Locale.ROOT, " (each with %.0f%% or more)", minShare * 100);
        }

        @Override
        public Outcome evaluate(StudentEvidence student) {
            return onSharded(student, collection, c -> {
                Map<String, Long> perShard = c.documentsPerShard();
                long total =
                        perShard.values().stream().mapToLong(Long::longValue).sum();
                if (total == 0) {
                    return new Outcome(false, Message.of("exercise.holdsNone", collection));
                }
                long enough = perShard.values().stream()
                        .filter(n -> (double) n / total >= minShare)
                        .count();
                String spread = perShard.entrySet().stream()
                        .map(e -> String.format(
                                Locale.ROOT, "%s %,d (%.0f%%)", e.getKey(), e.getValue(), 100.0 * e.getValue() / total))
                        .collect(Collectors.joining(", "));
                return new Outcome(enough >= atLeast, Message.of("exercise.documentsPerShard", spread));
            });
        }
    }

    /** The documents have at least {@code atLeast} distinct shard-key values: room for that many chunks. */
    record DistinctKeyValues(String collection, long atLeast) implements Check {
        @Override
        public String describe() {
            return collection + "'s documents have at least " + plural(atLeast, "distinct shard-key value");
        }

        @Override
        public Outcome evaluate(StudentEvidence student) {
            return onSharded(student, collection, c -> {
                long n = c.distinctKeyValues().orElse(0);
                String key = c.collection().key().toString();
                return new Outcome(
                        n >= atLeast,
                        n >= atLeast
                                ? Message.of("exercise.distinctAtLeast", atLeast, key)
                                : Message.of("exercise.distinct", n, key));
            });
        }
    }

    /** The collection has at least {@code atLeast} chunks. */
    record Chunks(String collection, int atLeast) implements Check {
        @Override
        public String describe() {
            return collection + " has at least " + plural(atLeast, "chunk");
        }

        @Override
        public Outcome evaluate(StudentEvidence student) {
            return onSharded(student, collection, c -> {
                int n = c.collection().chunks().size();
                return new Outcome(n >= atLeast, Message.of("exercise.chunks", collection, n));
            });
        }
    }

    /** No chunk is flagged jumbo and none is larger than the maximum chunk size. */
    record NoJumboChunks(String collection) implements Check {
        @Override
        public String describe() {
            return "no chunk of " + collection + " is jumbo or over the chunk size";
        }

        @Override
        public Outcome evaluate(StudentEvidence student) {
            return onSharded(student, collection, c -> {
                long max = c.snapshot().maxChunkSizeBytes();
                for (ChunkStatistics s : c.snapshot().chunkStatistics()) {
                    Chunk chunk = s.chunk();
                    if (chunk.jumbo() || s.bytes() > max) {
                        return new Outcome(
                                false,
                                Message.of(
                                        chunk.jumbo() ? "exercise.oversizedJumbo" : "exercise.oversized",
                                        chunk.min().toString(),
                                        chunk.max().toString(),
                                        chunk.shard(),
                                        megabytes(s.bytes()),
                                        megabytes(max)));
                    }
                }
                return new Outcome(true, Message.of("exercise.fits", collection, megabytes(max)));
            });
        }
    }

    /**
     * The documents whose shard key starts with {@code value} (a prefix of the key, by field name) are kept on
     * {@code shards}: their chunks are there now, and zone ranges of zones whose shards are among them cover every
     * such key, so the balancer keeps them there.
     */
    record ZonePlacement(String collection, BsonDocument value, Set<String> shards) implements Check {
        public ZonePlacement {
            value = value.clone();
            shards = Set.copyOf(new TreeSet<>(shards));
        }

        @Override
        public String describe() {
            return collection + "'s documents with " + BsonPrinter.shell(value) + " stay on "
                    + String.join(", ", new TreeSet<>(shards));
        }

        @Override
        public Outcome evaluate(StudentEvidence student) {
            return onSharded(student, collection, c -> {
                ClusterSnapshot s = c.collection();
                Optional<ShardKey[]> bounds = bounds(s.key());
                if (bounds.isEmpty()) {
                    return new Outcome(
                            false,
                            Message.of(
                                    "exercise.zoneKeyNotPrefixed",
                                    s.key().toString(),
                                    String.join(", ", value.keySet())));
                }
                ShardKey low = bounds.get()[0];
                ShardKey high = bounds.get()[1];
                // a whole key is one point; a prefix is every key from its MinKey completion up to, not including,
                // its MaxKey completion (the bounds a zone range of the prefix is written with)
                boolean point = low.equals(high);
                List<String> elsewhere = new ArrayList<>();
                for (Chunk chunk : s.chunks().chunks()) {
                    boolean holds = point
                            ? chunk.contains(low)
                            : chunk.min().compareTo(high) < 0 && low.compareTo(chunk.max()) < 0;
                    if (holds && !shards.contains(chunk.shard())) {
                        elsewhere.add(chunk.shard());
                    }
                }
                String what = BsonPrinter.shell(value);
                String ours = String.join(", ", new TreeSet<>(shards));
                if (!elsewhere.isEmpty()) {
                    return new Outcome(
                            false,
                            Message.of("exercise.zoneElsewhere", what, String.join(", ", new TreeSet<>(elsewhere))));
                }
                if (!covered(s, low, high)) {
                    return new Outcome(false, Message.of("exercise.zoneNotCovered", ours, what));
                }
                return new Outcome(true, Message.of("exercise.zoneKept", what, ours));
            });
        }

        /** The lowest and highest full keys starting with {@code value}; empty when it is not a key prefix. */
        private Optional<ShardKey[]> bounds(ShardKeyPattern key) {
            List<String> paths = key.fields().stream().map(KeyField::path).toList();
            List<String> given = List.copyOf(value.keySet());
            if (given.isEmpty()
                    || given.size() > paths.size()
                    || !paths.subList(0, given.size()).equals(given)
                    || key.fields().subList(0, given.size()).stream().anyMatch(KeyField::hashed)) {
                return Optional.empty();
            }
            List<BsonValue> low = new ArrayList<>(value.values());
            List<BsonValue> high = new ArrayList<>(value.values());
            for (int i = given.size(); i < paths.size(); i++) {
                low.add(new BsonMinKey());
                high.add(new BsonMaxKey());
            }
            return Optional.of(new ShardKey[] {ShardKey.of(low), ShardKey.of(high)});
        }

        /** Whether zone ranges of zones placed only on {@link #shards} cover {@code [low, high]} without a gap. */
        private boolean covered(ClusterSnapshot s, ShardKey low, ShardKey high) {
            ShardKey cursor = low;
            for (ZoneRange range : s.zones()) {
                Set<String> placed = s.shards().stream()
                        .filter(sh -> sh.zones().contains(range.zone()))
                        .map(Shard::id)
                        .collect(Collectors.toSet());
                boolean ours = !placed.isEmpty() && shards.containsAll(placed);
                if (ours && range.min().compareTo(cursor) <= 0 && cursor.compareTo(range.max()) < 0) {
                    cursor = range.max();
                    if (low.equals(high) ? low.compareTo(cursor) < 0 : high.compareTo(cursor) <= 0) {
                        return true;
                    }
                }
            }
            return false;
        }
    }

    /** The collection's balancing is on (or off), as the balancer sees it now. */
    record Balancing(String collection, boolean on) implements Check {
        @Override
        public String describe() {
            return "balancing of " + collection + " is " + (on ? "on" : "off");
        }

        @Override
        public Outcome evaluate(StudentEvidence student) {
            return onSharded(
                    student,
                    collection,
                    c -> new Outcome(
                            c.balancingOn() == on,
                            Message.of(
                                    c.balancingOn() ? "exercise.balancingOn" : "exercise.balancingOff", collection)));
        }
    }

    /** At least {@code atLeast} splits of the collection ran while its balancing was off. */
    record SplitsWhileBalancingOff(String collection, long atLeast) implements Check {
        @Override
        public String describe() {
            return "at least " + plural(atLeast, "split") + " of " + collection + " ran while its balancing was off";
        }

        @Override
        public Outcome evaluate(StudentEvidence student) {
            long all = student.activity().splits().getOrDefault(collection, 0L);
            long off = student.activity().splitsWhileBalancingOff().getOrDefault(collection, 0L);
            return new Outcome(off >= atLeast, Message.of("exercise.splitsSeen", all, collection, off));
        }
    }

    /** The student ran at least {@code atLeast} queries on the collection that mongos targeted as {@code targeting}. */
    record RanQuery(String collection, TargetingClass targeting, long atLeast) implements Check {
        @Override
        public String describe() {
            return "a " + targeting.label() + " query on " + collection + " was run";
        }

        @Override
        public Outcome evaluate(StudentEvidence student) {
            StudentActivity a = student.activity();
            long n = a.queries(collection, targeting);
            Object[] counts = Arrays.stream(TargetingClass.values())
                    .map(t -> Message.of("exercise.queryCount", a.queries(collection, t), label(t)))
                    .toArray();
            // {0} the collection, then one count per targeting class in TargetingClass's order
            Object[] arguments = new Object[counts.length + 1];
            arguments[0] = collection;
            System.arraycopy(counts, 0, arguments, 1, counts.length);
            return new Outcome(n >= atLeast, Message.of("exercise.queriesSeen", arguments));
        }
    }
}
