package io.shardlab.mongos;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardlab.cluster.MongoVersion;
import io.shardlab.key.ShardKeyPattern;
import io.shardlab.serve.MongosServer;
import io.shardlab.sim.AddShard;
import io.shardlab.sim.ShardCollection;
import io.shardlab.sim.SimulatedCluster;
import io.shardlab.sim.SimulationConfig;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import org.bson.BsonArray;
import org.bson.BsonBoolean;
import org.bson.BsonDocument;
import org.bson.BsonDouble;
import org.bson.BsonInt32;
import org.bson.BsonNull;
import org.bson.BsonNumber;
import org.bson.BsonString;
import org.bson.BsonValue;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A refusal changes nothing: every command of the mongos' table ({@link MongosCommandTable#ROWS}), run with bad
 * arguments (each declared field of the wrong type, the required ones missing, the first field not a name, off
 * {@code admin} where only {@code admin} takes it) and with plausible arguments that break a precondition (an unknown
 * shard, namespace, zone or chunk; a key the collection cannot take), on a cluster with sharded and unsharded data,
 * zones and indexes; seeded random mixes of fields besides. After each command that fails (an exception, an
 * {@code ok: 0} reply, or a write whose every statement is refused), the {@code config} database, every stored document
 * and index, and the undo history of every sharded collection are what they were before.
 */
class RefusalsChangeNothingTest {

    /** Plausible values per field name, each breaking a precondition on the cluster {@link #cluster} builds. */
    private static final Map<String, BsonValue> PLAUSIBLE = plausible();

    private static Map<String, BsonValue> plausible() {
        Map<String, BsonValue> m = new LinkedHashMap<>();
        m.put("find", BsonDocument.parse("{y: 1}"));
        m.put("bounds", BsonArray.parse("[{x: 3}, {x: 4}]"));
        m.put("middle", BsonDocument.parse("{x: 10}"));
        m.put("to", new BsonString("shard09"));
        m.put("toShard", new BsonString("shard09"));
        m.put("shard", new BsonString("shard09"));
        m.put("primaryShard", new BsonString("shard09"));
        m.put("min", BsonDocument.parse("{x: 3}"));
        m.put("max", BsonDocument.parse("{x: 4}"));
        m.put("key", BsonDocument.parse("{y: 1}"));
        m.put("zone", new BsonString("nozone"));
        m.put("unique", BsonBoolean.TRUE);
        m.put("collation", BsonDocument.parse("{locale: 'fr'}"));
        m.put("documents", BsonArray.parse("[{x: [1, 2]}]"));
        m.put("updates", BsonArray.parse("[{q: {y: 1}, u: {$set: {x: 5}}, multi: false}]"));
        m.put("deletes", BsonArray.parse("[{q: {y: 1}, limit: 1}]"));
        m.put("pipeline", BsonArray.parse("[{$nosuchstage: 1}]"));
        m.put("chunkSize", new BsonInt32(-1));
        m.put("numInitialChunks", new BsonInt32(-5));
        m.put("zones", BsonArray.parse("[{zone: 'nozone', min: {y: 1}, max: {y: 2}}]"));
        m.put("index", BsonDocument.parse("{keyPattern: {nosuchfield: 1}, hidden: true}"));
        return m;
    }

    private static final List<BsonValue> WRONG = List.of(
            new BsonInt32(42),
            new BsonString("x"),
            BsonBoolean.TRUE,
            BsonNull.VALUE,
            new BsonDocument("a", new BsonInt32(1)),
            new BsonArray(List.of(new BsonInt32(1))),
            new BsonDouble(-1.5));

    /**
     * collMod's index changes refused on app.u's unique index a_1 ({@link IndexOptionChange}): one the index itself
     * refuses, and valid ones beside a field the command refuses after reading the index (nothing may be hidden or
     * made TTL then).
     */
    private static final List<Variant> COLL_MOD_INDEX_REFUSALS = List.of(
            new Variant("app", BsonDocument.parse("{collMod: 'u', index: {name: '_id_', hidden: true}}")),
            new Variant(
                    "app",
                    BsonDocument.parse("{collMod: 'u', index: {name: 'a_1', hidden: true}, validationLevel: 'bogus'}")),
            new Variant(
                    "app",
                    BsonDocument.parse(
                            "{collMod: 'u', index: {name: 'a_1', hidden: true}, validator: {$nosuchoperator: 1}}")),
            new Variant(
                    "app",
                    BsonDocument.parse("{collMod: 'u', index: {name: 'a_1', expireAfterSeconds: 60},"
                            + " validationAction: 'bogus'}")));

    @ParameterizedTest(name = "MongoDB {0}")
    @ValueSource(strings = {"4.4", "5.0", "6.0", "7.0", "8.0", "8.3"})
    void aRefusedCommandChangesNothing(String release) {
        MongoVersion version = MongoVersion.parseModelled(release);
        Random random = new Random(release.hashCode());
        MongosCommands mongos = cluster(version);
        int refused = 0;
        for (MongosCommand command : MongosCommandTable.ROWS) {
            if (!command.simulated() || !command.exists().test(version)) {
                continue;
            }
            for (Variant v : variants(command, version, random)) {
                State before = State.of(mongos);
                boolean failed;
                try {
                    BsonDocument reply = mongos.run(v.database(), v.command());
                    failed = !isOk(reply) || allStatementsRefused(v.command(), reply);
                } catch (RuntimeException e) {
                    failed = true;
                }
                State after = State.of(mongos);
                if (failed) {
                    refused++;
                    assertEquals(before, after, () -> "refused " + v + " changed " + before.differences(after));
                } else if (!before.equals(after)) {
                    mongos = cluster(version);
                }
            }
        }
        assertTrue(refused > 100, "refusals checked: " + refused);
    }

    /** One command to try: the database and the document. */
    private record Variant(String database, BsonDocument command) {
        @Override
        public String toString() {
            return database + " " + command.toJson();
        }
    }

    private static List<Variant> variants(MongosCommand command, MongoVersion version, Random random) {
        String name = command.name();
        CommandSyntax syntax = command.syntax().apply(version);
        String db = command.adminOnly() ? "admin" : "app";
        BsonValue first = command.adminOnly() ? new BsonString("app.c") : new BsonString("c");
        List<Variant> out = new ArrayList<>();
        if (command.adminOnly()) {
            out.add(new Variant("app", new BsonDocument(name, first)));
        }
        out.add(new Variant(db, new BsonDocument(name, new BsonInt32(12345))));
        out.add(new Variant(db, new BsonDocument(name, first)));
        out.add(new Variant(db, new BsonDocument(name, new BsonString(command.adminOnly() ? "nodb.none" : "none"))));
        for (Argument field : syntax.fields()) {
            for (BsonValue wrong : WRONG) {
                if (field.type() != ArgumentType.ANY && !field.type().accepts(wrong)) {
                    out.add(new Variant(
                            db,
                            withPlausible(new BsonDocument(name, first), syntax).append(field.name(), wrong)));
                    break;
                }
            }
        }
        out.add(new Variant(db, withPlausible(new BsonDocument(name, first), syntax)));
        if (name.equals("collMod")) {
            out.addAll(COLL_MOD_INDEX_REFUSALS);
        }
        for (int i = 0; i < 3; i++) {
            BsonDocument mixed = new BsonDocument(name, first);
            for (Argument field : syntax.fields()) {
                if (random.nextBoolean()) {
                    mixed.put(
                            field.name(),
                            random.nextBoolean() && PLAUSIBLE.containsKey(field.name())
                                    ? PLAUSIBLE.get(field.name())
                                    : WRONG.get(random.nextInt(WRONG.size())));
                }
            }
            out.add(new Variant(db, mixed));
        }
        return out;
    }

    private static BsonDocument withPlausible(BsonDocument command, CommandSyntax syntax) {
        for (Argument field : syntax.fields()) {
            BsonValue v = PLAUSIBLE.get(field.name());
            if (v != null) {
                command.put(field.name(), v);
            }
        }
        return command;
    }

    /**
     * shard01–shard03; app.c sharded on {x: 1} (adopted with its undo history), split at 0, 10, 20, its chunks spread,
     * 30 documents, a zone range; app.u unsharded with documents and a unique index; a zone on shard01.
     */
    private static MongosCommands cluster(MongoVersion version) {
        SimulationConfig config = SimulationConfig.of(version).withSeed(5);
        List<String> shards = List.of("shard01", "shard02", "shard03");
        SimulatedCluster adopted = new SimulatedCluster(config);
        shards.forEach(s -> adopted.execute(new AddShard(s)));
        adopted.execute(new ShardCollection("app.c", ShardKeyPattern.parse("{x: 1}"), false, false));
        ShardedCatalog catalog = new ShardedCatalog(config, shards);
        catalog.adoptCollection(adopted);
        MongosCommands mongos = MongosServer.inProcess(catalog, 64L << 20, line -> {});
        mongos.run("admin", BsonDocument.parse("{balancerStop: 1}"));
        for (int split : new int[] {0, 10, 20}) {
            mongos.run("admin", BsonDocument.parse("{split: 'app.c', middle: {x: " + split + "}}"));
        }
        mongos.run("admin", BsonDocument.parse("{moveChunk: 'app.c', find: {x: 5}, to: 'shard02'}"));
        mongos.run("admin", BsonDocument.parse("{moveChunk: 'app.c', find: {x: 25}, to: 'shard03'}"));
        BsonArray docs = new BsonArray();
        for (int i = -5; i < 25; i++) {
            docs.add(BsonDocument.parse("{x: " + i + ", y: " + (i % 3) + "}"));
        }
        mongos.run("app", new BsonDocument("insert", new BsonString("c")).append("documents", docs));
        mongos.run("app", BsonDocument.parse("{insert: 'u', documents: [{a: 1}, {a: 2}]}"));
        mongos.run(
                "app", BsonDocument.parse("{createIndexes: 'u', indexes: [{key: {a: 1}, name: 'a_1', unique: true}]}"));
        mongos.run("admin", BsonDocument.parse("{addShardToZone: 'shard01', zone: 'EU'}"));
        mongos.run(
                "admin",
                BsonDocument.parse("{updateZoneKeyRange: 'app.c', min: {x: MinKey}, max: {x: 0}, zone: 'EU'}"));
        return mongos;
    }

    /**
     * What a refusal must leave as it was: the config database (but {@code config.mongos}, whose ping is the wall
     * clock), the stored documents and indexes of every other database, and each sharded collection's undo history.
     */
    private record State(
            Map<String, List<BsonDocument>> config,
            Map<String, List<BsonDocument>> stored,
            Map<String, List<String>> history) {

        static State of(MongosCommands mongos) {
            Map<String, List<BsonDocument>> config = new TreeMap<>();
            mongos.configDatabase().collections().forEach((c, docs) -> {
                if (!c.equals("mongos")) {
                    config.put(c, docs);
                }
            });
            Map<String, List<BsonDocument>> stored = new TreeMap<>();
            for (BsonDocument db :
                    mongos.run("admin", BsonDocument.parse("{listDatabases: 1}")).getArray("databases").stream()
                            .map(BsonValue::asDocument)
                            .toList()) {
                String name = db.getString("name").getValue();
                if (name.equals("config") || name.equals("admin") || name.equals(StoredDocuments.SCRATCH_DATABASE)) {
                    continue;
                }
                for (BsonDocument c : firstBatch(mongos.run(name, BsonDocument.parse("{listCollections: 1}")))) {
                    String coll = c.getString("name").getValue();
                    stored.put(
                            name + "." + coll,
                            firstBatch(mongos.run(name, new BsonDocument("find", new BsonString(coll)))));
                    stored.put(
                            name + "." + coll + " indexes",
                            firstBatch(mongos.run(name, new BsonDocument("listIndexes", new BsonString(coll)))));
                }
            }
            Map<String, List<String>> history = new TreeMap<>();
            mongos.catalog()
                    .collections()
                    .forEach((ns, c) -> history.put(ns, c.cluster().history()));
            return new State(config, stored, history);
        }

        /** What differs from {@code other}: the names of the collections and histories that do. */
        String differences(State other) {
            List<String> out = new ArrayList<>();
            diff("config.", config, other.config, out);
            diff("", stored, other.stored, out);
            diff("history of ", history, other.history, out);
            return out.toString();
        }

        private static <V> void diff(String prefix, Map<String, V> a, Map<String, V> b, List<String> out) {
            java.util.Set<String> keys = new java.util.TreeSet<>(a.keySet());
            keys.addAll(b.keySet());
            for (String k : keys) {
                if (!java.util.Objects.equals(a.get(k), b.get(k))) {
                    out.add(prefix + k + ": " + a.get(k) + " -> " + b.get(k));
                }
            }
        }
    }

    private static List<BsonDocument> firstBatch(BsonDocument reply) {
        return reply.getDocument("cursor", new BsonDocument()).getArray("firstBatch", new BsonArray()).stream()
                .map(BsonValue::asDocument)
                .toList();
    }

    private static boolean isOk(BsonDocument reply) {
        return reply.get("ok") instanceof BsonNumber n && n.doubleValue() == 1.0;
    }

    /** A write batch whose every statement got a write error. */
    private static boolean allStatementsRefused(BsonDocument command, BsonDocument reply) {
        BsonArray errors = reply.getArray("writeErrors", new BsonArray());
        if (errors.isEmpty()) {
            return false;
        }
        for (String field : List.of("documents", "updates", "deletes")) {
            if (command.get(field) instanceof BsonArray statements) {
                return errors.size() == statements.size();
            }
        }
        return false;
    }
}
