package io.shardlab.live;

import io.shardlab.key.ShardKey;
import io.shardlab.text.Message;
import java.time.Instant;

/**
 * A committed migration ({@code what: "moveChunk.commit"}), logged by the donor shard with
 * {@code details: {min, max, from, to, …}} (mongo {@code src/mongo/db/s/migration_source_manager.cpp};
 * later versions add {@code counts}, asserted by the mongo jstest "Tests that the changelog entry for
 * moveChunk.commit contains stats on the migration").
 *
 * <p>From 6.0, {@code moveRange} may move part of a chunk; the commit then splits the rest off on
 * the donor without a separate changelog entry (mongo {@code commitChunkMigration}, 7.0 era: "This
 * scope handles the moveRange scenario, potentially create chunks on the sides of the moved
 * range").
 *
 * @param time when it was logged
 * @param namespace the collection
 * @param min the moved range's lower bound
 * @param max the moved range's upper bound
 * @param from the donor shard
 * @param to the recipient shard
 */
public record ChunkMigration(Instant time, String namespace, ShardKey min, ShardKey max, String from, String to)
        implements ChunkChange {

    @Override
    public Message describe() {
        return Message.of("live.chunkChange.moved", min.toString(), max.toString(), from, to);
    }
}
