package io.shardlab.archfixture.export;

/** ArchitectureTest's fixture: breaks ui feature isolation, export using explorer along no listed edge. */
public final class ExportReachingIntoExplorer {
    io.shardlab.archfixture.explorer.ExplorerEntryPoint explorer;
}
