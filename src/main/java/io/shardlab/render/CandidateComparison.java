package io.shardlab.render;

import io.shardlab.cluster.MongoVersion;
import java.util.List;
import java.util.OptionalDouble;

/**
 * What the shard key comparison picture ({@link CandidateComparisonPainter}) is drawn from: the settings
 * the sample was judged against, the candidates in the order given, and the reasons for the recommendation.
 * The producer (the advisor's window, the CLI's {@code analyze}) maps its report to it. Immutable.
 *
 * @param sampleSource what the sample came from, for the default title
 * @param version the MongoDB release the candidates were judged against
 * @param shards the shards of the replay
 * @param chunkSizeMegabytes the maximum chunk size of the replay, in MB
 * @param queryOperations the operations of the query mix; 0 without one
 * @param candidates one per candidate, in the order given (at least one)
 * @param reasons the advisor's reasons, one sentence each: first why the pick, then why not each other one
 */
public record CandidateComparison(
        String sampleSource,
        MongoVersion version,
        int shards,
        long chunkSizeMegabytes,
        int queryOperations,
        List<Candidate> candidates,
        List<String> reasons) {

    public CandidateComparison {
        if (sampleSource == null || version == null) {
            throw new IllegalArgumentException(
                    "sampleSource/version: required"); // untranslated: a developer's contract
        }
        candidates = List.copyOf(candidates);
        reasons = List.copyOf(reasons);
        if (candidates.isEmpty()) {
            throw new IllegalArgumentException("candidates: at least one"); // untranslated: a developer's contract
        }
    }

    /**
     * One candidate as the comparison shows it: its standing, analyzeShardKey's numbers and the replay's,
     * and its row picture.
     *
     * @param key the candidate in mongosh syntax, e.g. {@code { state: 1, zip: 1 }}
     * @param verdict its standing in the reader's words, e.g. {@code "recommended"} or {@code "ruled out"}
     * @param ruledOut whether a finding rules it out: its heading is drawn muted (in every language)
     * @param numDistinctValues analyzeShardKey's numDistinctValues
     * @param topValueShare the most common value's share of the sample, 0..1
     * @param monotonicity analyzeShardKey's monotonicity type, e.g. {@code "not monotonic"}
     * @param chunks chunks after the replay
     * @param jumboChunks jumbo chunks after the replay
     * @param maxShardDocShare the fullest shard's share of the documents, 0..1
     * @param meanMaxWriteShare the replay's hot-shard number, 0..1
     * @param percentageOfSingleShardReads analyzeShardKey's percentageOfSingleShardReads (0..100); empty
     *     without reads in the mix
     * @param layout the replayed layout and the reads and writes per range
     */
    public record Candidate(
            String key,
            String verdict,
            boolean ruledOut,
            long numDistinctValues,
            double topValueShare,
            String monotonicity,
            int chunks,
            int jumboChunks,
            double maxShardDocShare,
            double meanMaxWriteShare,
            OptionalDouble percentageOfSingleShardReads,
            CandidateLayout layout) {

        public Candidate {
            if (key == null || verdict == null || monotonicity == null || layout == null) {
                throw new IllegalArgumentException(
                        "key/verdict/monotonicity/layout: required"); // untranslated: a developer's contract
            }
            percentageOfSingleShardReads =
                    percentageOfSingleShardReads == null ? OptionalDouble.empty() : percentageOfSingleShardReads;
        }
    }
}
