package io.shardlab.mongos;

import org.bson.BsonArray;
import org.bson.BsonDocument;

/**
 * {@code usersInfo} (mongosh's {@code show users}, {@code db.getUsers()}): ShardLab's cluster has no users (it runs
 * without access control), so every form ({@code 1}, a name, {@code {user, db}}, {@code forAllDBs}) finds none:
 * {@code {users: [], ok: 1}}, the reply of a deployment with no users (mongo
 * {@code src/mongo/db/commands/user_management_commands.cpp}, {@code CmdUMCTyped<UsersInfoCommand>}; mongos
 * forwards it to the config server, {@code cluster_user_management_commands.cpp}).
 */
final class UsersInfoCommand {

    private UsersInfoCommand() {}

    static BsonDocument of(CommandRequest request) {
        return Replies.ok(new BsonDocument("users", new BsonArray()));
    }
}
