package io.shardlab.mongos;

import io.shardlab.bson.BsonPrinter;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import java.util.function.UnaryOperator;
import org.bson.BsonArray;
import org.bson.BsonBinary;
import org.bson.BsonBoolean;
import org.bson.BsonDocument;
import org.bson.BsonDouble;
import org.bson.BsonInt32;
import org.bson.BsonString;
import org.bson.BsonValue;

/**
 * One client connection's authentication to a served cluster with users ({@link UserAccounts}): the SCRAM
 * conversation of {@code saslStart} / {@code saslContinue} (mongo {@code src/mongo/db/auth/sasl_commands.cpp}:
 * {@code conversationId}, {@code done}, {@code payload}; {@code options.skipEmptyExchange}), {@code logout}, {@code
 * connectionStatus} (the authenticated user and its roles), {@code usersInfo}, hello's {@code saslSupportedMechs},
 * and the check of every other command against the user's roles (mongo {@code commands.cpp} {@code
 * CommandInvocation::checkAuthorization}: "command NAME requires authentication" before a user authenticated, "not
 * authorized on DB to execute command { … }" when its roles do not allow it; both Unauthorized, 13).
 *
 * <p>Threading: one per connection; the connection's commands arrive one at a time.
 */
public final class ClientAuthentication {

    private static final int CONVERSATION_ID = 1;

    private final UserAccounts users;
    private ScramConversation conversation;
    private boolean skipEmptyExchange;
    private boolean awaitingEmptyExchange;
    private UserAccount user;

    public ClientAuthentication(UserAccounts users) {
        this.users = users;
    }

    /** The authenticated user, if any. */
    public Optional<String> userName() {
        return Optional.ofNullable(user).map(UserAccount::name);
    }

    /**
     * The reply to an authentication command ({@code saslStart}, {@code saslContinue}, {@code logout},
     * {@code connectionStatus}, {@code usersInfo}), or empty for any other command.
     *
     * @throws MongoCommandException AuthenticationFailed (18) for a failed conversation, MechanismUnavailable (334)
     *     for a mechanism ShardLab does not offer
     */
    public Optional<BsonDocument> answer(String db, BsonDocument command) {
        String name = command.isEmpty() ? "" : command.getFirstKey();
        return switch (name) {
            case "saslStart" -> Optional.of(saslStart(db, command));
            case "saslContinue" -> Optional.of(saslContinue(command));
            case "logout" -> {
                user = null;
                conversation = null;
                yield Optional.of(ok(new BsonDocument()));
            }
            case "connectionStatus" -> Optional.of(connectionStatus(command));
            case "usersInfo" -> {
                authorize(db, command);
                yield Optional.of(UsersInfoCommand.answer(users, Optional.ofNullable(user), db, command));
            }
            default -> Optional.empty();
        };
    }

    /**
     * Refuses {@code command} on {@code db} when users are required and none authenticated, or the user's roles do
     * not allow it.
     *
     * @throws MongoCommandException Unauthorized (13) with MongoDB's text
     */
    public void authorize(String db, BsonDocument command) {
        if (!users.required()) {
            return;
        }
        CommandAction action = CommandPrivileges.actionOf(command);
        if (action == CommandAction.NONE) {
            return;
        }
        if (user == null) {
            throw new MongoCommandException(
                    ErrorCode.UNAUTHORIZED, "command " + command.getFirstKey() + " requires authentication");
        }
        if (!user.allows(action, db)) {
            throw new MongoCommandException(
                    ErrorCode.UNAUTHORIZED,
                    "not authorized on " + db + " to execute command " + BsonPrinter.serverString(command));
        }
    }

    /**
     * hello's {@code saslSupportedMechs: "admin.USER"}: the mechanisms of that user, added to {@code reply} (mongo
     * {@code sasl_commands.cpp} {@code handleIsMasterSpeculativeAuth} / {@code saslSupportedMechs}); nothing for an
     * unknown user.
     */
    public void addSupportedMechanisms(BsonDocument hello, BsonDocument reply) {
        if (!hello.isString("saslSupportedMechs")) {
            return;
        }
        String qualified = hello.getString("saslSupportedMechs").getValue();
        int dot = qualified.indexOf('.');
        if (dot < 0) {
            return;
        }
        users.find(qualified.substring(0, dot), qualified.substring(dot + 1)).ifPresent(u -> {
            BsonArray mechanisms = new BsonArray();
            for (ScramMechanism m : ScramMechanism.values()) {
                mechanisms.add(new BsonString(m.mechanismName()));
            }
            reply.put("saslSupportedMechs", mechanisms);
        });
    }

    private BsonDocument saslStart(String db, BsonDocument command) {
        String mechanismName =
                command.isString("mechanism") ? command.getString("mechanism").getValue() : "";
        ScramMechanism mechanism = ScramMechanism.named(mechanismName);
        if (mechanism == null) {
            throw new MongoCommandException(
                    ErrorCode.MECHANISM_UNAVAILABLE,
                    "Received authentication for mechanism " + mechanismName + " which is not enabled");
        }
        user = null;
        awaitingEmptyExchange = false;
        BsonDocument options = command.getDocument("options", new BsonDocument());
        skipEmptyExchange = options.isBoolean("skipEmptyExchange")
                && options.getBoolean("skipEmptyExchange").getValue();
        conversation = new ScramConversation(
                mechanism, name -> users.find(db, name).map(u -> u.credentials().get(mechanism)));
        return step(converse(conversation::first, command), false);
    }

    private BsonDocument saslContinue(BsonDocument command) {
        if (conversation == null) {
            throw new MongoCommandException(ErrorCode.PROTOCOL_ERROR, "No SASL session state found");
        }
        if (awaitingEmptyExchange) {
            awaitingEmptyExchange = false;
            finish();
            return step("", true);
        }
        String serverFinal = converse(conversation::last, command);
        if (skipEmptyExchange) {
            finish();
            return step(serverFinal, true);
        }
        awaitingEmptyExchange = true;
        return step(serverFinal, false);
    }

    private void finish() {
        user = users.find(UserAccount.USERS_DATABASE, conversation.user()).orElseThrow(ScramConversation::failed);
        conversation = null;
    }

    /** The server's answer to {@code command}'s payload; a refused step ends the conversation. */
    private String converse(UnaryOperator<String> step, BsonDocument command) {
        try {
            return step.apply(payload(command));
        } catch (MongoCommandException e) {
            conversation = null;
            throw e;
        }
    }

    private static String payload(BsonDocument command) {
        BsonValue payload = command.get("payload");
        if (payload != null && payload.isBinary()) {
            return new String(payload.asBinary().getData(), StandardCharsets.UTF_8);
        }
        if (payload != null && payload.isString()) {
            return payload.asString().getValue();
        }
        throw ScramConversation.failed();
    }

    private static BsonDocument step(String payload, boolean done) {
        return ok(new BsonDocument("conversationId", new BsonInt32(CONVERSATION_ID))
                .append("done", BsonBoolean.valueOf(done))
                .append("payload", new BsonBinary(ScramConversation.bytes(payload))));
    }

    /** mongo {@code connection_status.cpp}: the authenticated users and their roles. */
    private BsonDocument connectionStatus(BsonDocument command) {
        BsonArray authenticated = new BsonArray();
        BsonArray roles = new BsonArray();
        if (user != null) {
            authenticated.add(userDocument(user));
            roles.addAll(UsersInfoCommand.roles(user));
        }
        BsonDocument authInfo =
                new BsonDocument("authenticatedUsers", authenticated).append("authenticatedUserRoles", roles);
        if (command.isBoolean("showPrivileges")
                && command.getBoolean("showPrivileges").getValue()) {
            authInfo.append("authenticatedUserPrivileges", new BsonArray());
        }
        return ok(new BsonDocument("authInfo", authInfo));
    }

    private static BsonDocument userDocument(UserAccount u) {
        return new BsonDocument("user", new BsonString(u.name()))
                .append("db", new BsonString(UserAccount.USERS_DATABASE));
    }

    private static BsonDocument ok(BsonDocument reply) {
        return reply.append("ok", new BsonDouble(1));
    }
}
