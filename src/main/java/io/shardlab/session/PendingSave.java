package io.shardlab.session;

/**
 * A data file's save taken between two commands ({@link MongosEndpoint#takeSave}) and not yet written: what it holds
 * is fixed (references to the stored documents' bytes, the layout as values), so it is written on any thread while
 * clients go on, and clients' commands are held only while it was taken.
 */
@FunctionalInterface
public interface PendingSave {

    /**
     * Writes the file atomically (the layout's JSON, the compression and the write happen here).
     *
     * @return what it wrote
     * @throws io.shardlab.files.FileException with one line naming the file when it cannot be written
     */
    DataFileContents write();
}
