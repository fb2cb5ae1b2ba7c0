package io.shardlab.sim;

import io.shardlab.cluster.MongoVersion;

/**
 * The version-dependent rules of one MongoDB version, one concept per class.
 *
 * @param version the version
 * @param initialChunks what shardCollection creates
 * @param autoSplitter what an insert may trigger (4.4/5.0 auto-split, nothing from 6.0)
 * @param splitPoints how a shard picks split points for the balancer's split-or-mark-jumbo
 * @param balancer how a balancer round measures imbalance (chunk count before 6.0, data size after)
 * @param honoursShardMaxSize whether a shard at or over its config.shards {@code maxSize} receives
 *     no chunks: before 6.2 ("Starting in version 6.2, MongoDB removes the maxSize field from the
 *     addShard command … Any pre-existing maxSize field entries are ignored", docs
 *     {@code release-notes/6.2-compatibility})
 */
record VersionPolicies(MongoVersion version, InitialChunks initialChunks, AutoSplitter autoSplitter,
        SplitPointFinder splitPoints, BalancerPolicy balancer, boolean honoursShardMaxSize) {

    static VersionPolicies of(MongoVersion version) {
        SplitPointFinder finder = version.atLeast(MongoVersion.V5_0) ? new AutoSplitVector() : new SplitVector();
        AutoSplitter splitter;
        if (version.atLeast(MongoVersion.V6_0)) {
            splitter = AutoSplitter.NONE;
        } else {
            splitter = new ShardAutoSplitter(finder, version.atLeast(MongoVersion.V5_0) ? 1 : 2);
        }
        BalancerPolicy balancer = version.atLeast(MongoVersion.V6_0) ? new DataSizeBalancerPolicy()
                : new ChunkCountBalancerPolicy();
        return new VersionPolicies(version, new InitialChunks(version), splitter, finder, balancer,
                !version.atLeast(6, 2));
    }
}
