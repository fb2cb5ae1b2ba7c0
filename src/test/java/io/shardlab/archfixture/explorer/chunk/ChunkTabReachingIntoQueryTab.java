package io.shardlab.archfixture.explorer.chunk;

/** ArchitectureTest's fixture: breaks the tab rule, one side-panel tab using another. */
public final class ChunkTabReachingIntoQueryTab {
    io.shardlab.archfixture.explorer.query.QueryTabReachingIntoExplorerInternals queryTab;
}
