package io.shardlab.advisor;

import io.shardlab.text.Message;
import java.util.concurrent.Executor;

/**
 * Where the documents of a sample come from: the port through which the advisor reads a dataset
 * file, a dataset ShardLab ships, or a live collection. {@link SampleLoader} reads any source into
 * a {@link Sample}.
 *
 * <p>A live implementation (in {@code io.shardlab.live}, which alone may talk to a server) runs
 * {@code [{$sample: {size: n}}]} read-only on the collection, reports the collection's count as
 * {@link SampleInput#numDocsTotal()} and {@link SampleOrder#UNKNOWN} as its order, since
 * {@code $sample} returns documents in random order.
 */
public interface SampleSource {

    /**
     * What the documents come from, for reports, in the reader's language: a file name, the shipped dataset
     * {@code "zipcodes (shipped with ShardLab)"}, a live collection's {@code $sample}.
     */
    Message description();

    /** Whether the documents come in insertion order. */
    SampleOrder order();

    /**
     * Opens the source for one read.
     *
     * @throws IllegalArgumentException with a one-line message naming the source when it cannot be opened
     */
    SampleInput open();

    /**
     * Opens the source for one read, with {@code parsers} to parse ahead on where the format allows it (a
     * JSON Lines file's lines); the documents are the same as {@link #open()}'s.
     *
     * @throws IllegalArgumentException with a one-line message naming the source when it cannot be opened
     */
    default SampleInput open(Executor parsers) {
        return open();
    }
}
