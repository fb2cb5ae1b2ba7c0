package io.shardlab.mongos;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import de.bwaldvogel.mongo.exception.MongoServerException;
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
import java.util.Set;
import java.util.TreeSet;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonNull;
import org.bson.BsonNumber;
import org.bson.BsonString;
import org.bson.BsonValue;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A wrong argument type is the client's mistake, never ShardLab's: every command of the mongos' table
 * ({@link MongosCommandTable#ROWS}), each of its declared arguments (the first field, every declared field, every
 * field of an {@code array<Struct>} argument's element, and each element of an {@code array<object>} argument) in
 * turn replaced by an int, a string, an array, null and a document, the other arguments valid, on a cluster with
 * sharded and unsharded data. MongoDB answers each with a code of its own (TypeMismatch, BadValue,
 * IDLFailedToParse...), whatever it is; what must never come back is InternalError (code 1), which serve answers only
 * when ShardLab itself failed: an exception of the command layer that is neither a {@link MongoCommandException}
 * nor the storage's own refusal, or a reply or write error with code 1.
 *
 * <p>The cases that still end in InternalError are listed in {@link #KNOWN_INTERNAL_ERRORS}, each with its reason;
 * the test fails when one of them no longer does (so the table shrinks as they are fixed) and when any other does.
 */
class WrongTypesNeverInternalErrorTest {

    private static final List<BsonValue> WRONG = List.of(
            new BsonInt32(5),
            new BsonString("x"),
            new BsonArray(List.of(new BsonInt32(1))),
            BsonNull.VALUE,
            new BsonDocument("a", new BsonInt32(1)));

    /**
     * The cases known to end in InternalError still, as {@code "command field=type"} ({@code field.sub} for a field
     * of an array argument's element), each with the reason it is not fixed yet.
     */
    private static final Map<String, String> KNOWN_INTERNAL_ERRORS = Map.of();

    /** A valid value per argument name where the argument's type alone does not make one the cluster accepts. */
    private static final Map<String, BsonValue> VALID = valid();

    private static Map<String, BsonValue> valid() {
        Map<String, BsonValue> m = new LinkedHashMap<>();
        m.put("key", BsonDocument.parse("{x: 1}"));
        m.put("find", BsonDocument.parse("{x: 5}"));
        m.put("middle", BsonDocument.parse("{x: 15}"));
        m.put("bounds", BsonArray.parse("[{x: 0}, {x: 10}]"));
        m.put("min", BsonDocument.parse("{x: 0}"));
        m.put("max", BsonDocument.parse("{x: 10}"));
        m.put("to", new BsonString("shard02"));
        m.put("toShard", new BsonString("shard02"));
        m.put("shard", new BsonString("shard01"));
        m.put("zone", new BsonString("EU"));
        m.put("documents", BsonArray.parse("[{x: 100, y: 1}]"));
        m.put("updates", BsonArray.parse("[{q: {x: 1}, u: {$set: {y: 2}}}]"));
        m.put("deletes", BsonArray.parse("[{q: {x: 1}, limit: 1}]"));
        // the options of an index specification are swept too (IndexSpecifications)
        m.put(
                "indexes",
                BsonArray.parse("[{key: {z: 1}, name: 'z_1', unique: false, sparse: false, expireAfterSeconds: 60,"
                        + " partialFilterExpression: {z: {$exists: true}}, collation: {locale: 'simple'}}]"));
        m.put("pipeline", BsonArray.parse("[{$match: {x: 1}}]"));
        m.put("filter", BsonDocument.parse("{x: 1}"));
        m.put("query", BsonDocument.parse("{x: 1}"));
        m.put("update", BsonDocument.parse("{$set: {y: 3}}"));
        m.put("cursor", new BsonDocument());
        return m;
    }

    @ParameterizedTest(name = "MongoDB {0}")
    @ValueSource(strings = {"4.4", "5.0", "6.0", "7.0", "8.0", "8.3"})
    void noWrongArgumentTypeIsAnInternalError(String release) {
        MongoVersion version = MongoVersion.parseModelled(release);
        MongosCommands mongos = cluster(version);
        Set<String> internalErrors = new TreeSet<>();
        int tried = 0;
        for (MongosCommand command : MongosCommandTable.ROWS) {
            if (!command.simulated() || !command.exists().test(version)) {
                continue;
            }
            for (Case c : cases(command, version)) {
                tried++;
                Outcome outcome = run(mongos, c);
                if (outcome.internalError() != null) {
                    internalErrors.add(c.name() + " -> " + outcome.internalError());
                }
                if (outcome.mayHaveChanged()) {
                    mongos = cluster(version);
                }
            }
        }
        List<String> unexpected = new ArrayList<>();
        Set<String> stillFailing = new TreeSet<>();
        for (String e : internalErrors) {
            String name = e.substring(0, e.indexOf(" -> "));
            if (KNOWN_INTERNAL_ERRORS.containsKey(name)) {
                stillFailing.add(name);
            } else {
                unexpected.add(e);
            }
        }
        assertEquals(List.of(), unexpected, "InternalError for a wrong argument type");
        Set<String> fixed = new TreeSet<>(KNOWN_INTERNAL_ERRORS.keySet());
        fixed.removeAll(stillFailing);
        if (version.equals(MongoVersion.parseModelled("8.0"))) {
            assertEquals(Set.of(), fixed, "known InternalErrors that no longer happen: remove them from the table");
        }
        assertTrue(tried > 300, "cases tried: " + tried);
    }

    /** One command to send, named {@code "command field=type"}. */
    private record Case(String name, String database, BsonDocument command) {}

    private static List<Case> cases(MongosCommand command, MongoVersion version) {
        String name = command.name();
        CommandSyntax syntax = command.syntax().apply(version);
        String db = command.adminOnly() ? "admin" : "app";
        BsonValue first = command.adminOnly() ? new BsonString("app.c") : new BsonString("c");
        BsonDocument valid = new BsonDocument(name, first);
        for (Argument field : syntax.fields()) {
            if (field.knownTo(version)) {
                valid.put(field.name(), validValue(field));
            }
        }
        List<Case> out = new ArrayList<>();
        for (BsonValue wrong : WRONG) {
            String type = wrong.getBsonType().name().toLowerCase();
            BsonDocument firstWrong = valid.clone();
            firstWrong.put(name, wrong);
            out.add(new Case(name + " " + name + "=" + type, db, firstWrong));
            for (Argument field : syntax.fields()) {
                if (!field.knownTo(version)) {
                    continue;
                }
                if (!field.type().accepts(wrong) || field.type() == ArgumentType.ANY) {
                    BsonDocument c = valid.clone();
                    c.put(field.name(), wrong);
                    out.add(new Case(name + " " + field.name() + "=" + type, db, c));
                }
                if (field.type() == ArgumentType.ARRAY && valid.get(field.name()) instanceof BsonArray array) {
                    BsonDocument element = array.isEmpty() || !array.get(0).isDocument()
                            ? new BsonDocument()
                            : array.get(0).asDocument();
                    if (field.elements() != ArgumentType.ANY
                            && !field.elements().accepts(wrong)) {
                        BsonDocument c = valid.clone();
                        c.put(field.name(), new BsonArray(List.of(wrong)));
                        out.add(new Case(name + " " + field.name() + "[]=" + type, db, c));
                    }
                    for (String sub : elementFields(field, element)) {
                        BsonDocument c = valid.clone();
                        BsonDocument changed = element.clone();
                        changed.put(sub, wrong);
                        c.put(field.name(), new BsonArray(List.of(changed)));
                        out.add(new Case(name + " " + field.name() + "." + sub + "=" + type, db, c));
                    }
                }
            }
        }
        return out;
    }

    /** The fields of an array argument's element to replace: those its struct declares, else the valid element's. */
    private static List<String> elementFields(Argument field, BsonDocument element) {
        List<String> names = new ArrayList<>();
        field.entryFields().forEach(f -> names.add(f.name()));
        element.keySet().stream().filter(k -> !names.contains(k)).forEach(names::add);
        return names;
    }

    private static BsonValue validValue(Argument field) {
        BsonValue v = VALID.get(field.name());
        if (v != null) {
            return v;
        }
        return switch (field.type()) {
            case STRING -> new BsonString("x");
            case OBJECT, ANY -> new BsonDocument();
            case ARRAY -> new BsonArray();
            case LONG -> new org.bson.BsonInt64(1);
            case BOOL, SAFE_BOOL -> org.bson.BsonBoolean.TRUE;
            case NUMBER -> new BsonInt32(1);
        };
    }

    /**
     * How a case ended: how it was an InternalError (null if it was not), and whether it may have changed the cluster
     * (it did not fail; a refusal changes nothing, {@link RefusalsChangeNothingTest}).
     */
    private record Outcome(String internalError, boolean mayHaveChanged) {}

    private static Outcome run(MongosCommands mongos, Case c) {
        BsonDocument reply;
        try {
            reply = mongos.run(c.database(), c.command());
        } catch (MongoCommandException | MongoServerException e) {
            return new Outcome(null, false);
        } catch (RuntimeException e) {
            return new Outcome(e.getClass().getSimpleName() + ": " + e.getMessage(), true);
        }
        boolean ok = reply.get("ok") instanceof BsonNumber n && n.doubleValue() == 1.0;
        if (isInternalError(reply)) {
            return new Outcome(reply.toJson(), true);
        }
        for (BsonValue error : reply.getArray("writeErrors", new BsonArray())) {
            if (isInternalError(error.asDocument())) {
                return new Outcome(error.asDocument().toJson(), true);
            }
        }
        return new Outcome(null, ok);
    }

    private static boolean isInternalError(BsonDocument reply) {
        return reply.get("code") instanceof BsonNumber n && n.intValue() == 1;
    }

    /** shard01–shard03; app.c sharded on {x: 1}, split at 10, 20 documents; app.u unsharded; a zone EU on shard01. */
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
        mongos.run("admin", BsonDocument.parse("{split: 'app.c', middle: {x: 10}}"));
        BsonArray docs = new BsonArray();
        for (int i = 0; i < 20; i++) {
            docs.add(BsonDocument.parse("{x: " + i + ", y: " + (i % 3) + "}"));
        }
        mongos.run("app", new BsonDocument("insert", new BsonString("c")).append("documents", docs));
        mongos.run("app", BsonDocument.parse("{insert: 'u', documents: [{a: 1}, {a: 2}]}"));
        mongos.run("admin", BsonDocument.parse("{addShardToZone: 'shard01', zone: 'EU'}"));
        return mongos;
    }
}
