package io.shardlab.session;

import java.util.List;

/**
 * What a {@code moveCollection} does, phase by phase, as the placement board draws it: the destination's free-space
 * check, the clone of the collection onto the destination, the catch-up on the writes made meanwhile, the write
 * block while the move commits, and the commit. The numbers are MongoDB's "Move a Collection" tutorial's (docs
 * {@code tutorial/move-a-collection}, its requirements {@code source/includes/mc-space-requirements.rst}): the move
 * takes five minutes at least, blocks writes to the collection for up to two seconds, and "The destination shard
 * requires at least ( Collection size + Index Size ) * 1.2 bytes available. This extra space helps accomodate
 * incoming writes during the moveCollection operation." (Earlier editions of the page asked for
 * "( Collection storage size + Index Size ) * 2"; ShardLab follows the current text.) The docs add that "These
 * requirements are not enforced by the database": a move below the requirement runs, and a shard without room for the
 * copy runs out of space and shuts down, which the simulator does not play, so the board refuses that move itself
 * ({@link Room#NO_ROOM}).
 *
 * <p>ShardLab simulates no storage engine: the collection's size is its data's BSON size and its index size is
 * {@code $collStats}' {@code totalIndexSize} on the shard it lives on ({@code mongos.StorageStatistics}).
 *
 * @param bytes the collection's data, in bytes
 * @param indexBytes its indexes, in bytes
 * @param destinationFreeBytes the free space on {@code toShard} before the move, in bytes
 */
public record CollectionMove(
        String namespace, String fromShard, String toShard, long bytes, long indexBytes, long destinationFreeBytes) {

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

    /** How the destination's free space compares with what the move needs. */
    public enum Room {
        /** At least {@link #requiredFreeBytes()} free, as the tutorial asks. */
        ENOUGH,
        /** Room for the copy, but less than the tutorial asks: MongoDB runs the move anyway. */
        BELOW_REQUIREMENT,
        /** Not even room for the collection and its indexes: the shard would run out of space. */
        NO_ROOM
    }

    /** The phases, in order. */
    public List<Phase> phases() {
        return List.of(Phase.values());
    }

    /** The free space the destination needs: (collection size + index size) × 1.2, in bytes, rounded up. */
    public long requiredFreeBytes() {
        long copy = copyBytes();
        return copy + (copy + 4) / 5;
    }

    /** The bytes the destination receives: the collection's data and its indexes. */
    public long copyBytes() {
        return bytes + indexBytes;
    }

    /** How the destination's free space compares with what the move needs. */
    public Room room() {
        if (destinationFreeBytes >= requiredFreeBytes()) {
            return Room.ENOUGH;
        }
        return destinationFreeBytes >= copyBytes() ? Room.BELOW_REQUIREMENT : Room.NO_ROOM;
    }
}
