package io.shardlab.workload;

import io.shardlab.text.Message;
import java.util.SplittableRandom;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonString;

/**
 * {@code age}: the people of a school, keyed by age, after the seed material's example ("选择年龄为片键
 * … 最多只可以拆出100个chunk"): ages are whole numbers in {@code [0, 99]}, so {@code {age: 1}} has at
 * most 100 chunks however much data arrives, and most people are pupils aged 7 to 20, so those
 * few chunks take most writes.
 *
 * <p>Mix: 90% pupils with an age uniform in {@code [7, 20]}, 8% staff uniform in {@code [21, 67]},
 * 2% visitors (family, alumni) uniform in {@code [0, 99]}, so every age can occur.
 *
 * <p>Document: {@code {_id: ObjectId, name: "p000042", age: NumberInt, role: "pupil"|"staff"|"visitor"}}.
 */
public final class AgeWorkload extends OneDayWorkload {

    static final int MAX_AGE = 99;
    private static final int PEOPLE = 1_000_000;

    @Override
    BsonDocument fieldsAfterId(BsonDocument document, long ordinal, SplittableRandom random, ArrivalTimes times) {
        double who = random.nextDouble();
        String role;
        int age;
        if (who < 0.90) {
            role = "pupil";
            age = 7 + random.nextInt(14);
        } else if (who < 0.98) {
            role = "staff";
            age = 21 + random.nextInt(47);
        } else {
            role = "visitor";
            age = random.nextInt(MAX_AGE + 1);
        }
        return document.append("name", new BsonString(PaddedId.of("p", random.nextInt(PEOPLE), 6)))
                .append("age", new BsonInt32(age))
                .append("role", new BsonString(role));
    }

    @Override
    public QueryMix queries(WorkloadSettings settings) {
        return QueryMix.of(
                new QueryTemplate(
                        Message.of("workload.query.peopleOfOneAge"),
                        QueryShape.EQUALITY,
                        40,
                        r -> new BsonDocument("age", new BsonInt32(7 + r.nextInt(14)))),
                new QueryTemplate(
                        Message.of("workload.query.primarySchoolPupils"),
                        QueryShape.RANGE,
                        20,
                        r -> new BsonDocument(
                                "age", new BsonDocument("$gte", new BsonInt32(7)).append("$lt", new BsonInt32(12)))),
                QueryTemplate.nonKeyEquals(
                        Message.of("workload.query.allStaff"), 40, "role", r -> new BsonString("staff")));
    }

    @Override
    public Profile profile() {
        return Profile.of("age", "{age: 1}", "_id", "name", "age", "role");
    }
}
