package io.shardlab.mongos;

/**
 * One role of a user: a built-in role and the database it is granted on ({@code admin} for the roles over every
 * database), as {@code usersInfo} and {@code connectionStatus} list it, {@code {role, db}}.
 */
record RoleGrant(BuiltinRole role, String db) {

    /** Whether this grant allows {@code action} on {@code database}. */
    boolean allows(CommandAction action, String database) {
        return role.allows(action, database, db);
    }
}
