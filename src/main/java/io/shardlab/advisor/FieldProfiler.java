package io.shardlab.advisor;

import io.shardlab.bson.BsonOrder;
import io.shardlab.key.ShardKey;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/**
 * Builds the {@link FieldProfile}s of a sample document by document. Profiles at most
 * {@value #MAX_FIELDS} top-level fields, in the order they first appear. Not thread-safe.
 *
 * <p>Consecutive blocks of a sample may be profiled apart (on the parsers, issue #32) and {@linkplain
 * #merge merged} in order: the profiles are then exactly those of one profiler given every document. Counts add;
 * the step between the last value of the blocks so far and the first of the next counts as an up or down step;
 * distinct values are the union, counted up to {@link FieldProfile#DISTINCT_CAP} (a block that reached the cap
 * on its own caps the whole); a field new to the whole is added in the block's order while fewer than {@value
 * #MAX_FIELDS} are profiled (a block keeps its own first {@value #MAX_FIELDS} names, which hold every name the
 * whole can still take: while the whole is not full it has dropped no name, so at most its own names precede them).
 */
final class FieldProfiler {

    /** The most top-level fields profiled; later new names are ignored. */
    static final int MAX_FIELDS = 256;

    private static final class Tally {
        long present;
        long arrays;
        long embedded;
        long up;
        long down;
        /** The first value that is not an array, for a merge with the blocks before; null before one. */
        BsonValue first;
        /** The last value that is not an array; null before one. */
        BsonValue previous;

        Set<ShardKey> distinct = new HashSet<>();
    }

    private final Map<String, Tally> tallies = new LinkedHashMap<>();

    /**
     * Names whose distinct values need not be counted: those a whole this profiler's block will be {@linkplain #merge
     * merged} into has already counted up to the cap, so the block's own set would be dropped at the merge.
     */
    private final Predicate<String> distinctCapped;

    /** A profiler counting every field's distinct values up to the cap. */
    FieldProfiler() {
        this(name -> false);
    }

    /**
     * A profiler of a block that leaves out the distinct values of the names {@code distinctCapped} accepts (their
     * count is {@link FieldProfile#DISTINCT_CAP} in the whole already); the predicate may be asked from another thread
     * than the one merging, and a name it accepted must stay accepted.
     */
    FieldProfiler(Predicate<String> distinctCapped) {
        this.distinctCapped = distinctCapped;
    }

    /**
     * The names and tallies of fields by their position in the documents seen: a sample's documents mostly share one
     * field order, so a field is found by comparing its name with the one last seen at its position, without hashing
     * a name freshly parsed for each document (the loading thread's largest cost, issue #32). A pair here is always
     * a name and its own tally.
     */
    private String[] namesAt = new String[8];

    private Tally[] talliesAt = new Tally[8];

    void add(BsonDocument document) {
        int position = -1;
        for (Map.Entry<String, BsonValue> e : document.entrySet()) {
            position++;
            String name = e.getKey();
            Tally t = position < namesAt.length && name.equals(namesAt[position]) ? talliesAt[position] : null;
            if (t == null) {
                t = tallies.get(name);
                if (t == null) {
                    if (tallies.size() >= MAX_FIELDS) {
                        continue;
                    }
                    t = new Tally();
                    if (distinctCapped.test(name)) {
                        t.distinct = null;
                    }
                    tallies.put(name, t);
                }
                rememberAt(position, name, t);
            }
            BsonValue v = e.getValue();
            t.present++;
            if (v.isArray()) {
                t.arrays++;
                continue;
            }
            if (v.isDocument()) {
                t.embedded++;
            }
            if (t.previous == null) {
                t.first = v;
            } else {
                int c = BsonOrder.compareValues(v, t.previous);
                if (c > 0) {
                    t.up++;
                } else if (c < 0) {
                    t.down++;
                }
            }
            t.previous = v;
            if (t.distinct != null) {
                t.distinct.add(ShardKey.of(v));
                if (t.distinct.size() >= FieldProfile.DISTINCT_CAP) {
                    t.distinct = null;
                }
            }
        }
    }

    private void rememberAt(int position, String name, Tally t) {
        if (position >= MAX_FIELDS) {
            return;
        }
        if (position >= namesAt.length) {
            int length = Math.min(MAX_FIELDS, Math.max(position + 1, namesAt.length * 2));
            namesAt = Arrays.copyOf(namesAt, length);
            talliesAt = Arrays.copyOf(talliesAt, length);
        }
        namesAt[position] = name;
        talliesAt[position] = t;
    }

    /**
     * Adds the profile of the documents that {@code next} was given, which came right after every document given
     * to this profiler (and to the profilers merged into it) so far; {@code next} is not used afterwards.
     */
    void merge(FieldProfiler next) {
        for (Map.Entry<String, Tally> e : next.tallies.entrySet()) {
            Tally t = tallies.get(e.getKey());
            if (t == null) {
                if (tallies.size() >= MAX_FIELDS) {
                    continue;
                }
                t = new Tally();
                tallies.put(e.getKey(), t);
            }
            Tally b = e.getValue();
            t.present += b.present;
            t.arrays += b.arrays;
            t.embedded += b.embedded;
            t.up += b.up;
            t.down += b.down;
            if (b.first != null) {
                if (t.previous == null) {
                    t.first = b.first;
                } else {
                    int c = BsonOrder.compareValues(b.first, t.previous);
                    if (c > 0) {
                        t.up++;
                    } else if (c < 0) {
                        t.down++;
                    }
                }
                t.previous = b.previous;
            }
            if (t.distinct != null) {
                if (b.distinct == null) {
                    t.distinct = null;
                } else {
                    t.distinct.addAll(b.distinct);
                    if (t.distinct.size() >= FieldProfile.DISTINCT_CAP) {
                        t.distinct = null;
                    }
                }
            }
        }
        // the position cache's names stay valid: a name's tally here never changes
    }

    /** The names whose distinct values have reached the cap here (or were left out as capped in the whole). */
    List<String> distinctCappedNames() {
        List<String> out = new ArrayList<>();
        tallies.forEach((name, t) -> {
            if (t.distinct == null) {
                out.add(name);
            }
        });
        return out;
    }

    List<FieldProfile> profiles() {
        List<FieldProfile> out = new ArrayList<>(tallies.size());
        tallies.forEach((name, t) -> out.add(new FieldProfile(
                name,
                t.present,
                t.arrays,
                t.embedded,
                t.distinct == null ? FieldProfile.DISTINCT_CAP : t.distinct.size(),
                t.up,
                t.down)));
        return out;
    }
}
