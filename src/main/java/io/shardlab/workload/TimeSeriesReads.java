package io.shardlab.workload;

import io.shardlab.text.Message;
import java.time.Duration;
import org.bson.BsonDateTime;

/**
 * The two reads of a time series keyed by its arrival time: one reading at an instant the series holds, and the
 * readings of one whole hour of it. Immutable.
 *
 * @param times when each document arrives
 * @param docs the documents of the series (ordinals 1..docs)
 * @param timeField the date field, e.g. {@code "ts"}
 */
record TimeSeriesReads(ArrivalTimes times, long docs, String timeField) {

    private static final long HOUR = Duration.ofHours(1).toMillis();

    /** {@code {<timeField>: <the arrival time of a drawn document>}}, {@code weight} of the mix. */
    QueryTemplate readingAtAnInstant(int weight) {
        return QueryTemplate.keyEquals(
                Message.of("workload.query.readingAtAnInstant"),
                weight,
                timeField,
                r -> new BsonDateTime(times.millisOf(1 + r.nextLong(docs))));
    }

    /** The readings of one of the series' whole hours (from its start), {@code weight} of the mix. */
    QueryTemplate readingsOfOneHour(int weight) {
        return QueryTemplate.keyRange(
                Message.of("workload.query.readingsOfOneHour"),
                weight,
                timeField,
                r -> times.startMillis() + r.nextLong(times.durationMillis() / HOUR) * HOUR,
                HOUR,
                BsonDateTime::new);
    }
}
