package io.shardlab.exercise;

import java.util.Arrays;

/**
 * The shard-key principles the lessons teach from the seed material (see the lessons' {@code SOURCES.md}); every
 * one has at least one exercise. An exercise file names its principle by {@link #id()}.
 */
public enum ExercisePrinciple {
    /** A key needs many distinct values, or its chunks cannot split (seed texts 002, 004). */
    CARDINALITY("cardinality"),
    /** An ever-increasing key sends every insert to the last chunk (seed texts 000, 003, 004). */
    MONOTONIC_KEYS("monotonic-keys"),
    /** A hashed key spreads inserts, and equality on it still reaches one shard (seed texts 000, 001, 002). */
    HASHED_KEYS("hashed-keys"),
    /** A compound key targets by its prefix and splits by its suffix (seed texts 003, 004). */
    COMPOUND_KEYS("compound-keys"),
    /** Zones keep ranges of the key on chosen shards (MongoDB manual, "Zones"; lesson zones-keep-data-in-region). */
    ZONES("zones"),
    /** A chunk of one key value cannot split: it grows jumbo (seed text 002). */
    JUMBO_CHUNKS("jumbo-chunks"),
    /** Pre-split an empty range before a bulk load, with the balancer off (seed text 003). */
    PRE_SPLITTING("pre-splitting"),
    /** Equality on the key reaches one shard, no key condition reaches all (seed texts 000, 001). */
    QUERY_TARGETING("query-targeting");

    private final String id;

    ExercisePrinciple(String id) {
        this.id = id;
    }

    /** The name an exercise file uses, e.g. {@code hashed-keys}. */
    public String id() {
        return id;
    }

    /**
     * The principle named {@code id}.
     *
     * @throws IllegalArgumentException naming the known ones
     */
    public static ExercisePrinciple of(String id) {
        return Arrays.stream(values())
                .filter(p -> p.id.equals(id))
                .findFirst()
                .orElseThrow(() -> new IllegalArgumentException("expected one of "
                        + Arrays.stream(values()).map(ExercisePrinciple::id).toList() + ", got '" + id + "'"));
    }
}
