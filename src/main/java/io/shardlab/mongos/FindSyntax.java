package io.shardlab.mongos;

import static io.shardlab.mongos.Argument.optional;

import io.shardlab.bson.BsonPrinter;
import io.shardlab.cluster.MongoVersion;
import io.shardlab.mongos.CommandSyntax.FirstField;
import java.util.List;
import java.util.Map;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/**
 * How a mongos reads {@code find}'s arguments, per release.
 *
 * <ul>
 *   <li>From 5.0 the IDL command of mongo {@code src/mongo/db/query/find_command.idl} ({@link #IDL}): {@code filter},
 *       {@code projection}, {@code sort} and {@code collation} objects (TypeMismatch "BSON field 'find.filter' is the
 *       wrong type 'int', expected type 'object'"), {@code skip}, {@code limit} and {@code batchSize} {@code
 *       safeInt64} with {@code validator: { gte: 0 }} (51024 "BSON field 'skip' value must be >= 0, actual value
 *       '-1'"). The collection is read as every IDL command's ({@code concatenate_with_db_or_uuid}).</li>
 *   <li>Before, {@code QueryRequest::parseFromFindCommand} reads them by hand (mongo {@code
 *       src/mongo/db/query/query_request.cpp}, {@link #checkHandParsed}), in the command's order: an object field of
 *       another type is FailedToParse "Failed to parse: filter: 5. 'filter' field must be of BSON type object." (its
 *       {@code checkFieldType}, the element as the server prints it); a count that is not a number FailedToParse
 *       "Failed to parse: CMD. 'skip' field must be numeric."; then {@code validate}: BadValue "Skip value must be
 *       non-negative, but received: -1", and so for Limit and BatchSize.</li>
 * </ul>
 */
final class FindSyntax {

    /** The 5.0+ IDL command ({@code find_command.idl}); the storage reads the fields not declared here. */
    static final CommandSyntax IDL = CommandSyntax.idl(
            "find",
            FirstField.COLLECTION,
            "src/mongo/db/query/find_command.idl",
            optional("filter", ArgumentType.OBJECT),
            optional("projection", ArgumentType.OBJECT),
            optional("sort", ArgumentType.OBJECT),
            optional("collation", ArgumentType.OBJECT),
            optional("skip", ArgumentType.NUMBER).atLeastZero(),
            optional("limit", ArgumentType.NUMBER).atLeastZero(),
            optional("batchSize", ArgumentType.NUMBER).atLeastZero());

    /** Before 5.0: the collection read as the IDL's, the fields by {@link #checkHandParsed}. */
    static final CommandSyntax HAND_PARSED =
            CommandSyntax.idl("find", FirstField.COLLECTION, "src/mongo/db/query/query_request.cpp");

    private static final List<String> OBJECTS = List.of("filter", "projection", "sort", "collation");

    private static final Map<String, String> COUNTS =
            Map.of("skip", "Skip", "limit", "Limit", "batchSize", "BatchSize");

    private FindSyntax() {}

    /** The syntax {@code release} reads find with. */
    static CommandSyntax of(MongoVersion release) {
        return release.atLeast(5, 0) ? IDL : HAND_PARSED;
    }

    /**
     * The hand parser's checks before 5.0 on {@code body}; nothing from 5.0 (the IDL parser has read the fields).
     *
     * @throws MongoCommandException with the release's code and text for the first problem
     */
    static void checkHandParsed(MongoVersion release, BsonDocument body) {
        if (release.atLeast(5, 0)) {
            return;
        }
        for (Map.Entry<String, BsonValue> e : body.entrySet()) {
            String field = e.getKey();
            BsonValue v = e.getValue();
            if (OBJECTS.contains(field) && !v.isDocument()) {
                throw new MongoCommandException(
                        ErrorCode.FAILED_TO_PARSE,
                        "Failed to parse: " + BsonPrinter.serverString(field, v) + ". '" + field
                                + "' field must be of BSON type object.");
            }
            if (COUNTS.containsKey(field) && !v.isNumber()) {
                throw new MongoCommandException(
                        ErrorCode.FAILED_TO_PARSE,
                        "Failed to parse: " + BsonPrinter.serverString(body) + ". '" + field
                                + "' field must be numeric.");
            }
        }
        for (String field : List.of("skip", "limit", "batchSize")) {
            BsonValue v = body.get(field);
            if (v != null && v.asNumber().longValue() < 0) {
                throw new MongoCommandException(
                        ErrorCode.BAD_VALUE,
                        COUNTS.get(field) + " value must be non-negative, but received: "
                                + v.asNumber().longValue());
            }
        }
    }
}
