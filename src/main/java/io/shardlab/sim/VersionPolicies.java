package io.shardlab.sim;

import io.shardlab.cluster.MongoVersion;
import io.shardlab.cluster.ReleaseRules;

/**
 * The simulator's policy objects for one MongoDB version, built from its {@link ReleaseRules}.
 *
 * @param rules the version's behaviours (the release table's answer)
 * @param initialChunks what shardCollection creates
 * @param autoSplitter what an insert may trigger: mongos-side auto-split (4.0), shard-side (4.2 to
 *     6.0.2), nothing (6.0.3 on)
 * @param splitPoints how split points are picked ({@code splitVector} before 5.0, {@code autoSplitVector} after)
 * @param balancer how a balancer round measures imbalance (chunk count before 6.0.3, data size after)
 */
record VersionPolicies(
        ReleaseRules rules,
        InitialChunks initialChunks,
        AutoSplitter autoSplitter,
        SplitPointFinder splitPoints,
        BalancerPolicy balancer) {

    static VersionPolicies of(MongoVersion version) {
        ReleaseRules rules = ReleaseRules.of(version);
        SplitPointFinder finder = rules.splitPoints() == ReleaseRules.SplitPoints.AUTO_SPLIT_VECTOR
                ? new AutoSplitVector()
                : new SplitVector();
        // splitVector: "1 split point means we have between half the chunk size to full chunk size so
        // there is no need to split yet" (chunk_splitter.cpp, cluster_write.cpp); autoSplitVector: any point
        int minimumPoints = rules.splitPoints() == ReleaseRules.SplitPoints.AUTO_SPLIT_VECTOR ? 1 : 2;
        AutoSplitter splitter = switch (rules.autoSplit()) {
            case MONGOS -> new MongosAutoSplitter(finder);
            case SHARD -> new ShardAutoSplitter(finder, minimumPoints);
            case NONE -> AutoSplitter.NONE;
        };
        BalancerPolicy balancer = rules.balancesDataSize()
                ? new DataSizeBalancerPolicy(rules.donorWithinZone())
                : new ChunkCountBalancerPolicy(rules.chunkCountRule());
        return new VersionPolicies(rules, new InitialChunks(rules), splitter, finder, balancer);
    }

    MongoVersion version() {
        return rules.version();
    }
}
