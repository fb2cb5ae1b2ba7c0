package io.shardlab.advisor;

import io.shardlab.workload.TaskResult;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;
import org.bson.BsonDocument;

/**
 * A {@link FieldProfiler} whose work runs off the loading thread: documents are gathered in blocks of {@link
 * #blockSize} and each block is profiled as a task on the parsers, then the blocks' profiles are {@linkplain
 * FieldProfiler#merge merged} in document order, so the profiles are exactly a single profiler's (issue #32: the
 * profiler was two thirds of the loading thread's work). At most {@value #BLOCKS_AHEAD} blocks are profiled ahead
 * of the merge, bounding the memory of documents and distinct values held. Once the merged whole has counted a
 * field's distinct values up to the cap, blocks profiled later leave that field's distinct values out (the merge
 * would drop them: most of a block's work on a sample of many distinct values). Not thread-safe: one loading thread
 * adds.
 */
final class BlockFieldProfiler {

    /** Documents one profiling task takes. */
    static final int BLOCK_SIZE = 4096;

    /** Blocks with the parsers before the loading thread waits for the oldest. */
    static final int BLOCKS_AHEAD = 8;

    private final Executor parsers;
    private final int blockSize;
    private final FieldProfiler merged = new FieldProfiler();
    private final ArrayDeque<CompletableFuture<FieldProfiler>> ahead = new ArrayDeque<>();

    /** Names whose distinct values {@link #merged} has counted up to the cap; read by the blocks' tasks. */
    private final Set<String> distinctCapped = ConcurrentHashMap.newKeySet();

    private List<BsonDocument> block;

    /** Profiles blocks of {@value #BLOCK_SIZE} on {@code parsers} (threads other than the loading one). */
    BlockFieldProfiler(Executor parsers) {
        this(parsers, BLOCK_SIZE);
    }

    /** Profiles blocks of {@code blockSize} documents (at least 1) on {@code parsers}. */
    BlockFieldProfiler(Executor parsers, int blockSize) {
        if (blockSize < 1) {
            throw new IllegalArgumentException(
                    "blockSize: at least 1 document, got " + blockSize); // untranslated: a developer's contract
        }
        this.parsers = parsers;
        this.blockSize = blockSize;
        this.block = new ArrayList<>(blockSize);
    }

    /** Adds the next document of the sample. */
    void add(BsonDocument document) {
        block.add(document);
        if (block.size() == blockSize) {
            submit();
        }
    }

    /** The profiles of every document added, in the order their fields first appeared. */
    List<FieldProfile> profiles() {
        if (!block.isEmpty()) {
            submit();
        }
        while (!ahead.isEmpty()) {
            mergeOldest();
        }
        return merged.profiles();
    }

    private void submit() {
        List<BsonDocument> documents = block;
        block = new ArrayList<>(blockSize);
        ahead.add(CompletableFuture.supplyAsync(() -> profile(documents), parsers));
        while (!ahead.isEmpty() && (ahead.size() > BLOCKS_AHEAD || ahead.peek().isDone())) {
            mergeOldest();
        }
    }

    private void mergeOldest() {
        merged.merge(TaskResult.of(ahead.poll()));
        distinctCapped.addAll(merged.distinctCappedNames());
    }

    private FieldProfiler profile(List<BsonDocument> documents) {
        FieldProfiler profiler = new FieldProfiler(distinctCapped::contains);
        for (BsonDocument d : documents) {
            profiler.add(d);
        }
        return profiler;
    }
}
