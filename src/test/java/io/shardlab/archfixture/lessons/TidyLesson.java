package io.shardlab.archfixture.lessons;

/** ArchitectureTest's fixture: keeps ui feature isolation, lessons using explorer along a listed edge. */
public final class TidyLesson {
    io.shardlab.archfixture.explorer.ExplorerEntryPoint explorer;
}
