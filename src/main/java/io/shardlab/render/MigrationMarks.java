package io.shardlab.render;

import io.shardlab.cluster.OrphanedRange;
import io.shardlab.key.ShardKey;
import java.util.List;
import java.util.Optional;

/**
 * What migrations mark on the lanes besides the chunks themselves: the balancer's next migration before it happens
 * (a plan preview) and the ranges earlier migrations left on their donors as orphans, until the range deleter
 * removes them ({@link OrphanedRange}).
 *
 * @param next the migration the balancer would start next, drawn from its donor's lane to its recipient's; empty
 *     when none is shown
 * @param orphans the donors' orphaned ranges still pending at {@code atMillis}, oldest first
 * @param atMillis the moment the diagram shows, simulated ms (the orphans' countdown is measured from it)
 */
public record MigrationMarks(Optional<PlannedMove> next, List<OrphanedRange> orphans, long atMillis) {

    /** No marks. */
    public static final MigrationMarks NONE = new MigrationMarks(Optional.empty(), List.of(), 0);

    public MigrationMarks {
        next = next == null ? Optional.empty() : next;
        orphans = List.copyOf(orphans);
    }

    /** These marks with {@code move} as the next migration (or none). */
    public MigrationMarks withNext(Optional<PlannedMove> move) {
        return new MigrationMarks(move, orphans, atMillis);
    }

    /** These marks without the orphans (a picture without lanes draws no ghosts). */
    public MigrationMarks withoutOrphans() {
        return new MigrationMarks(next, List.of(), atMillis);
    }

    /** Whether there is nothing to draw. */
    public boolean isEmpty() {
        return next.isEmpty() && orphans.isEmpty();
    }

    /**
     * A migration the balancer would start: the range {@code [min, max)} leaves {@code from} for {@code to}.
     *
     * @param min the range's inclusive lower bound
     * @param max the range's exclusive upper bound, greater than {@code min}
     * @param from the donor shard
     * @param to the recipient shard, not the donor
     */
    public record PlannedMove(ShardKey min, ShardKey max, String from, String to) {

        public PlannedMove {
            if (min == null || max == null || from == null || to == null) {
                String needed = "planned move: min, max, donor and recipient are required"; // untranslated: a bug
                throw new IllegalArgumentException(needed);
            }
            if (min.compareTo(max) >= 0 || from.equals(to)) {
                String needs = "planned move: needs min < max and two shards, got "; // untranslated: a bug
                throw new IllegalArgumentException(needs + "[" + min + ", " + max + ") from " + from + " to " + to);
            }
        }
    }
}
