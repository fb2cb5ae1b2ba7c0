package io.shardlab.session;

import io.shardlab.mongos.MongosCommands;
import io.shardlab.mongos.ShardedCatalog;
import io.shardlab.mongos.UserAccounts;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;

/**
 * A mongos of a catalog's release held in the process, with the documents its clients write: what the
 * explorer's Shell panel drives ({@link #commands()}) and what clients reach on the MongoDB wire protocol
 * while the explorer accepts connections ({@link #listen}). The explorer's engine keeps one per session, so
 * what the Shell panel wrote is there for the clients that connect later, and theirs for the panel.
 *
 * <p>The port the session needs of the wire adapter: package {@code serve} implements it (accepting
 * connections is serve's alone, ARCHITECTURE.md rule 2), and the application hands serve's {@link Factory} to
 * the engine where it is composed ({@code io.shardlab.DesktopApp}), so neither {@code session} nor {@code ui}
 * depends on {@code serve}.
 */
public interface MongosEndpoint {

    /** The command layer, for commands from inside the process; they run on the caller's thread. */
    MongosCommands commands();

    /**
     * The users clients must authenticate as from now on (SCRAM-SHA-256 or SCRAM-SHA-1, {@code authSource=admin});
     * {@link UserAccounts#NONE} lets every client do everything. Connections already open authenticate again.
     * Commands from inside the process ({@link #commands()}) never need a password. Classroom mode sets its
     * password here, e.g. {@code requireUsers(UserAccounts.parse(List.of("teacher:" + password)))}.
     */
    void requireUsers(UserAccounts users);

    /**
     * Saves the layout and every client document to {@code file} atomically, between two commands: a gzipped mongodump
     * archive that {@code serve --data-file FILE} starts from (serve's {@code DataFile}).
     *
     * @throws io.shardlab.files.FileException with one line naming the file when it cannot be written
     */
    default DataFileContents saveTo(Path file) {
        return takeSave(file).write();
    }

    /**
     * Takes what a save of {@code file} writes, between two commands, and leaves the writing to the caller ({@link
     * PendingSave#write}), so a thread that also runs the clients' commands (the explorer's simulation thread) holds
     * them only while it takes it.
     */
    PendingSave takeSave(Path file);

    /**
     * Runs a save once, taken and written to nowhere, on a small throwaway cluster of this endpoint's release, so that
     * the first real save loads no classes while it holds the clients' commands (in {@code serve}, the first save
     * held them 64 to 173 ms, later ones 1 to 12 ms; after a warm-up the first held them 4 to 26 ms). It takes no lock of this endpoint's: call it on any thread, e.g. when
     * the endpoint starts listening.
     */
    void warmUpSaves();

    /**
     * Stores the documents of data file {@code file}, whose layout this endpoint's catalog was made from ({@link
     * DataFileReader#catalog}): each lands in its chunk as a client's insert would, within the memory budget.
     *
     * @throws io.shardlab.files.FileException with one line naming the file and the problem (a damaged archive, more
     *     documents than the memory budget holds)
     */
    DataFileContents restoreFrom(Path file);

    /**
     * Starts listening as this mongos: the clients see the documents it holds and what the process wrote
     * through {@link #commands()} before, and the process sees theirs. It has no clock of its own: whoever
     * plays the cluster moves its time. Closing the listener leaves the endpoint and its documents as they are.
     *
     * @param bind the address to listen on
     * @param port the port, 0 for any free one
     * @throws PortTakenException when the port is taken by another program (or not allowed to this one)
     * @throws IllegalArgumentException with one line when the address is unknown or listening fails otherwise
     */
    Listener listen(String bind, int port);

    /** A listening mongos; its connection threads hand every client command to the endpoint's lane. */
    interface Listener extends AutoCloseable {

        /** {@code mongodb://HOST:PORT/}, the string a client connects with. */
        String connectionString();

        /** The port listened on. */
        int port();

        /**
         * The strings a client connects with, one per address of this machine that reaches the port: the bound
         * address, or when it listens on every address ({@code 0.0.0.0}) each network address of the machine's
         * interfaces that are up (IPv4 first), loopback last: the first is what another machine types, the
         * last (for every address) {@link #connectionString()}.
         */
        List<String> connectionStrings();

        /** The clients connected now, {@code ADDRESS:PORT (appName)}, sorted. */
        List<String> clients();

        /** The connections now, with what each has written and how it fared; by {@link ClientConnection#id()}. */
        List<ClientConnection> connections();

        /**
         * Closes connection {@code id} and refuses the same client's new connections (its host and {@code
         * appName}: a driver connects again at once) until the listener closes; nothing when it is gone.
         */
        void disconnect(long id);

        /**
         * Refuses (true) or serves again (false) every command that would change a database or the cluster,
         * with MongoDB's {@code Unauthorized} (13), as a server answers a user whose roles only read. Commands
         * from inside the process ({@link MongosEndpoint#commands()}, the Shell panel) are not refused.
         */
        void readOnly(boolean refuseWrites);

        /** Stops listening and closes the clients' connections. */
        @Override
        void close();
    }

    /** Makes the endpoint of a catalog. */
    @FunctionalInterface
    interface Factory {

        /**
         * @param catalog the simulated cluster
         * @param mongosHost the {@code host:port} the config database names this mongos by
         * @param memoryBudgetBytes stored document bytes past which writes are refused
         * @param maxClients connections served at once once it listens
         * @param clientLog receives one line per client connecting or leaving, and the memory-budget notices,
         *     on a connection thread
         * @param lane where the clients' commands run (commands given to {@link #commands()} run on the
         *     caller's thread)
         */
        MongosEndpoint open(
                ShardedCatalog catalog,
                String mongosHost,
                long memoryBudgetBytes,
                int maxClients,
                Consumer<String> clientLog,
                CommandLane lane);
    }

    /** The port asked for is taken by another program (or not allowed to this one). */
    class PortTakenException extends IllegalArgumentException {
        private static final long serialVersionUID = 1L;

        /** @param message one line naming the address and port */
        public PortTakenException(String message) {
            super(message);
        }
    }
}
