package io.shardlab.mongos;

/**
 * What a command does, in the coarse terms ShardLab's roles grant: MongoDB's action types (mongo {@code
 * src/mongo/db/auth/action_type.idl}) grouped as its built-in roles group them ({@code builtin_roles.cpp}:
 * {@code readRoleActions}, {@code readWriteRoleActions}, {@code dbAdminRoleActions}' {@code dropDatabase}, the
 * clusterMonitor and clusterManager action sets).
 */
enum CommandAction {
    /** Needs no authentication: the handshake and the authentication commands ({@code requiresAuth() false}). */
    NONE,
    /** Any authenticated user: sessions, transactions' ends, cursors of its own. */
    AUTHENTICATED,
    /** {@code readRoleActions} on the database: find, listCollections, listIndexes, collStats, dbStats. */
    FIND,
    /** {@code readWriteRoleActions} beyond reading: insert, update, remove, create/drop collection and index, rename. */
    WRITE,
    /** {@code dropDatabase}, a dbAdmin (dbOwner) action that readWrite lacks. */
    DROP_DATABASE,
    /** {@code listDatabases} on the cluster. */
    LIST_DATABASES,
    /** clusterMonitor's actions on the cluster: serverStatus, hostInfo, getParameter, listShards, inprog. */
    CLUSTER_MONITOR,
    /** clusterManager's: enableSharding, shardCollection, split, moveChunk, zones, shards, the balancer. */
    CLUSTER_MANAGE
}
