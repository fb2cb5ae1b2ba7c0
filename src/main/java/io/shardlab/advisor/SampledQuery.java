package io.shardlab.advisor;

import io.shardlab.bson.BsonPrinter;
import io.shardlab.routing.Operation;
import org.bson.BsonDocument;
import org.bson.BsonString;

/**
 * One operation of a query mix and how often it runs.
 *
 * @param command the operation
 * @param filter its query filter
 * @param update the update ({@code $}-operators) of an update or findAndModify, the replacement
 *     document of a replaceOne; null for reads, deletes and a findAndModify that removes
 * @param upsert whether an update or findAndModify inserts when nothing matches
 * @param weight how many times the operation occurs in the mix, at least 1
 * @param line the 1-based line of the query mix file it came from (0 when built in code)
 * @param collation the operation's {@code collation}, e.g. {@code {locale: "en_US", strength: 1}};
 *     empty when it gives none (the collection's default, taken to be simple)
 */
public record SampledQuery(
        QueryCommand command,
        BsonDocument filter,
        BsonDocument update,
        boolean upsert,
        long weight,
        long line,
        BsonDocument collation) {

    public SampledQuery {
        if (command == null || filter == null) {
            throw new IllegalArgumentException(
                    "command/filter: required"); // untranslated: a developer's contract (QueryMixFile refuses first)
        }
        if (weight < 1) {
            throw new IllegalArgumentException(String.format(
                    "weight: at least 1, got %s", // untranslated: a developer's contract (QueryMixFile refuses first)
                    weight));
        }
        if (command == QueryCommand.REPLACE_ONE && update == null) {
            throw new IllegalArgumentException(
                    "update: a replaceOne needs its replacement document"); // untranslated: a developer's contract
        }
        if ((command.isRead() || command.isDelete()) && (update != null || upsert)) {
            throw new IllegalArgumentException(String.format(
                    "update/upsert: a %s has neither", // untranslated: a developer's contract
                    command));
        }
        if (collation == null) {
            throw new IllegalArgumentException(
                    "collation: required (empty when none is given)"); // untranslated: a developer's contract
        }
    }

    /** An operation without a collation. */
    public SampledQuery(
            QueryCommand command, BsonDocument filter, BsonDocument update, boolean upsert, long weight, long line) {
        this(command, filter, update, upsert, weight, line, new BsonDocument());
    }

    /**
     * Whether the operation compares strings by their bytes: no collation (the collection's default,
     * which ShardLab takes to be simple) or {@code {locale: "simple"}} (mongo
     * {@code hasSimpleCollation}, {@code analyze_shard_key_read_write_distribution.cpp}).
     */
    public boolean hasSimpleCollation() {
        return collation.isEmpty()
                || collation.size() == 1
                        && collation.containsKey("locale")
                        && collation.get("locale").equals(new BsonString("simple"));
    }

    /** A read of {@code filter}, once. */
    public static SampledQuery find(BsonDocument filter) {
        return new SampledQuery(QueryCommand.FIND, filter, null, false, 1, 0);
    }

    /** The same operation {@code times} times. */
    public SampledQuery withWeight(long times) {
        return new SampledQuery(command, filter, update, upsert, times, line, collation);
    }

    /** The operation as mongos receives it, for routing. */
    public Operation operation() {
        return switch (command) {
            case FIND, AGGREGATE, COUNT, DISTINCT -> new Operation.Find(filter);
            case UPDATE_ONE, REPLACE_ONE -> new Operation.Update(filter, update, false, upsert);
            case UPDATE_MANY -> new Operation.Update(filter, update, true, upsert);
            case DELETE_ONE -> new Operation.Delete(filter, false);
            case DELETE_MANY -> new Operation.Delete(filter, true);
            case FIND_AND_MODIFY -> new Operation.FindAndModify(filter, update, upsert);
        };
    }

    /** mongosh-like text, e.g. {@code updateOne({ email: 'a@b' })}, for findings. */
    public String describe() {
        return command + "(" + BsonPrinter.shell(filter) + ")";
    }
}
