package io.shardlab.archfixture.explorer.diagram;

/** ArchitectureTest's fixture: a class of the diagram part that the tabs do not take (a part may, along an edge). */
public final class LineCanvas {
    public double width;
}
