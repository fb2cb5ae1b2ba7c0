package io.shardlab.routing;

import io.shardlab.bson.BsonPrinter;
import io.shardlab.cluster.Chunk;
import io.shardlab.cluster.ChunkMap;
import io.shardlab.cluster.MongoVersion;
import io.shardlab.cluster.ReleaseRules;
import io.shardlab.key.InvalidShardKeyException;
import io.shardlab.key.KeyField;
import io.shardlab.key.ShardKey;
import io.shardlab.key.ShardKeyHasher;
import io.shardlab.key.ShardKeyPattern;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.SortedSet;
import java.util.TreeSet;
import org.bson.BsonBoolean;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonValue;

/**
 * Which shards mongos sends an operation to, over one collection's chunk layout, following the rules
 * of a given MongoDB version.
 *
 * <p>Reads and multi-writes: mongo {@code getShardIdsForQuery} ({@code src/mongo/s/chunk_manager.cpp},
 * 7.0+ {@code src/mongo/s/shard_key_pattern_query_util.cpp}): the exact-key fast path
 * ({@link ShardKeyEqualityExtractor}), else the planner's bounds ({@link ShardKeyBoundsPlanner}) flattened
 * to key ranges ({@link BoundsFlattener}); each range collects the shards of the chunks it overlaps,
 * max inclusive ({@code forEachOverlappingChunk}); a [MinKey, MaxKey] range means every shard that owns
 * chunks; no shard at all means the first chunk's shard (SERVER-4914).
 *
 * <p>The targeting class follows analyzeShardKey ({@code analyze_shard_key_read_write_distribution.cpp}):
 * an extractable exact key is single-shard; a [MinKey…, MaxKey…] range is scatter-gather; anything
 * else multi-shard.
 *
 * <p>Single writes and upserts depend on the version (the targeters' texts are quoted verbatim):
 * <ul>
 *   <li>4.0 and earlier, mongo {@code src/mongo/s/write_ops/chunk_manager_targeter.cpp} (4.0 era): an
 *       exact shard key (from the query, or from a replacement document), else an exact {@code _id} for
 *       updateOne/deleteOne; upserts need the exact key.</li>
 *   <li>5.0 to 7.0, {@code src/mongo/s/collection_routing_info_targeter.cpp} (7.0 era, with
 *       {@code featureFlagUpdateOneWithoutShardKey} off): a query that reaches one shard, else a
 *       replacement document's key, else an exact {@code _id}; upserts need the exact key in the query;
 *       findAndModify needs it too ({@code cluster_find_and_modify_cmd.cpp}).</li>
 *   <li>7.1 and later ({@code featureFlagUpdateOneWithoutShardKey}; docs "Starting in MongoDB 7.1, ...
 *       you do not need to provide the shard key or _id field in the query specification"): a write
 *       that reaches several shards without an exact {@code _id} runs as a two-phase write without
 *       shard key over the shards the query reaches; only a multi-document upsert still needs the
 *       exact key (8.0-era {@code collection_routing_info_targeter.cpp}).</li>
 * </ul>
 * 4.2 and 4.4, whose targeters are worded differently again, are not modelled for single writes.
 * Collations are taken as simple throughout.
 *
 * <p>Not thread-safe (it owns a {@link ShardKeyHasher}); make one per thread.
 */
public final class Router {

    private static final ShardKeyPattern ID_KEY = ShardKeyPattern.parse("{_id: 1}");

    private final ShardKeyPattern pattern;
    private final ChunkMap chunks;
    private final MongoVersion version;
    private final ShardKeyHasher hasher = new ShardKeyHasher();
    private final ShardKeyBoundsPlanner planner;

    /**
     * @throws IllegalArgumentException when the chunk bounds do not have the pattern's arity
     */
    public Router(ShardKeyPattern pattern, ChunkMap chunks, MongoVersion version) {
        if (pattern.arity() != chunks.arity()) {
            throw new IllegalArgumentException("chunks: bounds have " + chunks.arity() + " fields but the key "
                    + pattern + " has " + pattern.arity());
        }
        this.pattern = pattern;
        this.chunks = chunks;
        this.version = version;
        this.planner = new ShardKeyBoundsPlanner(pattern, hasher, !version.atLeast(8, 0));
    }

    /**
     * Routes one operation.
     *
     * @throws UnsupportedQueryException when the filter uses an operator routing does not model
     */
    public Targeting route(Operation operation) {
        if (operation instanceof Operation.Find f) {
            return read(f.filter());
        }
        if (operation instanceof Operation.Insert i) {
            return insert(i.document());
        }
        if (operation instanceof Operation.Update u) {
            return update(u);
        }
        if (operation instanceof Operation.Delete d) {
            return delete(d);
        }
        return findAndModify((Operation.FindAndModify) operation);
    }

    // ---- reads and the shared query targeting ---------------------------------------------

    /** What {@code getShardIdsForQuery} returns for a filter, plus its targeting class. */
    private record QueryShards(
            SortedSet<String> shards,
            Optional<ShardKey> exactKey,
            List<KeyRange> ranges,
            TargetingClass targeting,
            String reason) {}

    private QueryShards queryShards(BsonDocument filter) {
        MatchExpression expr = FilterParser.parse(filter);
        Optional<ShardKey> exact = ShardKeyEqualityExtractor.extract(pattern, expr, hasher);
        if (exact.isPresent()) {
            Chunk chunk = chunks.chunkFor(exact.get());
            return new QueryShards(
                    new TreeSet<>(List.of(chunk.shard())),
                    exact,
                    List.of(),
                    TargetingClass.SINGLE_SHARD,
                    "The filter has an equality on every shard-key field, "
                            + "so mongos sends it to the one chunk owning " + exact.get() + ": " + chunk + ".");
        }
        List<KeyRange> ranges = BoundsFlattener.flatten(planner.bounds(expr));
        SortedSet<String> shards = new TreeSet<>();
        SortedSet<Integer> chunkIndexes = new TreeSet<>();
        boolean wholeSpace = false;
        for (KeyRange range : ranges) {
            if (range.isWholeKeySpace()) {
                wholeSpace = true;
                shards.addAll(chunks.chunksPerShard().keySet());
                break;
            }
            int from = chunks.indexOf(range.min());
            int to = chunks.indexOf(range.max());
            for (int c = from; c <= to; c++) {
                chunkIndexes.add(c);
                shards.add(chunks.get(c).shard());
            }
        }
        if (wholeSpace) {
            String first = pattern.fields().get(0).path();
            return new QueryShards(
                    shards,
                    exact,
                    ranges,
                    TargetingClass.SCATTER_GATHER,
                    "The filter gives no bounds on the shard key's first field '" + first + "'"
                            + (pattern.hasHashedPrefix() ? " (a hashed field narrows only on equality or $in)" : "")
                            + ", so mongos broadcasts it to "
                            + (shards.size() == 1 ? "the one shard" : "all " + Counts.of(shards.size(), "shard"))
                            + " that own" + (shards.size() == 1 ? "s" : "")
                            + " chunks.");
        }
        if (shards.isEmpty()) {
            String first = chunks.get(0).shard();
            return new QueryShards(
                    new TreeSet<>(List.of(first)),
                    exact,
                    ranges,
                    TargetingClass.MULTI_SHARD,
                    "The filter can match no shard-key value, so mongos still sends it to the first chunk's shard "
                            + first + " (SERVER-4914).");
        }
        return new QueryShards(
                shards,
                exact,
                ranges,
                TargetingClass.MULTI_SHARD,
                "The filter bounds the shard key to " + Counts.of(ranges.size(), "range") + " overlapping "
                        + Counts.of(chunkIndexes.size(), "chunk") + ", which "
                        + (chunkIndexes.size() == 1 ? "lives" : "live") + " on " + Counts.of(shards.size(), "shard")
                        + ".");
    }

    private Targeting read(BsonDocument filter) {
        QueryShards q = queryShards(filter);
        return ok(q.shards(), q.targeting(), q.reason(), q.ranges());
    }

    private static Targeting ok(SortedSet<String> shards, TargetingClass c, String reason, List<KeyRange> ranges) {
        return new Targeting(new ArrayList<>(shards), c, reason, Optional.empty(), ranges);
    }

    private static Targeting rejected(TargetingClass c, String reason, String error, List<KeyRange> ranges) {
        return new Targeting(List.of(), c, reason, Optional.of(error), ranges);
    }

    // ---- insert ------------------------------------------------------------------------------

    private Targeting insert(BsonDocument document) {
        if (!version.atLeast(4, 4)) {
            for (KeyField f : pattern.fields()) {
                if (valueAt(document, f.path()) == null
                        || valueAt(document, f.path()).isArray()) {
                    String error = "document " + BsonPrinter.shell(document)
                            + " does not contain shard key for pattern " + serverPattern();
                    return rejected(
                            TargetingClass.SINGLE_SHARD,
                            "Before 4.4 an insert must hold every shard-key " + "field without arrays; '" + f.path()
                                    + "' is missing or an array.",
                            error,
                            List.of());
                }
            }
        }
        ShardKey key;
        try {
            key = pattern.extractKey(document, hasher);
        } catch (InvalidShardKeyException e) {
            return rejected(
                    TargetingClass.SINGLE_SHARD,
                    "A shard key cannot hold an array, so mongos cannot " + "route this document.",
                    "Shard key cannot contain array values or array descendants.",
                    List.of());
        }
        Chunk chunk = chunks.chunkFor(key);
        return ok(
                new TreeSet<>(List.of(chunk.shard())),
                TargetingClass.SINGLE_SHARD,
                "The document's shard key " + key + " falls in the chunk " + chunk + ".",
                List.of());
    }

    private static BsonValue valueAt(BsonDocument doc, String path) {
        BsonValue current = doc;
        for (String part : path.split("\\.")) {
            if (current.isArray()) {
                return current;
            }
            if (!current.isDocument() || !current.asDocument().containsKey(part)) {
                return null;
            }
            current = current.asDocument().get(part);
        }
        return current;
    }

    // ---- update -------------------------------------------------------------------------------

    private boolean isReplacement(BsonDocument update) {
        if (update == null || update.isEmpty()) {
            return update != null; // an empty update document is replacement-style (getUpdateExprType)
        }
        boolean ops = false;
        boolean fields = false;
        for (String k : update.keySet()) {
            if (k.startsWith("$")) {
                ops = true;
            } else {
                fields = true;
            }
        }
        if (ops && fields) {
            throw new UnsupportedQueryException("update document " + BsonPrinter.shell(update)
                    + " has mixed $operator and non-$operator style fields");
        }
        return fields;
    }

    private Targeting update(Operation.Update u) {
        boolean replacement = isReplacement(u.update());
        if (replacement && u.multi()) {
            throw new UnsupportedQueryException("Replacement-style updates cannot be {multi:true}");
        }
        if (u.multi() && !u.upsert()) {
            return read(u.filter());
        }
        requireModelledSingleWriteVersion();
        if (!version.atLeast(5, 0)) {
            return legacyUpdate(u, replacement);
        }
        QueryShards q = queryShards(u.filter());
        boolean writeWithoutShardKey = writesWithoutShardKey();
        if (u.upsert() && (!writeWithoutShardKey || u.multi())) {
            if (q.exactKey().isEmpty()) {
                return rejected(
                        q.targeting(),
                        "An upsert" + (u.multi() ? " with multi: true" : "") + " on MongoDB " + version
                                + " must have an equality on the full shard key in its filter.",
                        "Failed to target upsert by query :: could not extract exact shard key",
                        q.ranges());
            }
            return ok(q.shards(), q.targeting(), q.reason(), q.ranges());
        }
        if (q.shards().size() == 1) {
            return ok(q.shards(), q.targeting(), q.reason(), q.ranges());
        }
        boolean exactId = isExactIdQuery(u.filter());
        if ((!writeWithoutShardKey || exactId) && replacement) {
            return byReplacementDocument(u, q);
        }
        if (exactId) {
            return broadcastForExactId("update", q);
        }
        if (writeWithoutShardKey) {
            return twoPhase("updateOne" + (u.upsert() ? " with upsert" : ""), q);
        }
        String error = "A {multi:false} update on a sharded collection must contain an exact match on _id (and have "
                + "the collection default collation) or target a single shard (and have the simple collation), but "
                + "this update targeted " + q.shards().size() + " shards. Update request: " + updateRequest(u)
                + ", shard key pattern: " + serverPattern();
        return rejected(
                q.targeting(),
                "On MongoDB " + version + " an updateOne must reach one shard or have an exact "
                        + "_id equality; this filter reaches " + q.shards().size() + " shards.",
                error,
                q.ranges());
    }

    /** A single {@code write} whose filter reaches several shards but has an exact _id equality: sent to them all. */
    private static Targeting broadcastForExactId(String write, QueryShards q) {
        return ok(
                q.shards(),
                q.targeting(),
                "The filter reaches " + q.shards().size() + " shards but has an exact _id equality, so the single "
                        + write + " is broadcast to them.",
                q.ranges());
    }

    private Targeting twoPhase(String what, QueryShards q) {
        return ok(
                q.shards(),
                q.targeting(),
                "The filter reaches " + q.shards().size() + " shards, so MongoDB "
                        + version + " runs " + what + " as a write without shard key: it queries those shards, then "
                        + "writes on the one holding the chosen document.",
                q.ranges());
    }

    /**
     * Targets a replacement update by the shard key of its replacement document, missing fields
     * counted as null and {@code _id} taken from the query's exact {@code _id} when absent
     * ({@code getUpdateExprForTargeting}, {@code emplaceMissingShardKeyValuesForDocument}).
     */
    private Targeting byReplacementDocument(Operation.Update u, QueryShards q) {
        BsonDocument doc = u.update().clone();
        if (!doc.containsKey("_id")) {
            ShardKeyEqualityExtractor.extract(ID_KEY, FilterParser.parse(u.filter()), hasher)
                    .ifPresent(id -> doc.put("_id", id.get(0)));
        }
        ShardKey key;
        try {
            key = pattern.extractKey(doc, hasher);
        } catch (InvalidShardKeyException e) {
            return rejected(
                    q.targeting(),
                    "The replacement document's shard key holds an array, so it cannot " + "target the update.",
                    "Failed to target update by replacement document :: could not extract " + "exact shard key",
                    q.ranges());
        }
        Chunk chunk = chunks.chunkFor(key);
        return ok(
                new TreeSet<>(List.of(chunk.shard())),
                q.targeting(),
                "The filter reaches " + q.shards().size()
                        + " shards, so mongos targets the replacement document's shard key " + key + " in the chunk "
                        + chunk + ".",
                List.of());
    }

    /**
     * The exact shard key 4.0's mongos targets an update by ({@code _targetUpdateByShardKey} in mongo
     * {@code chunk_manager_targeter.cpp}): a replacement document's full key, else the filter's equality on
     * every key field; empty when there is none (the update is routed by its query). Any version's
     * pattern reads the same way.
     */
    public Optional<ShardKey> legacyExactKey(Operation.Update u) {
        return isReplacement(u.update())
                ? legacyKeyOfDocument(u.update())
                : ShardKeyEqualityExtractor.extract(pattern, FilterParser.parse(u.filter()), hasher);
    }

    private Targeting legacyUpdate(Operation.Update u, boolean replacement) {
        Optional<ShardKey> key = legacyExactKey(u);
        QueryShards q = queryShards(replacement ? u.update() : u.filter());
        if (key.isPresent()) {
            Chunk chunk = chunks.chunkFor(key.get());
            return ok(
                    new TreeSet<>(List.of(chunk.shard())),
                    q.targeting(),
                    "The "
                            + (replacement ? "replacement document" : "filter") + " holds the full shard key "
                            + key.get()
                            + ", owned by the chunk " + chunk + ".",
                    List.of());
        }
        if (u.upsert()) {
            String error = "An upsert on a sharded collection must contain the shard key and have the simple "
                    + "collation. Update request: " + updateRequest(u) + ", shard key pattern: " + serverPattern();
            return rejected(
                    q.targeting(),
                    "On MongoDB " + version + " an upsert must hold the full shard key.",
                    error,
                    q.ranges());
        }
        if (!u.multi() && !isExactIdQuery(u.filter())) {
            String error = "A single update on a sharded collection must contain an exact match on _id (and have the "
                    + "collection default collation) or contain the shard key (and have the simple collation). Update "
                    + "request: " + updateRequest(u) + ", shard key pattern: " + serverPattern();
            return rejected(
                    q.targeting(),
                    "On MongoDB " + version + " a single update needs the full shard key or an "
                            + "exact _id equality.",
                    error,
                    q.ranges());
        }
        return ok(
                q.shards(),
                q.targeting(),
                "The filter has an exact _id equality, so the single update is sent " + "to the "
                        + Counts.of(q.shards().size(), "shard") + " it reaches.",
                q.ranges());
    }

    /** 4.0's {@code extractShardKeyFromDoc}: every field present and no arrays, else no key. */
    private Optional<ShardKey> legacyKeyOfDocument(BsonDocument doc) {
        for (KeyField f : pattern.fields()) {
            BsonValue v = valueAt(doc, f.path());
            if (v == null || v.isArray()) {
                return Optional.empty();
            }
        }
        return Optional.of(pattern.extractKey(doc, hasher));
    }

    // ---- delete --------------------------------------------------------------------------------

    private Targeting delete(Operation.Delete d) {
        if (d.multi()) {
            return read(d.filter());
        }
        requireModelledSingleWriteVersion();
        QueryShards q = queryShards(d.filter());
        boolean legacy = !version.atLeast(5, 0);
        boolean single = legacy ? q.exactKey().isPresent() : q.shards().size() == 1;
        if (single) {
            return ok(q.shards(), q.targeting(), q.reason(), q.ranges());
        }
        if (isExactIdQuery(d.filter())) {
            return broadcastForExactId("delete", q);
        }
        if (writesWithoutShardKey()) {
            return twoPhase("deleteOne", q);
        }
        String error = "A single delete on a sharded collection must contain an exact match on _id (and have the "
                + "collection default collation) or contain the shard key (and have the simple collation). Delete "
                + "request: " + BsonPrinter.shell(new BsonDocument("q", d.filter()).append("limit", new BsonInt32(1)))
                + ", shard key pattern: " + serverPattern();
        return rejected(
                q.targeting(),
                "On MongoDB " + version + " a deleteOne must "
                        + (legacy ? "hold the full shard key" : "reach one shard") + " or have an exact _id equality.",
                error,
                q.ranges());
    }

    // ---- findAndModify -------------------------------------------------------------------------

    private Targeting findAndModify(Operation.FindAndModify m) {
        requireModelledSingleWriteVersion();
        QueryShards q = queryShards(m.filter());
        if (q.exactKey().isPresent()) {
            return ok(q.shards(), q.targeting(), q.reason(), q.ranges());
        }
        if (writesWithoutShardKey()) {
            return twoPhase("findAndModify", q);
        }
        return rejected(
                q.targeting(),
                "On MongoDB " + version + " findAndModify must have an equality on the full " + "shard key.",
                "Query for sharded findAndModify must contain the shard key",
                q.ranges());
    }

    // ---- helpers ------------------------------------------------------------------------------

    /** Whether single writes without the shard key run as two-phase writes ({@link ReleaseRules}, 7.1 on). */
    private boolean writesWithoutShardKey() {
        return version.atLeast(MongoVersion.V4_0) && ReleaseRules.of(version).writeWithoutShardKey();
    }

    private void requireModelledSingleWriteVersion() {
        if (version.atLeast(4, 2) && !version.atLeast(5, 0)) {
            throw new IllegalArgumentException("version: single-write and upsert targeting is modelled for MongoDB "
                    + "4.0 and earlier, 5.0 to 7.0, and 7.1 and later; " + version + " is not");
        }
    }

    /** {@code isExactIdQuery}: the filter pins {@code _id} to one storable value. */
    private boolean isExactIdQuery(BsonDocument filter) {
        return ShardKeyEqualityExtractor.extract(ID_KEY, FilterParser.parse(filter), hasher)
                .isPresent();
    }

    private static String updateRequest(Operation.Update u) {
        BsonDocument request = new BsonDocument("q", u.filter());
        if (u.update() != null) {
            request.append("u", u.update());
        }
        request.append("multi", BsonBoolean.valueOf(u.multi())).append("upsert", BsonBoolean.valueOf(u.upsert()));
        return BsonPrinter.shell(request);
    }

    /** The key pattern as the server prints it ({@code BSONObj::toString}), e.g. {@code { a: 1, b: "hashed" }}. */
    private String serverPattern() {
        StringBuilder b = new StringBuilder("{ ");
        List<KeyField> fields = pattern.fields();
        for (int i = 0; i < fields.size(); i++) {
            if (i > 0) {
                b.append(", ");
            }
            b.append(fields.get(i).path()).append(": ").append(fields.get(i).hashed() ? "\"hashed\"" : "1");
        }
        return b.append(" }").toString();
    }

    /** The version whose rules apply. */
    public MongoVersion version() {
        return version;
    }
}
