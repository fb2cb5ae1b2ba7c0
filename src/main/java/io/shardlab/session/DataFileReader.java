package io.shardlab.session;

import io.shardlab.mongos.ShardedCatalog;
import java.nio.file.Path;

/**
 * Reads the layout of a data file ({@code serve --data-file}, File → Save cluster with its documents): the port the
 * session needs of serve's data file format, as {@link MongosEndpoint} is the port to its mongos; the application
 * hands serve's reader in where it is composed ({@code io.shardlab.DesktopApp}), so {@code session} does not depend
 * on {@code serve} (ARCHITECTURE.md rule 2). The documents follow through {@link MongosEndpoint#restoreFrom}.
 */
@FunctionalInterface
public interface DataFileReader {

    /**
     * The catalog {@code file}'s layout describes: its databases, shards, zones and sharded collections, their chunks
     * empty until the documents are restored.
     *
     * @throws io.shardlab.files.FileException with one line naming the file and the problem
     */
    ShardedCatalog catalog(Path file);
}
