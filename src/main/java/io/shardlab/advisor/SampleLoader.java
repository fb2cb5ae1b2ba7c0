package io.shardlab.advisor;

import io.shardlab.workload.InsertDocument;
import io.shardlab.workload.InsertStream;

/**
 * Reads a {@link SampleSource} into a {@link Sample}: every document in the source's order, kept as
 * BSON bytes, with the top-level fields profiled on the way. Reports progress and honours
 * cancellation every {@value #BATCH} documents.
 */
public final class SampleLoader {

    /** Documents between two progress reports and cancellation checks. */
    static final int BATCH = 4096;

    private final ProgressListener progress;
    private final CancelToken cancel;

    public SampleLoader(ProgressListener progress, CancelToken cancel) {
        this.progress = progress;
        this.cancel = cancel;
    }

    /**
     * Loads at most {@code limit} documents of {@code source}.
     *
     * @throws IllegalArgumentException for bad input (the source names the file and line)
     * @throws AnalysisCancelledException when cancelled
     */
    public Sample load(SampleSource source, long limit) {
        if (limit < 1) {
            throw new IllegalArgumentException("limit: at least 1 document, got " + limit);
        }
        String stage = "reading " + source.description();
        progress.progress(new AnalysisProgress(stage, 0));
        DocumentStore store = new DocumentStore();
        FieldProfiler profiler = new FieldProfiler();
        long numDocsTotal;
        CollectionIndexes indexes;
        java.util.OptionalLong numOrphanDocs;
        try (SampleInput input = source.open()) {
            indexes = input.indexes();
            numOrphanDocs = input.numOrphanDocs();
            InsertStream documents = input.documents();
            while (store.size() < limit && documents.hasNext()) {
                InsertDocument d = documents.next();
                if (store.size() == Integer.MAX_VALUE - 8) {
                    throw new IllegalArgumentException(source.description() + ": more than " + store.size()
                            + " documents; sample fewer");
                }
                store.add(d.document(), d.position());
                profiler.add(d.document());
                if (store.size() % BATCH == 0) {
                    cancel.throwIfCancelled();
                    if (input.progressTotal() > 0) {
                        double f = Math.min(1, (double) input.progressDone().getAsLong() / input.progressTotal());
                        progress.progress(new AnalysisProgress(stage, f));
                    }
                }
            }
            numDocsTotal = Math.max(input.numDocsTotal(), store.size());
        }
        cancel.throwIfCancelled();
        store.freeze();
        progress.progress(new AnalysisProgress(stage, 1));
        return new Sample(source.description(), source.order(), store, numDocsTotal, profiler.profiles(), indexes,
                numOrphanDocs);
    }
}
