package io.shardlab.mongos;

import static io.shardlab.mongos.Argument.optional;
import static io.shardlab.mongos.Argument.required;

import io.shardlab.bson.BsonPrinter;
import io.shardlab.cluster.MongoVersion;
import io.shardlab.mongos.CommandSyntax.FirstField;
import java.util.Map;
import java.util.Set;
import org.bson.BsonDocument;
import org.bson.BsonType;
import org.bson.BsonValue;

/**
 * How a mongos reads {@code getMore}'s arguments, per release.
 *
 * <ul>
 *   <li>From 5.0 the IDL command of mongo {@code src/mongo/db/query/getmore_command.idl}: {@code strict: true}, the
 *       cursor id {@code namespace: type, type: long} (a NumberLong only, so {@code {getMore: "x"}} and an int32 id
 *       are TypeMismatch "BSON field 'getMore.getMore' is the wrong type 'string', expected type 'long'"),
 *       {@code collection} a required string, {@code batchSize} and {@code maxTimeMS} {@code safeInt64},
 *       {@code term} a long, {@code lastKnownCommittedOpTime} an optime ({@link #IDL}).</li>
 *   <li>4.4 reads them by hand in {@code GetMoreRequest::parseFromBSON} (mongo
 *       {@code src/mongo/db/query/getmore_request.cpp}, {@link #check44}): TypeMismatch "Field 'getMore' must be of
 *       type long in: CMD", "Field 'collection' must be of type string in: CMD", "Field 'batchSize' must be a number
 *       in: CMD", "Field 'term' must be of type NumberLong in: CMD"; a missing collection FailedToParse "Field
 *       'collection' missing in: CMD"; then {@code isValid}: BadValue "Invalid namespace for getMore: NS", "Cursor id
 *       for getMore must be non-zero", "Batch size for getMore must be positive, but received: N". CMD is the command
 *       as received, in the server's {@code BSONObj::toString} ({@link BsonPrinter#serverString(BsonValue)}). A field
 *       that is neither getMore's ({@code maxTimeMS} and {@code lastKnownCommittedOpTime} included) nor generic is
 *       refused where the loop meets it, before a missing collection: FailedToParse "Failed to parse: CMD.
 *       Unrecognized field 'F'." ({@code !isGenericArgument(fieldName)}, the same text in the file before and after
 *       4.4). 4.4's generic arguments are the {@code isGeneric} rows of its {@code
 *       src/mongo/db/command_generic_argument.cpp} ({@link #GENERIC_44}: no {@code apiVersion}, which 5.0's {@code
 *       generic_argument.idl} brings).</li>
 * </ul>
 */
final class GetMoreSyntax {

    /** The 5.0+ IDL command ({@code getmore_command.idl}). */
    static final CommandSyntax IDL = CommandSyntax.idl(
                    "getMore",
                    FirstField.LONG,
                    "src/mongo/db/query/getmore_command.idl",
                    required("collection", ArgumentType.STRING),
                    optional("batchSize", ArgumentType.NUMBER),
                    optional("maxTimeMS", ArgumentType.NUMBER),
                    optional("term", ArgumentType.LONG),
                    optional("lastKnownCommittedOpTime", ArgumentType.OBJECT))
            .strictly();

    /** The fields 4.4's {@code GetMoreRequest::parseFromBSON} reads itself. */
    private static final Set<String> FIELDS_44 =
            Set.of("getMore", "collection", "batchSize", "maxTimeMS", "term", "lastKnownCommittedOpTime");

    /** 4.4's generic arguments: the {@code isGeneric} rows of mongo {@code src/mongo/db/command_generic_argument.cpp}. */
    static final Set<String> GENERIC_44 = Set.of(
            "$audit",
            "$client",
            "$configServerState",
            "$db",
            "allowImplicitCollectionCreation",
            "$oplogQueryData",
            "$queryOptions",
            "$readPreference",
            "$replData",
            "$clusterTime",
            "maxTimeMS",
            "readConcern",
            "databaseVersion",
            "shardVersion",
            "tracking_info",
            "writeConcern",
            "lsid",
            "clientOperationKey",
            "txnNumber",
            "autocommit",
            "coordinator",
            "startTransaction",
            "stmtId",
            "comment",
            "maxTimeMSOpOnly");

    /** 4.4's: no declared field, {@link #check44} reads them. */
    static final CommandSyntax HAND_PARSED = CommandSyntax.none("getMore", "src/mongo/db/query/getmore_request.cpp");

    private GetMoreSyntax() {}

    /** The syntax {@code release} reads getMore with. */
    static CommandSyntax of(MongoVersion release) {
        return release.atLeast(5, 0) ? IDL : HAND_PARSED;
    }

    /**
     * 4.4's {@code GetMoreRequest::parseFromBSON} and {@code isValid} on {@code body}, run on {@code database}; nothing
     * for 5.0 on (the IDL parser has read the arguments).
     *
     * @throws MongoCommandException with 4.4's code and text for the first problem
     */
    static void check44(MongoVersion release, String database, BsonDocument body) {
        if (release.atLeast(5, 0)) {
            return;
        }
        String command = BsonPrinter.serverString(body);
        Map<String, BsonType> typed =
                Map.of("getMore", BsonType.INT64, "collection", BsonType.STRING, "term", BsonType.INT64);
        Map<String, String> words = Map.of(
                "getMore", "must be of type long",
                "collection", "must be of type string",
                "term", "must be of type NumberLong");
        for (Map.Entry<String, BsonValue> e : body.entrySet()) {
            String field = e.getKey();
            BsonValue v = e.getValue();
            if (typed.containsKey(field) && v.getBsonType() != typed.get(field)) {
                throw new MongoCommandException(
                        ErrorCode.TYPE_MISMATCH, "Field '" + field + "' " + words.get(field) + " in: " + command);
            }
            if (field.equals("batchSize") && !v.isNumber()) {
                throw new MongoCommandException(
                        ErrorCode.TYPE_MISMATCH, "Field 'batchSize' must be a number in: " + command);
            }
            if (!FIELDS_44.contains(field) && !GENERIC_44.contains(field)) {
                throw new MongoCommandException(
                        ErrorCode.FAILED_TO_PARSE,
                        "Failed to parse: " + command + ". Unrecognized field '" + field + "'.");
            }
        }
        if (!body.containsKey("collection")) {
            throw new MongoCommandException(ErrorCode.FAILED_TO_PARSE, "Field 'collection' missing in: " + command);
        }
        String collection = body.getString("collection").getValue();
        if (collection.isEmpty()) {
            // NamespaceString::isValid: "db." has no collection
            throw new MongoCommandException(
                    ErrorCode.BAD_VALUE, "Invalid namespace for getMore: " + database + "." + collection);
        }
        if (body.getInt64("getMore").getValue() == 0) {
            throw new MongoCommandException(ErrorCode.BAD_VALUE, "Cursor id for getMore must be non-zero");
        }
        if (body.containsKey("batchSize") && body.getNumber("batchSize").longValue() <= 0) {
            throw new MongoCommandException(
                    ErrorCode.BAD_VALUE,
                    "Batch size for getMore must be positive, but received: "
                            + body.getNumber("batchSize").longValue());
        }
    }
}
