package io.shardlab.advisor;

import io.shardlab.key.ShardKey;
import io.shardlab.key.ShardKeyPattern;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The routing keys of several candidates read out of a sample together: one pass over each stored document
 * decodes the fields of every candidate once ({@link KeyReader}), and ranges of {@value #RANGE} documents are
 * read as tasks on the executor, side by side. The keys, the missing-field counts and a candidate's refusal
 * (an array on its path) are those of reading the candidates one by one, document after document: a
 * candidate's refusal is the one of its first document that has an array, whatever range found it.
 */
final class CandidateKeys {

    /** Documents one task reads. */
    static final int RANGE = 16_384;

    private final ShardKey[][] keys;
    private final long[][] missing;
    private final RuntimeException[] refusals;

    private CandidateKeys(ShardKey[][] keys, long[][] missing, RuntimeException[] refusals) {
        this.keys = keys;
        this.missing = missing;
        this.refusals = refusals;
    }

    /**
     * Reads every candidate's routing keys out of {@code sample}, reporting each candidate's progress through
     * {@code progress} (its stage already set).
     *
     * @throws AnalysisCancelledException when cancelled
     */
    static CandidateKeys read(
            Sample sample,
            List<ShardKeyPattern> candidates,
            Executor executor,
            List<Progress.Candidate> progress,
            CancelToken cancel) {
        int n = sample.numDocsSampled();
        int c = candidates.size();
        ShardKey[][] keys = new ShardKey[c][n];
        AtomicLong read = new AtomicLong();
        List<CompletableFuture<Range>> tasks = new ArrayList<>();
        for (int from = 0; from < n; from += RANGE) {
            int start = from;
            int end = Math.min(n, from + RANGE);
            tasks.add(CompletableFuture.supplyAsync(
                    () -> readRange(sample, candidates, keys, start, end, read, progress, cancel), executor));
        }
        long[][] missing = new long[c][];
        for (int k = 0; k < c; k++) {
            missing[k] = new long[candidates.get(k).arity()];
        }
        RuntimeException[] refusals = new RuntimeException[c];
        for (CompletableFuture<Range> task : tasks) {
            Range range = joined(task);
            for (int k = 0; k < c; k++) {
                if (refusals[k] == null) {
                    // ranges are joined in document order: the first range that refused holds the first document
                    refusals[k] = range.refusals()[k];
                }
                for (int f = 0; f < missing[k].length; f++) {
                    missing[k][f] += range.missing()[k][f];
                }
            }
        }
        cancel.throwIfCancelled();
        for (int k = 0; k < c; k++) {
            progress.get(k).extracted(n);
        }
        return new CandidateKeys(keys, missing, refusals);
    }

    /** What one range found: missing fields per candidate and field, and each candidate's first refusal. */
    private record Range(long[][] missing, RuntimeException[] refusals) {}

    private static Range readRange(
            Sample sample,
            List<ShardKeyPattern> candidates,
            ShardKey[][] keys,
            int from,
            int to,
            AtomicLong read,
            List<Progress.Candidate> progress,
            CancelToken cancel) {
        int c = candidates.size();
        KeyReader reader = new KeyReader(sample, candidates);
        RuntimeException[] refusals = new RuntimeException[c];
        for (int d = from; d < to; d++) {
            for (int k = 0; k < c; k++) {
                if (refusals[k] != null) {
                    continue;
                }
                try {
                    keys[k][d] = reader.routingKey(d, k);
                } catch (IllegalArgumentException e) {
                    refusals[k] = e;
                }
            }
            if ((d & 0xFFF) == 0xFFF) {
                cancel.throwIfCancelled();
                long done = read.addAndGet(0x1000);
                for (Progress.Candidate p : progress) {
                    p.extracted(done);
                }
            }
        }
        long[][] missing = new long[c][];
        for (int k = 0; k < c; k++) {
            missing[k] = reader.missingCounts(k);
        }
        return new Range(missing, refusals);
    }

    private static Range joined(CompletableFuture<Range> task) {
        try {
            return task.join();
        } catch (CompletionException e) {
            if (e.getCause() instanceof RuntimeException r) {
                throw r;
            }
            throw e;
        }
    }

    /**
     * The routing keys of candidate {@code candidate}, in document order.
     *
     * @throws IllegalArgumentException the candidate's refusal, when a document has an array on its path
     */
    ShardKey[] keys(int candidate) {
        if (refusals[candidate] != null) {
            throw refusals[candidate];
        }
        return keys[candidate];
    }

    /** Per key field of candidate {@code candidate}, the documents that miss it. */
    long[] missing(int candidate) {
        return missing[candidate].clone();
    }
}
