package io.shardlab.advisor;

import io.shardlab.bson.BsonPrinter;
import io.shardlab.key.KeyField;
import io.shardlab.key.ShardKeyPattern;
import io.shardlab.routing.Counts;
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
    static String meaningfulChunkSize(long bytes, int shards) {
        long megabytes = bytes / ((long) CHUNKS_PER_SHARD_FOR_LAYOUT * shards) / AdvisorSettings.MEGABYTE;
        return megabytes >= 1
                ? "a chunk size of " + megabytes + " MB (or less) makes the comparison meaningful."
                : "even 1 MB chunks, MongoDB's smallest, are too large for it: sample more documents.";
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
            List<SampledQuery> queries) {}

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
                    count(f.jumboRisk().values())
                            + (f.jumboRisk().values() == 1 ? " value has" : " values have")
                            + " more data than a chunk may hold ("
                            + mb(f.settings().maxChunkSizeBytes()) + "): " + BsonPrinter.shell(top.value())
                            + " alone is about "
                            + mb(top.estimatedBytes())
                            + ". A chunk cannot be split between documents with the same key, "
                            + "so these chunks become jumbo and the balancer cannot move them."));
        }
        f.readWrite().ifPresent(rw -> {
            if (!rw.rejected().isEmpty()) {
                RejectedQuery r = rw.rejected().get(0);
                out.add(new Finding(
                        FindingKind.REJECTED_OPERATIONS,
                        "MongoDB " + f.settings().version()
                                + " refuses " + count(rw.rejected().size()) + " operation"
                                + (rw.rejected().size() == 1 ? "" : "s") + " of the query mix with this key, e.g. "
                                + r.query().describe()
                                + (r.query().line() > 0 ? " (line " + r.query().line() + ")" : "")
                                + ": \"" + r.error() + "\""));
            }
        });

        boolean layoutJudged = layoutJudged(f);
        if (n >= 2 && layoutJudged) {
            double even = 1.0 / n;
            double m = f.meanMaxWriteShare();
            if (m >= HOT_SHARD_SHARE) {
                out.add(new Finding(
                        FindingKind.HOT_SHARD,
                        "Replayed in insertion order, " + pct(m)
                                + " of each window's inserts went to one shard (meanMaxWriteShare " + decimal(m)
                                + "; even would be " + decimal(even) + "): the other " + (n - 1)
                                + " shards wait while one takes the writes."));
            } else if (m >= CONCENTRATED_EVEN_SHARES * even) {
                out.add(new Finding(
                        FindingKind.CONCENTRATED_WRITES,
                        "Inserts concentrate: the busiest shard took "
                                + pct(m) + " of each window's inserts (meanMaxWriteShare " + decimal(m)
                                + "; even would be "
                                + decimal(even) + ")."));
            } else if (m <= SPREAD_EVEN_SHARES * even) {
                out.add(new Finding(
                        FindingKind.SPREAD_WRITES,
                        "Inserts spread over the shards: the busiest shard took "
                                + pct(m) + " of each window's inserts (meanMaxWriteShare " + decimal(m) + ", even is "
                                + decimal(even) + ")."));
            }
            double d = f.layout().maxShardDocShare();
            if (d >= UNEVEN_EVEN_SHARES * even) {
                out.add(new Finding(
                        FindingKind.UNEVEN_DATA,
                        "After the replay one shard holds " + pct(d) + " of the documents (an even share is "
                                + pct(even) + ")."));
            }
        }

        if (kc.numDistinctValues() < LOW_CARDINALITY_BELOW) {
            out.add(new Finding(
                    FindingKind.LOW_CARDINALITY,
                    "Only " + count(kc.numDistinctValues())
                            + " distinct value" + (kc.numDistinctValues() == 1 ? "" : "s") + " in " + count(docs)
                            + " documents: the collection can never have more than " + count(kc.numDistinctValues())
                            + " chunk" + (kc.numDistinctValues() == 1 ? "" : "s") + ", however large it grows."));
        }
        ValueFrequency top = kc.mostCommonValues().get(0);
        double topShare = kc.topValueShare();
        double meanFrequency = (double) docs / kc.numDistinctValues();
        if (n >= 2 && topShare > 1.0 / n) {
            out.add(new Finding(
                    FindingKind.VALUE_OUTWEIGHS_SHARD,
                    BsonPrinter.shell(top.value()) + " alone holds "
                            + pct(topShare) + " of the documents, more than an even share of " + n + " shards ("
                            + pct(1.0 / n) + "): whichever shard owns it holds more than its share."));
        } else if (topShare >= FREQUENT_VALUE_MIN_SHARE
                && top.frequency() >= FREQUENT_VALUE_MIN_RATIO * meanFrequency) {
            out.add(new Finding(
                    FindingKind.FREQUENT_VALUES,
                    "Skewed: the most common value "
                            + BsonPrinter.shell(top.value()) + " has " + Counts.of(top.frequency(), "document") + " ("
                            + pct(topShare)
                            + "), " + decimal(top.frequency() / meanFrequency) + " times the average value's "
                            + decimal(meanFrequency) + "; its chunk is the largest that can never be split."));
        }
        for (int i = 0; i < f.missing().size(); i++) {
            long missing = f.missing().get(i);
            String path = f.key().fields().get(i).path();
            if (missing == docs && kc.numDistinctValues() == 1) {
                out.add(new Finding(
                        FindingKind.FIELD_ABSENT,
                        "'" + path + "' is missing in every sampled document: "
                                + "all get null, so the key has one value and can never split."));
            } else if (missing == docs) {
                out.add(new Finding(
                        FindingKind.MISSING_FIELDS,
                        "'" + path + "' is missing in every sampled document: "
                                + "all get null there, so the key splits only on its other fields."));
            } else if (missing > 0) {
                out.add(new Finding(
                        FindingKind.MISSING_FIELDS,
                        count(missing) + " of " + count(docs)
                                + " documents have no '"
                                + f.key().fields().get(i).path() + "'; they are stored and routed "
                                + "as if it were null, so they all share one value."));
            }
        }
        Monotonicity mono = kc.monotonicity();
        if (mono.type() == MonotonicityType.MONOTONIC) {
            double c = mono.recordIdCorrelationCoefficient().getAsDouble();
            out.add(new Finding(
                    FindingKind.MONOTONIC,
                    "The key " + (c > 0 ? "grows" : "shrinks")
                            + " with insertion order (recordIdCorrelationCoefficient " + decimal(c)
                            + ", monotonic from "
                            + decimal(KeyCharacteristicsCalculator.MONOTONICITY_CORRELATION_COEFFICIENT_THRESHOLD)
                            + "): every insert lands in the chunk at the " + (c > 0 ? "MaxKey" : "MinKey")
                            + " end, on one shard at a time."));
        }
        f.readWrite().ifPresent(rw -> {
            ReadDistributionMetrics r = rw.read();
            if (!r.isEmpty() && r.percentageOfScatterGatherReads() > 0) {
                out.add(new Finding(
                        FindingKind.SCATTER_GATHER_READS,
                        pct100(r.percentageOfScatterGatherReads())
                                + " of the reads have no condition on the key's first field '"
                                + f.key().fields().get(0).path()
                                + "'" + (f.key().hasHashedPrefix() ? " (or only a range on the hashed field)" : "")
                                + ", so mongos sends them to every shard (scatter-gather)."));
            }
            WriteDistributionMetrics w = rw.write();
            if (!w.isEmpty() && w.percentageOfScatterGatherWrites() > 0) {
                out.add(new Finding(
                        FindingKind.SCATTER_GATHER_WRITES,
                        pct100(w.percentageOfScatterGatherWrites())
                                + " of the writes have no usable condition on the key, so they reach every shard."));
            }
            if (!r.isEmpty() && r.percentageOfSingleShardReads() >= TARGETED_READS_PERCENT) {
                out.add(new Finding(
                        FindingKind.TARGETED_READS,
                        pct100(r.percentageOfSingleShardReads())
                                + " of the reads give the full shard key and reach one shard."));
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
                            ? "Every sampled document has its own value (" + count(kc.numDistinctValues()) + " values)."
                            : count(kc.numDistinctValues()) + " distinct values, none frequent (the most common has "
                                    + Counts.of(top.frequency(), "document") + ")."));
        }
        if (!layoutJudged && n >= 2) {
            long bytes =
                    Math.round(f.sample().documents().totalBytes() * f.sample().scale());
            out.add(new Finding(
                    FindingKind.SMALL_SAMPLE,
                    "The data (" + mb(bytes) + ") is less than "
                            + CHUNKS_PER_SHARD_FOR_LAYOUT + " chunks of "
                            + mb(f.settings().maxChunkSizeBytes()) + " per shard, "
                            + "so the balancer has little to spread and the write and layout numbers say little; "
                            + meaningfulChunkSize(bytes, n)));
        }
        if (f.sample().order() == SampleOrder.UNKNOWN) {
            out.add(new Finding(
                    FindingKind.UNKNOWN_ORDER,
                    "The sample is in no known order ($sample returns "
                            + "documents at random), so monotonicity is unknown and the replay does not follow the real "
                            + "insert order."));
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
            String why = "'" + field.path() + "' holds dates and the key hashes it, so neighbouring times land on "
                    + "any shard: ";
            if (mix.isEmpty()) {
                return Optional.of(new Finding(
                        FindingKind.HASHED_TIME_RANGES,
                        why + "a read of a time range on '" + field.path() + "' ($gte/$lt) would reach every shard."));
            }
            if (rangeReads > 0) {
                return Optional.of(new Finding(
                        FindingKind.HASHED_TIME_RANGES,
                        why + count(rangeReads)
                                + " of the reads (by weight) ask for a time range on '" + field.path()
                                + "' and reach every shard."));
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

    static String count(long n) {
        return String.format(Locale.ROOT, "%,d", n);
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
        return m >= 10 ? String.format(Locale.ROOT, "%,.0f MB", m) : String.format(Locale.ROOT, "%.1f MB", m);
    }
}
