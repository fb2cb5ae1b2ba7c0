package io.shardlab.workload;

/**
 * The shape of a query filter relative to the workload's suggested key. Whether mongos can target
 * it depends on the shard key actually chosen (see io.shardlab.routing): an equality on a hashed
 * key's field is targeted, a range on it is broadcast, and a filter without the key's leading
 * field is broadcast ("scatter/gather").
 */
public enum QueryShape {
    /** {@code {f: v, …}}: an equality on every field of the key. */
    EQUALITY,
    /** {@code {f: v}}: an equality on a leading part of a compound key, e.g. {@code {owner}} of {@code {owner, sequence}}. */
    PREFIX,
    /** {@code {f: {$in: [v1, v2, …]}}} on the key's leading field. */
    IN,
    /** {@code {f: {$gte: a, $lt: b}}} on the key's leading field. */
    RANGE,
    /** A filter with no condition on the key's leading field. */
    NON_KEY
}
