package io.shardlab.archfixture.explorer.query;

/** ArchitectureTest's fixture: breaks the tab rule, a side-panel tab using a type the explorer keeps to itself. */
public final class QueryTabReachingIntoExplorerInternals {
    io.shardlab.archfixture.explorer.ExplorerInternal internal;
}
