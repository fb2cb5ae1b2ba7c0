package io.shardlab.workload;

import io.shardlab.key.ShardKeyPattern;
import java.time.Duration;
import java.util.List;
import org.bson.BsonDocument;
import org.bson.BsonInt64;
import org.bson.BsonString;

/**
 * {@code uniform}: user profiles whose {@code userId} is drawn uniformly from
 * {@code [0, 10^12)}: every part of the key space is equally likely, so once there are chunks on
 * every shard, writes spread evenly (the seed material's "high randomness" key; its cost shows in
 * range reads).
 *
 * <p>Document: {@code {_id: ObjectId, userId: NumberLong, plan: "free"|"pro"|"team"}}.
 */
public final class UniformWorkload implements Workload {

    static final long KEY_SPACE = 1_000_000_000_000L;
    private static final Duration SPAN = Duration.ofDays(1);
    private static final List<String> PLANS = List.of("free", "pro", "team");

    @Override
    public String name() {
        return "uniform";
    }

    @Override
    public ShardKeyPattern suggestedKey() {
        return ShardKeyPattern.parse("{userId: 1}");
    }

    @Override
    public List<String> fields() {
        return List.of("_id", "userId", "plan");
    }

    @Override
    public InsertStream open(WorkloadSettings settings) {
        TimedStream basis = new TimedStream(settings, SPAN);
        return basis.documentsWithIds(
                this,
                (document, ordinal, random) -> document.append("userId", new BsonInt64(random.nextLong(KEY_SPACE)))
                        .append("plan", new BsonString(PLANS.get(random.nextInt(PLANS.size())))));
    }

    @Override
    public QueryMix queries(WorkloadSettings settings) {
        return QueryMix.of(
                QueryTemplate.keyEquals("profile by id", 60, "userId", r -> new BsonInt64(r.nextLong(KEY_SPACE))),
                QueryTemplate.keyIn("profiles by ids", 10, "userId", 5, r -> new BsonInt64(r.nextLong(KEY_SPACE))),
                QueryTemplate.keyRange(
                        "a block of ids",
                        10,
                        "userId",
                        r -> r.nextLong(KEY_SPACE - KEY_SPACE / 1000),
                        KEY_SPACE / 1000,
                        BsonInt64::new),
                new QueryTemplate(
                        "profiles on a plan",
                        QueryShape.NON_KEY,
                        20,
                        r -> new BsonDocument("plan", new BsonString(PLANS.get(r.nextInt(PLANS.size()))))));
    }
}
