package io.shardlab.sim;

/**
 * The version-dependent rules of one MongoDB version, one concept per class.
 *
 * @param version the version
 * @param initialChunks what shardCollection creates
 * @param autoSplitter what an insert may trigger (4.4/5.0 auto-split, nothing from 6.0)
 * @param splitPoints how a shard picks split points for the balancer's split-or-mark-jumbo
 * @param balancer how a balancer round measures imbalance (chunk count before 6.0, data size after)
 */
record VersionPolicies(MongoVersion version, InitialChunks initialChunks, AutoSplitter autoSplitter,
        SplitPointFinder splitPoints, BalancerPolicy balancer) {

    static VersionPolicies of(MongoVersion version) {
        SplitPointFinder finder = version == MongoVersion.V4_4 ? new SplitVector() : new AutoSplitVector();
        AutoSplitter splitter = switch (version) {
            case V4_4 -> new ShardAutoSplitter(finder, 2);
            case V5_0 -> new ShardAutoSplitter(finder, 1);
            default -> AutoSplitter.NONE;
        };
        BalancerPolicy balancer = version.atLeast(MongoVersion.V6_0) ? new DataSizeBalancerPolicy()
                : new ChunkCountBalancerPolicy();
        return new VersionPolicies(version, new InitialChunks(version), splitter, finder, balancer);
    }
}
