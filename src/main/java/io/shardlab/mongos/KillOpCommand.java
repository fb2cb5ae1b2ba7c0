package io.shardlab.mongos;

import io.shardlab.bson.BsonPrinter;
import io.shardlab.routing.FilterParser.BsonTypeNames;
import java.math.BigInteger;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonNumber;
import org.bson.BsonString;
import org.bson.BsonValue;

/**
 * {@code killOp} on a mongos (admin only), as mongosh's {@code db.killOp(opId)} sends it: {@code {killOp: 1, op:
 * opId}} on {@code admin}. ShardLab runs one command at a time, so no operation is ever left running to kill: every
 * kill that passes the checks answers ok, as MongoDB's always does once past them ("killOp always reports success
 * once past the auth check").
 *
 * <p>Sources: mongo {@code src/mongo/s/commands/cluster_kill_op.cpp} and {@code
 * src/mongo/db/commands/kill_op_cmd_base.cpp}, unchanged in what a client sees from 4.4 to 8.0:
 *
 * <ul>
 *   <li>no {@code op}: 50759 "Did not provide \"op\" field";</li>
 *   <li>a number, the mongos' own operation ({@code parseOpId}, {@code bsonExtractIntegerField}): BadValue "Expected
 *       field \"op\" to have a value exactly representable as a 64-bit integer, but found op: V" for a fraction, 26823
 *       "invalid op : N. Op ID cannot be represented with 32 bits" past 32 bits, else {@code {ok: 1}};</li>
 *   <li>a string {@code shardid:opid}: 28625 "The op argument to killOp must be of the format shardid:opid but found
 *       \"S\"" unless it has a shard id and an op id around its first ':'; ShardNotFound "Shard X not found" for a
 *       shard the cluster has not; FailedToParse "Did not consume whole string." for an op id that is not decimal digits
 *       and Overflow past an int (mongo {@code src/mongo/base/parse_number.cpp}, {@code NumberParser}); else
 *       {@code {shard: X, shardid: N, ok: 1}};</li>
 *   <li>any other type: 50760 "\"op\" field was of unsupported type T".</li>
 * </ul>
 */
final class KillOpCommand {

    private KillOpCommand() {}

    static BsonDocument run(CommandContext context, CommandRequest request) {
        BsonValue op = request.body().get("op");
        if (op == null) {
            throw new MongoCommandException(ErrorCode.KILL_OP_WITHOUT_OP, "Did not provide \"op\" field");
        }
        if (op instanceof BsonNumber number) {
            double exact = number.doubleValue();
            long id = number.longValue();
            if (id != exact) {
                throw new MongoCommandException(
                        ErrorCode.BAD_VALUE,
                        "Expected field \"op\" to have a value exactly representable as a 64-bit integer, but found "
                                + BsonPrinter.serverString("op", op));
            }
            if (id < Integer.MIN_VALUE || id > Integer.MAX_VALUE) {
                throw new MongoCommandException(
                        ErrorCode.KILL_OP_ID_PAST_32_BITS,
                        "invalid op : " + id + ". Op ID cannot be represented with 32 bits");
            }
            return Replies.ok();
        }
        if (!op.isString()) {
            throw new MongoCommandException(
                    ErrorCode.KILL_OP_UNSUPPORTED_TYPE, "\"op\" field was of unsupported type " + BsonTypeNames.of(op));
        }
        String opToKill = op.asString().getValue();
        int separator = opToKill.indexOf(':');
        if (opToKill.length() < 3 || separator <= 0 || separator == opToKill.length() - 1) {
            throw new MongoCommandException(
                    ErrorCode.KILL_OP_NOT_SHARD_AND_ID,
                    "The op argument to killOp must be of the format shardid:opid but found \"" + opToKill + "\"");
        }
        String shard = opToKill.substring(0, separator);
        if (!context.catalog().shardIds().contains(shard)) {
            throw new MongoCommandException(ErrorCode.SHARD_NOT_FOUND, "Shard " + shard + " not found");
        }
        String digits = opToKill.substring(separator + 1);
        if (!digits.matches("[-+]?[0-9]+")) {
            // base/parse_number.cpp (NumberParser): text left over after the digits, or no digit at all
            throw new MongoCommandException(ErrorCode.FAILED_TO_PARSE, "Did not consume whole string.");
        }
        BigInteger parsed = new BigInteger(digits);
        if (parsed.bitLength() > 31) {
            throw new MongoCommandException(ErrorCode.OVERFLOW, "Overflow");
        }
        int opId = parsed.intValue();
        return Replies.ok(new BsonDocument("shard", new BsonString(shard)).append("shardid", new BsonInt32(opId)));
    }
}
