package io.shardlab.advisor;

import io.shardlab.text.Message;
import io.shardlab.text.RefusedInput;
import java.util.Arrays;
import java.util.stream.Collectors;

/**
 * The operations a query mix may list, as analyzeShardKey samples them: reads are
 * {@code find}, {@code aggregate}, {@code count} and {@code distinct}; writes are {@code update},
 * {@code delete} and {@code findAndModify} (mongo {@code SampledCommandNameEnum};
 * {@code analyze_shard_key_read_write_distribution.cpp}, {@code addQuery}). Inserts are not among
 * them: they always go to one shard, and ShardLab measures them by replaying the sample.
 */
public enum QueryCommand {
    FIND("find", true, false),
    AGGREGATE("aggregate", true, false),
    COUNT("count", true, false),
    DISTINCT("distinct", true, false),
    UPDATE_ONE("updateOne", false, false),
    UPDATE_MANY("updateMany", false, true),
    REPLACE_ONE("replaceOne", false, false),
    DELETE_ONE("deleteOne", false, false),
    DELETE_MANY("deleteMany", false, true),
    FIND_AND_MODIFY("findAndModify", false, false);

    private final String op;
    private final boolean read;
    private final boolean multi;

    QueryCommand(String op, boolean read, boolean multi) {
        this.op = op;
        this.read = read;
        this.multi = multi;
    }

    /** The name a query mix file uses, e.g. {@code "updateOne"}. */
    public String op() {
        return op;
    }

    /** Whether it is a read. */
    public boolean isRead() {
        return read;
    }

    /** Whether a write changes every matching document ({@code multi: true}). */
    public boolean isMulti() {
        return multi;
    }

    /** Whether analyzeShardKey counts it as an {@code update} command. */
    public boolean isUpdate() {
        return this == UPDATE_ONE || this == UPDATE_MANY || this == REPLACE_ONE;
    }

    /** Whether analyzeShardKey counts it as a {@code delete} command. */
    public boolean isDelete() {
        return this == DELETE_ONE || this == DELETE_MANY;
    }

    /**
     * The command called {@code op}.
     *
     * @throws RefusedInput naming the known operations
     */
    public static QueryCommand of(String op) {
        for (QueryCommand c : values()) {
            if (c.op.equals(op)) {
                return c;
            }
        }
        if (op.equals("insert") || op.equals("insertOne") || op.equals("insertMany")) {
            throw new RefusedInput(Message.of("advisor.queryMix.insertOp", op));
        }
        throw new RefusedInput(Message.of(
                "advisor.queryMix.unknownOp",
                op,
                Arrays.stream(values()).map(QueryCommand::op).collect(Collectors.joining(", "))));
    }

    @Override
    public String toString() {
        return op;
    }
}
