package io.shardlab.render;

import io.shardlab.key.ShardKey;
import java.util.Set;

/**
 * What to emphasise on the number line and the lanes; everything else is drawn dimmed.
 */
public sealed interface Highlight {

    /** Nothing highlighted: nothing dimmed. */
    record None() implements Highlight {}

    /**
     * A key range {@code [min, max)}, e.g. a query's range predicate: outlined, and the columns outside it dimmed.
     *
     * @param min inclusive lower bound
     * @param max exclusive upper bound, greater than min
     */
    record KeyRange(ShardKey min, ShardKey max) implements Highlight {
        public KeyRange {
            if (min == null || max == null || min.compareTo(max) >= 0) {
                throw new IllegalArgumentException(String.format(
                        "highlight: a key range needs min < max, got [%s, %s)", // untranslated: a developer's contract
                        // (the CLI refuses first)
                        min, max));
            }
        }
    }

    /**
     * One chunk by its index in the chunk map: outlined, and the columns outside it dimmed.
     *
     * @param index the chunk's index, not negative
     */
    record Chunk(int index) implements Highlight {
        public Chunk {
            if (index < 0) {
                throw new IllegalArgumentException(String.format(
                        "highlight: chunk index must not be negative, got %s", // untranslated: a developer's contract
                        // (the CLI refuses first)
                        index));
            }
        }
    }

    /**
     * A set of shards, e.g. the shards a query targets: their chunks keep their colours, others are dimmed.
     *
     * @param shards shard ids, not empty
     */
    record Shards(Set<String> shards) implements Highlight {
        public Shards {
            shards = Set.copyOf(shards);
            if (shards.isEmpty()) {
                throw new IllegalArgumentException(
                        "highlight: at least one shard is needed"); // untranslated: a developer's contract
            }
        }
    }

    /** No highlight. */
    static Highlight none() {
        return new None();
    }
}
