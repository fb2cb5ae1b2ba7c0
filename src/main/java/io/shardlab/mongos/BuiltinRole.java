package io.shardlab.mongos;

import java.util.Set;

/**
 * The MongoDB built-in roles a ShardLab user may be given, with what each allows, from mongo {@code
 * src/mongo/db/auth/builtin_roles.cpp}: {@code read} and {@code readWrite} on one database ({@code
 * addReadOnlyDbPrivileges}, {@code addReadWriteDbPrivileges}), {@code dbOwner} on one (readWrite, dbAdmin —
 * {@code dropDatabase} — and userAdmin), {@code readAnyDatabase} and {@code readWriteAnyDatabase} on every
 * database but {@code local} and {@code config} ({@code forAnyNormalResource}, with {@code listDatabases}),
 * {@code clusterMonitor} (the monitoring actions and reading {@code config}), and {@code root} (everything).
 */
enum BuiltinRole {
    READ("read", true),
    READ_WRITE("readWrite", true),
    DB_OWNER("dbOwner", true),
    READ_ANY_DATABASE("readAnyDatabase", false),
    READ_WRITE_ANY_DATABASE("readWriteAnyDatabase", false),
    CLUSTER_MONITOR("clusterMonitor", false),
    ROOT("root", false);

    /** The databases {@code forAnyNormalResource} leaves out. */
    private static final Set<String> NOT_NORMAL = Set.of("config", "local");

    private final String roleName;
    private final boolean onOneDatabase;

    BuiltinRole(String roleName, boolean onOneDatabase) {
        this.roleName = roleName;
        this.onOneDatabase = onOneDatabase;
    }

    /** MongoDB's name of the role. */
    String roleName() {
        return roleName;
    }

    /** Whether the role is granted on one database ({@code readWrite@db}) rather than on {@code admin} for all. */
    boolean onOneDatabase() {
        return onOneDatabase;
    }

    /** The role named {@code name}, or null. */
    static BuiltinRole named(String name) {
        for (BuiltinRole r : values()) {
            if (r.roleName.equals(name)) {
                return r;
            }
        }
        return null;
    }

    /**
     * Whether the role, granted on {@code grantedOn}, allows {@code action} on database {@code db}.
     *
     * @param grantedOn the database of a one-database role; {@code admin} for the others
     */
    boolean allows(CommandAction action, String db, String grantedOn) {
        if (action == CommandAction.NONE || action == CommandAction.AUTHENTICATED || this == ROOT) {
            return true;
        }
        return switch (this) {
            case READ -> action == CommandAction.FIND && db.equals(grantedOn);
            case READ_WRITE -> (action == CommandAction.FIND || action == CommandAction.WRITE) && db.equals(grantedOn);
            case DB_OWNER ->
                (action == CommandAction.FIND || action == CommandAction.WRITE || action == CommandAction.DROP_DATABASE)
                        && db.equals(grantedOn);
            case READ_ANY_DATABASE ->
                action == CommandAction.LIST_DATABASES || (action == CommandAction.FIND && !NOT_NORMAL.contains(db));
            case READ_WRITE_ANY_DATABASE ->
                action == CommandAction.LIST_DATABASES
                        || ((action == CommandAction.FIND || action == CommandAction.WRITE)
                                && !NOT_NORMAL.contains(db));
            case CLUSTER_MONITOR ->
                action == CommandAction.CLUSTER_MONITOR
                        || action == CommandAction.LIST_DATABASES
                        || (action == CommandAction.FIND && NOT_NORMAL.contains(db));
            case ROOT -> true;
        };
    }
}
