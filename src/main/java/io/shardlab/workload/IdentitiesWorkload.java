package io.shardlab.workload;

import io.shardlab.text.Message;
import io.shardlab.text.RefusedInput;
import java.time.Duration;
import java.util.List;
import org.bson.BsonDocument;
import org.bson.BsonString;

/**
 * {@code identities}: the seed material's "document per identity". Each user who signs up gets
 * two documents in {@code users.identities}, sharded {@code {identifier: 1}}: one for the user
 * name, {@code {identifier: {user: "peter"}, id: "peter"}}, and one for the e-mail address,
 * {@code {identifier: {email: "peter@example.com", user: "peter"}, id: "peter"}}. Looking a user
 * up by either identity is an equality on the whole key: one shard.
 *
 * <p>Users sign up in random name order: user {@code k} is named by a bijection of {@code k} onto
 * the six-letter lower-case names ({@code k → (k·a + b) mod 26^6} with {@code a} coprime to
 * {@code 26^6} and {@code b} from the seed), so names never repeat (the unique index on
 * {@code identifier} would refuse a duplicate) for up to 26^6 users.
 *
 * <p>Note: embedded documents compare field by field, names first, so every
 * {@code {email: …}} identifier sorts before every {@code {user: …}} identifier.
 *
 * <p>Document: {@code {_id: ObjectId, identifier: {…}, id: "peter"}}; two per user, in that order.
 */
public final class IdentitiesWorkload implements Workload {

    static final long NAME_SPACE = 308_915_776L; // 26^6
    /** Coprime to 26^6 = 2^6 · 13^6: odd and not a multiple of 13. */
    private static final long MULTIPLIER = 183_109_553L;

    private static final List<String> DOMAINS = List.of("example.com", "example.org", "example.net");
    private static final Duration SPAN = Duration.ofDays(1);

    /** The name of user {@code k} (0-based) under a seed. */
    static String userName(long k, long seed) {
        long offset = Math.floorMod(ArrivalTimes.mix64(seed), NAME_SPACE);
        long v = Math.floorMod(Math.floorMod(k, NAME_SPACE) * MULTIPLIER + offset, NAME_SPACE);
        char[] name = new char[6];
        for (int i = 5; i >= 0; i--) {
            name[i] = (char) ('a' + v % 26);
            v /= 26;
        }
        return new String(name);
    }

    static String email(String user, long k) {
        return user + "@" + DOMAINS.get((int) (k % DOMAINS.size()));
    }

    @Override
    public InsertStream open(WorkloadSettings settings) {
        if ((settings.docs() + 1) / 2 > NAME_SPACE) {
            throw new RefusedInput(
                    Message.of("workload.refused.identitiesDocs", 2 * NAME_SPACE, NAME_SPACE, settings.docs()));
        }
        TimedStream basis = new TimedStream(settings, SPAN);
        long seed = settings.seed();
        return GeneratedInsertStream.of(this, settings, ordinal -> {
            long k = (ordinal - 1) / 2;
            String user = userName(k, seed);
            BsonDocument identifier = (ordinal - 1) % 2 == 0
                    ? new BsonDocument("user", new BsonString(user))
                    : new BsonDocument("email", new BsonString(email(user, k))).append("user", new BsonString(user));
            return basis.documentWithId(ordinal)
                    .append("identifier", identifier)
                    .append("id", new BsonString(user));
        });
    }

    @Override
    public QueryMix queries(WorkloadSettings settings) {
        long users = Math.max(1, settings.docs() / 2);
        long seed = settings.seed();
        return QueryMix.of(
                new QueryTemplate(Message.of("workload.query.identityByUserName"), QueryShape.EQUALITY, 50, r -> {
                    String user = userName(r.nextLong(users), seed);
                    return new BsonDocument("identifier", new BsonDocument("user", new BsonString(user)));
                }),
                new QueryTemplate(Message.of("workload.query.identityByEmail"), QueryShape.EQUALITY, 40, r -> {
                    long k = r.nextLong(users);
                    String user = userName(k, seed);
                    return new BsonDocument(
                            "identifier",
                            new BsonDocument("email", new BsonString(email(user, k)))
                                    .append("user", new BsonString(user)));
                }),
                QueryTemplate.nonKeyEquals(
                        Message.of("workload.query.allIdentitiesOfAUser"),
                        10,
                        "id",
                        r -> new BsonString(userName(r.nextLong(users), seed))));
    }

    @Override
    public Profile profile() {
        return Profile.of("identities", "{identifier: 1}", "_id", "identifier", "id");
    }
}
