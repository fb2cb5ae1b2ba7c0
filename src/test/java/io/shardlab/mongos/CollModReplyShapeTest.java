package io.shardlab.mongos;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.shardlab.cluster.MongoVersion;
import io.shardlab.serve.MongosServer;
import io.shardlab.sim.SimulationConfig;
import java.util.List;
import org.bson.BsonDocument;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * What the mongos answers to a collMod: the shards' replies under {@code raw}, keyed by each shard's connection
 * string. Before 6.0 one for each shard owning chunks of a sharded collection, else for the collection's shard, and
 * nothing else (mongo {@code src/mongo/s/commands/cluster_collection_mod_cmd.cpp} of 5.x,
 * {@code scatterGatherVersionedTargetByRoutingTable} and {@code appendRawResponses}); from 6.0 the primary shard's
 * {@code CollModCoordinator} answers ({@code src/mongo/db/s/collmod_coordinator.cpp}): the participants' replies, the
 * primary's first, for a sharded collection; for another its fields at the top and again under {@code raw}.
 */
class CollModReplyShapeTest {

    @ParameterizedTest(name = "[{index}] {0}")
    @CsvSource(delimiter = '|', quoteCharacter = '"', textBlock = """
            4.4 | {raw: {'shard01/shard01.shardlab:27018': {hidden_old: false, hidden_new: true, ok: 1.0}, 'shard02/shard02.shardlab:27018': {hidden_old: false, hidden_new: true, ok: 1.0}}, ok: 1.0}
            5.0 | {raw: {'shard01/shard01.shardlab:27018': {hidden_old: false, hidden_new: true, ok: 1.0}, 'shard02/shard02.shardlab:27018': {hidden_old: false, hidden_new: true, ok: 1.0}}, ok: 1.0}
            6.0 | {raw: {'shard01/shard01.shardlab:27018': {hidden_old: false, hidden_new: true, ok: 1.0}, 'shard02/shard02.shardlab:27018': {hidden_old: false, hidden_new: true, ok: 1.0}}, ok: 1.0}
            8.0 | {raw: {'shard01/shard01.shardlab:27018': {hidden_old: false, hidden_new: true, ok: 1.0}, 'shard02/shard02.shardlab:27018': {hidden_old: false, hidden_new: true, ok: 1.0}}, ok: 1.0}
            """)
    void aShardedCollectionsIndexHiddenAnswersInTheReleasesShape(String release, String reply) {
        // given a collection sharded on {a: 1} with a chunk on each of two shards and an index on b
        ShardedCatalog catalog = new ShardedCatalog(
                SimulationConfig.of(MongoVersion.parse(release)).withSeed(5), List.of("shard01", "shard02"));
        MongosCommands mongos = MongosServer.inProcess(catalog, 64L << 20, line -> {});
        mongos.run("admin", BsonDocument.parse("{enableSharding: 'app', primaryShard: 'shard01'}"));
        mongos.run("admin", BsonDocument.parse("{shardCollection: 'app.c', key: {a: 1}}"));
        mongos.run("admin", BsonDocument.parse("{split: 'app.c', middle: {a: 0}}"));
        mongos.run("admin", BsonDocument.parse("{moveChunk: 'app.c', find: {a: 0}, to: 'shard02'}"));
        mongos.run("app", BsonDocument.parse("{createIndexes: 'c', indexes: [{key: {b: 1}, name: 'b_1'}]}"));

        // when collMod hides the index
        BsonDocument got = mongos.run("app", BsonDocument.parse("{collMod: 'c', index: {name: 'b_1', hidden: true}}"));

        // then the reply has the release's shape
        assertEquals(BsonDocument.parse(reply), got);
    }

    @ParameterizedTest(name = "[{index}] {0}")
    @CsvSource(delimiter = '|', quoteCharacter = '"', textBlock = """
            4.4 | {raw: {'shard02/shard02.shardlab:27018': {hidden_old: false, hidden_new: true, ok: 1.0}}, ok: 1.0}
            6.0 | {hidden_old: false, hidden_new: true, raw: {'shard02/shard02.shardlab:27018': {hidden_old: false, hidden_new: true}}, ok: 1.0}
            8.0 | {hidden_old: false, hidden_new: true, raw: {'shard02/shard02.shardlab:27018': {hidden_old: false, hidden_new: true}}, ok: 1.0}
            """)
    void anUnshardedCollectionsIndexChangeIsAtTheTopFrom6_0AndUnderRaw(String release, String reply) {
        // given an unsharded collection with an index in a database whose primary shard is shard02
        ShardedCatalog catalog = new ShardedCatalog(
                SimulationConfig.of(MongoVersion.parse(release)).withSeed(5), List.of("shard01", "shard02"));
        MongosCommands mongos = MongosServer.inProcess(catalog, 64L << 20, line -> {});
        mongos.run("admin", BsonDocument.parse("{enableSharding: 'app', primaryShard: 'shard02'}"));
        mongos.run("app", BsonDocument.parse("{createIndexes: 'c', indexes: [{key: {b: 1}, name: 'b_1'}]}"));

        // when collMod hides the index
        BsonDocument got = mongos.run("app", BsonDocument.parse("{collMod: 'c', index: {name: 'b_1', hidden: true}}"));

        // then the reply has the release's shape
        assertEquals(BsonDocument.parse(reply), got);
    }

    @ParameterizedTest(name = "[{index}] {0}")
    @CsvSource(delimiter = '|', quoteCharacter = '"', textBlock = """
            4.4 | {raw: {'shard02/shard02.shardlab:27018': {ok: 1.0}}, ok: 1.0}
            5.0 | {raw: {'shard02/shard02.shardlab:27018': {ok: 1.0}}, ok: 1.0}
            6.0 | {raw: {'shard02/shard02.shardlab:27018': {}}, ok: 1.0}
            8.0 | {raw: {'shard02/shard02.shardlab:27018': {}}, ok: 1.0}
            """)
    void anUnshardedCollectionAnswersFromItsPrimaryShard(String release, String reply) {
        // given an unsharded collection in a database whose primary shard is shard02
        ShardedCatalog catalog = new ShardedCatalog(
                SimulationConfig.of(MongoVersion.parse(release)).withSeed(5), List.of("shard01", "shard02"));
        MongosCommands mongos = MongosServer.inProcess(catalog, 64L << 20, line -> {});
        mongos.run("admin", BsonDocument.parse("{enableSharding: 'app', primaryShard: 'shard02'}"));
        mongos.run("app", BsonDocument.parse("{create: 'c'}"));

        // when collMod changes its validation level
        BsonDocument got = mongos.run("app", BsonDocument.parse("{collMod: 'c', validationLevel: 'moderate'}"));

        // then the reply has the release's shape
        assertEquals(BsonDocument.parse(reply), got);
    }
}
