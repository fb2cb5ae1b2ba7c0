package io.shardlab.session;

import java.util.List;

/**
 * What a {@code moveCollection} does, phase by phase, as the placement board draws it: the destination's free-space
 * check, the clone of the collection onto the destination, the catch-up on the writes made meanwhile, the write
 * block while the move commits, and the commit. The numbers are MongoDB's "Move a Collection" tutorial's
 * (docs {@code tutorial/move-a-collection}): the move takes five minutes at least, blocks writes to the collection for
 * up to two seconds, and needs the destination to have room for twice the collection's storage and indexes. ShardLab
 * counts a collection's data only, so the free-space need here is twice its data.
 *
 * @param bytes the collection's data, in bytes
 */
public record CollectionMove(String namespace, String fromShard, String toShard, long bytes) {

    /** "moveCollection has a 5 minute minimum duration", in ms. */
    public static final long MINIMUM_MILLIS = 5 * 60_000L;

    /** "a period of two seconds where the affected collection blocks writes", in ms. */
    public static final long WRITE_BLOCK_MILLIS = 2_000L;

    /** The phases in the order they run. */
    public enum Phase {
        FREE_SPACE_CHECK,
        CLONE,
        CATCH_UP,
        WRITE_BLOCK,
        COMMIT
    }

    /** The phases, in order. */
    public List<Phase> phases() {
        return List.of(Phase.values());
    }

    /** The free space the destination needs: twice the collection's data, in bytes. */
    public long requiredFreeBytes() {
        return 2 * bytes;
    }
}
