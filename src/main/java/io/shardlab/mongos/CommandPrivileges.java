package io.shardlab.mongos;

import java.util.Map;
import java.util.Set;
import org.bson.BsonDocument;

/**
 * The action each command needs ({@link CommandAction}), as MongoDB's commands declare it in their {@code
 * checkAuthForOperation} / {@code requiredPrivileges} (mongo {@code src/mongo/s/commands/cluster_*_cmd.cpp}): the
 * handshake and authentication need nothing ({@code requiresAuth()} false: hello, isMaster, buildInfo, ping,
 * saslStart, saslContinue, logout, connectionStatus, whatsmyuri), the commands of the table by their access (reads
 * need find, writes insert/update/remove, {@code dropDatabase} its own action), the router's commands by the role
 * that holds them (clusterMonitor's, clusterManager's), and commands answered by the storage by name.
 */
final class CommandPrivileges {

    private static final Set<String> WITHOUT_AUTHENTICATION = Set.of(
            "hello",
            "isMaster",
            "ismaster",
            "buildInfo",
            "buildinfo",
            "ping",
            "saslStart",
            "saslContinue",
            "logout",
            "connectionStatus",
            "whatsmyuri",
            "getnonce",
            "authenticate");

    private static final Map<String, CommandAction> BY_NAME = Map.ofEntries(
            // any authenticated user (mongo cluster_end_sessions_cmd.cpp, start_session_command.cpp, …)
            Map.entry("endSessions", CommandAction.AUTHENTICATED),
            Map.entry("startSession", CommandAction.AUTHENTICATED),
            Map.entry("refreshSessions", CommandAction.AUTHENTICATED),
            Map.entry("killSessions", CommandAction.AUTHENTICATED),
            Map.entry("commitTransaction", CommandAction.AUTHENTICATED),
            Map.entry("abortTransaction", CommandAction.AUTHENTICATED),
            Map.entry("listCommands", CommandAction.AUTHENTICATED),
            Map.entry("atlasVersion", CommandAction.AUTHENTICATED),
            Map.entry("usersInfo", CommandAction.AUTHENTICATED),
            // reads of the storage
            Map.entry("getMore", CommandAction.FIND),
            Map.entry("killCursors", CommandAction.FIND),
            Map.entry("listIndexes", CommandAction.FIND),
            Map.entry("listCollections", CommandAction.FIND),
            Map.entry("collStats", CommandAction.FIND),
            Map.entry("explain", CommandAction.FIND),
            Map.entry("dropDatabase", CommandAction.DROP_DATABASE),
            Map.entry("listDatabases", CommandAction.LIST_DATABASES),
            // clusterMonitor's cluster actions (builtin_roles.cpp clusterMonitorRoleClusterActions)
            Map.entry("serverStatus", CommandAction.CLUSTER_MONITOR),
            Map.entry("hostInfo", CommandAction.CLUSTER_MONITOR),
            Map.entry("getParameter", CommandAction.CLUSTER_MONITOR),
            Map.entry("getCmdLineOpts", CommandAction.CLUSTER_MONITOR),
            Map.entry("getLog", CommandAction.CLUSTER_MONITOR),
            Map.entry("listShards", CommandAction.CLUSTER_MONITOR),
            Map.entry("currentOp", CommandAction.CLUSTER_MONITOR),
            Map.entry("balancerStatus", CommandAction.CLUSTER_MONITOR),
            Map.entry("balancerCollectionStatus", CommandAction.CLUSTER_MONITOR));

    private CommandPrivileges() {}

    /** The action command {@code name} needs on its database. */
    static CommandAction actionOf(String name) {
        if (WITHOUT_AUTHENTICATION.contains(name)) {
            return CommandAction.NONE;
        }
        CommandAction named = BY_NAME.get(name);
        if (named != null) {
            return named;
        }
        return MongosCommandTable.command(name)
                .map(c -> switch (c.access()) {
                    case READ -> CommandAction.FIND;
                    case WRITE -> CommandAction.WRITE;
                    case ROUTER -> CommandAction.CLUSTER_MANAGE;
                })
                .orElseGet(() -> Set.of("count", "distinct", "aggregate", "find", "dbStats")
                                .contains(name)
                        ? CommandAction.FIND
                        : CommandAction.CLUSTER_MANAGE);
    }

    /** The action {@code command} needs, its name being its first field. */
    static CommandAction actionOf(BsonDocument command) {
        return actionOf(command.isEmpty() ? "" : command.getFirstKey());
    }
}
