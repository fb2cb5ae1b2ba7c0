package io.shardlab.serve;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.UnaryOperator;
import org.bson.BsonArray;
import org.bson.BsonBoolean;
import org.bson.BsonDocument;
import org.bson.BsonDouble;
import org.bson.BsonInt32;
import org.bson.BsonString;
import org.bson.BsonValue;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A long write batch runs as slices of {@value WriteBatchSlices#STATEMENTS_PER_TURN} statements, one turn
 * each, and the client gets the one reply of the whole batch, merged as mongos merges its child batches
 * (mongo {@code src/mongo/s/write_ops/batch_write_op.cpp}).
 */
class WriteBatchSlicesTest {

    /** A shard that answers each slice: every statement counted, those at {@code failing} (batch indexes) as write errors. */
    private static final class FakeShard implements UnaryOperator<BsonDocument> {
        final List<BsonDocument> slices = new ArrayList<>();
        final Set<Integer> failing;
        int seen;

        FakeShard(Set<Integer> failing) {
            this.failing = failing;
        }

        @Override
        public BsonDocument apply(BsonDocument slice) {
            slices.add(slice);
            String field = slice.getFirstKey().equals("insert") ? "documents" : "updates";
            BsonArray statements = slice.getArray(field);
            boolean ordered = slice.getBoolean("ordered", BsonBoolean.TRUE).getValue();
            BsonArray errors = new BsonArray();
            BsonArray upserted = new BsonArray();
            int n = 0;
            for (int i = 0; i < statements.size(); i++) {
                int batchIndex = statements.get(i).asDocument().getInt32("_id").getValue();
                if (failing.contains(batchIndex)) {
                    errors.add(new BsonDocument("index", new BsonInt32(i))
                            .append("code", new BsonInt32(11000))
                            .append("errmsg", new BsonString("E11000 duplicate key")));
                    if (ordered) {
                        break;
                    }
                } else {
                    n++;
                    if (field.equals("updates") && batchIndex % 100 == 0) {
                        upserted.add(
                                new BsonDocument("index", new BsonInt32(i)).append("_id", new BsonInt32(batchIndex)));
                    }
                }
            }
            seen += statements.size();
            BsonDocument reply = new BsonDocument("n", new BsonInt32(n));
            if (field.equals("updates")) {
                reply.append("nModified", new BsonInt32(n - upserted.size()));
                if (!upserted.isEmpty()) {
                    reply.append("upserted", upserted);
                }
            }
            reply.append("ok", new BsonDouble(1));
            if (!errors.isEmpty()) {
                reply.append("writeErrors", errors);
            }
            return reply;
        }
    }

    private static BsonDocument insert(int documents, boolean ordered) {
        BsonArray docs = new BsonArray();
        for (int i = 0; i < documents; i++) {
            docs.add(new BsonDocument("_id", new BsonInt32(i)));
        }
        return new BsonDocument("insert", new BsonString("orders"))
                .append("documents", docs)
                .append("ordered", BsonBoolean.valueOf(ordered))
                .append("$db", new BsonString("shop"));
    }

    @ParameterizedTest(name = "{0} statements of {1}: long = {2}")
    @CsvSource(textBlock = """
            insert, documents, 250, false
            insert, documents, 251, true
            update, updates,   1000, true
            delete, deletes,   1000, true
            find,   documents, 1000, false
            """)
    void onlyWriteBatchesOfMoreThanOneTurnsStatementsAreSliced(
            String command, String field, int statements, boolean isLong) {
        BsonArray array = new BsonArray();
        for (int i = 0; i < statements; i++) {
            array.add(new BsonDocument());
        }

        assertEquals(
                isLong, WriteBatchSlices.isLong(new BsonDocument(command, new BsonString("c")).append(field, array)));
    }

    @Test
    void aBatchRunsAsConsecutiveSlicesWithTheCommandsOtherFields() {
        FakeShard shard = new FakeShard(Set.of());

        BsonDocument reply = WriteBatchSlices.run(insert(600, true), shard);

        assertEquals(
                List.of(250, 250, 100),
                shard.slices.stream().map(s -> s.getArray("documents").size()).toList());
        assertEquals(
                250,
                shard.slices
                        .get(1)
                        .getArray("documents")
                        .get(0)
                        .asDocument()
                        .getInt32("_id")
                        .getValue());
        for (BsonDocument slice : shard.slices) {
            assertEquals(List.of("insert", "documents", "ordered", "$db"), List.copyOf(slice.keySet()));
        }
        assertEquals(BsonDocument.parse("{n: 600, ok: 1.0}"), reply);
    }

    @Test
    void writeErrorsKeepTheirIndexInTheClientsBatchAndAnUnorderedBatchGoesOn() {
        FakeShard shard = new FakeShard(Set.of(3, 260, 599));

        BsonDocument reply = WriteBatchSlices.run(insert(600, false), shard);

        assertEquals(600, shard.seen);
        assertEquals(597, reply.getInt32("n").getValue());
        assertEquals(
                List.of(3, 260, 599),
                reply.getArray("writeErrors").stream()
                        .map(e -> e.asDocument().getInt32("index").getValue())
                        .toList());
    }

    @Test
    void anOrderedBatchStopsAtTheSliceOfItsFirstWriteError() {
        FakeShard shard = new FakeShard(Set.of(260, 599));

        BsonDocument reply = WriteBatchSlices.run(insert(600, true), shard);

        assertEquals(2, shard.slices.size(), "the third slice never runs");
        assertEquals(260, reply.getInt32("n").getValue());
        assertEquals(
                List.of(260),
                reply.getArray("writeErrors").stream()
                        .map(e -> e.asDocument().getInt32("index").getValue())
                        .toList());
    }

    @Test
    void anUpdatesCountsAreSummedAndItsUpsertsReindexed() {
        BsonArray updates = new BsonArray();
        for (int i = 0; i < 600; i++) {
            updates.add(new BsonDocument("_id", new BsonInt32(i)));
        }
        BsonDocument update = new BsonDocument("update", new BsonString("orders")).append("updates", updates);

        BsonDocument reply = WriteBatchSlices.run(update, new FakeShard(Set.of()));

        assertEquals(600, reply.getInt32("n").getValue());
        assertEquals(594, reply.getInt32("nModified").getValue());
        assertEquals(
                List.of(0, 100, 200, 300, 400, 500),
                reply.getArray("upserted").stream()
                        .map(u -> u.asDocument().getInt32("index").getValue())
                        .toList());
    }

    @Test
    void aFailingFirstSliceIsTheCommandsFailure() {
        BsonDocument failure = BsonDocument.parse("{ok: 0.0, errmsg: 'bad', code: 2, codeName: 'BadValue'}");
        List<BsonDocument> slices = new ArrayList<>();

        BsonDocument reply = WriteBatchSlices.run(insert(600, true), slice -> {
            slices.add(slice);
            return failure;
        });

        assertEquals(failure, reply);
        assertEquals(1, slices.size());
    }

    @ParameterizedTest(name = "ordered {0}: write errors at {1}")
    @CsvSource(delimiter = '|', textBlock = """
            true  | 250
            false | 250 251 252 253
            """)
    void aLaterSliceFailingAsAWholeFailsItsStatements(boolean ordered, String indexes) {
        BsonDocument failure = BsonDocument.parse("{ok: 0.0, errmsg: 'stopped', code: 1, codeName: 'InternalError'}");
        int[] calls = {0};

        BsonDocument reply = WriteBatchSlices.run(insert(254, ordered), slice -> {
            calls[0]++;
            return calls[0] == 1 ? new BsonDocument("n", new BsonInt32(250)).append("ok", new BsonDouble(1)) : failure;
        });

        assertEquals(250, reply.getInt32("n").getValue());
        List<BsonValue> errors = reply.getArray("writeErrors");
        assertEquals(
                List.of(indexes.split(" ")),
                errors.stream()
                        .map(e ->
                                String.valueOf(e.asDocument().getInt32("index").getValue()))
                        .toList());
        assertTrue(errors.stream()
                .allMatch(e -> e.asDocument().getString("errmsg").getValue().equals("stopped")));
        assertFalse(reply.containsKey("code"));
    }
}
