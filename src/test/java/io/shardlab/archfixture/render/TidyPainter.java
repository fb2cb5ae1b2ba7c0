package io.shardlab.archfixture.render;

/** ArchitectureTest's fixture: a painter drawing its own package's record. */
public final class TidyPainter {
    TidyPicture picture;

    /** The record the painter draws from. */
    record TidyPicture(String title) {}
}
