package io.shardlab.workload;

import io.shardlab.text.Message;
import java.time.Duration;
import java.util.SplittableRandom;
import org.bson.BsonDateTime;
import org.bson.BsonDocument;
import org.bson.BsonDouble;
import org.bson.BsonString;

/**
 * {@code timestamp}: sensor readings over one day, {@code ts} = the moment of the insert. Time
 * only moves forward, so {@code {ts: 1}} is a monotonic key: every insert goes to the chunk that
 * ends at MaxKey (the seed material's "ascending timestamp: one hot chunk").
 *
 * <p>Document: {@code {_id: ObjectId, ts: Date, sensor: "s0042", value: Double}}.
 */
public final class TimestampWorkload extends OneDayWorkload {

    static final int SENSORS = 1_000;

    @Override
    BsonDocument fieldsAfterId(BsonDocument document, long ordinal, SplittableRandom random, ArrivalTimes times) {
        return document.append("ts", new BsonDateTime(times.millisOf(ordinal)))
                .append("sensor", new BsonString(sensor(random.nextInt(SENSORS))))
                .append("value", new BsonDouble(Math.round(random.nextGaussian() * 1000) / 100.0));
    }

    static String sensor(int index) {
        return PaddedId.of("s", index, 4);
    }

    @Override
    public QueryMix queries(WorkloadSettings settings) {
        ArrivalTimes times = arrivals(settings);
        long docs = settings.docs();
        long hour = Duration.ofHours(1).toMillis();
        return QueryMix.of(
                QueryTemplate.keyEquals(
                        Message.of("workload.query.readingAtAnInstant"),
                        20,
                        "ts",
                        r -> new BsonDateTime(times.millisOf(1 + r.nextLong(docs)))),
                QueryTemplate.keyRange(
                        Message.of("workload.query.readingsOfOneHour"),
                        50,
                        "ts",
                        r -> times.startMillis() + r.nextLong(times.durationMillis() / hour) * hour,
                        hour,
                        BsonDateTime::new),
                new QueryTemplate(
                        Message.of("workload.query.readingsOfOneSensor"),
                        QueryShape.NON_KEY,
                        30,
                        r -> new BsonDocument("sensor", new BsonString(sensor(r.nextInt(SENSORS))))));
    }

    @Override
    public Profile profile() {
        return Profile.of("timestamp", "{ts: 1}", "_id", "ts", "sensor", "value");
    }
}
