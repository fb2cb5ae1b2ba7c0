package io.shardlab.advisor;

import io.shardlab.text.Message;
import io.shardlab.text.RefusedInput;
import io.shardlab.workload.InsertDocument;
import io.shardlab.workload.InsertStream;
import java.util.OptionalLong;
import java.util.concurrent.Executor;

/**
 * Reads a {@link SampleSource} into a {@link Sample}: every document in the source's order, kept as
 * BSON bytes (the source's own encoding when it made one, {@link InsertDocument#encoded()}: a file's lines are
 * parsed and encoded ahead on the parsers, not again on the loading thread), with the top-level fields profiled
 * on the way (in blocks on the parsers, {@link BlockFieldProfiler}). Reports progress and honours
 * cancellation every {@value #BATCH} documents.
 */
public final class SampleLoader {

    /** Documents between two progress reports and cancellation checks. */
    static final int BATCH = 4096;

    private final ProgressListener progress;
    private final CancelToken cancel;
    private final long memoryBudgetBytes;
    private final Executor parsers;

    /** A loader whose sample may take half of this JVM's maximum heap ({@code -Xmx}). */
    public SampleLoader(ProgressListener progress, CancelToken cancel) {
        this(progress, cancel, Runtime.getRuntime().maxMemory() / 2);
    }

    /**
     * A loader whose sample may take half of this JVM's maximum heap, parsing a file's lines ahead on
     * {@code parsers} ({@link SampleSource#open(Executor)}; threads other than the loading one).
     */
    public SampleLoader(ProgressListener progress, CancelToken cancel, Executor parsers) {
        this(progress, cancel, Runtime.getRuntime().maxMemory() / 2, parsers);
    }

    /**
     * A loader whose sample may take at most {@code memoryBudgetBytes} of heap; a larger sample is refused with
     * a message naming the source, the documents read and the budget, before the heap runs out.
     */
    public SampleLoader(ProgressListener progress, CancelToken cancel, long memoryBudgetBytes) {
        this(progress, cancel, memoryBudgetBytes, null);
    }

    private SampleLoader(ProgressListener progress, CancelToken cancel, long memoryBudgetBytes, Executor parsers) {
        if (memoryBudgetBytes < 1) {
            throw new IllegalArgumentException(
                    "memoryBudgetBytes: at least 1, got " + memoryBudgetBytes); // untranslated: a developer's contract
        }
        this.memoryBudgetBytes = memoryBudgetBytes;
        this.progress = progress;
        this.cancel = cancel;
        this.parsers = parsers;
    }

    /**
     * Loads at most {@code limit} documents of {@code source}.
     *
     * @throws IllegalArgumentException for bad input (the source names the file and line)
     * @throws AnalysisCancelledException when cancelled
     */
    public Sample load(SampleSource source, long limit) {
        if (limit < 1) {
            throw new IllegalArgumentException(
                    "limit: at least 1 document, got " + limit); // untranslated: a developer's contract
        }
        Message stage = Message.of("advisor.progress.reading", source.description());
        progress.progress(new AnalysisProgress(stage, 0));
        DocumentStore store = new DocumentStore();
        BlockFieldProfiler profiler = new BlockFieldProfiler(parsers == null ? Runnable::run : parsers);
        long numDocsTotal;
        CollectionIndexes indexes;
        OptionalLong numOrphanDocs;
        try (SampleInput input = parsers == null ? source.open() : source.open(parsers)) {
            indexes = input.indexes();
            numOrphanDocs = input.numOrphanDocs();
            InsertStream documents = input.documents();
            while (store.size() < limit && documents.hasNext()) {
                InsertDocument d = documents.next();
                if (store.size() == Integer.MAX_VALUE - 8) {
                    throw new RefusedInput(Message.of("advisor.sample.tooMany", source.description(), store.size()));
                }
                if (d.encoded() != null) {
                    store.add(d.encoded(), d.position());
                } else {
                    store.add(d.document(), d.position());
                }
                if (store.memoryBytes() > memoryBudgetBytes) {
                    throw new RefusedInput(Message.of(
                            "advisor.sample.outOfMemory",
                            source.description(),
                            store.size(),
                            store.memoryBytes() >> 20,
                            memoryBudgetBytes >> 20));
                }
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
        return new Sample(
                source.description(), source.order(), store, numDocsTotal, profiler.profiles(), indexes, numOrphanDocs);
    }
}
