package io.shardlab.serve;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardlab.cluster.MongoVersion;
import io.shardlab.cluster.Shard;
import io.shardlab.mongos.MongoCommandException;
import io.shardlab.mongos.MongosCommands;
import io.shardlab.mongos.ShardedCatalog;
import io.shardlab.sim.SimulationConfig;
import java.util.List;
import org.bson.BsonDocument;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The config shard's two commands (MongoDB manual: new in 8.0): {@code transitionFromDedicatedConfigServer} makes the
 * config server a shard with the id {@code "config"} (mongo {@code configsvr_transition_from_dedicated_config_server_command.cpp},
 * {@code ShardId::kConfigServerId}), which {@code sh.isConfigShardEnabled()} finds in {@code listShards};
 * {@code transitionToDedicatedConfigServer} removes it as {@code removeShard} would and answers with its draining
 * status (mongo {@code configsvr_transition_to_dedicated_config_server_command.cpp}).
 */
class ConfigShardTransitionsTest {

    private ShardedCatalog catalog;

    private MongosCommands mongos(String release) {
        catalog = new ShardedCatalog(
                SimulationConfig.of(MongoVersion.parseModelled(release)).withSeed(7), List.of("shard01", "shard02"));
        return MongosServer.inProcess(catalog, 64L << 20, line -> {});
    }

    private static BsonDocument admin(MongosCommands mongos, String json) {
        return mongos.run("admin", BsonDocument.parse(json));
    }

    @Test
    void theConfigServerBecomesAShardOnceAndIsListed() {
        // given an 8.0 cluster of two shards
        MongosCommands mongos = mongos("8.0");

        // when the config server becomes a shard, twice
        assertEquals(
                1.0,
                admin(mongos, "{transitionFromDedicatedConfigServer: 1}")
                        .getNumber("ok")
                        .doubleValue());
        assertEquals(
                1.0,
                admin(mongos, "{transitionFromDedicatedConfigServer: 1}")
                        .getNumber("ok")
                        .doubleValue());

        // then listShards (what sh.isConfigShardEnabled() reads) lists it once
        List<String> listed = admin(mongos, "{listShards: 1}").getArray("shards").stream()
                .map(s -> s.asDocument().getString("_id").getValue())
                .toList();
        assertEquals(1, listed.stream().filter("config"::equals).count(), listed.toString());
    }

    @Test
    void backToADedicatedConfigServerDrainsTheConfigShardAsRemoveShardDoes() {
        // given an 8.0 cluster whose config server is a shard
        MongosCommands mongos = mongos("8.0");
        admin(mongos, "{transitionFromDedicatedConfigServer: 1}");

        // when it goes back to a dedicated config server
        BsonDocument reply = admin(mongos, "{transitionToDedicatedConfigServer: 1}");

        // then the config shard drains, the reply is removeShard's
        assertEquals("started", reply.getString("state").getValue(), reply.toJson());
        assertEquals("config", reply.getString("shard").getValue());
        assertTrue(catalog.shards().stream()
                .filter(Shard::draining)
                .map(Shard::id)
                .toList()
                .contains("config"));
    }

    @ParameterizedTest(name = "{0} on {1}")
    @CsvSource(delimiter = '|', textBlock = """
            # command                                  | release | code
            {transitionToDedicatedConfigServer: 1}     | 8.0     | ShardNotFound
            {transitionFromDedicatedConfigServer: 1}   | 7.0     | CommandNotFound
            {transitionToDedicatedConfigServer: 1}     | 7.0     | CommandNotFound
            """)
    void withoutAConfigShardOrBefore80TheyAreRefused(String command, String release, String code) {
        MongosCommands mongos = mongos(release);

        MongoCommandException refused = assertThrows(MongoCommandException.class, () -> admin(mongos, command));

        assertEquals(code, refused.code().codeName());
    }
}
