package io.shardlab.archfixture.explorer.history;

import io.shardlab.archfixture.explorer.diagram.LineCanvas;

/** ArchitectureTest's fixture: breaks the tab rule, a tab using a type of a part that is not one of its inputs. */
public final class HistoryTabReachingIntoTheDiagram {
    LineCanvas line;
}
