package io.shardlab.workload;

import org.bson.BsonDocument;

/**
 * One read a workload's application sends.
 *
 * @param name the template it came from, e.g. {@code "inbox of one owner"}
 * @param shape the filter's shape relative to the workload's suggested key
 * @param filter the find filter, e.g. {@code {owner: "user0042"}}
 */
public record Query(String name, QueryShape shape, BsonDocument filter) {

    public Query {
        if (name == null || name.isBlank()) {
            throw new IllegalArgumentException("name: required");
        }
        if (shape == null || filter == null) {
            throw new IllegalArgumentException("shape/filter: required");
        }
    }
}
