package io.shardlab.archfixture.explorer.connections;

import io.shardlab.archfixture.explorer.ExplorerInternal;

/** ArchitectureTest's fixture: breaks the explorer-parts rule, a part using a type the explorer keeps to itself. */
public final class ConnectionsReachingIntoExplorerInternals {
    ExplorerInternal internal;
}
