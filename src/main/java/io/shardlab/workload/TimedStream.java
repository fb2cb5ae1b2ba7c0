package io.shardlab.workload;

import java.time.Duration;
import java.util.SplittableRandom;
import org.bson.BsonDocument;
import org.bson.BsonObjectId;
import org.bson.types.ObjectId;

/**
 * The seeded parts every generated workload shares, derived from one seed in one fixed order so a
 * stream and its query mix agree: when each insert happens ({@link ArrivalTimes}), the
 * {@code _id} ObjectId a driver would give it ({@link ObjectIdSequence}), and a generator for the
 * documents' other random values.
 */
public final class TimedStream {

    private final WorkloadSettings settings;
    private final ArrivalTimes times;
    private final ObjectIdSequence ids;
    private final long valuesSeed;

    /** The parts for {@code settings}, with inserts spread over {@code duration}. */
    public TimedStream(WorkloadSettings settings, Duration duration) {
        this.settings = settings;
        SplittableRandom master = new SplittableRandom(settings.seed());
        this.times = new ArrivalTimes(settings.start(), duration, settings.docs(), master.nextLong());
        this.ids = new ObjectIdSequence(master.nextLong());
        this.valuesSeed = master.nextLong();
    }

    /** When each insert happens. */
    public ArrivalTimes times() {
        return times;
    }

    /** The {@code _id} of insert {@code ordinal}: an ObjectId stamped with its arrival second. */
    public ObjectId idOf(long ordinal) {
        return ids.at(ordinal, times.secondsOf(ordinal));
    }

    /** A new document {@code {_id: <idOf(ordinal)>}} to append the other fields to. */
    public BsonDocument documentWithId(long ordinal) {
        return new BsonDocument("_id", new BsonObjectId(idOf(ordinal)));
    }

    /** A fresh generator for the documents' other random values; the same sequence every call. */
    public SplittableRandom values() {
        return new SplittableRandom(valuesSeed);
    }

    /**
     * The stream of {@code workload}: insert {@code ordinal} is {@code {_id: <idOf(ordinal)>}} followed by
     * the fields {@code fields} appends, their random values drawn from one {@link #values()} generator in
     * insert order.
     */
    public InsertStream documentsWithIds(Workload workload, FieldsAfterId fields) {
        SplittableRandom random = values();
        return GeneratedInsertStream.of(
                workload, settings, ordinal -> fields.append(documentWithId(ordinal), ordinal, random));
    }

    /** The fields a generated document has after its {@code _id}. */
    @FunctionalInterface
    public interface FieldsAfterId {
        /**
         * {@code document} (holding only insert {@code ordinal}'s {@code _id}) with the insert's other fields
         * appended; every random value comes from {@code random}.
         */
        BsonDocument append(BsonDocument document, long ordinal, SplittableRandom random);
    }
}
