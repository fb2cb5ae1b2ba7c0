package io.shardlab.serve;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.shardlab.mongos.ErrorCode;
import io.shardlab.mongos.MongoCommandException;
import org.bson.BsonDocument;
import org.bson.BsonInt64;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Retryable writes through ShardLab's mongos: the same {@code lsid} and {@code txnNumber} twice writes once and
 * answers the retry with the first reply (ported from jstests {@code sharding/retryable_writes.js},
 * {@code noPassthrough/retryable_writes_standalone_api.js}); an older number is TransactionTooOld
 * ({@code transaction_participant_retryable_writes_test.cpp}, {@code OlderRetryableWriteFailsOnSessionWithNewerRetryableWrite});
 * sessions are forgotten after 30 idle minutes.
 */
class RetryableWritesTest {

    private final SessionMongos mongos = new SessionMongos("7.0");
    private final BsonDocument session = SessionMongos.newSession(1);

    private BsonDocument all() {
        return new BsonDocument(
                "all",
                mongos.run("test", "{find: 'c', sort: {_id: 1}}")
                        .getDocument("cursor")
                        .getArray("firstBatch"));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            insert                | {insert: 'c', documents: [{_id: 10}, {_id: 11}]}                                          | {all: [{_id: 0, x: 0}, {_id: 1, x: 0}, {_id: 10}, {_id: 11}]}
            insert, one duplicate | {insert: 'c', documents: [{_id: 10}, {_id: 0}, {_id: 12}], ordered: false}              | {all: [{_id: 0, x: 0}, {_id: 1, x: 0}, {_id: 10}, {_id: 12}]}
            update $inc           | {update: 'c', updates: [{q: {_id: 0}, u: {$inc: {x: 1}}}]}                                | {all: [{_id: 0, x: 1}, {_id: 1, x: 0}]}
            upsert                | {update: 'c', updates: [{q: {_id: 5}, u: {$inc: {x: 1}}, upsert: true}]}                  | {all: [{_id: 0, x: 0}, {_id: 1, x: 0}, {_id: 5, x: 1}]}
            delete one            | {delete: 'c', deletes: [{q: {x: 0}, limit: 1}]}                                           | {all: [{_id: 1, x: 0}]}
            findAndModify         | {findAndModify: 'c', query: {_id: 1}, update: {$inc: {x: 5}}, new: true}                  | {all: [{_id: 0, x: 0}, {_id: 1, x: 5}]}
            findAndModify remove  | {findAndModify: 'c', query: {x: 0}, sort: {_id: 1}, remove: true}                        | {all: [{_id: 1, x: 0}]}
            """)
    void aRetryWritesNothingAndAnswersWithTheFirstReply(String write, String command, String after) {
        mongos.run("test", "{insert: 'c', documents: [{_id: 0, x: 0}, {_id: 1, x: 0}]}");

        BsonDocument first = mongos.run("test", command, session, 1L);
        BsonDocument retry = mongos.run("test", command, session, 1L);

        assertEquals(first, retry);
        assertEquals(BsonDocument.parse(after), all());
    }

    @Test
    void aLongBatchRunInPartsIsOneRetryableWriteAndItsRetryWritesNothing() {
        // given a retryable insert of 600 documents, which serve runs as parts of 250 statements (WriteBatchSlices)
        StringBuilder documents = new StringBuilder();
        for (int i = 0; i < 600; i++) {
            documents.append(i == 0 ? "" : ", ").append("{_id: ").append(i).append('}');
        }
        BsonDocument insert = BsonDocument.parse("{insert: 'c', documents: [" + documents + "]}");
        insert.put("lsid", session);
        insert.put("txnNumber", new BsonInt64(1));

        // when it runs, and runs again as the driver's retry after a lost reply
        BsonDocument first = WriteBatchSlices.run(insert, part -> mongos.commands.run("test", part));
        BsonDocument retry = WriteBatchSlices.run(insert, part -> mongos.commands.run("test", part));

        // then each part was written once: 600 documents, and the retry answers n: 600 as the first reply did
        assertEquals(600, first.getNumber("n").intValue());
        assertEquals(first, retry);
        assertEquals(600, all().getArray("all").size());
    }

    @Test
    void aNewNumberWritesAgain() {
        mongos.run("test", "{insert: 'c', documents: [{_id: 0, x: 0}]}");

        mongos.run("test", "{update: 'c', updates: [{q: {_id: 0}, u: {$inc: {x: 1}}}]}", session, 1L);
        mongos.run("test", "{update: 'c', updates: [{q: {_id: 0}, u: {$inc: {x: 1}}}]}", session, 1L);
        mongos.run("test", "{update: 'c', updates: [{q: {_id: 0}, u: {$inc: {x: 1}}}]}", session, 2L);

        assertEquals(BsonDocument.parse("{all: [{_id: 0, x: 2}]}"), all());
    }

    @Test
    void aWriteThatFailedAsAWholeRunsAgainWhenRetried() {
        // a refused command wrote nothing, so its retry is a first attempt (MongoDB records only executed statements)
        MongoCommandException failed = mongos.refusal("test", "{findAndModify: 'c', query: {_id: 0}}", session, 1L);
        mongos.run("test", "{insert: 'c', documents: [{_id: 0}]}");

        BsonDocument retried =
                mongos.run("test", "{findAndModify: 'c', query: {_id: 0}, update: {$set: {y: 1}}}", session, 1L);

        assertEquals(ErrorCode.FAILED_TO_PARSE, failed.code());
        assertEquals(BsonDocument.parse("{_id: 0}"), retried.getDocument("value"));
        assertEquals(BsonDocument.parse("{all: [{_id: 0, y: 1}]}"), all());
    }

    @Test
    void anOlderNumberThanTheSessionsLatestIsTransactionTooOld() {
        mongos.run("test", "{insert: 'c', documents: [{_id: 1}]}", session, 22L);

        MongoCommandException e = mongos.refusal("test", "{insert: 'c', documents: [{_id: 2}]}", session, 21L);

        assertEquals(ErrorCode.TRANSACTION_TOO_OLD, e.code());
        assertEquals(
                "Retryable write with txnNumber 21 is prohibited on session { id: UUID(\"00000000-0000-0001-0000-000000000001\"), "
                        + "uid: BinData(0, E3B0C44298FC1C149AFBF4C8996FB92427AE41E4649B934CA495991B7852B855) } because a newer "
                        + "retryable write with txnNumber 22 has already started on this session.",
                e.getMessage());
    }

    @Test
    void anOlderNumberThanTheSessionsTransactionIsTransactionTooOld() {
        mongos.run(
                "test",
                "{insert: 'c', documents: [{_id: 1}], startTransaction: true, autocommit: false}",
                session,
                20L);

        MongoCommandException write = mongos.refusal("test", "{insert: 'c', documents: [{_id: 2}]}", session, 19L);
        MongoCommandException transaction = mongos.refusal(
                "test",
                "{insert: 'c', documents: [{_id: 2}], startTransaction: true, autocommit: false}",
                session,
                19L);

        assertEquals(ErrorCode.TRANSACTION_TOO_OLD, write.code());
        assertEquals(
                true,
                write.getMessage()
                        .endsWith(
                                "because a newer transaction with txnNumber 20 has already started on this session."));
        // transaction_router.cpp beginOrContinueTxn
        assertEquals(ErrorCode.TRANSACTION_TOO_OLD, transaction.code());
        assertEquals(
                true,
                transaction
                        .getMessage()
                        .startsWith("txnNumber 19 is less than last txnNumber 20 seen in session { id: UUID("));
    }

    @Test
    void aNewerRetryableWriteAbortsTheSessionsTransaction() {
        mongos.run(
                "test", "{insert: 'c', documents: [{_id: 1}], startTransaction: true, autocommit: false}", session, 1L);

        mongos.run("test", "{insert: 'c', documents: [{_id: 2}]}", session, 2L);

        assertEquals(BsonDocument.parse("{all: [{_id: 2}]}"), all());
        assertEquals(0, mongos.commands.transactionsInProgress());
    }

    @Test
    void sessionsIdleForThirtyMinutesAreForgottenWithTheirReplies() {
        for (long s = 1; s <= 100; s++) {
            mongos.run("test", "{insert: 'c', documents: [{}]}", SessionMongos.newSession(s), 1L);
        }
        int kept = mongos.commands.sessionsKept();

        mongos.clock.addAndGet(30 * 60_000L);
        mongos.run("test", "{insert: 'c', documents: [{}]}", session, 2L);

        assertEquals(100, kept);
        assertEquals(1, mongos.commands.sessionsKept());
    }

    @Test
    void endedSessionsAreForgotten() {
        mongos.run("test", "{insert: 'c', documents: [{}]}", session, 1L);

        mongos.run("admin", "{endSessions: [" + session.toJson() + "]}");

        assertEquals(0, mongos.commands.sessionsKept());
    }
}
