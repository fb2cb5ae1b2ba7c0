package io.shardlab.archfixture.explorer.comparison;

import io.shardlab.archfixture.explorer.ExplorerEntryPoint;
import io.shardlab.archfixture.explorer.diagram.LineCanvas;

/**
 * ArchitectureTest's fixture: keeps the explorer-parts rule, a part using another part along a listed edge
 * (comparison → diagram) and the explorer's input for parts.
 */
public final class TidyComparison {
    LineCanvas line;
    ExplorerEntryPoint input;
}
