package io.shardlab.archfixture.explorer.setup;

import io.shardlab.archfixture.explorer.diagram.LineCanvas;

/** ArchitectureTest's fixture: breaks the explorer-parts rule, a part using another along no listed edge. */
public final class SetupReachingIntoTheDiagram {
    LineCanvas line;
}
