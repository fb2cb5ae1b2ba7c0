package io.shardlab.live;

import io.shardlab.cluster.Chunk;
import io.shardlab.text.Message;
import java.util.List;

/**
 * What changed in a stretch of the key space between two reads of a collection's layout, as a
 * live watch shows it: the chunks that covered the stretch before and after.
 *
 * <p>The kind is read off the chunks, the way MongoDB's own operations produce them: one chunk
 * becoming several on the same shard is a split; several chunks of one shard becoming one is a
 * merge; one chunk keeping its bounds but changing shard is a migration; the same bounds and shard
 * with another version or jumbo flag is an update; anything else (e.g. a split and a migration
 * between two polls) is a rechunk.
 *
 * @param kind what happened
 * @param before the chunks before, in key order; not empty
 * @param after the chunks after, in key order; not empty
 */
public record LayoutChange(Kind kind, List<Chunk> before, List<Chunk> after) {

    /** The kinds of change a watch tells apart. */
    public enum Kind {
        /** One chunk became several on its shard. */
        SPLIT,
        /** Several chunks of one shard became one. */
        MERGE,
        /** A chunk moved to another shard, bounds unchanged. */
        MIGRATION,
        /** Same bounds and shard; the version or jumbo flag changed. */
        UPDATE,
        /** Several changes at once in one stretch. */
        RECHUNK
    }

    public LayoutChange {
        before = List.copyOf(before);
        after = List.copyOf(after);
        if (before.isEmpty() || after.isEmpty()) {
            throw new IllegalArgumentException(
                    "before/after: a change covers at least one chunk on each side"); // untranslated: a developer's
            // contract
        }
    }

    /** One line, e.g. "migration [(100), (200)) shard01 -> shard02" ({@code live.change.*}). */
    public Message describe() {
        String range =
                "[" + before.get(0).min() + ", " + before.get(before.size() - 1).max() + ")";
        return switch (kind) {
            case SPLIT -> Message.of("live.change.split", range, before.get(0).shard(), after.size());
            case MERGE ->
                Message.of(
                        "live.change.merge", before.size(), range, after.get(0).shard());
            case MIGRATION ->
                Message.of(
                        "live.change.migration",
                        range,
                        before.get(0).shard(),
                        after.get(0).shard());
            case UPDATE ->
                Message.of(
                        before.get(0).jumbo() == after.get(0).jumbo()
                                ? "live.change.update"
                                : after.get(0).jumbo()
                                        ? "live.change.updateNowJumbo"
                                        : "live.change.updateJumboCleared",
                        range,
                        after.get(0).shard());
            case RECHUNK -> Message.of("live.change.rechunk", range, before.size(), after.size());
        };
    }
}
