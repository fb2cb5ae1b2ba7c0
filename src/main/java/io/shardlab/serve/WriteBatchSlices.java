package io.shardlab.serve;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import org.bson.BsonArray;
import org.bson.BsonBoolean;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonString;
import org.bson.BsonValue;
import org.bson.RawBsonDocument;
import org.bson.codecs.BsonDocumentCodec;

/**
 * A write batch (insert, update or delete) longer than one turn runs as consecutive batches of the same
 * command, at most {@link #STATEMENTS_PER_TURN} statements each, so that other clients' commands can run in
 * between ({@link CommandTurns}); the client gets the one reply of the whole batch. A mongos also
 * splits a client's batch (into one child batch per shard) and merges the replies as this does (mongo
 * {@code src/mongo/s/write_ops/batch_write_op.cpp}): {@code n} and {@code nModified} summed, {@code
 * upserted} and {@code writeErrors} with their index in the client's batch, the first write concern
 * error kept; an ordered batch stops at its first write error. A slice after the first that fails as a
 * whole fails its statements as write errors ({@code noteBatchError}: the first one of an ordered batch,
 * each of an unordered one); a failing first slice is the command's failure, as it would be unsliced. A
 * retryable write's slice names its first statement ({@code stmtId}, write_ops.idl), which keys its reply in
 * the retry cache.
 *
 * <p>Routing, storing and recording {@value #STATEMENTS_PER_TURN} small documents takes 1.3 ms of processor
 * time (p99 4.5 ms, a 100,000-document insert into a collection sharded on a hashed key, 4 shards, on a
 * 2-core machine), so another client's ping waits about that long behind a batch of 100,000 on a machine
 * with a processor to spare; {@code ServeFairnessBenchmark} measures the round trips.
 */
final class WriteBatchSlices {

    /** Statements of one turn. */
    static final int STATEMENTS_PER_TURN = 250;

    /** The array of statements of each write command. */
    private static final Map<String, String> STATEMENTS =
            Map.of("insert", "documents", "update", "updates", "delete", "deletes");

    private static final BsonDocumentCodec STATEMENT_CODEC = new BsonDocumentCodec();

    private WriteBatchSlices() {}

    /** Whether {@code command} is a write batch of more than one turn's statements. */
    static boolean isLong(BsonDocument command) {
        return statementsToSlice(command) != null;
    }

    /** The field of {@code command}'s statements when it is a long write batch ({@link #isLong}), else null. */
    static String statementsToSlice(BsonDocument command) {
        if (command.isEmpty()) {
            return null;
        }
        String field = STATEMENTS.get(command.getFirstKey());
        return field != null
                        && command.get(field) instanceof BsonArray statements
                        && statements.size() > STATEMENTS_PER_TURN
                ? field
                : null;
    }

    /**
     * A statement as the command layer takes it: one still in the message's bytes ({@link RawBsonDocument}, as the
     * wire reader leaves a long batch's statements) read into a document of its own; any other as it is.
     */
    static BsonValue readStatement(BsonValue statement) {
        return statement instanceof RawBsonDocument raw ? raw.decode(STATEMENT_CODEC) : statement;
    }

    /**
     * Runs {@code command} (a long write batch, {@link #isLong}) slice by slice.
     *
     * @param turn runs one slice and returns its reply ({@code ok: 0} with the error when it fails)
     * @return the reply to the whole batch
     */
    static BsonDocument run(BsonDocument command, UnaryOperator<BsonDocument> turn) {
        String field = STATEMENTS.get(command.getFirstKey());
        BsonArray statements = command.getArray(field);
        boolean ordered = command.getBoolean("ordered", BsonBoolean.TRUE).getValue();
        BsonDocument last = null;
        long n = 0;
        long nModified = 0;
        BsonArray upserted = new BsonArray();
        BsonArray writeErrors = new BsonArray();
        BsonValue writeConcernError = null;
        for (int offset = 0; offset < statements.size(); offset += STATEMENTS_PER_TURN) {
            int end = Math.min(statements.size(), offset + STATEMENTS_PER_TURN);
            BsonDocument slice = new BsonDocument();
            for (Map.Entry<String, BsonValue> e : command.entrySet()) {
                // the command's other fields as they are; its statements a slice of the same values
                slice.append(e.getKey(), field.equals(e.getKey()) ? read(statements, offset, end) : e.getValue());
            }
            if (command.containsKey("txnNumber") && !command.containsKey("autocommit")) {
                // a retryable write's parts: each names its first statement, so the retry cache does not take
                // the second part for a retry of the first (mongos/RetryableWrites)
                slice.put("stmtId", new BsonInt32(offset));
            }
            BsonDocument reply = turn.apply(slice);
            if (reply.getNumber("ok", new BsonInt32(0)).doubleValue() != 1) {
                if (offset == 0) {
                    return reply;
                }
                for (int i = offset; i < (ordered ? offset + 1 : end); i++) {
                    writeErrors.add(new BsonDocument("index", new BsonInt32(i))
                            .append("code", reply.getNumber("code", new BsonInt32(WireError.INTERNAL_ERROR)))
                            .append("errmsg", reply.getString("errmsg", new BsonString(""))));
                }
                if (ordered) {
                    break;
                }
                continue;
            }
            last = reply;
            n += reply.getNumber("n", new BsonInt32(0)).longValue();
            nModified += reply.getNumber("nModified", new BsonInt32(0)).longValue();
            for (BsonValue u : reply.getArray("upserted", new BsonArray())) {
                upserted.add(reindexed(u.asDocument(), offset));
            }
            BsonArray errors = reply.getArray("writeErrors", new BsonArray());
            for (BsonValue e : errors) {
                writeErrors.add(reindexed(e.asDocument(), offset));
            }
            if (writeConcernError == null && reply.containsKey("writeConcernError")) {
                writeConcernError = reply.get("writeConcernError");
            }
            if (ordered && !errors.isEmpty()) {
                break;
            }
        }
        BsonDocument merged = last.clone();
        merged.put("n", count(n));
        if (merged.containsKey("nModified")) {
            merged.put("nModified", count(nModified));
        }
        if (!upserted.isEmpty()) {
            merged.put("upserted", upserted);
        }
        if (!writeErrors.isEmpty()) {
            merged.put("writeErrors", writeErrors);
        }
        if (writeConcernError != null) {
            merged.put("writeConcernError", writeConcernError);
        }
        return merged;
    }

    /** The statements from {@code offset} to {@code end}, read only now: the slice's garbage dies young. */
    private static BsonArray read(BsonArray statements, int offset, int end) {
        List<BsonValue> slice = new ArrayList<>(end - offset);
        for (int i = offset; i < end; i++) {
            slice.add(readStatement(statements.get(i)));
        }
        return new BsonArray(slice);
    }

    private static BsonDocument reindexed(BsonDocument entry, int offset) {
        BsonDocument copy = entry.clone();
        copy.put("index", new BsonInt32(entry.getNumber("index").intValue() + offset));
        return copy;
    }

    private static BsonValue count(long n) {
        return new BsonInt32((int) n);
    }
}
