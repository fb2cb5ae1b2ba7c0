package io.shardlab.mongos;

import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonString;
import org.bson.BsonValue;

/**
 * One write statement that failed, with the write error mongod reports for it ({@code code}, {@code codeName},
 * {@code errmsg} and, for a validation failure, {@code errInfo}): a batch reports it in {@code writeErrors} with the
 * statement's index, {@code findAndModify} as its command error. The error may come from ShardLab's checks or from
 * the document store, whose errors can lack a code.
 */
final class StatementFailedException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final transient BsonDocument error;

    private StatementFailedException(BsonDocument error) {
        super(error.getString("errmsg", new BsonString("")).getValue());
        this.error = error;
    }

    /** MongoDB's error {@code code} with {@code message}. */
    static StatementFailedException of(ErrorCode code, String message) {
        return new StatementFailedException(new BsonDocument("code", new BsonInt32(code.number()))
                .append("codeName", new BsonString(code.codeName()))
                .append("errmsg", new BsonString(message)));
    }

    /** MongoDB's error {@code code} with {@code message} and the details {@code errInfo}. */
    static StatementFailedException of(ErrorCode code, String message, BsonDocument errInfo) {
        StatementFailedException e = of(code, message);
        e.error.append("errInfo", errInfo);
        return e;
    }

    /** The store's write error (without its {@code index}). */
    static StatementFailedException fromStore(BsonDocument writeError) {
        BsonDocument error = new BsonDocument();
        for (String field : new String[] {"code", "codeName", "errmsg", "errInfo"}) {
            BsonValue v = writeError.get(field);
            if (v != null) {
                error.append(field, v);
            }
        }
        return new StatementFailedException(error);
    }

    /** A command refusal met while running the statement, as the statement's error. */
    static StatementFailedException of(MongoCommandException e) {
        if (e.code() == ErrorCode.NO_CODE) {
            return new StatementFailedException(new BsonDocument("errmsg", new BsonString(e.getMessage())));
        }
        return of(e.code(), e.getMessage());
    }

    /** The write error of the statement at {@code index} of its batch. */
    BsonDocument writeError(int index) {
        BsonDocument out = new BsonDocument("index", new BsonInt32(index));
        error.forEach(out::append);
        return out;
    }

    /** The failure as a command's refusal ({@code findAndModify}); a store error without a code keeps none. */
    MongoCommandException asCommandRefusal() {
        int code = error.getNumber("code", new BsonInt32(0)).intValue();
        return new MongoCommandException(ErrorCode.numbered(code), getMessage());
    }
}
