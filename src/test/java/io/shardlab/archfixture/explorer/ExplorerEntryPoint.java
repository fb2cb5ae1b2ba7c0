package io.shardlab.archfixture.explorer;

/** ArchitectureTest's fixture: a class in the explorer feature. */
public final class ExplorerEntryPoint {
    public String scenario;
}
