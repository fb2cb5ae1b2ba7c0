package io.shardlab.live;

/**
 * A database from config.databases (mongo {@code src/mongo/s/catalog/type_database.idl}).
 *
 * @param name the database name ({@code _id})
 * @param primary the primary shard's id
 * @param partitioned the deprecated {@code partitioned} flag, or null when the document has none
 */
public record DatabaseEntry(String name, String primary, Boolean partitioned) {

    public DatabaseEntry {
        if (name == null || name.isEmpty()) {
            throw new IllegalArgumentException("name: a database needs a name"); // untranslated: a developer's contract
        }
        primary = primary == null ? "" : primary;
    }
}
