package io.shardlab.live;

import io.shardlab.cluster.Chunk;
import io.shardlab.cluster.ChunkVersion;
import io.shardlab.key.ShardKey;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonInt64;
import org.bson.BsonMaxKey;
import org.bson.BsonMinKey;
import org.bson.BsonValue;

/**
 * One cluster's {@code config} database written in the document shapes of MongoDB 4.4, 5.0, 6.0,
 * 7.0 and 8.0, so the same layout can be read back from every shape.
 *
 * <p>The cluster: shards shard01-shard04 (shard02 in zone NYC, shard04 draining); collection
 * {@code test.users} sharded on {@code {user_id: 1}} whose history is one chunk on shard01, split
 * at 100, multi-split at 200 and 300, [100, 200) moved to shard02, [200, 300) moved to shard03,
 * [300, MaxKey) split at 400 and merged back (then marked jumbo); {@code test.events} sharded on
 * {@code {_id: "hashed"}} with four initial chunks, one moved from shard02 to shard03;
 * {@code config.system.sessions} with one chunk. Zone NYC covers users [100, 200).
 *
 * <p>Sources of each shape (cited per builder below):
 * <ul>
 *   <li>[DOCS-CONFIG] mongodb/docs {@code source/reference/config-database.txt} (4.x era examples of
 *       chunks, collections, databases, shards, tags, settings and a split changelog entry).</li>
 *   <li>[DOCS-14450] the 5.0 config.collections/config.databases examples given by engineering in
 *       DOCS-14450 ("the ns field of config.chunks is replaced by the uuid field, while the
 *       lastmodEpoch field has been thrown out"), quoted in reference/mongodb-sharding.md §3.</li>
 *   <li>[TYPE_CHUNK] mongo {@code src/mongo/s/catalog/type_chunk.cpp} {@code toConfigBSON} field order
 *       {@code _id, uuid, min, max, shard, lastmod, [estimatedDataSizeBytes], [jumbo], history}
 *       (6.x era, uuid-keyed) and the {@code type_chunk.h} 5.0+ comment.</li>
 *   <li>[DUMP-7X] a 7.x/8.x chunk with {@code onCurrentShardSince} between lastmod and history,
 *       reference/mongodb-sharding.md §3.1 example (3).</li>
 *   <li>[COLL-IDL] mongo {@code src/mongo/s/catalog/type_collection.idl} (6.0 era) and
 *       [DB-IDL] {@code type_database.idl} (6.0 era: {@code partitioned} deprecated but written).</li>
 *   <li>[SHARDS-8] the 8.0.5 shard document with {@code topologyTime} and {@code replSetConfigVersion}
 *       from SERVER-106069, reference §3.3 (4).</li>
 *   <li>[OPS-44] mongo {@code sharding_catalog_manager_chunk_operations.cpp}, 4.4 era
 *       ({@code appendLegacyWithField}: {@code lastmod} Timestamp plus {@code lastmodEpoch}; merge logs
 *       {@code merged: [chunk docs], prevShardVersion, mergedVersion}).</li>
 *   <li>[OPS-70] the same file, 7.0 era ({@code ChunkVersion::serialize} writes {@code {e, t, v}}
 *       per {@code chunk_version.idl}; split/multi-split add {@code owningShard}; merge logs
 *       {@code prevPlacementVersion, mergedVersion, owningShard, min, max, numChunks}).</li>
 *   <li>[MSM] mongo {@code src/mongo/db/s/migration_source_manager.cpp}: {@code moveChunk.commit}
 *       details {@code {min, max, from, to}}; later versions add {@code counts}, whose inner fields
 *       were not verified and are therefore left out here.</li>
 * </ul>
 * Not verified, marked [U] where used: the 5.0 and 6.0 changelog detail shapes (taken as the 4.4
 * shape, which a 5.0 binary still wrote with {@code appendLegacyWithField}), the 8.0 changelog
 * shapes (taken as 7.0), and the 7.0/8.0 config.databases shape (taken as 6.0).
 */
public final class ConfigFixture {

    /** A MongoDB release whose document shapes the fixture writes. */
    public enum Shape {
        V4_4("4.4.29", 9),
        V5_0("5.0.26", 13),
        V6_0("6.0.16", 17),
        V7_0("7.0.12", 21),
        V8_0("8.0.5", 25);

        final String version;
        final int wireVersion;

        Shape(String version, int wireVersion) {
            this.version = version;
            this.wireVersion = wireVersion;
        }

        boolean atLeast(Shape other) {
            return compareTo(other) >= 0;
        }
    }

    public static final String USERS = "test.users";
    static final String EVENTS = "test.events";
    static final String SESSIONS = "config.system.sessions";
    static final String USERS_UUID = "f8669e52-5c1b-4ea2-bbdc-a00189b341da";
    static final String EVENTS_UUID = "28439244-edec-410e-b3ab-07e5dd7100ab";
    static final String SESSIONS_UUID = "e2976da6-2813-4bf2-bc80-ef6260275983";
    static final String TRACKED_UUID = "c88e9237-ae8b-452e-9d89-bcdcaaa763db";
    /** When the collections were sharded: 2024-03-01T10:00:00Z. */
    static final long T0 = 1709287200L;

    static final String EPOCH_USERS = "65e1a720a1b2c3d4e5f60001";
    static final String EPOCH_EVENTS = "65e1a720a1b2c3d4e5f60002";
    static final String EPOCH_SESSIONS = "65e1a720a1b2c3d4e5f60003";
    static final long H1 = -4611686018427387902L;
    static final long H2 = 4611686018427387902L;

    private ConfigFixture() {}

    /** The time of the k-th changelog entry: T0 + k minutes. */
    public static Instant at(int k) {
        return Instant.ofEpochSecond(T0 + 60L * k);
    }

    // ---------------------------------------------------------------- expected layouts

    static ShardKey key(long v) {
        return ShardKey.of(new BsonInt32((int) v));
    }

    static ShardKey hashed(long v) {
        return ShardKey.of(new BsonInt64(v));
    }

    static final ShardKey MIN = ShardKey.of(new BsonMinKey());
    static final ShardKey MAX = ShardKey.of(new BsonMaxKey());

    /** test.users as it is now. */
    static List<Chunk> usersNow() {
        return List.of(
                new Chunk(MIN, key(100), "shard01", false, new ChunkVersion(3, 1)),
                new Chunk(key(100), key(200), "shard02", false, new ChunkVersion(2, 0)),
                new Chunk(key(200), key(300), "shard03", false, new ChunkVersion(3, 0)),
                new Chunk(key(300), MAX, "shard01", true, new ChunkVersion(3, 4)));
    }

    /** test.events as it is now. */
    static List<Chunk> eventsNow() {
        return List.of(
                new Chunk(MIN, hashed(H1), "shard01", false, new ChunkVersion(1, 0)),
                new Chunk(hashed(H1), hashed(0), "shard01", false, new ChunkVersion(1, 1)),
                new Chunk(hashed(0), hashed(H2), "shard03", false, new ChunkVersion(2, 0)),
                new Chunk(hashed(H2), MAX, "shard02", false, new ChunkVersion(2, 1)));
    }

    // ---------------------------------------------------------------- config documents

    /** Every config collection of the fixture cluster in {@code shape}, by collection name. */
    public static Map<String, List<BsonDocument>> config(Shape shape) {
        Map<String, List<BsonDocument>> c = new LinkedHashMap<>();
        c.put("shards", shards(shape));
        c.put("databases", databases(shape));
        c.put("collections", collections(shape));
        c.put("chunks", chunks(shape));
        c.put("tags", tags());
        c.put("settings", settings(shape));
        c.put("changelog", changelog(shape));
        return c;
    }

    /** [DOCS-CONFIG] shard shapes; [REF 3.3] topologyTime from 5.0; [SHARDS-8] replSetConfigVersion in 8.0. */
    static List<BsonDocument> shards(Shape shape) {
        List<BsonDocument> out = new ArrayList<>();
        String[][] shards = {
            {"shard01", "shard01/localhost:27018,localhost:27019,localhost:27020", "", ""},
            {"shard02", "shard02/localhost:27021", "NYC", ""},
            {"shard03", "shard03/localhost:27022", "", ""},
            {"shard04", "shard04/localhost:27023", "", "draining"},
        };
        for (String[] s : shards) {
            BsonDocument d = doc("{_id: '%s', host: '%s', state: 1}", s[0], s[1]);
            if (!s[2].isEmpty()) {
                d.append("tags", BsonDocument.parse("{t: ['" + s[2] + "']}").get("t"));
            }
            if (!s[3].isEmpty()) {
                d.append("draining", org.bson.BsonBoolean.TRUE);
            }
            if (shape.atLeast(Shape.V5_0)) {
                d.append("topologyTime", ts(T0 - 3600, 12));
            }
            if (shape.atLeast(Shape.V8_0)) {
                d.append("replSetConfigVersion", new BsonInt64(-1));
            }
            out.add(d);
        }
        return out;
    }

    /** [DOCS-CONFIG] 4.x databases; [DOCS-14450] 5.0 version.timestamp; [DB-IDL] 6.0; 7.0/8.0 [U] as 6.0. */
    static List<BsonDocument> databases(Shape shape) {
        if (shape == Shape.V4_4) {
            return List.of(doc("{_id: 'test', primary: 'shard01', partitioned: true, "
                    + "version: {uuid: UUID('516a5f79-5eb9-4844-8ee9-b8e9de91b760'), lastMod: 1}}"));
        }
        return List.of(doc(
                "{_id: 'test', primary: 'shard01', partitioned: %s, "
                        + "version: {uuid: UUID('516a5f79-5eb9-4844-8ee9-b8e9de91b760'), timestamp: Timestamp(%d, 34), lastMod: 1}}",
                shape.atLeast(Shape.V6_0) ? "false" : "true", T0 - 60));
    }

    /**
     * [DOCS-CONFIG] and reference §3.2 (3) for 4.4 ({@code dropped}, lastmod date and lastmodEpoch);
     * [DOCS-14450] for 5.0+ ({@code timestamp}, {@code noBalance}); [COLL-IDL] for 6.0+
     * ({@code maxChunkSizeBytes} after configureCollectionBalancing); 8.0 tracked unsharded
     * collections carry {@code unsplittable: true} (mongo sharding catalog code matches
     * {@code {unsplittable: true}}).
     */
    static List<BsonDocument> collections(Shape shape) {
        List<BsonDocument> out = new ArrayList<>();
        out.add(collection(shape, USERS, "{user_id: 1}", USERS_UUID, EPOCH_USERS, false));
        out.add(collection(shape, EVENTS, "{_id: 'hashed'}", EVENTS_UUID, EPOCH_EVENTS, false));
        out.add(collection(shape, SESSIONS, "{_id: 1}", SESSIONS_UUID, EPOCH_SESSIONS, false));
        if (shape == Shape.V4_4) {
            BsonDocument dropped = collection(shape, "test.old", "{a: 1}", TRACKED_UUID, EPOCH_USERS, true);
            out.add(dropped);
        }
        if (shape.atLeast(Shape.V8_0)) {
            out.add(collection(shape, "test.tracked", "{_id: 1}", TRACKED_UUID, EPOCH_USERS, false)
                    .append("unsplittable", org.bson.BsonBoolean.TRUE));
        }
        return out;
    }

    private static BsonDocument collection(
            Shape shape, String ns, String key, String uuid, String epoch, boolean dropped) {
        if (shape == Shape.V4_4) {
            // lastmod is the epoch's creation time written as a date in milliseconds-of-seconds, as in
            // the docs example ("1970-01-16T15:00:58.107Z" next to ObjectId("5078407b…")).
            return doc(
                    "{_id: '%s', lastmodEpoch: ObjectId('%s'), lastmod: {$date: %d}, dropped: %s, key: %s, "
                            + "unique: false, uuid: UUID('%s')}",
                    ns, epoch, T0, dropped, key, uuid);
        }
        BsonDocument d = doc(
                "{_id: '%s', lastmodEpoch: ObjectId('%s'), lastmod: ISODate('2024-03-01T10:00:00Z'), "
                        + "timestamp: Timestamp(%d, 13), uuid: UUID('%s'), key: %s, unique: false, noBalance: false}",
                ns, epoch, T0, uuid, key);
        if (shape.atLeast(Shape.V6_0) && ns.equals(USERS)) {
            d.append("maxChunkSizeBytes", new BsonInt64(128L * 1024 * 1024));
        }
        return d;
    }

    /** Chunk documents: [DOCS-CONFIG] for 4.4, [TYPE_CHUNK] for 5.0/6.0, [DUMP-7X] for 7.0/8.0. */
    static List<BsonDocument> chunks(Shape shape) {
        List<BsonDocument> out = new ArrayList<>();
        List<Chunk> users = usersNow();
        for (int i = 0; i < users.size(); i++) {
            out.add(chunk(shape, USERS, "user_id", USERS_UUID, EPOCH_USERS, users.get(i), i));
        }
        List<Chunk> events = eventsNow();
        for (int i = 0; i < events.size(); i++) {
            out.add(chunk(shape, EVENTS, "_id", EVENTS_UUID, EPOCH_EVENTS, events.get(i), 10 + i));
        }
        out.add(chunk(
                shape,
                SESSIONS,
                "_id",
                SESSIONS_UUID,
                EPOCH_SESSIONS,
                new Chunk(MIN, MAX, "shard01", false, ChunkVersion.INITIAL),
                20));
        if (shape.atLeast(Shape.V8_0)) {
            out.add(chunk(
                    shape,
                    "test.tracked",
                    "_id",
                    TRACKED_UUID,
                    EPOCH_USERS,
                    new Chunk(MIN, MAX, "shard02", false, ChunkVersion.INITIAL),
                    21));
        }
        // Reversed insertion order: the reader must not rely on the server's natural order.
        java.util.Collections.reverse(out);
        return out;
    }

    static BsonDocument chunk(Shape shape, String ns, String field, String uuid, String epoch, Chunk c, int n) {
        BsonDocument min = bound(field, c.min());
        BsonDocument max = bound(field, c.max());
        BsonValue lastmod = ts(c.version().major(), c.version().minor());
        BsonDocument history = doc("{validAfter: Timestamp(%d, 27), shard: '%s'}", T0 + n, c.shard());
        BsonDocument d;
        if (shape == Shape.V4_4) {
            // [DOCS-CONFIG]: {_id: "mydb.foo-a_\"cat\"", lastmod, lastmodEpoch, ns, min, max, shard, history}
            BsonValue lower = c.min().get(0);
            String id = ns + "-" + field + "_"
                    + (lower.getBsonType() == org.bson.BsonType.MIN_KEY
                            ? "MinKey"
                            : lower.isInt32()
                                    ? String.valueOf(lower.asInt32().getValue())
                                    : String.valueOf(lower.asInt64().getValue()));
            d = new BsonDocument("_id", new org.bson.BsonString(id))
                    .append("lastmod", lastmod)
                    .append("lastmodEpoch", new org.bson.BsonObjectId(new org.bson.types.ObjectId(epoch)))
                    .append("ns", new org.bson.BsonString(ns))
                    .append("min", min)
                    .append("max", max)
                    .append("shard", new org.bson.BsonString(c.shard()));
            if (c.jumbo()) {
                d.append("jumbo", org.bson.BsonBoolean.TRUE);
            }
            d.append("history", new org.bson.BsonArray(List.of(history)));
            return d;
        }
        d = new BsonDocument(
                        "_id",
                        new org.bson.BsonObjectId(
                                new org.bson.types.ObjectId(String.format("65e1a7%02x%016x", n, (long) n))))
                .append("uuid", BsonDocument.parse("{u: UUID('" + uuid + "')}").get("u"))
                .append("min", min)
                .append("max", max)
                .append("shard", new org.bson.BsonString(c.shard()))
                .append("lastmod", lastmod);
        if (shape.atLeast(Shape.V7_0)) {
            d.append("onCurrentShardSince", ts(T0 + n, 27));
        }
        if (c.jumbo()) {
            d.append("jumbo", org.bson.BsonBoolean.TRUE);
        }
        d.append("history", new org.bson.BsonArray(List.of(history)));
        return d;
    }

    /** [DOCS-CONFIG] config.tags: {_id: {ns, min}, ns, min, max, tag}. */
    static List<BsonDocument> tags() {
        return List.of(doc(
                "{_id: {ns: '%s', min: {user_id: 100}}, ns: '%s', min: {user_id: 100}, "
                        + "max: {user_id: 200}, tag: 'NYC'}",
                USERS, USERS));
    }

    /** [DOCS-CONFIG] settings; the automerge document exists from 7.0 (reference §3.6). */
    static List<BsonDocument> settings(Shape shape) {
        List<BsonDocument> out = new ArrayList<>();
        out.add(doc("{_id: 'chunksize', value: 64}"));
        out.add(doc("{_id: 'balancer', mode: 'full', stopped: false, activeWindow: {start: '23:00', stop: '06:00'}}"));
        out.add(doc("{_id: 'autosplit', enabled: true}"));
        if (shape.atLeast(Shape.V7_0)) {
            out.add(doc("{_id: 'automerge', enabled: true}"));
        }
        return out;
    }

    // ---------------------------------------------------------------- changelog

    /** The chunk changes that led to {@link #usersNow()} and {@link #eventsNow()}, in {@code shape}. */
    static List<BsonDocument> changelog(Shape shape) {
        boolean v70 = shape.atLeast(Shape.V7_0);
        List<BsonDocument> out = new ArrayList<>();
        // 1: split [MinKey, MaxKey) at 100; collection version (1, 0) -> (1, 1), (1, 2)
        out.add(entry(
                out.size(),
                1,
                "split",
                USERS,
                split(
                        v70,
                        "user_id",
                        bound("user_id", MIN),
                        bound("user_id", MAX),
                        v(1, 0),
                        new long[] {100},
                        new int[][] {{1, 1}, {1, 2}},
                        -1)));
        // 2: multi-split [100, MaxKey) at 200, 300; (1, 2) -> (1, 3), (1, 4), (1, 5)
        long[] points = {200, 300};
        for (int i = 0; i < 3; i++) {
            out.add(entry(
                    out.size(),
                    2,
                    "multi-split",
                    USERS,
                    split(
                            v70,
                            "user_id",
                            bound("user_id", key(100)),
                            bound("user_id", MAX),
                            v(1, 2),
                            points,
                            new int[][] {{1, 3}, {1, 4}, {1, 5}},
                            i)));
        }
        // 3, 4: migrations
        out.add(entry(
                out.size(), 3, "moveChunk.commit", USERS, move("user_id", key(100), key(200), "shard01", "shard02")));
        out.add(entry(
                out.size(), 4, "moveChunk.commit", USERS, move("user_id", key(200), key(300), "shard01", "shard03")));
        // 5: split [300, MaxKey) at 400; (3, 1) -> (3, 2), (3, 3)
        out.add(entry(
                out.size(),
                5,
                "split",
                USERS,
                split(
                        v70,
                        "user_id",
                        bound("user_id", key(300)),
                        bound("user_id", MAX),
                        v(3, 1),
                        new long[] {400},
                        new int[][] {{3, 2}, {3, 3}},
                        -1)));
        // 6: merge [300, 400) + [400, MaxKey) -> [300, MaxKey) (3, 4)
        out.add(entry(out.size(), 6, "merge", USERS, merge(v70, shape)));
        // 7: events: [0, H2) moved shard02 -> shard03
        out.add(entry(
                out.size(), 7, "moveChunk.commit", EVENTS, move("_id", hashed(0), hashed(H2), "shard02", "shard03")));
        // An entry the reader must ignore: a dropDatabase of another database (docs lists it as a 'what').
        out.add(entry(out.size(), 8, "dropDatabase", "other", new BsonDocument()));
        return out;
    }

    private static BsonDocument entry(int seq, int k, String what, String ns, BsonDocument details) {
        Instant time = at(k);
        return doc(
                        "{_id: 'cfg1:27019-%s-65e1a75c0000000000000%03d', server: 'cfg1:27019', clientAddr: '10.0.0.5:51234', "
                                + "time: ISODate('%s'), what: '%s', ns: '%s'}",
                        time, seq, time, what, ns)
                .append("details", details);
    }

    /**
     * Split details: {@code {before, left, right}} for two pieces, {@code {before, number, of, chunk}}
     * for one entry of a multi-split ([OPS-44]); 7.0 writes versions as {@code {e, t, v}} and adds
     * {@code owningShard} ([OPS-70]).
     */
    private static BsonDocument split(
            boolean v70,
            String field,
            BsonDocument min,
            BsonDocument max,
            int[] before,
            long[] points,
            int[][] versions,
            int piece) {
        BsonDocument details = new BsonDocument("before", shortVersion(v70, min, max, before));
        List<BsonDocument> bounds = new ArrayList<>();
        bounds.add(min);
        for (long p : points) {
            bounds.add(bound(field, key(p)));
        }
        bounds.add(max);
        if (piece < 0) {
            details.append("left", shortVersion(v70, bounds.get(0), bounds.get(1), versions[0]));
            details.append("right", shortVersion(v70, bounds.get(1), bounds.get(2), versions[1]));
        } else {
            details.append("number", new BsonInt32(piece + 1)).append("of", new BsonInt32(points.length + 1));
            details.append("chunk", shortVersion(v70, bounds.get(piece), bounds.get(piece + 1), versions[piece]));
        }
        if (v70) {
            details.append("owningShard", new org.bson.BsonString("shard01"));
        }
        return details;
    }

    private static BsonDocument shortVersion(boolean v70, BsonDocument min, BsonDocument max, int[] version) {
        BsonDocument d = new BsonDocument("min", min).append("max", max);
        if (v70) {
            d.append(
                    "lastmod",
                    doc(
                            "{e: ObjectId('%s'), t: Timestamp(%d, 13), v: Timestamp(%d, %d)}",
                            EPOCH_USERS, T0, version[0], version[1]));
        } else {
            d.append("lastmod", ts(version[0], version[1]))
                    .append("lastmodEpoch", new org.bson.BsonObjectId(new org.bson.types.ObjectId(EPOCH_USERS)));
        }
        return d;
    }

    /** [MSM] moveChunk.commit details. */
    private static BsonDocument move(String field, ShardKey min, ShardKey max, String from, String to) {
        return new BsonDocument("min", bound(field, min))
                .append("max", bound(field, max))
                .append("from", new org.bson.BsonString(from))
                .append("to", new org.bson.BsonString(to));
    }

    /** Merge details: [OPS-44] lists the merged chunks; [OPS-70] names the range and count only. */
    private static BsonDocument merge(boolean v70, Shape shape) {
        BsonDocument min = bound("user_id", key(300));
        BsonDocument max = bound("user_id", MAX);
        if (v70) {
            return new BsonDocument(
                            "prevPlacementVersion",
                            doc("{e: ObjectId('%s'), t: Timestamp(%d, 13), v: Timestamp(3, 3)}", EPOCH_USERS, T0))
                    .append(
                            "mergedVersion",
                            doc("{e: ObjectId('%s'), t: Timestamp(%d, 13), v: Timestamp(3, 4)}", EPOCH_USERS, T0))
                    .append("owningShard", new org.bson.BsonString("shard01"))
                    .append("min", min)
                    .append("max", max)
                    .append("numChunks", new BsonInt32(2));
        }
        BsonDocument first = new BsonDocument(
                "_id", new org.bson.BsonObjectId(new org.bson.types.ObjectId("65e1a7030000000000000003")));
        BsonDocument second = new BsonDocument(
                "_id", new org.bson.BsonObjectId(new org.bson.types.ObjectId("65e1a7040000000000000004")));
        if (shape == Shape.V4_4) {
            first.append("ns", new org.bson.BsonString(USERS));
            second.append("ns", new org.bson.BsonString(USERS));
        } else {
            first.append(
                    "uuid",
                    BsonDocument.parse("{u: UUID('" + USERS_UUID + "')}").get("u"));
            second.append(
                    "uuid",
                    BsonDocument.parse("{u: UUID('" + USERS_UUID + "')}").get("u"));
        }
        first.append("min", min)
                .append("max", bound("user_id", key(400)))
                .append("shard", new org.bson.BsonString("shard01"));
        second.append("min", bound("user_id", key(400)))
                .append("max", max)
                .append("shard", new org.bson.BsonString("shard01"));
        return new BsonDocument("merged", new org.bson.BsonArray(List.of(first, second)))
                .append("prevShardVersion", ts(3, 3))
                .append("prevShardVersionEpoch", new org.bson.BsonObjectId(new org.bson.types.ObjectId(EPOCH_USERS)))
                .append("mergedVersion", ts(3, 4))
                .append("mergedVersionEpoch", new org.bson.BsonObjectId(new org.bson.types.ObjectId(EPOCH_USERS)));
    }

    // ---------------------------------------------------------------- command replies

    /** docs reference/command/balancerStatus: {mode, inBalancerRound, numBalancerRounds, ok}. */
    static BsonDocument balancerStatus() {
        return doc("{mode: 'full', inBalancerRound: false, numBalancerRounds: NumberLong(86), ok: 1}");
    }

    /** docs $shardedDataDistribution example shape: {ns, shards: [{shardName, numOrphanedDocs, …}]}. */
    static List<BsonDocument> shardedDataDistribution() {
        return List.of(
                doc(
                        "{ns: '%s', shards: [{shardName: 'shard01', numOrphanedDocs: 0, numOwnedDocuments: 600, "
                                + "ownedSizeBytes: 36600, orphanedSizeBytes: 0}, {shardName: 'shard02', numOrphanedDocs: 2, "
                                + "numOwnedDocuments: 300, ownedSizeBytes: 18300, orphanedSizeBytes: 122}, {shardName: 'shard03', "
                                + "numOrphanedDocs: 0, numOwnedDocuments: 100, ownedSizeBytes: 6100, orphanedSizeBytes: 0}]}",
                        USERS),
                doc(
                        "{ns: '%s', shards: [{shardName: 'shard01', numOrphanedDocs: 0, numOwnedDocuments: 18, "
                                + "ownedSizeBytes: 1782, orphanedSizeBytes: 0}]}",
                        SESSIONS));
    }

    /** docs $collStats: one document per shard with shard, host, localTime and storageStats. */
    static List<BsonDocument> collStats(String ns) {
        if (!ns.equals(USERS)) {
            return List.of();
        }
        return List.of(
                doc(
                        "{ns: '%s', shard: 'shard01', host: 'localhost:27018', localTime: ISODate('2024-03-02T00:00:00Z'), "
                                + "storageStats: {size: 36600, count: 600, avgObjSize: 61, storageSize: 40960}}",
                        USERS),
                doc(
                        "{ns: '%s', shard: 'shard02', host: 'localhost:27021', localTime: ISODate('2024-03-02T00:00:00Z'), "
                                + "storageStats: {size: 18300, count: 300, avgObjSize: 61, storageSize: 20480}}",
                        USERS));
    }

    // ---------------------------------------------------------------- helpers

    static BsonDocument bound(String field, ShardKey key) {
        return new BsonDocument(field, key.get(0));
    }

    private static int[] v(int major, int minor) {
        return new int[] {major, minor};
    }

    static BsonValue ts(long seconds, long increment) {
        return new org.bson.BsonTimestamp((int) seconds, (int) increment);
    }

    static BsonDocument doc(String template, Object... args) {
        return BsonDocument.parse(args.length == 0 ? template : String.format(template, args));
    }
}
