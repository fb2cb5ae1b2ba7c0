package io.shardlab.mongos;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.shardlab.cluster.MongoVersion;
import io.shardlab.serve.MongosServer;
import io.shardlab.sim.SimulationConfig;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.TreeSet;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonString;
import org.bson.BsonValue;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Seeded random sequences of zone commands ({@code addShardToZone}, {@code removeShardFromZone},
 * {@code updateZoneKeyRange} with a zone or null, on a sharded and an unsharded collection, and sharding the
 * unsharded one part way) against a model of MongoDB's config server (mongo
 * {@code src/mongo/db/s/config/sharding_catalog_manager_zone_operations.cpp}: {@code addShardToZone},
 * {@code removeShardFromZone} — ShardNotFound, a zone no shard has is a no-op, ZoneStillInUse when the last shard of
 * a zone with ranges leaves it (and only that shard: {@code _isShardRequiredByZoneStillInUse}) —, {@code assignKeyRangeToZone} — ZoneNotFound, RangeOverlapConflict with a range of
 * the namespace, the same range of the same zone a no-op —, {@code removeKeyRangeFromZone}, a missing range a
 * no-op; their unit tests {@code sharding_catalog_manager_*_zone_test.cpp}). After every command the answer (ok or
 * the code), {@code config.shards}' {@code tags} and {@code config.tags} are the model's.
 */
class ZoneCommandsModelTest {

    private static final List<String> SHARDS = List.of("shard01", "shard02", "shard03", "shard09");
    private static final List<String> ZONES = List.of("A", "B", "C");
    private static final List<String> NAMESPACES = List.of("db.s", "db.u");
    private static final List<int[]> RANGES =
            List.of(new int[] {0, 10}, new int[] {10, 20}, new int[] {5, 15}, new int[] {20, 30}, new int[] {0, 30});

    /** MongoDB's zone state: each shard's zones, the ranges by namespace and min. */
    private static final class Model {
        final Map<String, TreeSet<String>> zonesOf = new TreeMap<>();
        final List<String[]> ranges = new ArrayList<>(); // ns, min, max, zone

        Model() {
            for (String s : SHARDS.subList(0, 3)) {
                zonesOf.put(s, new TreeSet<>());
            }
        }

        String addShardToZone(String shard, String zone) {
            if (!zonesOf.containsKey(shard)) {
                return "ShardNotFound";
            }
            zonesOf.get(shard).add(zone);
            return "ok";
        }

        String removeShardFromZone(String shard, String zone) {
            if (!zonesOf.containsKey(shard)) {
                return "ShardNotFound";
            }
            // _isShardRequiredByZoneStillInUse: only when this shard is the zone's last holder
            long holders =
                    zonesOf.values().stream().filter(z -> z.contains(zone)).count();
            boolean lastHolder = holders == 1 && zonesOf.get(shard).contains(zone);
            if (lastHolder && ranges.stream().anyMatch(r -> r[3].equals(zone))) {
                return "ZoneStillInUse";
            }
            zonesOf.get(shard).remove(zone);
            return "ok";
        }

        String update(String ns, int min, int max, String zone) {
            if (zone == null) {
                ranges.removeIf(r -> r[0].equals(ns) && r[1].equals("" + min) && r[2].equals("" + max));
                return "ok";
            }
            if (zonesOf.values().stream().noneMatch(z -> z.contains(zone))) {
                return "ZoneNotFound";
            }
            for (String[] r : ranges) {
                if (!r[0].equals(ns)) {
                    continue;
                }
                int lo = Integer.parseInt(r[1]);
                int hi = Integer.parseInt(r[2]);
                if (min < hi && lo < max) {
                    return lo == min && hi == max && r[3].equals(zone) ? "ok" : "RangeOverlapConflict";
                }
            }
            ranges.add(new String[] {ns, "" + min, "" + max, zone});
            return "ok";
        }

        TreeSet<String> tags() {
            TreeSet<String> out = new TreeSet<>();
            ranges.forEach(r -> out.add(r[0] + " " + r[1] + " " + r[2] + " " + r[3]));
            return out;
        }
    }

    @ParameterizedTest(name = "MongoDB {0}")
    @ValueSource(strings = {"4.4", "5.0", "6.0", "7.0", "8.0"})
    void zoneCommandsAnswerAsMongoDBsConfigServer(String release) {
        for (int seed = 1; seed <= 10; seed++) {
            Random random = new Random(seed);
            MongosCommands mongos = MongosServer.inProcess(
                    new ShardedCatalog(
                            SimulationConfig.of(MongoVersion.parse(release)).withSeed(seed), SHARDS.subList(0, 3)),
                    64L << 20,
                    line -> {});
            run(mongos, "admin", "{enableSharding: 'db', primaryShard: 'shard01'}");
            run(mongos, "admin", "{shardCollection: 'db.s', key: {x: 1}}");
            Model model = new Model();
            List<String> log = new ArrayList<>();
            boolean uSharded = false;
            for (int step = 0; step < 40; step++) {
                String shard = SHARDS.get(random.nextInt(SHARDS.size()));
                String zone = ZONES.get(random.nextInt(ZONES.size()));
                int kind = random.nextInt(10);
                String command;
                String expected;
                if (kind < 3) {
                    command = "{addShardToZone: '" + shard + "', zone: '" + zone + "'}";
                    expected = model.addShardToZone(shard, zone);
                } else if (kind < 5) {
                    command = "{removeShardFromZone: '" + shard + "', zone: '" + zone + "'}";
                    expected = model.removeShardFromZone(shard, zone);
                } else if (kind < 9 || uSharded) {
                    String ns = NAMESPACES.get(random.nextInt(NAMESPACES.size()));
                    int[] r = RANGES.get(random.nextInt(RANGES.size()));
                    String z = random.nextInt(4) == 0 ? null : zone;
                    command = "{updateZoneKeyRange: '" + ns + "', min: {x: " + r[0] + "}, max: {x: " + r[1]
                            + "}, zone: " + (z == null ? "null" : "'" + z + "'") + "}";
                    expected = model.update(ns, r[0], r[1], z);
                } else {
                    command = "{shardCollection: 'db.u', key: {x: 1}}";
                    expected = "ok";
                    uSharded = true;
                }
                String got = run(mongos, "admin", command);
                log.add(command + " -> " + got);
                String context = "seed " + seed + ", after:\n  " + String.join("\n  ", log);
                assertEquals(expected, got, context);
                assertEquals(model.tags(), tags(mongos), context);
                assertEquals(model.zonesOf, shardTags(mongos), context);
            }
        }
    }

    private static String run(MongosCommands mongos, String db, String command) {
        try {
            BsonDocument reply = mongos.run(db, BsonDocument.parse(command));
            return reply.getNumber("ok", new BsonInt32(0)).doubleValue() == 1
                    ? "ok"
                    : reply.getString("codeName", new BsonString("?")).getValue();
        } catch (MongoCommandException e) {
            return e.code().codeName();
        }
    }

    private static TreeSet<String> tags(MongosCommands mongos) {
        TreeSet<String> out = new TreeSet<>();
        for (BsonValue v : batch(mongos, "{find: 'tags'}")) {
            BsonDocument d = v.asDocument();
            out.add(d.getString("ns").getValue() + " "
                    + d.getDocument("min").getNumber("x").intValue() + " "
                    + d.getDocument("max").getNumber("x").intValue() + " "
                    + d.getString("tag").getValue());
        }
        return out;
    }

    private static Map<String, TreeSet<String>> shardTags(MongosCommands mongos) {
        Map<String, TreeSet<String>> out = new TreeMap<>();
        for (BsonValue v : batch(mongos, "{find: 'shards'}")) {
            BsonDocument d = v.asDocument();
            TreeSet<String> zones = new TreeSet<>();
            d.getArray("tags", new BsonArray())
                    .forEach(t -> zones.add(t.asString().getValue()));
            out.put(d.getString("_id").getValue(), zones);
        }
        return out;
    }

    private static BsonArray batch(MongosCommands mongos, String find) {
        return mongos.run("config", BsonDocument.parse(find))
                .getDocument("cursor")
                .getArray("firstBatch");
    }
}
