package io.shardlab.archfixture.explorer.log;

import io.shardlab.archfixture.explorer.ExplorerEntryPoint;
import io.shardlab.archfixture.explorer.diagram.LineForTabs;

/**
 * ArchitectureTest's fixture: keeps the tab rule, a tab using the explorer's tab inputs (one of the explorer
 * package, one of a part) and its own classes.
 */
public final class TidyLogTab {
    ExplorerEntryPoint input;
    LineForTabs line;
    LogTabRow row;
}
