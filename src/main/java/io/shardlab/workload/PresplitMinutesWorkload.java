package io.shardlab.workload;

import io.shardlab.key.ShardKey;
import io.shardlab.text.Message;
import io.shardlab.text.RefusedInput;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;
import org.bson.BsonDateTime;
import org.bson.BsonDocument;
import org.bson.BsonDouble;

/**
 * {@code presplit-minutes}: the seed material's cure for a timestamp key, "pre-split the key range
 * so each chunk represented a single minute of data". One day of measurements keyed by their time,
 * {@code _id: Date}, sharded {@code {_id: 1}}. Before the first insert the collection is split at
 * every minute of the day, {@code 00:00} to {@code 23:59} (1,440 split points, as the seed's loop
 * {@code for (i = 0; i < 60*24; i++) split(middle: {_id: date}); date += 1 minute}), and the chunks
 * are moved round-robin over the shards; then the day's writes, still ascending, go to a different
 * shard every minute.
 *
 * <p>Document: {@code {_id: Date, value: Double}}; {@code _id}s are distinct, so at most one
 * document per millisecond of the day.
 */
public final class PresplitMinutesWorkload implements Workload {

    static final Duration DAY = Duration.ofDays(1);
    static final int MINUTES_PER_DAY = 24 * 60;

    @Override
    public InsertStream open(WorkloadSettings settings) {
        if (settings.docs() > DAY.toMillis()) {
            throw new RefusedInput(Message.of("workload.refused.presplitMinutesDocs", DAY.toMillis(), settings.docs()));
        }
        TimedStream basis = new TimedStream(settings, DAY);
        SplittableRandom random = basis.values();
        return GeneratedInsertStream.of(
                this,
                settings,
                ordinal -> new BsonDocument(
                                "_id", new BsonDateTime(basis.times().millisOf(ordinal)))
                        .append("value", new BsonDouble(Math.round(random.nextGaussian() * 1000) / 100.0)));
    }

    @Override
    public Optional<InitialSplit> initialSplit(WorkloadSettings settings) {
        long day = settings.start().toEpochMilli();
        List<ShardKey> points = new ArrayList<>(MINUTES_PER_DAY);
        for (int i = 0; i < MINUTES_PER_DAY; i++) {
            points.add(ShardKey.of(new BsonDateTime(day + i * 60_000L)));
        }
        return Optional.of(new InitialSplit(suggestedKey(), points));
    }

    @Override
    public QueryMix queries(WorkloadSettings settings) {
        TimeSeriesReads reads = new TimeSeriesReads(new TimedStream(settings, DAY).times(), settings.docs(), "_id");
        return QueryMix.of(
                reads.readingAtAnInstant(30),
                reads.readingsOfOneHour(60),
                new QueryTemplate(
                        Message.of("workload.query.highReadings"),
                        QueryShape.NON_KEY,
                        10,
                        r -> new BsonDocument("value", new BsonDocument("$gt", new BsonDouble(20.0)))));
    }

    @Override
    public Profile profile() {
        return Profile.of("presplit-minutes", "{_id: 1}", "_id", "value");
    }
}
