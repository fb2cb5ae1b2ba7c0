package io.shardlab.sim;

import io.shardlab.key.ShardKey;

/**
 * One migration, in flight or finished: the range {@code [min, max)} moves from {@code from} to
 * {@code to}. While in flight the range is still owned by the donor (inserts keep landing there
 * and travel with it); at {@code commitAtMillis} the ownership changes, as the commit of a real
 * migration does after cloning.
 *
 * @param id sequence number, unique within a simulation
 * @param min inclusive lower bound of the range
 * @param max exclusive upper bound of the range, resolved when the migration starts
 * @param from donor shard id
 * @param to recipient shard id
 * @param documents documents in the range when the migration started
 * @param bytes bytes in the range when the migration started; the duration is proportional to it
 * @param startedAtMillis simulated time the migration started
 * @param commitAtMillis simulated time the migration commits; {@code >= startedAtMillis}
 * @param reason why it moves
 * @param estimatedMax whether {@code max} was placed by ShardLab inside a chunk whose documents it
 *     does not hold (a loaded layout's chunk, see {@link KeyInterpolation}), where the donor would
 *     have cut at a real document's key; {@code documents} and {@code bytes} are then that share
 *     of the chunk's contents
 */
public record Migration(
        long id,
        ShardKey min,
        ShardKey max,
        String from,
        String to,
        long documents,
        long bytes,
        long startedAtMillis,
        long commitAtMillis,
        MigrationReason reason,
        boolean estimatedMax) {

    public Migration {
        if (min == null || max == null || min.compareTo(max) >= 0) {
            throw new IllegalArgumentException("max: a migrated range needs min < max, got [" + min + ", " + max + ")");
        }
        if (from == null || to == null || from.equals(to)) {
            throw new IllegalArgumentException("to: donor and recipient must differ, got " + from + " -> " + to);
        }
        if (commitAtMillis < startedAtMillis) {
            throw new IllegalArgumentException(
                    "commitAtMillis: " + commitAtMillis + " is before the start " + startedAtMillis);
        }
    }
}
