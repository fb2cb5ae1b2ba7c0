package io.shardlab.mongos;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.TreeMap;
import java.util.UUID;
import org.bson.BsonBinary;
import org.bson.BsonDateTime;
import org.bson.BsonDocument;
import org.bson.BsonDouble;
import org.bson.BsonString;
import org.bson.UuidRepresentation;

/**
 * The query analyzer {@code configureQueryAnalyzer} (7.0+) turns on per collection: while a
 * collection's mode is {@code "full"}, the reads and writes a client sends to it are kept as
 * sampled-query documents, {@code {_id, ns, collectionUuid, cmdName, cmd, expireAt}} (mongo
 * {@code src/mongo/s/analyze_shard_key_documents.idl}), at most {@code samplesPerSecond} per second of
 * simulated time on average (mongos samples at that rate, mongo {@code query_analysis_sampler.cpp};
 * ShardLab spends it as a token bucket holding one second's worth). They are what
 * {@code $listSampledQueries} lists and what {@code analyzeShardKey} measures the read and write
 * distribution on. {@code expireAt} is the sample time plus {@code queryAnalysisSampleExpirationSecs}'s
 * default of 7 days.
 *
 * <p>Threading: not thread-safe; the command layer serialises access.
 */
public final class QuerySampler {

    /** mongo configure_query_analyzer_cmd.cpp {@code kMaxSamplesPerSecond}. */
    public static final double MAX_SAMPLES_PER_SECOND = 50;

    private static final long EXPIRE_AFTER_MILLIS = 7L * 24 * 3600 * 1000;

    /** One collection's configuration: {@code mode} "full" or "off", and the rate when full. */
    public record Configuration(String mode, double samplesPerSecond, UUID collectionUuid) {

        /** As configureQueryAnalyzer's reply words it: {@code {mode, samplesPerSecond}} (no rate when off). */
        public BsonDocument toDocument() {
            BsonDocument d = new BsonDocument("mode", new BsonString(mode));
            if ("full".equals(mode)) {
                d.append("samplesPerSecond", new BsonDouble(samplesPerSecond));
            }
            return d;
        }
    }

    private final Map<String, Configuration> configurations = new TreeMap<>();
    private final Map<String, List<BsonDocument>> sampled = new TreeMap<>();
    /** Per namespace: the samples that may still be taken now, and the time they were counted at. */
    private final Map<String, double[]> budgets = new TreeMap<>();

    private final Random ids;
    private final long startEpochMillis;

    /**
     * @param seed seeds the sample ids
     * @param startEpochMillis the wall-clock time of simulated time 0, for {@code expireAt}
     */
    public QuerySampler(long seed, long startEpochMillis) {
        this.ids = new Random(seed);
        this.startEpochMillis = startEpochMillis;
    }

    /**
     * Sets {@code ns}'s configuration; returns the one it replaces for the same collection, if any.
     */
    public Optional<Configuration> configure(String ns, Configuration configuration) {
        Configuration old = configurations.put(ns, configuration);
        budgets.remove(ns);
        return Optional.ofNullable(old).filter(o -> o.collectionUuid().equals(configuration.collectionUuid()));
    }

    /** The configuration of {@code ns}, if one was set. */
    public Optional<Configuration> configuration(String ns) {
        return Optional.ofNullable(configurations.get(ns));
    }

    /**
     * Keeps one operation of {@code ns} when sampling is on and the second's quota is not used up.
     *
     * @param cmdName {@code find}, {@code aggregate}, {@code count}, {@code distinct}, {@code update},
     *     {@code delete} or {@code findAndModify}
     * @param cmd the sampled command, in the shape of the idl's {@code cmd}
     * @param simMillis simulated time of the operation
     */
    public void offer(String ns, String cmdName, BsonDocument cmd, long simMillis) {
        Configuration c = configurations.get(ns);
        if (c == null || !"full".equals(c.mode())) {
            return;
        }
        // a token bucket: samplesPerSecond tokens a second, at most one second's worth (and one) saved
        double cap = Math.max(1, c.samplesPerSecond());
        double[] budget = budgets.computeIfAbsent(ns, k -> new double[] {cap, simMillis});
        budget[0] = Math.min(cap, budget[0] + c.samplesPerSecond() * Math.max(0, simMillis - budget[1]) / 1000.0);
        budget[1] = simMillis;
        if (budget[0] < 1) {
            return;
        }
        budget[0] -= 1;
        UUID id = new UUID(ids.nextLong(), ids.nextLong());
        sampled.computeIfAbsent(ns, k -> new ArrayList<>())
                .add(new BsonDocument("_id", new BsonBinary(id, UuidRepresentation.STANDARD))
                        .append("ns", new BsonString(ns))
                        .append("collectionUuid", new BsonBinary(c.collectionUuid(), UuidRepresentation.STANDARD))
                        .append("cmdName", new BsonString(cmdName))
                        .append("cmd", cmd)
                        .append("expireAt", new BsonDateTime(startEpochMillis + simMillis + EXPIRE_AFTER_MILLIS)));
    }

    /** The sampled-query documents of {@code ns} (every namespace when null), oldest first. */
    public List<BsonDocument> sampled(String ns) {
        List<BsonDocument> out = new ArrayList<>();
        sampled.forEach((n, docs) -> {
            if (ns == null || ns.equals(n)) {
                out.addAll(docs);
            }
        });
        return out;
    }

    /** Forgets a dropped collection's configuration and samples. */
    public void drop(String ns) {
        configurations.remove(ns);
        sampled.remove(ns);
        budgets.remove(ns);
    }
}
