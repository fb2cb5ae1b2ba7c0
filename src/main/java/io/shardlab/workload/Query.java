package io.shardlab.workload;

import io.shardlab.text.Message;
import org.bson.BsonDocument;

/**
 * One read a workload's application sends.
 *
 * @param name the name of the template it came from, e.g. "read an inbox" ({@code workload.query.readAnInbox})
 * @param shape the filter's shape relative to the workload's suggested key
 * @param filter the find filter, e.g. {@code {owner: "user0042"}}
 */
public record Query(Message name, QueryShape shape, BsonDocument filter) {

    public Query {
        if (name == null) {
            throw new IllegalArgumentException("name: required"); // untranslated: a developer's contract
        }
        if (shape == null || filter == null) {
            throw new IllegalArgumentException("shape/filter: required"); // untranslated: a developer's contract
        }
    }
}
