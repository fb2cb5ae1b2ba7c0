package io.shardlab.session;

import io.shardlab.text.Message;

/**
 * What a save of a served cluster's data file wrote, or a load read ({@code serve --data-file}, File → Save cluster
 * with its documents): the clients' documents and their collections, besides the layout.
 *
 * @param documents the clients' documents
 * @param collections the collections holding them
 */
public record DataFileContents(long documents, int collections) {

    public DataFileContents {
        if (documents < 0 || collections < 0) {
            throw new IllegalArgumentException(String.format(
                    "documents and collections: must not be negative, got %s and %s", // untranslated: a developer's
                    // contract
                    documents, collections));
        }
    }

    /** {@code 1,234 documents in 3 collections}, as the window says it (serve prints its own line). */
    public Message describe() {
        return Message.of("session.dataFile.contents", documents, collections);
    }
}
