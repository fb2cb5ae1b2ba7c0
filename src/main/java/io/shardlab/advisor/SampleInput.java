package io.shardlab.advisor;

import io.shardlab.workload.InsertStream;
import java.util.function.LongSupplier;

/**
 * An opened {@link SampleSource}: the documents as an {@link InsertStream} (each with its BSON size
 * and source position), plus what progress and analyzeShardKey's totals need.
 *
 * @param documents the documents in the source's order; closed with this input
 * @param progressDone how much of {@code progressTotal} has been read so far (bytes of a file,
 *     documents of a live sample); may be called from the loading thread only
 * @param progressTotal the total in the same unit, or 0 when unknown
 * @param numDocsTotal the collection's document count when the source samples a larger collection,
 *     or 0 when the sample is the whole data set
 */
public record SampleInput(InsertStream documents, LongSupplier progressDone, long progressTotal, long numDocsTotal)
        implements AutoCloseable {

    public SampleInput {
        if (documents == null || progressDone == null) {
            throw new IllegalArgumentException("documents/progressDone: required");
        }
        if (progressTotal < 0 || numDocsTotal < 0) {
            throw new IllegalArgumentException("progressTotal/numDocsTotal: not negative");
        }
    }

    @Override
    public void close() {
        documents.close();
    }
}
