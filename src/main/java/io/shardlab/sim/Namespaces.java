package io.shardlab.sim;

/** Checks of a {@code "db.collection"} namespace string. */
final class Namespaces {

    private Namespaces() {}

    /** @throws IllegalArgumentException unless {@code ns} is {@code db.coll} with both parts non-empty */
    static void check(String ns) {
        if (ns == null || ns.indexOf('.') <= 0 || ns.endsWith(".")) {
            throw new IllegalArgumentException("namespace: expected 'db.collection', got '" + ns + "'");
        }
    }

    /** The database part of {@code db.coll}. */
    static String database(String ns) {
        return ns.substring(0, ns.indexOf('.'));
    }

    /** The collection part of {@code db.coll}. */
    static String collection(String ns) {
        return ns.substring(ns.indexOf('.') + 1);
    }
}
