package io.shardlab.advisor;

import java.util.ArrayList;
import java.util.List;

/**
 * The key values whose documents alone exceed the maximum chunk size. A chunk's range cannot be
 * cut between two documents with the same key value (splitVector skips a split point equal to the
 * previous one, mongo {@code src/mongo/db/s/split_vector.cpp}), so the chunk holding such a value
 * stays larger than the maximum chunk size whatever the balancer does; when it cannot be split or
 * moved, MongoDB marks it jumbo (reference §2.2 "Jumbo"). The docs give the same estimate:
 * "you can estimate the size of the largest chunks by multiplying the frequency of each
 * mostCommonValues by avgDocSizeBytes" ({@code analyzeShardKey-keyCharacteristics.rst}); ShardLab
 * sums the real sizes of every value's documents instead.
 *
 * @param maxChunkSizeBytes the maximum chunk size the values were measured against
 * @param values how many values exceed it
 * @param largest the largest of them, largest first, at most {@value #LISTED}
 */
public record JumboRisk(long maxChunkSizeBytes, long values, List<JumboValue> largest) {

    /** The most values listed by name. */
    public static final int LISTED = 10;

    public JumboRisk {
        largest = List.copyOf(largest);
        if (maxChunkSizeBytes < 1 || values < largest.size() || largest.size() > LISTED) {
            throw new IllegalArgumentException(
                    "maxChunkSizeBytes/values/largest: inconsistent jumbo risk"); // untranslated: a developer's
            // contract
        }
    }

    /** Whether no value is too large. */
    public boolean isEmpty() {
        return values == 0;
    }

    /** Finds the values of {@code runs} whose documents exceed {@code maxChunkSizeBytes}. */
    static JumboRisk of(Sample sample, KeyValueRuns runs, KeyReader reader, long maxChunkSizeBytes) {
        double scale = sample.scale();
        List<long[]> over = new ArrayList<>();
        long count = 0;
        for (int r = 0; r < runs.runs(); r++) {
            long bytes = 0;
            for (int p = runs.runStart(r); p < runs.runEnd(r); p++) {
                bytes += sample.documents().bsonSize(runs.documentAt(p));
            }
            long estimated = Math.round(bytes * scale);
            if (estimated > maxChunkSizeBytes) {
                count++;
                over.add(new long[] {estimated, r});
            }
        }
        over.sort((a, b) -> a[0] != b[0] ? Long.compare(b[0], a[0]) : Long.compare(a[1], b[1]));
        List<JumboValue> largest = new ArrayList<>();
        for (long[] o : over.subList(0, Math.min(LISTED, over.size()))) {
            int r = (int) o[1];
            largest.add(new JumboValue(reader.originalKeyDocument(runs.firstDocumentOf(r)), runs.runLength(r), o[0]));
        }
        return new JumboRisk(maxChunkSizeBytes, count, largest);
    }
}
