package io.shardlab.archfixture.explorer.log;

/** ArchitectureTest's fixture: a class of the log tab itself. */
public final class LogTabRow {
    public String text;
}
