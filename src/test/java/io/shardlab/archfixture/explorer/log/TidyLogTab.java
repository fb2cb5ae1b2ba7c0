package io.shardlab.archfixture.explorer.log;

/** ArchitectureTest's fixture: keeps the tab rule, a tab using the explorer's tab input and its own classes. */
public final class TidyLogTab {
    io.shardlab.archfixture.explorer.ExplorerEntryPoint input;
    LogTabRow row;
}
