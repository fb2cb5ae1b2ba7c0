package io.shardlab.session;

import java.util.Objects;
import java.util.Optional;

/**
 * How the explorer accepts connections: the port tried first, the address it listens on, and a password.
 *
 * @param port the port tried first (any free one is taken when it is taken), 0 for any
 * @param bindAddress {@link #THIS_COMPUTER} (clients on this machine only), {@link #EVERY_ADDRESS} (a class on
 *     the network: anyone who reaches the port can read and write), or one address of this machine
 * @param password when given, clients authenticate (SCRAM-SHA-256 or SCRAM-SHA-1, {@code authSource=admin}) as
 *     {@value #CLASS_USER} with this password, who may do everything ({@code root}); the window's own Shell panel
 *     never needs it. Empty: anyone who reaches the port can read and write
 */
public record AcceptSettings(int port, String bindAddress, Optional<String> password) {

    /** The user a class joins as when accepting with a password. */
    public static final String CLASS_USER = "student";

    /** Loopback: clients on this machine only. */
    public static final String THIS_COMPUTER = "127.0.0.1";

    /** Every address of this machine: clients on its networks too. */
    public static final String EVERY_ADDRESS = "0.0.0.0";

    public AcceptSettings {
        if (port < 0 || port > 65535) {
            throw new IllegalArgumentException(
                    "port: expected 0 to 65535, got " + port); // untranslated: a developer's contract
        }
        Objects.requireNonNull(bindAddress, "bindAddress");
        if (bindAddress.isBlank()) {
            throw new IllegalArgumentException(
                    "bindAddress: must not be blank"); // untranslated: a developer's contract
        }
        Objects.requireNonNull(password, "password");
        if (password.isPresent() && password.get().isEmpty()) {
            throw new IllegalArgumentException(
                    "password: must not be empty; leave it out to accept without one"); // untranslated: a developer's
            // contract
        }
    }

    /** Clients on this machine only, on {@code port}. */
    public static AcceptSettings thisComputer(int port) {
        return new AcceptSettings(port, THIS_COMPUTER, Optional.empty());
    }

    /** A class: clients from the network as well, on {@code port} of every address. */
    public static AcceptSettings everyAddress(int port) {
        return new AcceptSettings(port, EVERY_ADDRESS, Optional.empty());
    }

    /**
     * Whether this is the classroom's choice: an address other than {@link #THIS_COMPUTER}, whose join text and
     * roster show (another loopback address, such as {@code 127.0.0.2}, counts: a test's network on one machine).
     */
    public boolean network() {
        return !bindAddress.equals(THIS_COMPUTER);
    }
}
