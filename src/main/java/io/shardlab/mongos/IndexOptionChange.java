package io.shardlab.mongos;

import io.shardlab.bson.BsonPrinter;
import io.shardlab.cluster.MongoVersion;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.bson.BsonBoolean;
import org.bson.BsonDocument;
import org.bson.BsonInt64;
import org.bson.BsonValue;

/**
 * What the {@code index} option of {@code collMod} changes in one index, as the collection's shard checks and applies
 * it: which index ({@code name} or {@code keyPattern}), its {@code expireAfterSeconds} (a TTL index's, or from 5.1 a
 * single-field index made TTL) and whether it is {@code hidden}; the fields of its description to take out and to
 * append ({@link DocumentStorage#changeIndexDescription}) and the fields the reply gains
 * ({@code expireAfterSeconds_old} / {@code _new}, {@code hidden_old} / {@code _new}). A change to what the index
 * already is, is none: no field changes and (for {@code hidden}) the reply says nothing of it.
 *
 * <p>Sources, by release line:
 * <ul>
 *   <li>4.4: mongo {@code src/mongo/db/catalog/coll_mod.cpp} of the 4.4 line ({@code parseCollModRequest},
 *       {@code _collModInternal}, {@code CollModResultChange}): the index's fields {@code name},
 *       {@code keyPattern}, {@code expireAfterSeconds}, {@code hidden} ("Unrecognized field 'F' in 'index' option"),
 *       each refusal InvalidOptions: "Cannot specify both key pattern and name.", "Must specify either index name or
 *       key pattern.", "Index name must be a string.", "Key pattern must be an object.", "no expireAfterSeconds or
 *       hidden field", "expireAfterSeconds field must be a number", "hidden field must be a boolean"; IndexNotFound
 *       "cannot find index N for ns D.C" (a key pattern printed as the server prints it), AmbiguousIndexKeyPattern
 *       "index keyPattern K matches 2 indexes, must use index name. Conflicting indexes:{ … }, { … }"; only a TTL
 *       index takes {@code expireAfterSeconds} ("no expireAfterSeconds field to update"); then, when {@code hidden}
 *       changes the index, BadValue "Can't hide index on system collection" and "can't hide _id index". The reply's
 *       {@code expireAfterSeconds_old} and {@code _new} are the stored and the given values as they are (their BSON
 *       types kept), {@code hidden_old} / {@code hidden_new} only when the index is hidden or unhidden.
 *   <li>5.0: not among the stored sources; taken as 4.4's rules behind the strict IDL parser
 *       ({@code coll_mod.idl}, {@link CollectionDefinitionCommands#COLL_MOD}), so its types are the IDL's
 *       refusals (TypeMismatch). Not verified.
 *   <li>5.1–5.3: mongo {@code coll_mod.cpp} of the 5.x line: "no expireAfterSeconds, hidden, or unique field";
 *       {@code unique} refused ("collMod does not support converting an index to unique", its feature flag off); a
 *       capped collection's index takes no TTL ("TTL indexes are not supported for capped collections.", until 7.1, whose
 *       feature flag {@code TTLIndexesOnCappedCollections} lets it, SERVER-77586: mongo
 *       {@code jstests/core/ddl/collmod_convert_to_ttl_capped.js}, {@code requires_fcv_71}); the value
 *       checked as {@code validateExpireAfterSeconds} does ({@link TtlIndexOptions#refusal}, InvalidOptions); a
 *       single-field index that is not TTL becomes one, but not the {@code _id} index ("the _id field does not
 *       support TTL indexes") nor a compound one ("TTL indexes are single-field indexes, compound indexes do not
 *       support TTL"); hiding as the index already is, is a no-op before the {@code _id} refusal. The reply as
 *       mongo {@code src/mongo/db/catalog/coll_mod_index.cpp} writes it: {@code expireAfterSeconds_old} only for
 *       an index that was TTL, both as 64-bit integers.
 *   <li>6.0 on: mongo {@code coll_mod.cpp} ({@code parseCollModRequest} on {@code CollModIndex}): "no
 *       expireAfterSeconds, hidden, unique, or prepareUnique field", "collMod does not support 'unique' and
 *       'forceNonUnique' options at the same time", BadValue "Cannot make index non-unique", "Cannot make index
 *       unique with 'prepareUnique=false'. Run collMod to set it first.", BadValue "'forceNonUnique: false' is not
 *       supported"; the {@code _id} and system-collection refusals of {@code hidden} come before the no-op.
 *       Turning an index unique, non-unique or {@code prepareUnique} is not simulated (the document store cannot
 *       make an existing index enforce uniqueness): CommandNotSupported, never accepted unapplied.
 * </ul>
 * The description takes a new {@code expireAfterSeconds} as a 64-bit integer at its end and {@code hidden: true} at
 * its end, or loses {@code hidden} (mongo {@code bson_collection_catalog_entry.cpp}, {@code updateTTLSetting},
 * {@code updateHiddenSetting}). The mongos answers with the shard's fields at the top of its reply, as the database
 * primary's answer passes through it (mongo {@code src/mongo/s/commands/cluster_collection_mod_cmd.cpp},
 * {@code filterCommandReplyForPassthrough}); 4.4's mongos, which gathers the shards' replies under {@code raw}, is
 * answered the same way (not modelled).
 *
 * @param indexName the index changed
 * @param removed the fields its description loses
 * @param appended the fields its description gains at its end
 * @param reply the fields the reply gains, in MongoDB's order
 */
record IndexOptionChange(String indexName, Set<String> removed, BsonDocument appended, BsonDocument reply) {

    private static final String TTL = "expireAfterSeconds";

    /** The collection an index option is changed on: its namespace, whether it is capped, its indexes. */
    record Collection(String ns, boolean capped, List<BsonDocument> indexes) {}

    /** Whether nothing changes in the index. */
    boolean changesNothing() {
        return removed.isEmpty() && appended.isEmpty();
    }

    /**
     * The change {@code index} (collMod's {@code index} option, its IDL form checked from 5.0) asks of
     * {@code collection} on {@code release}.
     *
     * @param nowMillis the wall clock in milliseconds since the epoch (5.1–6.x refuse more seconds than it counts)
     * @throws MongoCommandException the release's refusal
     */
    static IndexOptionChange of(BsonDocument index, Collection collection, MongoVersion release, long nowMillis) {
        boolean handParsed = !release.atLeast(5, 1);
        boolean sixOh = release.atLeast(6, 0);
        if (!release.atLeast(5, 0)) { // from 5.0 the IDL parser refuses other fields first
            for (String field : index.keySet()) {
                if (!Set.of("name", "keyPattern", TTL, "hidden").contains(field)) {
                    throw invalid("Unrecognized field '" + field + "' in 'index' option");
                }
            }
        }
        BsonValue name = index.get("name");
        BsonValue keyPattern = index.get("keyPattern");
        if (name != null && keyPattern != null) {
            throw invalid("Cannot specify both key pattern and name.");
        }
        if (name == null && keyPattern == null) {
            throw invalid("Must specify either index name or key pattern.");
        }
        if (name != null && !name.isString()) {
            throw invalid("Index name must be a string.");
        }
        if (keyPattern != null && !keyPattern.isDocument()) {
            throw invalid("Key pattern must be an object.");
        }
        BsonValue ttl = index.get(TTL);
        BsonValue hidden = index.get("hidden");
        BsonValue unique = sixOh || !handParsed ? index.get("unique") : null;
        BsonValue prepareUnique = sixOh ? index.get("prepareUnique") : null;
        BsonValue forceNonUnique = sixOh ? index.get("forceNonUnique") : null;
        if (!handParsed && !sixOh && unique != null) {
            throw invalid("collMod does not support converting an index to unique");
        }
        if (ttl == null && hidden == null && unique == null && prepareUnique == null && forceNonUnique == null) {
            throw invalid(
                    sixOh
                            ? "no expireAfterSeconds, hidden, unique, or prepareUnique field"
                            : handParsed
                                    ? "no expireAfterSeconds or hidden field"
                                    : "no expireAfterSeconds, hidden, or unique field");
        }
        if (isTrue(unique) && isTrue(forceNonUnique)) {
            throw invalid("collMod does not support 'unique' and 'forceNonUnique' options at the same time");
        }
        boolean fourFour = !release.atLeast(5, 0);
        if (fourFour && ttl != null && !ttl.isNumber() && !ttl.isDecimal128()) {
            throw invalid("expireAfterSeconds field must be a number");
        }
        if (fourFour && hidden != null && !hidden.isBoolean()) {
            throw invalid("hidden field must be a boolean");
        }
        if (!handParsed && ttl != null) {
            if (collection.capped() && !release.atLeast(7, 1)) {
                throw invalid("TTL indexes are not supported for capped collections.");
            }
            TtlIndexOptions.refusal(ttl, release, nowMillis).ifPresent(reason -> {
                throw invalid(reason);
            });
        }
        BsonDocument target = name != null
                ? named(collection, name.asString().getValue())
                : withKey(collection, keyPattern.asDocument());
        boolean idIndex = target.getString("name").getValue().equals("_id_");
        BsonValue oldTtl = target.get(TTL);
        if (ttl != null && oldTtl == null) {
            if (handParsed) {
                throw invalid("no expireAfterSeconds field to update");
            }
            if (idIndex) {
                throw invalid("the _id field does not support TTL indexes");
            }
            if (target.getDocument("key").size() != 1) {
                throw invalid("TTL indexes are single-field indexes, compound indexes do not support TTL");
            }
        }
        if (sixOh) {
            requireUniqueChangeSimulated(target, unique, prepareUnique, forceNonUnique);
        }
        boolean wasHidden = isTrue(target.get("hidden"));
        boolean changesHidden = hidden != null && isTrue(hidden) != wasHidden;
        if (hidden != null && (changesHidden || sixOh)) {
            if (CommandContext.collectionOf(collection.ns()).startsWith("system.")) {
                throw new MongoCommandException(ErrorCode.BAD_VALUE, "Can't hide index on system collection");
            }
            if (idIndex) {
                throw new MongoCommandException(ErrorCode.BAD_VALUE, "can't hide _id index");
            }
        }
        return change(target, ttl, oldTtl, hidden, changesHidden, wasHidden, handParsed);
    }

    private static IndexOptionChange change(
            BsonDocument target,
            BsonValue ttl,
            BsonValue oldTtl,
            BsonValue hidden,
            boolean changesHidden,
            boolean wasHidden,
            boolean handParsed) {
        Set<String> removed = new TreeSet<>();
        BsonDocument appended = new BsonDocument();
        BsonDocument reply = new BsonDocument();
        if (ttl != null) {
            BsonInt64 seconds = new BsonInt64(TtlIndexOptions.safeNumberLong(ttl));
            boolean update;
            if (handParsed) {
                reply.append("expireAfterSeconds_old", oldTtl).append("expireAfterSeconds_new", ttl);
                update = numeric(oldTtl) != numeric(ttl);
            } else {
                if (oldTtl != null) {
                    reply.append("expireAfterSeconds_old", new BsonInt64(TtlIndexOptions.safeNumberLong(oldTtl)));
                }
                reply.append("expireAfterSeconds_new", seconds);
                update = oldTtl == null
                        || TtlIndexOptions.safeNumberLong(oldTtl) != seconds.getValue()
                        || !(oldTtl.isInt32() || oldTtl.isInt64());
            }
            if (update) {
                appended.append(TTL, seconds);
            }
        }
        if (changesHidden) {
            reply.append("hidden_old", BsonBoolean.valueOf(wasHidden))
                    .append("hidden_new", handParsed ? hidden : BsonBoolean.valueOf(isTrue(hidden)));
            if (isTrue(hidden)) {
                appended.append("hidden", BsonBoolean.TRUE);
            } else {
                removed.add("hidden");
            }
        }
        return new IndexOptionChange(target.getString("name").getValue(), Set.copyOf(removed), appended, reply);
    }

    /**
     * 6.0's rules of {@code unique}, {@code prepareUnique} and {@code forceNonUnique} (mongo {@code coll_mod.cpp}):
     * the refusals, the no-ops, and CommandNotSupported for a change ShardLab does not simulate.
     */
    private static void requireUniqueChangeSimulated(
            BsonDocument target, BsonValue unique, BsonValue prepareUnique, BsonValue forceNonUnique) {
        boolean isUnique = isTrue(target.get("unique"))
                || target.getString("name").getValue().equals("_id_");
        if (unique != null) {
            if (!isTrue(unique)) {
                throw new MongoCommandException(ErrorCode.BAD_VALUE, "Cannot make index non-unique");
            }
            if (!isUnique && !isTrue(target.get("prepareUnique"))) {
                throw invalid("Cannot make index unique with 'prepareUnique=false'. Run collMod to set it first.");
            }
            if (!isUnique) {
                throw notSimulated("unique");
            }
        }
        if (prepareUnique != null && !isUnique && isTrue(prepareUnique) != isTrue(target.get("prepareUnique"))) {
            throw notSimulated("prepareUnique");
        }
        if (forceNonUnique != null) {
            if (!isTrue(forceNonUnique)) {
                throw new MongoCommandException(ErrorCode.BAD_VALUE, "'forceNonUnique: false' is not supported");
            }
            if (isUnique) {
                throw notSimulated("forceNonUnique");
            }
        }
    }

    private static BsonDocument named(Collection collection, String name) {
        return collection.indexes().stream()
                .filter(i -> i.getString("name").getValue().equals(name))
                .findFirst()
                .orElseThrow(() -> new MongoCommandException(
                        ErrorCode.INDEX_NOT_FOUND, "cannot find index " + name + " for ns " + collection.ns()));
    }

    private static BsonDocument withKey(Collection collection, BsonDocument keyPattern) {
        List<BsonDocument> matching = IndexCommands.withKey(collection.indexes(), keyPattern);
        if (matching.isEmpty()) {
            throw new MongoCommandException(
                    ErrorCode.INDEX_NOT_FOUND,
                    "cannot find index " + BsonPrinter.serverString(keyPattern) + " for ns " + collection.ns());
        }
        if (matching.size() > 1) {
            throw new MongoCommandException(
                    ErrorCode.AMBIGUOUS_INDEX_KEY_PATTERN,
                    "index keyPattern " + BsonPrinter.serverString(keyPattern) + " matches " + matching.size()
                            + " indexes, must use index name. Conflicting indexes:"
                            + BsonPrinter.serverString(matching.get(0)) + ", "
                            + BsonPrinter.serverString(matching.get(1)));
        }
        return matching.get(0);
    }

    /** A number's value as BSON compares numbers (a stored value that is not a number compares unequal). */
    private static double numeric(BsonValue v) {
        if (v.isDecimal128()) {
            return v.asDecimal128().getValue().bigDecimalValue().doubleValue();
        }
        return v.isNumber() ? v.asNumber().doubleValue() : Double.NaN;
    }

    /** IDL's {@code safeBool}: a boolean, or a number other than 0 (false when {@code v} is absent). */
    static boolean isTrue(BsonValue v) {
        return v != null
                && (v.isBoolean()
                        ? v.asBoolean().getValue()
                        : v.isNumber() && v.asNumber().doubleValue() != 0);
    }

    private static MongoCommandException invalid(String message) {
        return new MongoCommandException(ErrorCode.INVALID_OPTIONS, message);
    }

    private static MongoCommandException notSimulated(String option) {
        return new MongoCommandException(
                ErrorCode.COMMAND_NOT_SUPPORTED,
                "ShardLab does not simulate collMod's index option " + option + " changing an index yet");
    }
}
