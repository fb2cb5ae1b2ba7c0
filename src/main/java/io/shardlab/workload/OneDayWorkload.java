package io.shardlab.workload;

import java.time.Duration;
import java.util.SplittableRandom;
import org.bson.BsonDocument;

/**
 * A generated workload whose inserts arrive over one day from the settings' start, each {@code {_id: ObjectId}}
 * followed by the fields {@link #fieldsAfterId} appends ({@link TimedStream#documentsWithIds}): the stream and the
 * arrival times these workloads share, written once.
 */
abstract class OneDayWorkload implements Workload {

    /** The span the inserts arrive over. */
    static final Duration SPAN = Duration.ofDays(1);

    @Override
    public final InsertStream open(WorkloadSettings settings) {
        TimedStream basis = new TimedStream(settings, SPAN);
        return basis.documentsWithIds(
                this, (document, ordinal, random) -> fieldsAfterId(document, ordinal, random, basis.times()));
    }

    /** When each of {@code settings}' inserts arrives: the times {@link #open} stamps, for the query mix to read. */
    static ArrivalTimes arrivals(WorkloadSettings settings) {
        return new TimedStream(settings, SPAN).times();
    }

    /**
     * {@code document} (holding only insert {@code ordinal}'s {@code _id}) with the insert's other fields appended;
     * every random value comes from {@code random}, the insert's time from {@code times}.
     */
    abstract BsonDocument fieldsAfterId(
            BsonDocument document, long ordinal, SplittableRandom random, ArrivalTimes times);
}
