package io.shardlab.ui.advisor;

import io.shardlab.advisor.SampleSource;
import io.shardlab.live.Cancellation;
import io.shardlab.live.LiveConnectionRequest;

/**
 * Makes the sample source for a live collection's {@code $sample}; the advisor window's one way to
 * reach a server, injected so that tests can pass a fake source.
 */
@FunctionalInterface
public interface LiveSampleSources {

    /**
     * A source that connects to {@code request} when opened and samples {@code sampleSize} documents
     * of {@code namespace}; raising {@code cancellation} stops it.
     *
     * @throws IllegalArgumentException with one line when the namespace or size is invalid
     */
    SampleSource source(LiveConnectionRequest request, String namespace, int sampleSize, Cancellation cancellation);
}
