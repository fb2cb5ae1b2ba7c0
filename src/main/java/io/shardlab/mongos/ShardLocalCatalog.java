package io.shardlab.mongos;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonString;
import org.bson.BsonValue;

/**
 * What a collection's shard records about it beyond its documents, as its clients declared it: the options it was
 * created with (its default {@code collation}) and its indexes with their options ({@code unique}, {@code sparse},
 * {@code partialFilterExpression}, {@code collation}; mongo {@code src/mongo/db/catalog/collection_options.cpp},
 * {@code index_descriptor.cpp}). The document store keeps the documents and enforces unique indexes but drops these
 * options, and the sharding rules read them: {@code shardCollection} and {@code refineCollectionShardKey} look for a
 * simple-collation, non-sparse, non-partial index on the key ({@link ShardKeyIndexRules}), {@code shardCollection}
 * refuses a collection whose default collation is not simple.
 *
 * <p>An index created without {@code collation} on a collection with a default collation takes the collection's
 * (mongo {@code index_key_validate.cpp}); {@code {locale: "simple"}} is recorded as no collation, as MongoDB stores
 * it. Every collection has its {@code _id_} index, which takes the collection's collation too.
 *
 * <p>State changes only through {@link #created}, {@link #indexCreated}, {@link #indexDescriptionChanged},
 * {@link #indexDropped}, {@link #dropped},
 * {@link #databaseDropped} and {@link #renamed}, each called after the document store accepted the command.
 */
final class ShardLocalCatalog {

    /** One collection: its creation options and its indexes by name, in creation order. */
    private record Entry(BsonDocument options, Map<String, BsonDocument> indexes) {}

    private final Map<String, Entry> collections = new TreeMap<>();

    /** The collection's default collation, if it has a non-simple one. */
    Optional<BsonDocument> defaultCollation(String ns) {
        Entry e = collections.get(ns);
        return e == null || !e.options().isDocument("collation")
                ? Optional.empty()
                : Optional.of(e.options().getDocument("collation"));
    }

    /**
     * The collection's indexes as {@code listIndexes} gives them with the options ShardLab keeps: {@code _id_} and
     * those created since, each a copy.
     */
    List<BsonDocument> indexes(String ns) {
        Entry e = collections.get(ns);
        if (e == null) {
            return List.of(idIndex(new BsonDocument()));
        }
        List<BsonDocument> out = new ArrayList<>();
        e.indexes().values().forEach(i -> out.add(i.clone()));
        return out;
    }

    /** {@code create}: the collection and its options (only {@code collation} is kept). */
    void created(String ns, BsonDocument command) {
        BsonDocument options = new BsonDocument();
        BsonValue collation = command.get("collation");
        if (collation instanceof BsonDocument c && !Collations.isSimple(c)) {
            options.append("collation", Collations.fullSpec(c));
        }
        Entry e = new Entry(options, new LinkedHashMap<>());
        collections.put(ns, e);
        e.indexes().put("_id_", idIndex(options));
    }

    /** {@code createIndexes}, one index spec: recorded with the collection's collation when it names none. */
    void indexCreated(String ns, BsonDocument spec) {
        Entry e = entry(ns);
        String name = spec.getString("name").getValue();
        if (e.indexes().containsKey(name)) {
            return;
        }
        BsonDocument kept = new BsonDocument("v", new BsonInt32(2)).append("key", spec.getDocument("key"));
        kept.append("name", new BsonString(name));
        for (String option : List.of("unique", "sparse", "partialFilterExpression", "hidden")) {
            if (spec.containsKey(option)) {
                kept.append(option, spec.get(option));
            }
        }
        BsonValue collation = spec.get("collation");
        if (collation instanceof BsonDocument c) {
            if (!Collations.isSimple(c)) {
                kept.append("collation", Collations.fullSpec(c));
            }
        } else if (e.options().isDocument("collation")) {
            kept.append("collation", e.options().getDocument("collation"));
        }
        e.indexes().put(name, kept);
    }

    /**
     * {@code collMod} of an index's options: as {@link DocumentStorage#changeIndexDescription} changes the store's
     * description of it, the {@code removed} fields taken out and the {@code appended} ones put at its end.
     */
    void indexDescriptionChanged(String ns, String name, Set<String> removed, BsonDocument appended) {
        Entry e = collections.get(ns);
        BsonDocument kept = e == null ? null : e.indexes().get(name);
        if (kept == null) {
            return;
        }
        removed.forEach(kept::remove);
        appended.forEach((field, value) -> {
            kept.remove(field);
            kept.append(field, value);
        });
    }

    /** {@code dropIndexes} of the index named {@code name}, or of every index but {@code _id_} for {@code "*"}. */
    void indexDropped(String ns, String name) {
        Entry e = collections.get(ns);
        if (e == null) {
            return;
        }
        if (name.equals("*")) {
            e.indexes().keySet().removeIf(n -> !n.equals("_id_"));
        } else if (!name.equals("_id_")) {
            e.indexes().remove(name);
        }
    }

    /** {@code dropIndexes} of the index whose key is {@code key}. */
    void indexDropped(String ns, BsonDocument key) {
        Entry e = collections.get(ns);
        if (e != null) {
            e.indexes()
                    .values()
                    .removeIf(i -> i.getDocument("key").equals(key)
                            && !i.getString("name").getValue().equals("_id_"));
        }
    }

    /** {@code drop}. */
    void dropped(String ns) {
        collections.remove(ns);
    }

    /** {@code dropDatabase}. */
    void databaseDropped(String db) {
        collections.keySet().removeIf(ns -> ns.startsWith(db + "."));
    }

    /** {@code renameCollection}: the target takes the source's options and indexes. */
    void renamed(String from, String to) {
        Entry e = collections.remove(from);
        if (e != null) {
            collections.put(to, e);
        }
    }

    /** A copy of everything recorded, for comparing before and after a command. */
    Map<String, BsonDocument> snapshot() {
        Map<String, BsonDocument> out = new TreeMap<>();
        collections.forEach((ns, e) -> {
            BsonDocument indexes = new BsonDocument();
            e.indexes().forEach((n, i) -> indexes.append(n, i.clone()));
            out.put(ns, new BsonDocument("options", e.options().clone()).append("indexes", indexes));
        });
        return out;
    }

    /** The entry of {@code ns}, made (with no options) when a write or an index creates the collection implicitly. */
    private Entry entry(String ns) {
        return collections.computeIfAbsent(ns, n -> {
            Entry e = new Entry(new BsonDocument(), new LinkedHashMap<>());
            e.indexes().put("_id_", idIndex(e.options()));
            return e;
        });
    }

    private static BsonDocument idIndex(BsonDocument options) {
        BsonDocument id = new BsonDocument("v", new BsonInt32(2))
                .append("key", new BsonDocument("_id", new BsonInt32(1)))
                .append("name", new BsonString("_id_"));
        if (options.isDocument("collation")) {
            id.append("collation", options.getDocument("collation"));
        }
        return id;
    }
}
