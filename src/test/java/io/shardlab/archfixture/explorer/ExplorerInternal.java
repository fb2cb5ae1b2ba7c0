package io.shardlab.archfixture.explorer;

/** ArchitectureTest's fixture: a class the explorer feature does not publish. */
public final class ExplorerInternal {
    public int counter;
}
