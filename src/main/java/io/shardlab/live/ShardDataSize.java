package io.shardlab.live;

/**
 * How much of one collection one shard holds.
 *
 * @param shard the shard id
 * @param documents owned documents ({@code numOwnedDocuments}, or {@code storageStats.count})
 * @param bytes owned data size in bytes ({@code ownedSizeBytes}, or {@code storageStats.size})
 * @param orphanedDocuments orphaned documents, or null when the source does not report them
 * @param orphanedBytes orphaned bytes, or null when the source does not report them
 */
public record ShardDataSize(String shard, long documents, long bytes, Long orphanedDocuments, Long orphanedBytes) {

    public ShardDataSize {
        if (shard == null || shard.isEmpty()) {
            throw new IllegalArgumentException("shard: required"); // untranslated: a developer's contract
        }
    }
}
