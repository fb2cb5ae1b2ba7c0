package io.shardlab.archfixture.lessons;

/** ArchitectureTest's fixture: breaks ui feature isolation, lessons using an explorer type it does not publish. */
public final class LessonReachingIntoExplorerInternals {
    io.shardlab.archfixture.explorer.ExplorerInternal internal;
}
