package io.shardlab.mongos;

import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * A user of the served cluster, given when it starts ({@code serve --user}, classroom mode): its name, its roles and
 * its SCRAM credentials for both mechanisms; the password itself is not kept. Users live in {@code admin}, so
 * clients authenticate with {@code authSource=admin} (the default of a connection string without a database).
 *
 * <p>The form a teacher types: {@code NAME:PASSWORD[:ROLES]}, ROLES a comma-separated list of {@code root},
 * {@code readWriteAnyDatabase}, {@code readAnyDatabase}, {@code clusterMonitor}, {@code read@DB}, {@code
 * readWrite@DB}, {@code dbOwner@DB} and {@code own} (dbOwner of the database named like the user: a student's own
 * database); without ROLES the user is {@code root}. A password holding {@code :} needs its ROLES written out.
 *
 * @param name the user name
 * @param userId the user's id ({@code usersInfo.userId})
 * @param roles its roles, at least one
 * @param credentials the stored credentials per mechanism
 */
public record UserAccount(
        String name, UUID userId, List<RoleGrant> roles, Map<ScramMechanism, ScramCredentials> credentials) {

    /** The database users live in. */
    public static final String USERS_DATABASE = "admin";

    private static final SecureRandom RANDOM = new SecureRandom();

    public UserAccount {
        roles = List.copyOf(roles);
        credentials = Map.copyOf(credentials);
    }

    /**
     * A user of {@code password} and {@code roles}, with fresh salts.
     *
     * @throws IllegalArgumentException naming the problem when the name or password is empty
     */
    static UserAccount of(String name, String password, List<RoleGrant> roles) {
        if (name.isEmpty()) {
            throw new IllegalArgumentException("a user needs a name: NAME:PASSWORD[:ROLES]");
        }
        if (password.isEmpty()) {
            throw new IllegalArgumentException("user " + name + " needs a password: NAME:PASSWORD[:ROLES]");
        }
        Map<ScramMechanism, ScramCredentials> credentials = new EnumMap<>(ScramMechanism.class);
        for (ScramMechanism m : ScramMechanism.values()) {
            byte[] salt = new byte[m == ScramMechanism.SCRAM_SHA_1 ? 16 : 28];
            RANDOM.nextBytes(salt);
            credentials.put(m, m.credentials(name, password, salt));
        }
        return new UserAccount(name, UUID.randomUUID(), roles, credentials);
    }

    /**
     * The user {@code NAME:PASSWORD[:ROLES]} describes.
     *
     * @throws IllegalArgumentException with one line naming the user and the problem
     */
    public static UserAccount parse(String spec) {
        int first = spec.indexOf(':');
        if (first < 0) {
            throw new IllegalArgumentException("'" + spec + "' is not NAME:PASSWORD[:ROLES]");
        }
        String name = spec.substring(0, first);
        String rest = spec.substring(first + 1);
        int last = rest.lastIndexOf(':');
        String password = last < 0 ? rest : rest.substring(0, last);
        String roles = last < 0 ? "root" : rest.substring(last + 1);
        return of(name, password, parseRoles(name, roles));
    }

    /** {@code ROLE[@DB],…} of user {@code user}. */
    static List<RoleGrant> parseRoles(String user, String roles) {
        List<RoleGrant> out = new ArrayList<>();
        for (String role : roles.split(",", -1)) {
            String trimmed = role.trim();
            if (trimmed.equals("own")) {
                out.add(new RoleGrant(BuiltinRole.DB_OWNER, user));
                continue;
            }
            int at = trimmed.indexOf('@');
            String roleName = at < 0 ? trimmed : trimmed.substring(0, at);
            String db = at < 0 ? null : trimmed.substring(at + 1);
            BuiltinRole builtin = BuiltinRole.named(roleName);
            if (builtin == null) {
                throw new IllegalArgumentException("user " + user + ": unknown role '" + trimmed + "'; the roles are "
                        + "root, readWriteAnyDatabase, readAnyDatabase, clusterMonitor, read@DB, readWrite@DB, "
                        + "dbOwner@DB and own");
            }
            if (builtin.onOneDatabase() && (db == null || db.isEmpty())) {
                throw new IllegalArgumentException(
                        "user " + user + ": role " + roleName + " needs its database, " + roleName + "@DB");
            }
            if (!builtin.onOneDatabase() && db != null && !db.equals(USERS_DATABASE)) {
                throw new IllegalArgumentException(
                        "user " + user + ": role " + roleName + " covers every database; write it without @" + db);
            }
            out.add(new RoleGrant(builtin, builtin.onOneDatabase() ? db : USERS_DATABASE));
        }
        return out;
    }

    /** Whether one of the user's roles allows {@code action} on database {@code db}. */
    boolean allows(CommandAction action, String db) {
        return roles.stream().anyMatch(r -> r.allows(action, db));
    }

    /** Whether the user may see every user ({@code viewUser} on the cluster: root here). */
    boolean seesEveryUser() {
        return roles.stream().anyMatch(r -> r.role() == BuiltinRole.ROOT);
    }
}
