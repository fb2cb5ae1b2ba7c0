package io.shardlab.workload;

import io.shardlab.text.Message;
import java.time.Duration;
import java.time.Instant;
import java.time.YearMonth;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonString;

/**
 * {@code compound-month-user}: an analytics application's events over six months, keyed
 * {@code {month: 1, user: 1}}: the seed material's "coarsely ascending key plus search key"
 * ({@code {coarselyAscending: 1, search: 1}}, example {@code {month: 1, user: 1}}). The month only
 * moves forward, but within the current month the user (uniform over 100,000 users) spreads the
 * writes over all of that month's chunks, and a user's month is read from one place.
 *
 * <p>Inserts are spread evenly over the six calendar months (UTC) that follow the start, so each
 * month gets a sixth of the documents and {@code month} changes five times, in order.
 *
 * <p>Document: {@code {_id: ObjectId, month: "2024-01", user: "u000042", durationMs: NumberInt}}.
 */
public final class MonthUserWorkload implements Workload {

    static final int MONTHS = 6;
    static final int USERS = 100_000;

    /** The calendar months the stream covers, with their first millisecond. */
    record Month(String label, long startMillis) {}

    static List<Month> months(Instant start) {
        YearMonth first = YearMonth.from(start.atZone(ZoneOffset.UTC));
        List<Month> months = new ArrayList<>();
        for (int i = 0; i <= MONTHS; i++) {
            YearMonth m = first.plusMonths(i);
            months.add(new Month(
                    m.toString(),
                    m.atDay(1).atStartOfDay(ZoneOffset.UTC).toInstant().toEpochMilli()));
        }
        return months;
    }

    private static Duration span(Instant start) {
        List<Month> months = months(start);
        return Duration.ofMillis(months.get(MONTHS).startMillis() - start.toEpochMilli());
    }

    @Override
    public InsertStream open(WorkloadSettings settings) {
        TimedStream basis = new TimedStream(settings, span(settings.start()));
        List<Month> months = months(settings.start());
        int[] current = {0};
        return basis.documentsWithIds(this, (document, ordinal, random) -> {
            long t = basis.times().millisOf(ordinal);
            while (current[0] + 1 < months.size() && months.get(current[0] + 1).startMillis() <= t) {
                current[0]++;
            }
            return document.append(
                            "month", new BsonString(months.get(current[0]).label()))
                    .append("user", new BsonString(user(random.nextInt(USERS))))
                    .append("durationMs", new BsonInt32(random.nextInt(60_000)));
        });
    }

    static String user(int index) {
        return PaddedId.of("u", index, 6);
    }

    @Override
    public QueryMix queries(WorkloadSettings settings) {
        List<Month> months = months(settings.start()).subList(0, MONTHS);
        return QueryMix.of(
                new QueryTemplate(
                        Message.of("workload.query.oneUsersMonth"),
                        QueryShape.EQUALITY,
                        60,
                        r -> new BsonDocument(
                                        "month",
                                        new BsonString(
                                                months.get(r.nextInt(MONTHS)).label()))
                                .append("user", new BsonString(user(r.nextInt(USERS))))),
                new QueryTemplate(
                        Message.of("workload.query.aMonthsReport"),
                        QueryShape.PREFIX,
                        10,
                        r -> new BsonDocument(
                                "month",
                                new BsonString(months.get(r.nextInt(MONTHS)).label()))),
                QueryTemplate.nonKeyEquals(
                        Message.of("workload.query.oneUsersHistory"),
                        30,
                        "user",
                        r -> new BsonString(user(r.nextInt(USERS)))));
    }

    @Override
    public Profile profile() {
        return Profile.of("compound-month-user", "{month: 1, user: 1}", "_id", "month", "user", "durationMs");
    }
}
