package io.shardlab.routing;

import org.bson.BsonDocument;

/**
 * A CRUD operation as mongos receives it, reduced to what routing reads.
 */
public sealed interface Operation {

    /** {@code find} (and the read side of count, distinct, aggregate's $match). */
    record Find(BsonDocument filter) implements Operation {
        public Find {
            require(filter, "filter");
        }
    }

    /** {@code insert} of one document. */
    record Insert(BsonDocument document) implements Operation {
        public Insert {
            require(document, "document");
        }
    }

    /**
     * {@code update}: {@code updateOne} is {@code multi: false}, {@code updateMany} {@code multi: true},
     * {@code replaceOne} a replacement document.
     *
     * @param filter the query ({@code q})
     * @param update the update ({@code u}): operators such as {@code {$set: …}} or a replacement
     *     document; null when only known to use update operators
     * @param multi whether every matching document is updated
     * @param upsert whether a document is inserted when none matches
     */
    record Update(BsonDocument filter, BsonDocument update, boolean multi, boolean upsert) implements Operation {
        public Update {
            require(filter, "filter");
        }
    }

    /**
     * {@code delete}: {@code deleteOne} is {@code multi: false} ({@code limit: 1}), {@code deleteMany} {@code multi: true}.
     */
    record Delete(BsonDocument filter, boolean multi) implements Operation {
        public Delete {
            require(filter, "filter");
        }
    }

    /**
     * {@code findAndModify}.
     *
     * @param update the update, or null for {@code remove: true}
     */
    record FindAndModify(BsonDocument filter, BsonDocument update, boolean upsert) implements Operation {
        public FindAndModify {
            require(filter, "filter");
        }
    }

    private static void require(BsonDocument d, String name) {
        if (d == null) {
            throw new IllegalArgumentException(name + ": required");
        }
    }
}
