package io.shardlab.archfixture.explorer.diagram;

/** ArchitectureTest's fixture: a class of the diagram part that the side-panel tabs take as an input. */
public final class LineForTabs {
    public double position;
}
