package io.shardlab.advisor;

import io.shardlab.key.ShardKeyPattern;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * Everything the advisor found out about one candidate key.
 *
 * @param key the candidate
 * @param keyCharacteristics analyzeShardKey's key characteristics, on the sample
 * @param layout the layout the sample's replay produced
 * @param meanMaxWriteShare the replay's hot-shard number: per window of inserts, the busiest
 *     shard's share, averaged ({@link io.shardlab.workload.WriteDistribution}); 1/N is even, 1 is
 *     every insert on one shard
 * @param readWrite the query mix's read and write distribution (sample sizes 0 without a mix)
 * @param jumboRisk values whose documents alone exceed the maximum chunk size
 * @param missingFieldDocuments per key field, in pattern order, the sampled documents without it
 *     (they are indexed, and routed, as null)
 * @param findings what it all means, most severe first
 * @param indexes the indexes analyzeShardKey would measure the key with; without a supporting
 *     index the server reports no {@code keyCharacteristics}, and ShardLab's are an estimate as if
 *     the key had a non-unique one
 * @param ranges the {@code analyzeShardKeyNumRanges} ranges the reads and writes are counted over
 */
public record CandidateReport(
        ShardKeyPattern key,
        KeyCharacteristics keyCharacteristics,
        LayoutMetrics layout,
        double meanMaxWriteShare,
        Optional<ReadWriteDistribution> readWrite,
        JumboRisk jumboRisk,
        List<Long> missingFieldDocuments,
        List<Finding> findings,
        IndexSupport indexes,
        AnalysisRanges ranges) {

    public CandidateReport {
        if (key == null || keyCharacteristics == null || layout == null || readWrite == null || jumboRisk == null) {
            throw new IllegalArgumentException(
                    "key/keyCharacteristics/layout/readWrite/jumboRisk: required"); // untranslated: a developer's
            // contract
        }
        if (!(meanMaxWriteShare >= 0 && meanMaxWriteShare <= 1)) {
            throw new IllegalArgumentException(String.format(
                    "meanMaxWriteShare: between 0 and 1, got %s", // untranslated: a developer's contract
                    meanMaxWriteShare));
        }
        missingFieldDocuments = List.copyOf(missingFieldDocuments);
        if (missingFieldDocuments.size() != key.arity()) {
            throw new IllegalArgumentException(
                    "missingFieldDocuments: one count per key field"); // untranslated: a developer's contract
        }
        findings = List.copyOf(findings);
        if (indexes == null || ranges == null) {
            throw new IllegalArgumentException("indexes/ranges: required"); // untranslated: a developer's contract
        }
    }

    /** Whether a finding rules the key out. */
    public boolean disqualified() {
        return findings.stream().anyMatch(f -> f.severity() == Severity.DISQUALIFYING);
    }

    /**
     * Whether the write rules judged the key: not when the data is too small for the layout rules, the hot-shard
     * rule among them ({@link FindingKind#SMALL_SAMPLE}), so that a write share of 1.00 rules nothing out.
     */
    public boolean writesJudged() {
        return findings.stream().noneMatch(f -> f.kind() == FindingKind.SMALL_SAMPLE);
    }

    /** Whether the key's values grow or shrink with insertion order ({@link FindingKind#MONOTONIC}). */
    public boolean monotonic() {
        return findings.stream().anyMatch(f -> f.kind() == FindingKind.MONOTONIC);
    }

    /** analyzeShardKey's {@code percentageOfSingleShardReads} (0..100); empty without reads in the mix. */
    public OptionalDouble percentageOfSingleShardReads() {
        return readWrite
                .filter(rw -> !rw.read().isEmpty())
                .map(rw -> OptionalDouble.of(rw.read().percentageOfSingleShardReads()))
                .orElse(OptionalDouble.empty());
    }

    /** analyzeShardKey's {@code numReadsByRange}, MinKey's range first; empty without reads in the mix. */
    public List<Long> numReadsByRange() {
        return readWrite.map(rw -> rw.read().numReadsByRange()).orElse(List.of());
    }

    /** analyzeShardKey's {@code numWritesByRange}, MinKey's range first; empty without writes in the mix. */
    public List<Long> numWritesByRange() {
        return readWrite.map(rw -> rw.write().numWritesByRange()).orElse(List.of());
    }

    /** The findings of {@code severity}, in order. */
    public List<Finding> findings(Severity severity) {
        return findings.stream().filter(f -> f.severity() == severity).toList();
    }
}
