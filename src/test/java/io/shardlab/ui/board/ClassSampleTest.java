package io.shardlab.ui.board;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.shardlab.cluster.MongoVersion;
import io.shardlab.exercise.CommandJournal;
import io.shardlab.mongos.MongosCommands;
import io.shardlab.mongos.ShardedCatalog;
import io.shardlab.serve.MongosServer;
import io.shardlab.session.CatalogRead;
import io.shardlab.sim.SimulationConfig;
import io.shardlab.text.Language;
import io.shardlab.text.Messages;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.bson.BsonDocument;
import org.junit.jupiter.api.Test;

/**
 * A look at the class carries what is left of each draining shard's drain, counted by the mongos as the explorer's
 * badge counts it, so that the class board's tiles say the same DRAINING words as the explorer's lanes.
 */
class ClassSampleTest {

    @Test
    void a_look_while_a_shard_drains_says_what_is_left_of_it() {
        // given alice.users sharded with one document on shard a (alice's primary), then a drained
        ShardedCatalog catalog = new ShardedCatalog(
                SimulationConfig.of(MongoVersion.parseModelled("8.3")).withSeed(7), List.of("a", "b"));
        MongosCommands mongos = MongosServer.inProcess(catalog, 64L << 20, line -> {});
        mongos.run("admin", BsonDocument.parse("{enableSharding: 'alice', primaryShard: 'a'}"));
        mongos.run("admin", BsonDocument.parse("{shardCollection: 'alice.users', key: {u: 1}}"));
        mongos.run("alice", BsonDocument.parse("{insert: 'users', documents: [{u: 1}]}"));
        mongos.run("admin", BsonDocument.parse("{balancerStop: 1}"));
        mongos.run("admin", BsonDocument.parse("{startShardDraining: 'a'}"));

        // when the board looks
        ClassSample sample = ClassSample.reading(new CommandJournal(), Map.of())
                .apply(new CatalogRead(
                        Optional.of(catalog), Map.of(), Optional.empty(), Optional.empty(), Optional.of(mongos)));

        // then
        assertEquals(
                Map.of("a", "one chunk · one collection left"),
                Map.of(
                        "a",
                        Messages.of(Language.ENGLISH).text(sample.drainsLeft().get("a"))));
        assertEquals(1, sample.drainsLeft().size(), "only the draining shard");
    }
}
