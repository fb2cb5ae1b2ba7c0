package io.shardlab.workload;

import org.bson.BsonDocument;

/**
 * Makes the documents of one generated stream, in insert order. Stateful (it holds its random
 * generator and counters) and single-use.
 */
@FunctionalInterface
public interface DocumentGenerator {

    /** The document inserted as number {@code ordinal} (1-based), called with 1, 2, 3, … in turn. */
    BsonDocument next(long ordinal);
}
