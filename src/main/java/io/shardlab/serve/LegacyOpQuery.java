package io.shardlab.serve;

import io.shardlab.cluster.MongoVersion;
import java.util.Optional;
import java.util.Set;
import org.bson.BsonDocument;
import org.bson.BsonDouble;
import org.bson.BsonInt32;
import org.bson.BsonString;

/**
 * What a mongos of a release answers to OP_QUERY, the opcode drivers still use for their first
 * handshake. 4.4 and 5.0 run every OP_QUERY command and legacy find (deprecated). From 5.1 only the
 * handshake's commands and a few that old drivers still send run; any other command is refused with
 * UnsupportedOpQueryCommand (352), and a legacy find with 5739101:
 *
 * <ul>
 *   <li>5.1–5.3: "Unsupported OP_QUERY command: NAME" (mongo {@code src/mongo/rpc/warn_deprecated_wire_ops.cpp},
 *       {@code checkAllowedOpQueryCommand}, the 5.1-era source);
 *   <li>6.0 and later: "Unsupported OP_QUERY command: NAME. The client driver may require an upgrade. For
 *       more details see https://dochub.mongodb.org/core/legacy-opcode-removal" (mongo
 *       {@code src/mongo/rpc/check_allowed_op_query_cmd.cpp}, unchanged through 8.x; the text servers
 *       6.0.2 and later send in public reports);
 *   <li>a legacy find (not {@code $cmd}): an OP_REPLY with the QueryFailure flag and {@code {$err: "OP_QUERY
 *       is no longer supported. The client driver may require an upgrade. For more details see …", code:
 *       5739101, ok: 0}} (mongo {@code src/mongo/db/dbmessage.cpp} {@code makeErrorResponseToUnsupportedOpQuery},
 *       {@code src/mongo/s/service_entry_point_mongos.cpp}).
 * </ul>
 */
final class LegacyOpQuery {

    /** The OP_QUERY commands 5.1+ still runs: the handshake's, and those old drivers send. */
    static final Set<String> ALLOWED = Set.of(
            "hello",
            "isMaster",
            "ismaster",
            "_isSelf",
            "authenticate",
            "buildinfo",
            "buildInfo",
            "saslContinue",
            "saslStart");

    private static final String UPGRADE_HINT = ". The client driver may require an upgrade. For more details see "
            + "https://dochub.mongodb.org/core/legacy-opcode-removal";

    private final MongoVersion release;

    LegacyOpQuery(MongoVersion release) {
        this.release = release;
    }

    /** The refusal of OP_QUERY command {@code name}, if the release refuses it. */
    Optional<WireError> refusal(String name) {
        if (!release.atLeast(MongoVersion.V5_1) || ALLOWED.contains(name)) {
            return Optional.empty();
        }
        String text =
                "Unsupported OP_QUERY command: " + name + (release.atLeast(MongoVersion.V6_0) ? UPGRADE_HINT : "");
        return Optional.of(
                WireError.answered(WireError.UNSUPPORTED_OP_QUERY_COMMAND, "UnsupportedOpQueryCommand", text));
    }

    /** Whether the release still answers a legacy find (an OP_QUERY on a collection). */
    boolean answersFind() {
        return !release.atLeast(MongoVersion.V5_1);
    }

    /** The reply document to a legacy find on 5.1+ (sent with the QueryFailure flag). */
    static BsonDocument findRefusal() {
        return new BsonDocument("$err", new BsonString("OP_QUERY is no longer supported" + UPGRADE_HINT))
                .append("code", new BsonInt32(5739101))
                .append("ok", new BsonDouble(0));
    }
}
