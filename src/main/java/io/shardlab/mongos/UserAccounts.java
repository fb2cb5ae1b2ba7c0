package io.shardlab.mongos;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The users of a served cluster. With none, every client may do everything (MongoDB without {@code
 * --auth}); with one or more, every command but the handshake and authentication needs an authenticated user
 * whose roles allow it. Immutable.
 */
public final class UserAccounts {

    /** No users: no authentication. */
    public static final UserAccounts NONE = new UserAccounts(List.of());

    private final Map<String, UserAccount> byName = new LinkedHashMap<>();

    /**
     * @throws IllegalArgumentException when two users share a name
     */
    public UserAccounts(List<UserAccount> users) {
        for (UserAccount u : users) {
            if (byName.putIfAbsent(u.name(), u) != null) {
                throw new IllegalArgumentException("user " + u.name() + " is given twice");
            }
        }
    }

    /** The users of {@code specs}, each {@code NAME:PASSWORD[:ROLES]} ({@link UserAccount#parse}). */
    public static UserAccounts parse(List<String> specs) {
        return new UserAccounts(specs.stream().map(UserAccount::parse).toList());
    }

    /** Whether clients must authenticate. */
    public boolean required() {
        return !byName.isEmpty();
    }

    /** The users, in the order given. */
    public List<UserAccount> all() {
        return List.copyOf(byName.values());
    }

    /** The user of {@code name} in database {@code db}; users live in {@code admin}. */
    Optional<UserAccount> find(String db, String name) {
        return UserAccount.USERS_DATABASE.equals(db) ? Optional.ofNullable(byName.get(name)) : Optional.empty();
    }
}
