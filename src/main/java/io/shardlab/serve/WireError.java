package io.shardlab.serve;

import org.bson.BsonDocument;
import org.bson.BsonDouble;
import org.bson.BsonInt32;
import org.bson.BsonString;

/**
 * A message MongoDB refuses while reading it, before any command runs: its code, code name and text
 * as the server sends them, and whether the server answers or closes the connection. Codes with no
 * name in mongo {@code src/mongo/base/error_codes.yml} (assertion ids such as 40430) are named
 * {@code Location<code>}, as the server names them ({@code ErrorCodes::errorString}).
 *
 * <p>The codes that close the connection are the category {@code ConnectionFatalMessageParseError}
 * (IllegalOpMsgFlag, TooManyDocumentSequences, ChecksumMismatch): mongos rethrows them instead of
 * replying (mongo {@code src/mongo/s/commands/strategy.cpp}, {@code ClientCommand::_parseMessage}).
 */
final class WireError extends RuntimeException {

    private static final long serialVersionUID = 1L;

    static final int INTERNAL_ERROR = 1;
    static final int BAD_VALUE = 2;
    static final int OVERFLOW = 15;
    static final int ILLEGAL_OP_MSG_FLAG = 223;
    static final int TOO_MANY_DOCUMENT_SEQUENCES = 233;
    static final int CHECKSUM_MISMATCH = 288;
    static final int UNSUPPORTED_OP_QUERY_COMMAND = 352;
    static final int BSON_OBJECT_TOO_LARGE = 10334;

    private final int code;
    private final String codeName;
    private final boolean closesConnection;

    private WireError(int code, String codeName, String message, boolean closesConnection) {
        super(message);
        this.code = code;
        this.codeName = codeName;
        this.closesConnection = closesConnection;
    }

    /** A refusal answered with {@code ok: 0}; the connection stays open. */
    static WireError answered(int code, String codeName, String message) {
        return new WireError(code, codeName, message, false);
    }

    /** A refusal of a code without a name in error_codes.yml ({@code Location<code>}). */
    static WireError answered(int code, String message) {
        return new WireError(code, "Location" + code, message, false);
    }

    /** A refusal the server answers by closing the connection, without a reply. */
    static WireError closing(int code, String codeName, String message) {
        return new WireError(code, codeName, message, true);
    }

    int code() {
        return code;
    }

    String codeName() {
        return codeName;
    }

    /** Whether the server closes the connection instead of answering. */
    boolean closesConnection() {
        return closesConnection;
    }

    /** The reply: {@code {ok: 0, errmsg, code, codeName}} (mongo {@code CommandHelpers::appendCommandStatusNoThrow}). */
    BsonDocument reply() {
        return new BsonDocument("ok", new BsonDouble(0))
                .append("errmsg", new BsonString(getMessage()))
                .append("code", new BsonInt32(code))
                .append("codeName", new BsonString(codeName));
    }
}
