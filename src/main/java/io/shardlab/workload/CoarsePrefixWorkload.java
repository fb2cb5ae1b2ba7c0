package io.shardlab.workload;

import io.shardlab.key.ShardKeyPattern;
import io.shardlab.text.Message;
import java.time.Duration;
import java.util.List;
import org.bson.BsonDateTime;
import org.bson.BsonDocument;
import org.bson.BsonDouble;
import org.bson.BsonInt32;
import org.bson.BsonString;

/**
 * {@code coarse-prefix-N}: sensor readings tagged with a coarse random {@code bucket} in
 * {@code [0, N)} (drawn uniformly per reading) and stamped with the ascending time of the insert,
 * after the seed material's "compound shard key: a rough, random value with low-ish cardinality,
 * then an ascending key". On {@code {bucket: 1, ts: 1}} each bucket's range of the key ends in one
 * hot chunk that takes that bucket's writes, always at its top: N hot spots, each written in
 * ascending order. With a few buckets per shard the writes are ascending on every shard; with
 * a thousand buckets they are spread like a random key's.
 *
 * <p>Document: {@code {_id: ObjectId, bucket: NumberInt, ts: Date, sensor: "s0042", value: Double}}.
 */
public final class CoarsePrefixWorkload implements Workload {

    static final int SENSORS = 1_000;
    private static final Duration SPAN = Duration.ofDays(1);

    private final int buckets;

    /** @param buckets N, the number of prefix values, 1 to 1,000,000 */
    public CoarsePrefixWorkload(int buckets) {
        if (buckets < 1 || buckets > 1_000_000) {
            throw new IllegalArgumentException("buckets: 1 to 1,000,000, got " + buckets);
        }
        this.buckets = buckets;
    }

    @Override
    public String name() {
        return "coarse-prefix-" + buckets;
    }

    /** Built from the workload's parameters, by {@link #name()}, {@link #suggestedKey()} and {@link #fields()}. */
    @Override
    public Profile profile() {
        return new Profile(name(), suggestedKey(), fields());
    }

    @Override
    public Message descriptionMessage() {
        return Message.of("workload.coarse-prefix.description", buckets - 1, buckets);
    }

    @Override
    public ShardKeyPattern suggestedKey() {
        return ShardKeyPattern.parse("{bucket: 1, ts: 1}");
    }

    @Override
    public List<String> fields() {
        return List.of("_id", "bucket", "ts", "sensor", "value");
    }

    @Override
    public InsertStream open(WorkloadSettings settings) {
        TimedStream basis = new TimedStream(settings, SPAN);
        return basis.documentsWithIds(
                this,
                (document, ordinal, random) -> document.append("bucket", new BsonInt32(random.nextInt(buckets)))
                        .append("ts", new BsonDateTime(basis.times().millisOf(ordinal)))
                        .append("sensor", new BsonString(TimestampWorkload.sensor(random.nextInt(SENSORS))))
                        .append("value", new BsonDouble(Math.round(random.nextGaussian() * 1000) / 100.0)));
    }

    @Override
    public QueryMix queries(WorkloadSettings settings) {
        ArrivalTimes times = new TimedStream(settings, SPAN).times();
        long hour = Duration.ofHours(1).toMillis();
        return QueryMix.of(
                new QueryTemplate(Message.of("workload.query.oneBucketsHour"), QueryShape.PREFIX, 50, r -> {
                    long from = times.startMillis() + r.nextLong(times.durationMillis() / hour) * hour;
                    return new BsonDocument("bucket", new BsonInt32(r.nextInt(buckets)))
                            .append(
                                    "ts",
                                    new BsonDocument("$gte", new BsonDateTime(from))
                                            .append("$lt", new BsonDateTime(from + hour)));
                }),
                new QueryTemplate(
                        Message.of("workload.query.oneBucket"),
                        QueryShape.PREFIX,
                        20,
                        r -> new BsonDocument("bucket", new BsonInt32(r.nextInt(buckets)))),
                QueryTemplate.nonKeyEquals(
                        Message.of("workload.query.readingsOfOneSensor"),
                        30,
                        "sensor",
                        r -> new BsonString(TimestampWorkload.sensor(r.nextInt(SENSORS)))));
    }
}
