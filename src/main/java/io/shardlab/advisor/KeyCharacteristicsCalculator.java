package io.shardlab.advisor;

import io.shardlab.key.ShardKeyPattern;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.MathContext;
import java.util.ArrayList;
import java.util.List;

/**
 * Works out analyzeShardKey's {@code keyCharacteristics} on a sample, following MongoDB's own
 * computation (mongo {@code src/mongo/db/s/analyze_shard_key_cmd_util.cpp}, 7.0 to current):
 * <ul>
 *   <li><b>numDistinctValues</b> and <b>mostCommonValues</b>: a {@code $group} by the supporting
 *       index's key, then {@code $topN} by frequency ({@code calculateCardinalityAndFrequencyGeneric}).
 *       The supporting index of a hashed key is taken to be the hashed index {@code shardCollection}
 *       builds, so values are grouped by hash; the most common values are then looked up to show the
 *       documents' own values ({@code $lookup} with {@code $toHashedIndexKey}). Ties in frequency,
 *       which {@code $topN} leaves in no defined order, are listed by first insertion, which gives
 *       the first documents inserted for a unique key, as MongoDB's unique-key path does
 *       ({@code calculateCardinalityAndFrequencyUnique}: {@code $limit} on the collection).</li>
 *   <li><b>monotonicity</b> ({@code calculateMonotonicity}): a hashed key whose first field is
 *       hashed (or a one-field hashed key) is {@code "not monotonic"} with coefficient 0; a compound
 *       key with a hashed field further on is {@code "unknown"} ("hashing introduces randomness"). Otherwise
 *       the supporting index is scanned in key order, collecting each entry's RecordId; if every
 *       entry has the same key the type is "not monotonic" with coefficient 0; else
 *       {@code recordIdCorrelationCoefficient} is the Pearson correlation
 *       ({@code boost::math::statistics::correlation_coefficient}) between the positions 1..n of the
 *       entries and their RecordIds, rounded as {@link MetricRounding#round} does, and the type is
 *       "monotonic" when its absolute value is at least
 *       {@value #MONOTONICITY_CORRELATION_COEFFICIENT_THRESHOLD}
 *       ({@code analyzeShardKeyMonotonicityCorrelationCoefficientThreshold}, {@code
 *       src/mongo/s/analyze_shard_key_server_parameters.idl}). ShardLab's RecordIds are the
 *       documents' ordinals in the sample (a collection's RecordIds grow in insertion order), so the
 *       coefficient is the rank correlation between insertion order and key order (Spearman's rho,
 *       since both are permutations of 1..n). It is computed exactly; MongoDB computes in double
 *       precision, so the tenth decimal may differ. <b>ShardLab's own rule</b>: a sample in no known
 *       order ({@link SampleOrder#UNKNOWN}) is "unknown", like a clustered collection in MongoDB,
 *       whose RecordIds do not follow insertion order.</li>
 *   <li><b>avgDocSizeBytes</b>: {@code $collStats} size / count in whole bytes, at least 5
 *       ({@code kEmptyDocSizeBytes}); ShardLab uses the sample's BSON sizes.</li>
 * </ul>
 */
public final class KeyCharacteristicsCalculator {

    /** {@code analyzeShardKeyNumMostCommonValues}' default. */
    public static final int NUM_MOST_COMMON_VALUES = 5;

    /** {@code analyzeShardKeyMonotonicityCorrelationCoefficientThreshold}'s default. */
    public static final double MONOTONICITY_CORRELATION_COEFFICIENT_THRESHOLD = 0.7;

    /** The size of the empty document, the smallest average MongoDB reports. */
    static final long EMPTY_DOC_SIZE_BYTES = 5;

    private KeyCharacteristicsCalculator() {}

    /**
     * The characteristics of {@code pattern} on {@code sample}, from its sorted values, measured
     * through the candidate's indexes. With a unique supporting index MongoDB does not group at all
     * ({@code calculateCardinalityAndFrequencyUnique}): every document is its own value, and the
     * most common values are the first {@value #NUM_MOST_COMMON_VALUES} documents
     * ({@code $limit}), each with frequency 1. Values over the reply's size limit are truncated
     * ({@link MostCommonValueTruncation}).
     */
    static KeyCharacteristics calculate(
            Sample sample, ShardKeyPattern pattern, KeyValueRuns runs, KeyReader reader, IndexSupport indexes) {
        long n = sample.numDocsSampled();
        long avg = Math.max(EMPTY_DOC_SIZE_BYTES, sample.documents().totalBytes() / n);
        int maxValueBytes = MostCommonValueTruncation.maxSizeBytesPerValue(NUM_MOST_COMMON_VALUES);
        boolean unique = indexes.isUnique(pattern);
        List<ValueFrequency> mostCommon = new ArrayList<>();
        if (unique) {
            for (int doc = 0; doc < Math.min(n, NUM_MOST_COMMON_VALUES); doc++) {
                mostCommon.add(new ValueFrequency(
                        MostCommonValueTruncation.apply(reader.originalKeyDocument(doc), maxValueBytes), 1));
            }
        } else {
            for (int r : mostCommonRuns(runs, NUM_MOST_COMMON_VALUES)) {
                mostCommon.add(new ValueFrequency(
                        MostCommonValueTruncation.apply(
                                reader.originalKeyDocument(runs.firstDocumentOf(r)), maxValueBytes),
                        runs.runLength(r)));
            }
        }
        return new KeyCharacteristics(
                sample.numDocsTotal(),
                sample.numOrphanDocs(),
                n,
                avg,
                unique,
                unique ? n : runs.runs(),
                mostCommon,
                monotonicity(sample.order(), pattern, runs, indexes));
    }

    /** The {@code limit} longest runs, longest first, ties by earliest first document. */
    static List<Integer> mostCommonRuns(KeyValueRuns runs, int limit) {
        List<Integer> top = new ArrayList<>(limit + 1);
        for (int r = 0; r < runs.runs(); r++) {
            int at = top.size();
            while (at > 0 && before(runs, r, top.get(at - 1))) {
                at--;
            }
            if (at < limit) {
                top.add(at, r);
                if (top.size() > limit) {
                    top.remove(limit);
                }
            }
        }
        return top;
    }

    private static boolean before(KeyValueRuns runs, int a, int b) {
        int la = runs.runLength(a);
        int lb = runs.runLength(b);
        return la != lb ? la > lb : runs.firstDocumentOf(a) < runs.firstDocumentOf(b);
    }

    /**
     * {@code calculateMonotonicity}: a clustered collection is "unknown" (its RecordIds are the
     * cluster key, not the insertion order), then a hashed key as described above, then "unknown"
     * without an index that has the key as its prefix.
     */
    static Monotonicity monotonicity(
            SampleOrder order, ShardKeyPattern pattern, KeyValueRuns runs, IndexSupport indexes) {
        if (indexes.clustered()) {
            return Monotonicity.unknown();
        }
        if (pattern.isHashed()) {
            return pattern.arity() == 1 || pattern.hasHashedPrefix()
                    ? Monotonicity.of(MonotonicityType.NOT_MONOTONIC, 0)
                    : Monotonicity.unknown();
        }
        if (indexes.monotonicity().isEmpty() || order == SampleOrder.UNKNOWN) {
            return Monotonicity.unknown();
        }
        if (runs.runs() == 1) {
            return Monotonicity.of(MonotonicityType.NOT_MONOTONIC, 0);
        }
        double c = MetricRounding.round(rankCorrelation(runs), MetricRounding.MAX_DECIMAL_PLACES);
        c = Math.max(-1, Math.min(1, c));
        return Monotonicity.of(
                Math.abs(c) >= MONOTONICITY_CORRELATION_COEFFICIENT_THRESHOLD
                        ? MonotonicityType.MONOTONIC
                        : MonotonicityType.NOT_MONOTONIC,
                c);
    }

    /**
     * Pearson's correlation between x = sorted position + 1 and y = insertion ordinal + 1, exactly:
     * both are permutations of 1..n, so Σx = Σy = n(n+1)/2 and Σx² = Σy² = n(n+1)(2n+1)/6, and
     * r = (nΣxy − (Σx)²) / (nΣx² − (Σx)²).
     */
    static double rankCorrelation(KeyValueRuns runs) {
        long n = runs.size();
        long lo = 0;
        long hi = 0;
        for (int p = 0; p < n; p++) {
            long product = (long) (p + 1) * (runs.documentAt(p) + 1L);
            long sum = lo + product;
            if (Long.compareUnsigned(sum, lo) < 0) {
                hi++;
            }
            lo = sum;
        }
        BigInteger sumXY = BigInteger.valueOf(hi).shiftLeft(64).add(new BigInteger(Long.toUnsignedString(lo)));
        BigInteger bn = BigInteger.valueOf(n);
        BigInteger sumX = bn.multiply(bn.add(BigInteger.ONE)).shiftRight(1);
        BigInteger sumX2 = bn.multiply(bn.add(BigInteger.ONE))
                .multiply(bn.shiftLeft(1).add(BigInteger.ONE))
                .divide(BigInteger.valueOf(6));
        BigInteger numerator = bn.multiply(sumXY).subtract(sumX.multiply(sumX));
        BigInteger denominator = bn.multiply(sumX2).subtract(sumX.multiply(sumX));
        return new BigDecimal(numerator)
                .divide(new BigDecimal(denominator), MathContext.DECIMAL64)
                .doubleValue();
    }
}
