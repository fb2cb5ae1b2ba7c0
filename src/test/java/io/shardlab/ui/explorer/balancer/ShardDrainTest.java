package io.shardlab.ui.explorer.balancer;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.shardlab.cluster.MongoVersion;
import io.shardlab.cluster.ReleaseRules;
import io.shardlab.mongos.MongosCommands;
import io.shardlab.mongos.ShardedCatalog;
import io.shardlab.serve.MongosServer;
import io.shardlab.session.ShardDrain;
import io.shardlab.sim.AddShard;
import io.shardlab.sim.AddShardToZone;
import io.shardlab.sim.InsertBatch;
import io.shardlab.sim.RemoveShard;
import io.shardlab.sim.SetBalancerState;
import io.shardlab.sim.ShardCollection;
import io.shardlab.sim.SimulatedCluster;
import io.shardlab.sim.SimulationConfig;
import io.shardlab.sim.StartShardDraining;
import io.shardlab.sim.UpdateZoneKeyRange;
import io.shardlab.text.Language;
import io.shardlab.text.Message;
import io.shardlab.text.Messages;
import java.time.LocalTime;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import java.util.stream.LongStream;
import org.bson.BsonDocument;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Why no move?'s drain section ({@link ShardDrain}, in {@link BalancerWhy#drain()}): how far a shard's removal has
 * come and what keeps it, as {@code shardDrainingStatus} / {@code removeShard} count {@code remaining} (mongo
 * {@code sharding_catalog_manager_shard_operations.cpp}, {@code checkDrainingProgress}), per release: 8.3 drains with
 * {@code startShardDraining}, earlier releases with {@code removeShard}. Given {@code app.orders} on {@code { n: 1 }},
 * primary shard {@code a}, 260 documents of 1 KB in one chunk on {@code a}, nothing on {@code b}, seed 7.
 */
class ShardDrainTest {

    private static final String NS = "app.orders";
    private static final Messages ENGLISH = Messages.of(Language.ENGLISH);

    private static SimulatedCluster given(String release) {
        SimulatedCluster c = new SimulatedCluster(SimulationConfig.of(MongoVersion.parseModelled(release))
                .withSeed(7)
                .withMaxChunkSizeBytes(1024 * 1024));
        c.execute(new AddShard("a"));
        c.execute(new AddShard("b"));
        c.execute(ShardCollection.of(NS, "{n: 1}"));
        c.insert(NS, InsertBatch.ofInt64(LongStream.range(0, 260).toArray(), 1024));
        return c;
    }

    private static void drain(SimulatedCluster c, String shard) {
        c.execute(
                ReleaseRules.of(c.version()).shardDrainingCommands()
                        ? new StartShardDraining(shard)
                        : new RemoveShard(shard));
    }

    private static List<Message> words(SimulatedCluster c) {
        return BalancerWhy.of(
                        c.balancerDecision(),
                        c.shardKey(),
                        Optional.empty(),
                        LocalTime.NOON,
                        ShardDrain.of(c, Optional.empty()))
                .drain();
    }

    private static String said(Messages words, List<Message> messages) {
        return messages.stream().map(words::text).collect(Collectors.joining(" / "));
    }

    @ParameterizedTest(name = "[{index}] MongoDB {0}, draining {1}, balancer {2}")
    @CsvSource(delimiter = '|', textBlock = """
            # release | shard | balancer | drain section
            5.0       | a     | on       | a drains (removeShard): one chunk and one collection left / Primary shard of the database app: movePrimary after its collections are off
            8.0       | a     | on       | a drains (removeShard): one chunk and one collection left / Primary shard of the database app: movePrimary after its collections are off
            8.2       | a     | off      | a drains (removeShard): one chunk and one collection left / The balancer is off: no chunk leaves the draining shard (sh.startBalancer()). / Primary shard of the database app: movePrimary after its collections are off
            8.3       | a     | on       | a drains (startShardDraining): one chunk and one collection left / Primary shard of the database app: movePrimary after its collections are off
            8.0       | b     | on       | b drains (removeShard): no chunks and no collections left / Nothing is left: removeShard again completes the removal.
            8.3       | b     | off      | b drains (startShardDraining): no chunks and no collections left / Nothing is left: commitShardRemoval completes the removal.
            """)
    void theDrainSaysWhatIsLeftAndWhatKeepsItInTheReleasesCommands(
            String release, String shard, String balancer, String expected) {
        // given
        SimulatedCluster c = given(release);
        if (balancer.equals("off")) {
            c.execute(new SetBalancerState(false));
        }

        // when
        drain(c, shard);

        // then
        assertEquals(expected, said(ENGLISH, words(c)));
    }

    @Test
    void eachDrainingShardsBadgeWordsAreKeyedByItsId() {
        // given shard a draining, b not
        SimulatedCluster c = given("8.3");

        // when
        drain(c, "a");

        // then only a's lane has words, those of its drain
        Map<String, Message> left = ShardDrain.leftByShard(c, Optional.empty());
        assertEquals(Map.of("a", ShardDrain.of(c, Optional.empty()).get(0).left()), left);
        assertEquals("one chunk · one collection left", ENGLISH.text(left.get("a")));
        assertEquals(Map.of(), ShardDrain.leftByShard(given("8.3"), Optional.empty()));
    }

    @Test
    void noShardDrainingMeansNoDrainSection() {
        assertEquals(List.of(), words(given("8.3")));
    }

    @Test
    void aZoneOnlyTheDrainingShardHoldsKeepsItsChunks() {
        // given zone z on a alone, with a range of the collection (removeShard does not refuse it before 8.3)
        SimulatedCluster c = given("8.0");
        c.execute(new AddShardToZone("a", "z"));
        c.execute(new UpdateZoneKeyRange(NS, doc("{n: 0}"), doc("{n: 100}"), "z"));

        // when
        drain(c, "a");

        // then
        assertEquals(
                "a drains (removeShard): one chunk and one collection left / Zone z has no other shard: its chunks"
                        + " have nowhere to go (addShardToZone another shard) / Primary shard of the database app:"
                        + " movePrimary after its collections are off",
                said(ENGLISH, words(c)));
    }

    @Test
    void theChineseWordsSayTheSame() {
        // given
        SimulatedCluster c = given("8.3");
        c.execute(new SetBalancerState(false));

        // when
        drain(c, "a");

        // then
        assertEquals(
                "a 正在排空（startShardDraining）：剩余 1 个数据块、1 个集合 / 负载均衡器已关闭：没有数据块离开正在排空的分片（sh.startBalancer()）。"
                        + " / 它是数据库 app 的主分片：其集合移走后需 movePrimary",
                said(Messages.of(Language.SIMPLIFIED_CHINESE), words(c)));
        assertEquals(
                "剩余 1 个数据块 · 1 个集合",
                Messages.of(Language.SIMPLIFIED_CHINESE)
                        .text(ShardDrain.of(c, Optional.empty()).get(0).left()));
        assertEquals(
                "one chunk · one collection left",
                ENGLISH.text(ShardDrain.of(c, Optional.empty()).get(0).left()));
    }

    @ParameterizedTest(name = "[{index}] a range of zone z on {0}: sole zones {1}")
    @CsvSource(delimiter = '|', textBlock = """
            # collection with the range | sole zones of draining a
            app.orders                  | [z]
            app.users                   | [z]
            none                        | []
            """)
    void aSoleZoneIsJudgedOverEveryShardedCollectionNotOnlyTheOneOnShow(String ranged, String expected) {
        // given app.orders on show and app.users sharded beside it, zone z on shard a alone
        ShardedCatalog catalog = new ShardedCatalog(
                SimulationConfig.of(MongoVersion.parseModelled("8.0")).withSeed(7), List.of("a", "b"));
        MongosCommands mongos = MongosServer.inProcess(catalog, 64L << 20, line -> {});
        mongos.run("admin", doc("{enableSharding: 'app', primaryShard: 'a'}"));
        mongos.run("admin", doc("{shardCollection: 'app.orders', key: {n: 1}}"));
        mongos.run("admin", doc("{shardCollection: 'app.users', key: {u: 1}}"));
        mongos.run("admin", doc("{addShardToZone: 'a', zone: 'z'}"));
        if (!ranged.equals("none")) {
            String field = ranged.equals("app.orders") ? "n" : "u";
            mongos.run(
                    "admin",
                    doc("{updateZoneKeyRange: '" + ranged + "', min: {" + field + ": 0}, max: {" + field
                            + ": 100}, zone: 'z'}"));
        }

        // when
        mongos.run("admin", doc("{removeShard: 'a'}"));

        // then the zone keeps the drain whichever collection its range is of (config.tags over the catalog)
        SimulatedCluster shown = catalog.collection(NS).orElseThrow().cluster();
        assertEquals(
                expected,
                ShardDrain.of(shown, Optional.of(mongos)).get(0).soleZones().toString());
    }

    @Test
    void anEmptyUnshardedCollectionOnTheDrainingShardIsLeftAsTheMongosCountsIt() {
        // given app (primary a) through a mongos: app.orders sharded with one chunk on a, app.empty created and never
        // written to, so only the document store knows it
        ShardedCatalog catalog = new ShardedCatalog(
                SimulationConfig.of(MongoVersion.parseModelled("8.3")).withSeed(7), List.of("a", "b"));
        MongosCommands mongos = MongosServer.inProcess(catalog, 64L << 20, line -> {});
        mongos.run("admin", doc("{enableSharding: 'app', primaryShard: 'a'}"));
        mongos.run("admin", doc("{shardCollection: 'app.orders', key: {n: 1}}"));
        mongos.run("app", doc("{insert: 'orders', documents: [{n: 1}]}"));
        mongos.run("app", doc("{create: 'empty'}"));
        mongos.run("admin", doc("{balancerStop: 1}"));

        // when
        mongos.run("admin", doc("{startShardDraining: 'a'}"));

        // then the section counts app.empty, as shardDrainingStatus does
        SimulatedCluster shown = catalog.collection(NS).orElseThrow().cluster();
        List<Message> words = BalancerWhy.of(
                        shown.balancerDecision(),
                        shown.shardKey(),
                        Optional.empty(),
                        LocalTime.NOON,
                        ShardDrain.of(shown, Optional.of(mongos)))
                .drain();
        assertEquals(
                "a drains (startShardDraining): one chunk and 2 collections left / The balancer is off: no chunk"
                        + " leaves the draining shard (sh.startBalancer()). / One unsharded collection lives on it:"
                        + " app.empty (moveCollection each) / Primary shard of the database app: movePrimary after"
                        + " its collections are off",
                said(ENGLISH, words));
        BsonDocument status = mongos.run("admin", doc("{shardDrainingStatus: 'a'}"));
        assertEquals(
                "[app.empty]",
                status.getArray("collectionsToMove").getValues().stream()
                        .map(v -> v.asString().getValue())
                        .toList()
                        .toString());
    }

    private static BsonDocument doc(String json) {
        return BsonDocument.parse(json);
    }
}
