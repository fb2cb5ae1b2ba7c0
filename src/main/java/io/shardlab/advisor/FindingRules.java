package io.shardlab.advisor;

import io.shardlab.bson.BsonPrinter;
import io.shardlab.key.KeyField;
import io.shardlab.key.ShardKeyPattern;
import io.shardlab.text.Message;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/**
 * Turns a candidate's metrics into findings, by fixed rules, each tied to a principle
 * ({@link Principle}). The thresholds are ShardLab's own unless a rule names MongoDB's; MongoDB's
 * documentation states the principles but no numbers, except that the hot-shard rule is the
 * advisor's specification (meanMaxWriteShare at least 0.9 on two or more shards).
 *
 * <p>The layout rules (hot shard, concentrated or spread writes, uneven data) need enough data to
 * fill every shard: they apply only when the sample, scaled to its collection, holds at least
 * {@value #CHUNKS_PER_SHARD_FOR_LAYOUT} chunks' worth of data per shard: the 6.0+ balancer moves
 * data only when two shards differ by at least three chunks' worth (mongo
 * {@code src/mongo/db/s/balancer/balancer_policy.cpp}, {@code _singleZoneBalanceBasedOnDataSize},
 * {@code fromSize - toSize >= 3 * maxChunkSizeBytes}; reference §2.4), and a new ranged collection
 * starts as one chunk on one shard. Below that a {@link FindingKind#SMALL_SAMPLE} note says why they
 * were not judged.
 */
public final class FindingRules {

    /**
     * The chunk size that would give this much data {@value #CHUNKS_PER_SHARD_FOR_LAYOUT} chunks per
     * shard, in whole MB from MongoDB's smallest (1 MB), or why none would.
     */
    static Message meaningfulChunkSize(long bytes, int shards) {
        long megabytes = bytes / ((long) CHUNKS_PER_SHARD_FOR_LAYOUT * shards) / AdvisorSettings.MEGABYTE;
        return megabytes >= 1
                ? Message.of("advisor.finding.smallSample.chunkSize", String.valueOf(megabytes))
                : Message.of("advisor.finding.smallSample.sampleMore");
    }

    /** Fewer distinct values than this is low cardinality: fewer possible chunks than this. */
    public static final long LOW_CARDINALITY_BELOW = 1000;
    /** A most common value with at least this share of the sample is frequent ... */
    public static final double FREQUENT_VALUE_MIN_SHARE = 0.01;
    /** ... when it also has at least this many times the mean frequency (documents / distinct values). */
    public static final double FREQUENT_VALUE_MIN_RATIO = 2.0;
    /** meanMaxWriteShare at or above this on two or more shards rules the key out. */
    public static final double HOT_SHARD_SHARE = 0.9;
    /** meanMaxWriteShare at or above this many even shares (k/N) is concentrated. */
    public static final double CONCENTRATED_EVEN_SHARES = 2.0;
    /** meanMaxWriteShare at or below this many even shares (k/N) is spread. */
    public static final double SPREAD_EVEN_SHARES = 1.25;
    /** maxShardDocShare at or above this many even shares (k/N) is uneven. */
    public static final double UNEVEN_EVEN_SHARES = 2.0;
    /** Single-shard reads at or above this percentage are well targeted. */
    public static final double TARGETED_READS_PERCENT = 90;
    /** The layout rules need this many chunks' worth of data per shard. */
    public static final int CHUNKS_PER_SHARD_FOR_LAYOUT = 3;

    /** What the rules look at. */
    record Facts(
            Sample sample,
            AdvisorSettings settings,
            ShardKeyPattern key,
            KeyCharacteristics characteristics,
            LayoutMetrics layout,
            double meanMaxWriteShare,
            Optional<ReadWriteDistribution> readWrite,
            JumboRisk jumboRisk,
            List<Long> missing,
            List<SampledQuery> queries) {

        /**
         * The candidate's report: these facts, what they mean ({@link #evaluate}), the indexes the key would be
         * measured with and the ranges its reads and writes are counted over.
         */
        CandidateReport report(IndexSupport indexes, AnalysisRanges ranges) {
            return new CandidateReport(
                    key,
                    characteristics,
                    layout,
                    meanMaxWriteShare,
                    readWrite,
                    jumboRisk,
                    missing,
                    evaluate(this),
                    indexes,
                    ranges);
        }
    }

    private FindingRules() {}

    /** The findings for {@code f}, most severe first (stable within a severity). */
    static List<Finding> evaluate(Facts f) {
        List<Finding> out = new ArrayList<>();
        int n = f.settings().shards();
        KeyCharacteristics kc = f.characteristics();
        long docs = kc.numDocsSampled();

        if (!f.jumboRisk().isEmpty()) {
            JumboValue top = f.jumboRisk().largest().get(0);
            out.add(new Finding(
                    FindingKind.JUMBO_VALUES,
                    Message.of(
                            "advisor.finding.jumboValues",
                            f.jumboRisk().values(),
                            mb(f.settings().maxChunkSizeBytes()),
                            BsonPrinter.shell(top.value()),
                            mb(top.estimatedBytes()))));
        }
        f.readWrite().ifPresent(rw -> {
            if (!rw.rejected().isEmpty()) {
                RejectedQuery r = rw.rejected().get(0);
                out.add(new Finding(
                        FindingKind.REJECTED_OPERATIONS,
                        Message.of(
                                "advisor.finding.rejectedOperations",
                                String.valueOf(f.settings().version()),
                                rw.rejected().size(),
                                r.query().describe(),
                                r.query().line() > 0
                                        ? Message.of(
                                                "advisor.finding.rejectedOperations.line",
                                                String.valueOf(r.query().line()))
                                        : "",
                                r.error())));
            }
        });

        boolean layoutJudged = layoutJudged(f);
        if (n >= 2 && layoutJudged) {
            double even = 1.0 / n;
            double m = f.meanMaxWriteShare();
            if (m >= HOT_SHARD_SHARE) {
                out.add(new Finding(
                        FindingKind.HOT_SHARD,
                        Message.of("advisor.finding.hotShard", pct(m), decimal(m), decimal(even), n - 1)));
            } else if (m >= CONCENTRATED_EVEN_SHARES * even) {
                out.add(new Finding(
                        FindingKind.CONCENTRATED_WRITES,
                        Message.of("advisor.finding.concentratedWrites", pct(m), decimal(m), decimal(even))));
            } else if (m <= SPREAD_EVEN_SHARES * even) {
                out.add(new Finding(
                        FindingKind.SPREAD_WRITES,
                        Message.of("advisor.finding.spreadWrites", pct(m), decimal(m), decimal(even))));
            }
            double d = f.layout().maxShardDocShare();
            if (d >= UNEVEN_EVEN_SHARES * even) {
                out.add(new Finding(
                        FindingKind.UNEVEN_DATA, Message.of("advisor.finding.unevenData", pct(d), pct(even))));
            }
        }

        if (kc.numDistinctValues() < LOW_CARDINALITY_BELOW) {
            out.add(new Finding(
                    FindingKind.LOW_CARDINALITY,
                    Message.of("advisor.finding.lowCardinality", kc.numDistinctValues(), docs)));
        }
        ValueFrequency top = kc.mostCommonValues().get(0);
        double topShare = kc.topValueShare();
        double meanFrequency = (double) docs / kc.numDistinctValues();
        if (n >= 2 && topShare > 1.0 / n) {
            out.add(new Finding(
                    FindingKind.VALUE_OUTWEIGHS_SHARD,
                    Message.of(
                            "advisor.finding.valueOutweighsShard",
                            BsonPrinter.shell(top.value()),
                            pct(topShare),
                            n,
                            pct(1.0 / n))));
        } else if (topShare >= FREQUENT_VALUE_MIN_SHARE
                && top.frequency() >= FREQUENT_VALUE_MIN_RATIO * meanFrequency) {
            out.add(new Finding(
                    FindingKind.FREQUENT_VALUES,
                    Message.of(
                            "advisor.finding.frequentValues",
                            BsonPrinter.shell(top.value()),
                            top.frequency(),
                            pct(topShare),
                            decimal(top.frequency() / meanFrequency),
                            decimal(meanFrequency))));
        }
        for (int i = 0; i < f.missing().size(); i++) {
            long missing = f.missing().get(i);
            String path = f.key().fields().get(i).path();
            if (missing == docs && kc.numDistinctValues() == 1) {
                out.add(new Finding(FindingKind.FIELD_ABSENT, Message.of("advisor.finding.fieldAbsent", path)));
            } else if (missing == docs) {
                out.add(new Finding(FindingKind.MISSING_FIELDS, Message.of("advisor.finding.missingEverywhere", path)));
            } else if (missing > 0) {
                out.add(new Finding(
                        FindingKind.MISSING_FIELDS, Message.of("advisor.finding.missingSome", missing, docs, path)));
            }
        }
        Monotonicity mono = kc.monotonicity();
        if (mono.type() == MonotonicityType.MONOTONIC) {
            double c = mono.recordIdCorrelationCoefficient().getAsDouble();
            out.add(new Finding(
                    FindingKind.MONOTONIC,
                    Message.of(
                            c > 0 ? "advisor.finding.monotonic.grows" : "advisor.finding.monotonic.shrinks",
                            decimal(c),
                            decimal(KeyCharacteristicsCalculator.MONOTONICITY_CORRELATION_COEFFICIENT_THRESHOLD))));
        }
        f.readWrite().ifPresent(rw -> {
            ReadDistributionMetrics r = rw.read();
            if (!r.isEmpty() && r.percentageOfScatterGatherReads() > 0) {
                out.add(new Finding(
                        FindingKind.SCATTER_GATHER_READS,
                        Message.of(
                                f.key().hasHashedPrefix()
                                        ? "advisor.finding.scatterGatherReads.hashed"
                                        : "advisor.finding.scatterGatherReads",
                                pct100(r.percentageOfScatterGatherReads()),
                                f.key().fields().get(0).path())));
            }
            WriteDistributionMetrics w = rw.write();
            if (!w.isEmpty() && w.percentageOfScatterGatherWrites() > 0) {
                out.add(new Finding(
                        FindingKind.SCATTER_GATHER_WRITES,
                        Message.of(
                                "advisor.finding.scatterGatherWrites", pct100(w.percentageOfScatterGatherWrites()))));
            }
            if (!r.isEmpty() && r.percentageOfSingleShardReads() >= TARGETED_READS_PERCENT) {
                out.add(new Finding(
                        FindingKind.TARGETED_READS,
                        Message.of("advisor.finding.targetedReads", pct100(r.percentageOfSingleShardReads()))));
            }
        });
        hashedTimeRanges(f).ifPresent(out::add);
        if (kc.numDistinctValues() >= LOW_CARDINALITY_BELOW
                && out.stream()
                        .noneMatch(x -> x.kind() == FindingKind.FREQUENT_VALUES
                                || x.kind() == FindingKind.VALUE_OUTWEIGHS_SHARD
                                || x.kind() == FindingKind.JUMBO_VALUES)) {
            out.add(new Finding(
                    FindingKind.HIGH_CARDINALITY,
                    kc.isUnique()
                            ? Message.of("advisor.finding.highCardinality.unique", kc.numDistinctValues())
                            : Message.of("advisor.finding.highCardinality", kc.numDistinctValues(), top.frequency())));
        }
        if (!layoutJudged && n >= 2) {
            long bytes =
                    Math.round(f.sample().documents().totalBytes() * f.sample().scale());
            out.add(new Finding(
                    FindingKind.SMALL_SAMPLE,
                    Message.of(
                            "advisor.finding.smallSample",
                            mb(bytes),
                            CHUNKS_PER_SHARD_FOR_LAYOUT,
                            mb(f.settings().maxChunkSizeBytes()),
                            meaningfulChunkSize(bytes, n))));
        }
        if (f.sample().order() == SampleOrder.UNKNOWN) {
            out.add(new Finding(FindingKind.UNKNOWN_ORDER, Message.of("advisor.finding.unknownOrder")));
        }
        out.sort(Comparator.comparing(Finding::severity));
        return out;
    }

    /** Whether the data fills {@value #CHUNKS_PER_SHARD_FOR_LAYOUT} chunks per shard. */
    /** Sampled documents looked at to tell whether a hashed field holds times. */
    static final int TIME_FIELD_PROBE = 1000;

    /**
     * A hashed key field that holds times (BSON dates or timestamps in most sampled documents that
     * have it): hashing scatters neighbouring times over the whole hash space, so a read of a time range
     * on it ({@code $gt}/{@code $gte}/{@code $lt}/{@code $lte}) cannot be targeted and reaches every
     * shard (a hashed field's index bounds come only from equality: {@code getIndexBoundsForQuery}, mongo
     * {@code src/mongo/s/shard_key_pattern_query_util.cpp}, as {@link io.shardlab.routing.Router} routes
     * it). Said with the weight of such reads in the query mix; without a mix, as what such reads
     * would do; with a mix that has none, not at all.
     */
    static Optional<Finding> hashedTimeRanges(Facts f) {
        for (KeyField field : f.key().fields()) {
            if (!field.hashed() || !holdsTimes(f.sample(), field.path())) {
                continue;
            }
            List<SampledQuery> mix = f.queries();
            long rangeReads = mix.stream()
                    .filter(q -> q.command().isRead() && hasRange(q.filter(), field.path()))
                    .mapToLong(SampledQuery::weight)
                    .sum();
            if (mix.isEmpty()) {
                return Optional.of(new Finding(
                        FindingKind.HASHED_TIME_RANGES,
                        Message.of("advisor.finding.hashedTimeRanges.withoutMix", field.path())));
            }
            if (rangeReads > 0) {
                return Optional.of(new Finding(
                        FindingKind.HASHED_TIME_RANGES,
                        Message.of("advisor.finding.hashedTimeRanges.reads", field.path(), rangeReads)));
            }
        }
        return Optional.empty();
    }

    private static boolean holdsTimes(Sample sample, String path) {
        int looked = 0;
        int times = 0;
        int n = Math.min(sample.documents().size(), TIME_FIELD_PROBE);
        for (int i = 0; i < n; i++) {
            BsonValue v = valueAt(sample.documents().document(i), path);
            if (v != null) {
                looked++;
                if (v.isDateTime() || v.isTimestamp()) {
                    times++;
                }
            }
        }
        return looked > 0 && times * 2 > looked;
    }

    private static BsonValue valueAt(BsonDocument d, String path) {
        BsonValue v = d;
        for (String part : path.split("\\.", -1)) {
            if (!(v instanceof BsonDocument doc) || !doc.containsKey(part)) {
                return null;
            }
            v = doc.get(part);
        }
        return v;
    }

    /** Whether {@code filter} bounds {@code path} by a range, at the top level or in an {@code $and}. */
    private static boolean hasRange(BsonDocument filter, String path) {
        BsonValue condition = filter.get(path);
        if (condition instanceof BsonDocument ops) {
            for (String op : List.of("$gt", "$gte", "$lt", "$lte")) {
                if (ops.containsKey(op)) {
                    return true;
                }
            }
        }
        if (filter.get("$and") instanceof BsonArray all) {
            for (BsonValue part : all) {
                if (part instanceof BsonDocument d && hasRange(d, path)) {
                    return true;
                }
            }
        }
        return false;
    }

    static boolean layoutJudged(Facts f) {
        double bytes = f.sample().documents().totalBytes() * f.sample().scale();
        return bytes
                >= (double) CHUNKS_PER_SHARD_FOR_LAYOUT
                        * f.settings().shards()
                        * f.settings().maxChunkSizeBytes();
    }

    /** A 0..1 share as a percentage with at most one decimal. */
    static String pct(double share) {
        return pct100(share * 100);
    }

    /** A 0..100 percentage with at most one decimal. */
    static String pct100(double percent) {
        String s = String.format(Locale.ROOT, "%.1f", percent);
        return (s.endsWith(".0") ? s.substring(0, s.length() - 2) : s) + "%";
    }

    static String decimal(double v) {
        return String.format(Locale.ROOT, "%.2f", v);
    }

    static String mb(long bytes) {
        double m = bytes / (double) AdvisorSettings.MEGABYTE;
        return m >= 10
                ? String.format(Locale.ROOT, "%,.0f MB", m) // untranslated: a size in MB or KB
                : String.format(Locale.ROOT, "%.1f MB", m); // untranslated: a size in MB or KB
    }
}
