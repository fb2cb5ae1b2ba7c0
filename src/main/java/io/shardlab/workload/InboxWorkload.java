package io.shardlab.workload;

import io.shardlab.text.Message;
import java.time.Duration;
import java.util.SplittableRandom;
import org.bson.BsonDateTime;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonString;

/**
 * {@code inbox}: the seed material's social inbox, sharded {@code {owner: 1, sequence: 1}}. Each
 * message goes from a random user (uniform) to one to three other users, chosen with a mild
 * popularity skew (Zipf, exponent 0.5, over the users in a seeded random order: the busiest user
 * gets about 0.5% of all mail, a median user a hundredth of that); every delivery increments the
 * recipient's message count and is written with {@code sequence = floor(count / 50)}, so an
 * owner's messages fill buckets of 50 ("The Math.floor(count/50) generation will split up the inbox
 * into buckets of 50 messages"). Writes to different owners spread over the shards, and reading
 * one owner's inbox ({@code {owner: o}}) reaches the one shard that holds that owner's buckets.
 *
 * <p>The seed pushes each message into a bucket document with an upsert; the simulator inserts, so
 * here every delivery is one document of that bucket's key.
 *
 * <p>Document: {@code {_id: ObjectId, owner: "user00042", sequence: NumberInt, from: "user00007",
 * sentOn: Date, message: "…"}}; {@value #USERS} users.
 */
public final class InboxWorkload implements Workload {

    static final int USERS = 10_000;
    static final int BUCKET = 50;
    static final double POPULARITY_EXPONENT = 0.5;
    private static final Duration SPAN = Duration.ofDays(1);
    /** A message's body in the generated documents: data, the same in every language. */
    private static final String TEXT =
            "Hello world! Are we still on for lunch on Friday? I found the notes from " // untranslated: data
                    + "last week's meeting and attached the slides; " // untranslated: data
                    + "let me know what you think of the new sharding plan."; // untranslated: data

    static String user(int index) {
        return PaddedId.of("user", index, 5);
    }

    @Override
    public InsertStream open(WorkloadSettings settings) {
        TimedStream basis = new TimedStream(settings, SPAN);
        SplittableRandom random = basis.values();
        int[] messageCount = new int[USERS];
        Delivery delivery = new Delivery(DiscreteDistribution.zipf(USERS, POPULARITY_EXPONENT), random);
        return GeneratedInsertStream.of(this, settings, ordinal -> {
            if (delivery.remaining == 0) {
                delivery.newMessage(random);
            }
            int owner = delivery.recipients[--delivery.remaining];
            int count = ++messageCount[owner];
            return basis.documentWithId(ordinal)
                    .append("owner", new BsonString(user(owner)))
                    .append("sequence", new BsonInt32(count / BUCKET))
                    .append("from", new BsonString(user(delivery.from)))
                    .append("sentOn", new BsonDateTime(basis.times().millisOf(ordinal)))
                    .append("message", new BsonString(delivery.text));
        });
    }

    /** The message being delivered: its sender, text and the recipients still to write. */
    private static final class Delivery {
        final int[] recipients = new int[3];
        final DiscreteDistribution popularity;
        final int[] userOfRank = new int[USERS];
        int remaining;
        int from;
        String text;

        Delivery(DiscreteDistribution popularity, SplittableRandom random) {
            this.popularity = popularity;
            for (int i = 0; i < USERS; i++) {
                userOfRank[i] = i;
            }
            for (int i = USERS - 1; i > 0; i--) {
                int j = random.nextInt(i + 1);
                int t = userOfRank[i];
                userOfRank[i] = userOfRank[j];
                userOfRank[j] = t;
            }
        }

        void newMessage(SplittableRandom random) {
            from = random.nextInt(USERS);
            int count = 1 + random.nextInt(3);
            remaining = 0;
            while (remaining < count) {
                int to = userOfRank[popularity.sample(random)];
                boolean fresh = to != from;
                for (int i = 0; i < remaining && fresh; i++) {
                    fresh = recipients[i] != to;
                }
                if (fresh) {
                    recipients[remaining++] = to;
                }
            }
            text = TEXT.substring(0, 20 + random.nextInt(TEXT.length() - 20));
        }
    }

    @Override
    public QueryMix queries(WorkloadSettings settings) {
        return QueryMix.of(
                new QueryTemplate(
                        Message.of("workload.query.readAnInbox"),
                        QueryShape.PREFIX,
                        80,
                        r -> new BsonDocument("owner", new BsonString(user(r.nextInt(USERS))))),
                new QueryTemplate(
                        Message.of("workload.query.firstBucketOfAnInbox"),
                        QueryShape.EQUALITY,
                        10,
                        r -> new BsonDocument("owner", new BsonString(user(r.nextInt(USERS))))
                                .append("sequence", new BsonInt32(0))),
                QueryTemplate.nonKeyEquals(
                        Message.of("workload.query.messagesFromAUser"),
                        10,
                        "from",
                        r -> new BsonString(user(r.nextInt(USERS)))));
    }

    @Override
    public Profile profile() {
        return Profile.of("inbox", "{owner: 1, sequence: 1}", "_id", "owner", "sequence", "from", "sentOn", "message");
    }
}
