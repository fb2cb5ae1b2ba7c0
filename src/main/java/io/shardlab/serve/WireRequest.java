package io.shardlab.serve;

import java.util.Set;
import org.bson.BsonDocument;

/**
 * One request a client sent, read from its message (mongo {@code src/mongo/rpc/op_msg.cpp},
 * {@code src/mongo/db/dbmessage.h}): an {@link Msg OP_MSG} or an {@link Query OP_QUERY}.
 */
sealed interface WireRequest {

    /** The message's {@code requestID}, which the reply's {@code responseTo} names. */
    int requestId();

    /** The message's size in bytes, header included. */
    int length();

    /**
     * An OP_MSG: the body with its document sequences appended as arrays, as mongos reads it.
     *
     * @param flags the flag bits; bit 1 ({@code moreToCome}) means the client expects no reply
     * @param sequences the names of the document sequences appended to the body
     */
    record Msg(int requestId, int length, int flags, BsonDocument body, Set<String> sequences) implements WireRequest {

        /** The flag bit of a request that gets no reply ({@code OpMsg::kMoreToCome}). */
        static final int MORE_TO_COME = 1 << 1;

        /** Whether the client sends more without waiting: the command runs and nothing is sent back. */
        boolean moreToCome() {
            return (flags & MORE_TO_COME) != 0;
        }

        /**
         * The body's {@code $db}.
         *
         * @throws WireError 40571 when there is none (mongo {@code src/mongo/rpc/op_msg.h} {@code getDatabase})
         */
        String database() {
            if (!body.isString("$db")) {
                throw WireError.answered(40571, "OP_MSG requests require a $db argument");
            }
            return body.getString("$db").getValue();
        }
    }

    /**
     * An OP_QUERY: a command when the collection is {@code $cmd} (the handshake's {@code isMaster}),
     * a legacy find otherwise.
     *
     * @param fullCollectionName {@code database.collection}
     * @param returnFields the field selector, or null
     */
    record Query(
            int requestId,
            int length,
            int flags,
            String fullCollectionName,
            int numberToSkip,
            int numberToReturn,
            BsonDocument query,
            BsonDocument returnFields)
            implements WireRequest {

        /** The database the query names. */
        String database() {
            int dot = fullCollectionName.indexOf('.');
            return dot < 0 ? fullCollectionName : fullCollectionName.substring(0, dot);
        }

        /** Whether it runs a command ({@code database.$cmd}). */
        boolean isCommand() {
            return fullCollectionName.endsWith(".$cmd");
        }

        /** The command document: the query, or its {@code $query} when the client wrapped it. */
        BsonDocument command() {
            if (!query.isEmpty()
                    && "$query".equals(query.getFirstKey())
                    && query.get("$query").isDocument()) {
                return query.getDocument("$query");
            }
            return query;
        }
    }
}
