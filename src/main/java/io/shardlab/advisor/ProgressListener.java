package io.shardlab.advisor;

/**
 * Receives progress reports. Called from the working threads, possibly several at once; an
 * implementation must be thread-safe and quick (hand the report over, do not draw).
 */
@FunctionalInterface
public interface ProgressListener {

    /** A listener that ignores every report. */
    ProgressListener NONE = progress -> {};

    /** One report. */
    void progress(AnalysisProgress progress);
}
