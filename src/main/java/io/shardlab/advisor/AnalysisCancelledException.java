package io.shardlab.advisor;

import java.util.concurrent.CancellationException;

/** Thrown by a sample load or an analysis whose {@link CancelToken} was cancelled. */
public final class AnalysisCancelledException extends CancellationException {

    private static final long serialVersionUID = 1L;

    public AnalysisCancelledException() {
        super("cancelled");
    }
}
