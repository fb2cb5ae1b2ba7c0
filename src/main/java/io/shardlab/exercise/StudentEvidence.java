package io.shardlab.exercise;

import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * Everything the checks read about one student: their database's sharded collections and what mongos saw them
 * send. Immutable, so it crosses from the thread that owns the clusters to the one that evaluates.
 *
 * @param database the student's database
 * @param collections its sharded collections, by collection name (without the database)
 * @param activity the queries and chunk commands mongos saw for it
 */
public record StudentEvidence(String database, Map<String, CollectionEvidence> collections, StudentActivity activity) {

    public StudentEvidence {
        Objects.requireNonNull(database, "database");
        collections = Map.copyOf(collections);
        Objects.requireNonNull(activity, "activity");
    }

    /** The sharded collection {@code name}, if it is sharded. */
    public Optional<CollectionEvidence> collection(String name) {
        return Optional.ofNullable(collections.get(name));
    }

    /** {@code database.name}. */
    public String namespace(String name) {
        return database + "." + name;
    }
}
