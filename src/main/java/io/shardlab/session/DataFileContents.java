package io.shardlab.session;

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

    /** {@code 1,234 documents in 3 collections}, as serve and the window say it. */
    public String describe() {
        return String.format(
                "%,d document%s in %d collection%s",
                documents, documents == 1 ? "" : "s", collections, collections == 1 ? "" : "s");
    }
}
