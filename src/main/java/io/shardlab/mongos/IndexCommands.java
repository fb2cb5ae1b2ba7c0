package io.shardlab.mongos;

import static io.shardlab.mongos.Argument.required;

import io.shardlab.bson.BsonPrinter;
import io.shardlab.mongos.CommandSyntax.FirstField;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.bson.BsonArray;
import org.bson.BsonBoolean;
import org.bson.BsonDocument;
import org.bson.BsonDouble;
import org.bson.BsonInt32;
import org.bson.BsonString;
import org.bson.BsonValue;

/**
 * The index commands. {@code createIndexes} as a mongod builds what a mongos forwards: an index equal to one the collection has is no
 * index to build (the options that do not change an index, such as {@code background}, which MongoDB ignores since
 * 4.2, do not count); when every requested index exists the reply says {@code "all indexes already exist"} with
 * {@code numIndexesBefore == numIndexesAfter}; a name or key already used by a different index is refused. Only the
 * new indexes reach the storage, and the counts are the collection's.
 *
 * <p>Sources: mongo {@code src/mongo/db/commands/create_indexes_cmd.cpp} (the reply's fields and its note),
 * {@code src/mongo/db/catalog/index_catalog_impl.cpp} ({@code prepareSpecForCreate}, {@code
 * _doesSpecConflictWithExisting}: IndexKeySpecsConflict for a name with another key, IndexOptionsConflict for a
 * name with other options or a key under another name), {@code src/mongo/db/index/index_descriptor.cpp} (the
 * options compared).
 *
 * <p>On a sharded collection a unique index must start with the shard key's fields (an {@code _id} index excepted),
 * else CannotCreateIndex (mongo {@code src/mongo/db/commands/create_indexes_cmd.cpp},
 * {@code ShardKeyPattern::isUniqueIndexCompatible}; test {@code jstests/sharding/unique_index_on_shardservers.js}).
 * {@code dropIndexes} drops an index by name, by key, several by name, or all ({@code "*"}). What the store does not
 * keep of an index (collation, partial and sparse options) the {@link ShardLocalCatalog} records once the store
 * accepted the command. The specifications' form ({@code key} an object, {@code name} a string, both present) is
 * checked first ({@link IndexSpecifications}).
 */
final class IndexCommands {

    /** mongo {@code create_indexes.idl}: {@code indexes}, an array of index specification documents. */
    static final CommandSyntax CREATE_INDEXES = CommandSyntax.idl(
            "createIndexes",
            FirstField.COLLECTION,
            "src/mongo/db/create_indexes.idl",
            required("indexes", ArgumentType.ARRAY).eachOf(ArgumentType.OBJECT));

    /** mongo {@code src/mongo/db/drop_indexes.idl}: the collection is a string ({@code concatenate_with_db}). */
    static final CommandSyntax DROP_INDEXES =
            CommandSyntax.idl("dropIndexes", FirstField.COLLECTION, "src/mongo/db/drop_indexes.idl");

    /** Fields of a specification that do not make an index different (index_descriptor.cpp compares the others). */
    private static final Set<String> NOT_COMPARED = Set.of("v", "ns", "background", "name");

    private final CommandContext context;

    IndexCommands(CommandContext context) {
        this.context = context;
    }

    /**
     * {@code createIndexes}: a unique index the shard key cannot keep unique refused, the new indexes built, the
     * existing ones noted, a conflicting one refused; the shards' catalog records each index.
     */
    BsonDocument createIndexes(CommandRequest request) {
        String ns = request.database() + "." + request.arguments().firstString();
        BsonArray specs = withoutHiddenFalse(
                IndexSpecifications.checked(request.arguments().array("indexes"), context.version()));
        TtlIndexOptions.check(
                specs, context.version(), context.wallClockMillis().getAsLong());
        TtlIndexOptions.requireNoTtlOnCapped(
                specs,
                context.createOptions()
                        .of(request.database(), request.arguments().firstString())
                        .capped(),
                context.version());
        requireUniqueKeptUniqueByShardKey(ns, specs);
        PartialIndexFilter.check(specs, context.version());
        requireNoPrepareUnique(specs);
        BsonDocument reply = build(request, specs);
        if (Replies.isOk(reply)) {
            for (BsonValue spec : specs) {
                if (spec instanceof BsonDocument s && s.get("key") instanceof BsonDocument && s.isString("name")) {
                    context.shardCatalog().indexCreated(ns, s);
                }
            }
        }
        return reply;
    }

    /**
     * Refuses, before anything is built, an index asked for with {@code prepareUnique: true} that is not unique: from
     * 6.0 such an index refuses new duplicate keys while keeping the existing ones (mongo
     * {@code jstests/core/ddl/index_prepareUnique.js}: DuplicateKey on the insert), which the document store underneath
     * cannot enforce; CommandNotSupported rather than an index listed with the option and not keeping it.
     */
    private void requireNoPrepareUnique(BsonArray specs) {
        if (!context.version().atLeast(6, 0)) {
            return;
        }
        for (BsonValue v : specs) {
            BsonDocument spec = v.asDocument();
            if (IndexOptionChange.isTrue(spec.get("prepareUnique")) && !IndexOptionChange.isTrue(spec.get("unique"))) {
                throw new MongoCommandException(
                        ErrorCode.COMMAND_NOT_SUPPORTED,
                        "ShardLab does not simulate createIndexes' prepareUnique (an index refusing new duplicate keys) yet");
            }
        }
    }

    /**
     * The specifications with {@code hidden: false} taken out: a visible index's description has no {@code hidden}
     * field (mongo {@code jstests/core/index/hidden_index.js}, "Ensure that "hidden: false" won't be added to index
     * specification"), so such a specification is the same index as one without it.
     */
    private static BsonArray withoutHiddenFalse(BsonArray specs) {
        BsonArray out = new BsonArray();
        for (BsonValue v : specs) {
            if (v instanceof BsonDocument spec && BsonBoolean.FALSE.equals(spec.get("hidden"))) {
                BsonDocument visible = spec.clone();
                visible.remove("hidden");
                out.add(visible);
            } else {
                out.add(v);
            }
        }
        return out;
    }

    /** {@code dropIndexes} of an index by name, by key, of several names, or of all ({@code "*"}). */
    BsonDocument dropIndexes(CommandRequest request) {
        if (request.body().get("index") instanceof BsonDocument key) {
            requireOneIndexWithKey(request, key);
        }
        BsonDocument reply = context.storage().run(request.database(), request.body());
        if (!Replies.isOk(reply)) {
            return reply;
        }
        String ns = request.database() + "." + request.arguments().firstString();
        BsonValue index = request.body().get("index");
        if (index instanceof BsonDocument key) {
            context.shardCatalog().indexDropped(ns, key);
        } else if (index instanceof BsonArray names) {
            names.stream()
                    .filter(BsonValue::isString)
                    .forEach(n ->
                            context.shardCatalog().indexDropped(ns, n.asString().getValue()));
        } else if (index != null && index.isString()) {
            context.shardCatalog().indexDropped(ns, index.asString().getValue());
        }
        return reply;
    }

    /**
     * AmbiguousIndexKeyPattern when more than one index of the collection has {@code key} (partial indexes of one
     * key with different filters): mongo {@code src/mongo/db/catalog/drop_indexes.cpp}, "2 indexes found for key:
     * { x: 1 }, identify by name instead. Conflicting indexes: { … }, { … }" (test
     * {@code jstests/core/index/index_partial_create_drop.js}).
     */
    private void requireOneIndexWithKey(CommandRequest request, BsonDocument key) {
        String db = request.database();
        String coll = request.arguments().firstString();
        if (!context.documents().exists(db, coll)) {
            return;
        }
        List<BsonDocument> withKey = withKey(context.documents().indexes(db, coll), key);
        if (withKey.size() > 1) {
            throw new MongoCommandException(
                    ErrorCode.AMBIGUOUS_INDEX_KEY_PATTERN,
                    withKey.size() + " indexes found for key: " + BsonPrinter.serverString(key)
                            + ", identify by name instead. Conflicting indexes: "
                            + BsonPrinter.serverString(withKey.get(0)) + ", "
                            + BsonPrinter.serverString(withKey.get(1)));
        }
    }

    /**
     * The indexes of {@code indexes} whose key is {@code key}: the same fields in the same order, numbers equal by
     * value as BSON compares them ({@code IndexCatalog::findIndexesByKeyPattern}).
     */
    static List<BsonDocument> withKey(List<BsonDocument> indexes, BsonDocument key) {
        return indexes.stream()
                .filter(e -> e.get("key") instanceof BsonDocument k
                        && numbersAsDoubles(k).equals(numbersAsDoubles(key))
                        && List.copyOf(k.keySet()).equals(List.copyOf(key.keySet())))
                .toList();
    }

    /** CannotCreateIndex for a unique index of {@code specs} on sharded {@code ns} that its shard key does not start. */
    private void requireUniqueKeptUniqueByShardKey(String ns, BsonArray specs) {
        Optional<ShardedCatalog.CollectionEntry> sharded = context.catalog().collection(ns);
        if (sharded.isEmpty()) {
            return;
        }
        BsonDocument shardKey = sharded.get().cluster().shardKey().toDocument();
        for (BsonValue spec : specs) {
            if (spec instanceof BsonDocument s
                    && s.get("key") instanceof BsonDocument key
                    && isTrue(s.get("unique"))
                    && !ShardKeyIndexRules.uniquenessCompatible(shardKey, key)) {
                throw new MongoCommandException(
                        ErrorCode.CANNOT_CREATE_INDEX,
                        "cannot create unique index over " + BsonPrinter.serverString(key) + " with shard key pattern "
                                + BsonPrinter.serverString(shardKey));
            }
        }
    }

    private static boolean isTrue(BsonValue v) {
        return v != null
                && (v.isBoolean()
                        ? v.asBoolean().getValue()
                        : v.isNumber() && v.asNumber().doubleValue() != 0);
    }

    /** The new indexes of {@code request} built, the existing ones noted, a conflicting one refused. */
    private BsonDocument build(CommandRequest request, BsonArray specs) {
        String db = request.database();
        String coll = request.arguments().firstString();
        boolean existed = context.documents().exists(db, coll);
        List<BsonDocument> existing = existed ? context.documents().indexes(db, coll) : List.of();
        BsonArray toBuild = new BsonArray();
        for (BsonValue v : specs) {
            BsonDocument spec = v.asDocument();
            if (!alreadyBuilt(spec, existing)) {
                toBuild.add(keyAndNameFirst(spec));
            }
        }
        int before = existed ? existing.size() : 1;
        if (toBuild.isEmpty() && existed) {
            // create_indexes_cmd.cpp: kAllIndexesAlreadyExist
            return Replies.ok(new BsonDocument("numIndexesBefore", new BsonInt32(before))
                    .append("numIndexesAfter", new BsonInt32(before))
                    .append("note", new BsonString("all indexes already exist")));
        }
        BsonDocument forward = request.body().clone();
        forward.put("indexes", toBuild);
        BsonDocument stored = context.storage().run(db, forward);
        if (stored.getNumber("ok", new BsonInt32(0)).doubleValue() != 1) {
            return stored;
        }
        return Replies.ok(new BsonDocument("createdCollectionAutomatically", BsonBoolean.valueOf(!existed))
                .append("numIndexesBefore", new BsonInt32(before))
                .append(
                        "numIndexesAfter",
                        new BsonInt32(context.documents().indexes(db, coll).size())));
    }

    /**
     * {@code spec} with {@code key} and {@code name} first and its other fields after them in their order, as mongod
     * keeps a specification (mongo {@code src/mongo/db/catalog/index_catalog_impl.cpp} {@code _fixIndexSpec}: {@code v},
     * then {@code key} and {@code name}, then the rest as given). The document store reads a partial filter given
     * before the key as a query over nothing and failed with a ClassCastException (InternalError to the client).
     */
    private static BsonDocument keyAndNameFirst(BsonDocument spec) {
        BsonDocument ordered = new BsonDocument();
        for (String first : List.of("key", "name")) {
            if (spec.containsKey(first)) {
                ordered.append(first, spec.get(first));
            }
        }
        spec.forEach((field, value) -> {
            if (!ordered.containsKey(field)) {
                ordered.append(field, value);
            }
        });
        return ordered;
    }

    /**
     * Whether the collection has {@code spec}'s index already: an index of the same name and the same key and
     * options.
     *
     * @throws MongoCommandException IndexKeySpecsConflict or IndexOptionsConflict for an index that shares its name
     *     or its key and options with a different one
     */
    private static boolean alreadyBuilt(BsonDocument spec, List<BsonDocument> existing) {
        String name = spec.getString("name", new BsonString("")).getValue();
        Optional<BsonDocument> sameName = existing.stream()
                .filter(e -> name.equals(e.getString("name", new BsonString("")).getValue()))
                .findFirst();
        if (sameName.isPresent()) {
            if (sameIndex(sameName.get(), spec)) {
                return true;
            }
            boolean sameKey = numbersAsDoubles(sameName.get().get("key", new BsonDocument()))
                            .equals(numbersAsDoubles(spec.get("key", new BsonDocument())))
                    && keyOrder(sameName.get()).equals(keyOrder(spec));
            throw new MongoCommandException(
                    sameKey ? ErrorCode.INDEX_OPTIONS_CONFLICT : ErrorCode.INDEX_KEY_SPECS_CONFLICT,
                    "An existing index has the same name as the requested index. When index names are not specified, "
                            + "they are auto generated and can cause conflicts. Please refer to our documentation. "
                            + "Requested index: " + BsonPrinter.shell(spec) + ", existing index: "
                            + BsonPrinter.shell(sameName.get()));
        }
        for (BsonDocument e : existing) {
            if (sameIndex(e, spec)) {
                throw new MongoCommandException(
                        ErrorCode.INDEX_OPTIONS_CONFLICT,
                        "Index already exists with a different name: "
                                + e.getString("name", new BsonString("")).getValue());
            }
        }
        return false;
    }

    /**
     * Whether two specifications are one index: the same compared fields, and the key's fields in the same order
     * ({@code {a: 1, b: 1}} and {@code {b: 1, a: 1}} are two indexes; a BSON document's equality ignores order).
     */
    private static boolean sameIndex(BsonDocument a, BsonDocument b) {
        return compared(a).equals(compared(b)) && keyOrder(a).equals(keyOrder(b));
    }

    private static List<String> keyOrder(BsonDocument spec) {
        BsonValue key = spec.get("key");
        return key instanceof BsonDocument d ? List.copyOf(d.keySet()) : List.of();
    }

    /**
     * The specification's fields that make an index what it is, numbers compared by value as BSON compares them
     * ({@code {a: 1}} from a driver is mongosh's {@code {a: 1.0}}).
     */
    private static BsonValue compared(BsonDocument spec) {
        BsonDocument compared = new BsonDocument();
        spec.forEach((field, value) -> {
            if (!NOT_COMPARED.contains(field)) {
                compared.append(field, value);
            }
        });
        return numbersAsDoubles(compared);
    }

    private static BsonValue numbersAsDoubles(BsonValue value) {
        if (value.isNumber()) {
            return new BsonDouble(value.asNumber().doubleValue());
        }
        if (value.isDocument()) {
            BsonDocument out = new BsonDocument();
            value.asDocument().forEach((k, v) -> out.append(k, numbersAsDoubles(v)));
            return out;
        }
        if (value.isArray()) {
            BsonArray out = new BsonArray();
            value.asArray().forEach(v -> out.add(numbersAsDoubles(v)));
            return out;
        }
        return value;
    }
}
