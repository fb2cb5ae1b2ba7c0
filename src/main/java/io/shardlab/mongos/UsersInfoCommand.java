package io.shardlab.mongos;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.bson.BsonArray;
import org.bson.BsonBinary;
import org.bson.BsonDocument;
import org.bson.BsonString;
import org.bson.BsonValue;
import org.bson.UuidRepresentation;

/**
 * {@code usersInfo} (mongosh's {@code show users}, {@code db.getUsers()}), answered once for the command table (the
 * in-app shell: a cluster without users, {@link UserAccounts#NONE}) and for a served cluster's connection
 * ({@link ClientAuthentication}, which knows who asks): {@code 1} for the database's users, a name, {@code {user,
 * db}} or a list of them; a user who is not root sees only itself. A deployment without users finds none:
 * {@code {users: [], ok: 1}} (mongo {@code src/mongo/db/commands/user_management_commands.cpp},
 * {@code CmdUMCTyped<UsersInfoCommand>}; mongos forwards it to the config server,
 * {@code cluster_user_management_commands.cpp}).
 */
final class UsersInfoCommand {

    private UsersInfoCommand() {}

    /** The command table's row: ShardLab's own cluster has no users (it runs without access control). */
    static BsonDocument of(CommandRequest request) {
        return answer(UserAccounts.NONE, Optional.empty(), request.database(), request.body());
    }

    /**
     * The users {@code command} asks for on {@code db}, as {@code asker} may see them.
     *
     * @param asker the authenticated user; empty without access control (every user may be seen)
     */
    static BsonDocument answer(UserAccounts users, Optional<UserAccount> asker, String db, BsonDocument command) {
        BsonValue which = command.get("usersInfo");
        List<UserAccount> wanted = new ArrayList<>();
        if (which.isNumber()) {
            if (UserAccount.USERS_DATABASE.equals(db)) {
                wanted.addAll(users.all());
            }
        } else {
            for (BsonValue v : which.isArray() ? which.asArray() : new BsonArray(List.of(which))) {
                if (v.isString()) {
                    users.find(db, v.asString().getValue()).ifPresent(wanted::add);
                } else if (v.isDocument() && v.asDocument().isString("user")) {
                    BsonDocument d = v.asDocument();
                    users.find(
                                    d.getString("db", new BsonString(db)).getValue(),
                                    d.getString("user").getValue())
                            .ifPresent(wanted::add);
                }
            }
        }
        BsonArray out = new BsonArray();
        for (UserAccount u : wanted) {
            if (asker.map(a -> a.seesEveryUser() || u.name().equals(a.name())).orElse(true)) {
                BsonArray mechanisms = new BsonArray();
                u.credentials().keySet().stream()
                        .sorted()
                        .forEach(m -> mechanisms.add(new BsonString(m.mechanismName())));
                out.add(new BsonDocument("_id", new BsonString(UserAccount.USERS_DATABASE + "." + u.name()))
                        .append("userId", new BsonBinary(u.userId(), UuidRepresentation.STANDARD))
                        .append("user", new BsonString(u.name()))
                        .append("db", new BsonString(UserAccount.USERS_DATABASE))
                        .append("roles", roles(u))
                        .append("mechanisms", mechanisms));
            }
        }
        return Replies.ok(new BsonDocument("users", out));
    }

    /** {@code u}'s roles as {@code usersInfo} and {@code connectionStatus} list them, {@code [{role, db}]}. */
    static BsonArray roles(UserAccount u) {
        BsonArray out = new BsonArray();
        for (RoleGrant g : u.roles()) {
            out.add(new BsonDocument("role", new BsonString(g.role().roleName())).append("db", new BsonString(g.db())));
        }
        return out;
    }
}
