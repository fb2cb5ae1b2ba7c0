package io.shardlab.workload;

import io.shardlab.text.Message;
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
        TimeSeriesReads reads = new TimeSeriesReads(arrivals(settings), settings.docs(), "ts");
        return QueryMix.of(
                reads.readingAtAnInstant(20),
                reads.readingsOfOneHour(50),
                QueryTemplate.nonKeyEquals(
                        Message.of("workload.query.readingsOfOneSensor"),
                        30,
                        "sensor",
                        r -> new BsonString(sensor(r.nextInt(SENSORS)))));
    }

    @Override
    public Profile profile() {
        return Profile.of("timestamp", "{ts: 1}", "_id", "ts", "sensor", "value");
    }
}
