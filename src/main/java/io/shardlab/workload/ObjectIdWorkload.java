package io.shardlab.workload;

import io.shardlab.text.Message;
import java.time.Duration;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.Function;
import org.bson.BsonDocument;
import org.bson.BsonObjectId;
import org.bson.BsonString;
import org.bson.BsonValue;
import org.bson.types.ObjectId;

/**
 * {@code objectid}: an event log whose {@code _id} is the ObjectId the driver generates. An
 * ObjectId starts with its creation second, so {@code {_id: 1}} is a monotonic key (the seed
 * material: "an incrementing counter or an ObjectId … all documents will be written to the same
 * shard and chunk"); {@code {_id: "hashed"}} is its usual cure.
 *
 * <p>Document: {@code {_id: ObjectId, user: "u000042", action: "login"}}.
 */
public final class ObjectIdWorkload extends OneDayWorkload {

    static final int USERS = 100_000;
    private static final List<String> ACTIONS = List.of("login", "view", "search", "purchase", "logout");

    @Override
    BsonDocument fieldsAfterId(BsonDocument document, long ordinal, SplittableRandom random, ArrivalTimes times) {
        return document.append("user", new BsonString(user(random.nextInt(USERS))))
                .append("action", new BsonString(ACTIONS.get(random.nextInt(ACTIONS.size()))));
    }

    static String user(int index) {
        return PaddedId.of("u", index, 6);
    }

    @Override
    public QueryMix queries(WorkloadSettings settings) {
        TimedStream basis = new TimedStream(settings, SPAN);
        long docs = settings.docs();
        long hourSeconds = Duration.ofHours(1).toSeconds();
        long hours = Math.max(1, basis.times().durationMillis() / 1000 / hourSeconds);
        Function<SplittableRandom, BsonValue> anEvent = r -> new BsonObjectId(basis.idOf(1 + r.nextLong(docs)));
        return QueryMix.of(
                QueryTemplate.keyEquals(Message.of("workload.query.eventById"), 50, "_id", anEvent),
                QueryTemplate.keyIn(Message.of("workload.query.eventsByIds"), 10, "_id", 3, anEvent),
                QueryTemplate.keyRange(
                        Message.of("workload.query.eventsOfOneHour"),
                        20,
                        "_id",
                        r -> basis.times().startMillis() / 1000 + r.nextLong(hours) * hourSeconds,
                        hourSeconds,
                        second -> new BsonObjectId(boundary(second))),
                QueryTemplate.nonKeyEquals(
                        Message.of("workload.query.eventsOfOneUser"),
                        20,
                        "user",
                        r -> new BsonString(user(r.nextInt(USERS)))));
    }

    /** The smallest ObjectId of second {@code epochSecond}: the bound of a time range on {@code _id}. */
    static ObjectId boundary(long epochSecond) {
        byte[] bytes = new byte[12];
        int s = (int) epochSecond;
        bytes[0] = (byte) (s >>> 24);
        bytes[1] = (byte) (s >>> 16);
        bytes[2] = (byte) (s >>> 8);
        bytes[3] = (byte) s;
        return new ObjectId(bytes);
    }

    @Override
    public Profile profile() {
        return Profile.of("objectid", "{_id: 1}", "_id", "user", "action");
    }
}
