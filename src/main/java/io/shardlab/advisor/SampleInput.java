package io.shardlab.advisor;

import io.shardlab.workload.InsertStream;
import java.util.OptionalLong;
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
 * @param indexes the collection's indexes when the source knows them (an index export beside a
 *     file, a live collection's {@code listIndexes}), else {@link CollectionIndexes#undeclared()}
 * @param numOrphanDocs the collection's orphan documents when it is sharded, else empty
 */
public record SampleInput(
        InsertStream documents,
        LongSupplier progressDone,
        long progressTotal,
        long numDocsTotal,
        CollectionIndexes indexes,
        OptionalLong numOrphanDocs)
        implements AutoCloseable {

    public SampleInput {
        if (documents == null || progressDone == null) {
            throw new IllegalArgumentException(
                    "documents/progressDone: required"); // untranslated: a developer's contract
        }
        if (progressTotal < 0 || numDocsTotal < 0) {
            throw new IllegalArgumentException(
                    "progressTotal/numDocsTotal: not negative"); // untranslated: a developer's contract
        }
        if (indexes == null || numOrphanDocs == null) {
            throw new IllegalArgumentException(
                    "indexes/numOrphanDocs: required (undeclared / empty when unknown)"); // untranslated: a developer's
            // contract
        }
    }

    /** An input that declares no indexes, of an unsharded collection or a file. */
    public SampleInput(InsertStream documents, LongSupplier progressDone, long progressTotal, long numDocsTotal) {
        this(
                documents,
                progressDone,
                progressTotal,
                numDocsTotal,
                CollectionIndexes.undeclared(),
                OptionalLong.empty());
    }

    @Override
    public void close() {
        documents.close();
    }
}
