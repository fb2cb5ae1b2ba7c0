package io.shardlab.exercise;

import io.shardlab.routing.TargetingClass;
import java.util.Objects;

/**
 * A query a student sent, as mongos targeted it on the collection's chunks at that moment.
 *
 * @param namespace {@code db.collection}
 * @param command the command's name, e.g. {@code find}, {@code explain find}, {@code delete}
 * @param filter the filter as mongosh prints it, shortened to {@link #FILTER_MAX} characters
 * @param targeting its class, in analyzeShardKey's words
 * @param shardsReached the shards it was sent to
 * @param shards the cluster's shards then
 */
public record SeenQuery(
        String namespace, String command, String filter, TargetingClass targeting, int shardsReached, int shards) {

    /** The longest filter text kept. */
    public static final int FILTER_MAX = 120;

    public SeenQuery {
        Objects.requireNonNull(namespace, "namespace");
        Objects.requireNonNull(command, "command");
        Objects.requireNonNull(targeting, "targeting");
        filter = filter.length() > FILTER_MAX ? filter.substring(0, FILTER_MAX - 1) + "…" : filter;
    }

    /** E.g. {@code find { status: 'new' } on shop.orders: scatter-gather, 3 of 3 shards}. */
    public String describe() {
        return command + " " + filter + " on " + namespace + ": " + targeting.label() + ", " + shardsReached + " of "
                + shards + (shards == 1 ? " shard" : " shards");
    }
}
