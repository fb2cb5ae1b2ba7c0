package io.shardlab.mongos;

import static io.shardlab.mongos.Argument.required;

import io.shardlab.bson.BsonPrinter;
import io.shardlab.cluster.MongoVersion;
import io.shardlab.mongos.CommandSyntax.FirstField;
import java.util.ArrayList;
import java.util.List;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonType;
import org.bson.BsonValue;

/**
 * {@code killCursors}: the cursors named are killed in the storage, and the reply sorts them as MongoDB's does.
 *
 * <ul>
 *   <li>From 5.0 the IDL command of mongo {@code src/mongo/db/query/kill_cursors.idl} ({@link #IDL}: strict,
 *       {@code cursors} an {@code array<cursorId>} of longs). A null element is skipped as the generated parser skips
 *       it ({@link CommandArguments#withoutAbsentFields}); no cursor at all is no error: {@code
 *       src/mongo/db/commands/killcursors_common.h} ({@code typedRun}) loops over none and answers four empty
 *       lists.</li>
 *   <li>4.4 reads it by hand, {@code KillCursorsRequest::parseFromBSON} (mongo
 *       {@code src/mongo/db/query/killcursors_request.cpp}, {@link #check44}): FailedToParse "First parameter must be a
 *       string in: CMD", InvalidNamespace "Invalid collection name: NS", FailedToParse "Field 'cursors' must be of
 *       type array in: CMD", FailedToParse "Field 'cursors' contains an element that is not of type long: I: V" (a null
 *       element too), then BadValue "Must specify at least one cursor id in: CMD". CMD is the command as received in
 *       the server's {@code BSONObj::toString} ({@link BsonPrinter#serverString(BsonValue)}); unknown fields are
 *       ignored.</li>
 * </ul>
 *
 * <p>Reply ({@code KillCursorsReply}, {@code src/mongo/db/query/kill_cursors.idl}; 4.4's {@code
 * killcursors_response.cpp}): {@code cursorsKilled}, {@code cursorsNotFound}, {@code cursorsAlive} and {@code
 * cursorsUnknown}, each a list of the ids given; ShardLab runs one command at a time, so no cursor is ever alive
 * (pinned) or unknown.
 */
final class KillCursorsCommand {

    /** The 5.0+ IDL command. */
    static final CommandSyntax IDL = CommandSyntax.idl(
                    "killCursors",
                    FirstField.COLLECTION,
                    "src/mongo/db/query/kill_cursors.idl",
                    required("cursors", ArgumentType.ARRAY).eachOf(ArgumentType.LONG))
            .strictly();

    /** 4.4's: no declared field, {@link #check44} reads them. */
    static final CommandSyntax HAND_PARSED =
            CommandSyntax.none("killCursors", "src/mongo/db/query/killcursors_request.cpp");

    private KillCursorsCommand() {}

    /** The syntax {@code release} reads killCursors with. */
    static CommandSyntax syntax(MongoVersion release) {
        return release.atLeast(5, 0) ? IDL : HAND_PARSED;
    }

    /** Kills the cursors {@code request} names in the storage and answers as the release's mongos does. */
    static BsonDocument run(CommandFamilies families, CommandRequest request) {
        check44(families.context().version(), request.database(), request.body());
        BsonArray ids = request.body().getArray("cursors");
        List<BsonValue> killed = new ArrayList<>();
        if (!ids.isEmpty()) {
            BsonDocument stored = families.toStorage(request);
            if (stored.get("cursorsKilled") instanceof BsonArray k) {
                killed.addAll(k);
            }
        }
        BsonArray cursorsKilled = new BsonArray();
        BsonArray cursorsNotFound = new BsonArray();
        for (BsonValue id : ids) {
            boolean wasKilled = killed.stream()
                    .anyMatch(k -> k.isNumber()
                            && k.asNumber().longValue() == id.asNumber().longValue());
            (wasKilled ? cursorsKilled : cursorsNotFound).add(id);
        }
        return Replies.ok(new BsonDocument("cursorsKilled", cursorsKilled)
                .append("cursorsNotFound", cursorsNotFound)
                .append("cursorsAlive", new BsonArray())
                .append("cursorsUnknown", new BsonArray()));
    }

    /**
     * 4.4's {@code KillCursorsRequest::parseFromBSON} on {@code body}, run on {@code database}; nothing from 5.0 (the
     * IDL parser has read it).
     *
     * @throws MongoCommandException with 4.4's code and text for the first problem
     */
    static void check44(MongoVersion release, String database, BsonDocument body) {
        if (release.atLeast(5, 0)) {
            return;
        }
        String command = BsonPrinter.serverString(body);
        BsonValue first = body.get(body.getFirstKey());
        if (!first.isString()) {
            throw new MongoCommandException(
                    ErrorCode.FAILED_TO_PARSE, "First parameter must be a string in: " + command);
        }
        String collection = first.asString().getValue();
        if (collection.isEmpty()) {
            throw new MongoCommandException(
                    ErrorCode.INVALID_NAMESPACE, "Invalid collection name: " + database + "." + collection);
        }
        BsonValue cursors = body.get("cursors");
        if (cursors == null || !cursors.isArray()) {
            throw new MongoCommandException(
                    ErrorCode.FAILED_TO_PARSE, "Field 'cursors' must be of type array in: " + command);
        }
        int i = 0;
        for (BsonValue id : cursors.asArray()) {
            if (id.getBsonType() != BsonType.INT64) {
                throw new MongoCommandException(
                        ErrorCode.FAILED_TO_PARSE,
                        "Field 'cursors' contains an element that is not of type long: "
                                + BsonPrinter.serverString(String.valueOf(i), id));
            }
            i++;
        }
        if (cursors.asArray().isEmpty()) {
            throw new MongoCommandException(ErrorCode.BAD_VALUE, "Must specify at least one cursor id in: " + command);
        }
    }
}
