package io.shardlab.ui.board;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.shardlab.cluster.MongoVersion;
import io.shardlab.exercise.ClassEvidence;
import io.shardlab.exercise.CommandJournal;
import io.shardlab.mongos.MongosCommands;
import io.shardlab.mongos.ShardedCatalog;
import io.shardlab.serve.MongosServer;
import io.shardlab.session.CollectionGlance;
import io.shardlab.session.WindowedCounts;
import io.shardlab.sim.SimulationConfig;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.bson.BsonDocument;
import org.junit.jupiter.api.Test;

/**
 * The class board colours shards as the explorer does ({@link io.shardlab.render.ShardColorOrder}): a shard keeps its
 * colour from frame to frame, and one that joins takes the next colour, although the tile's lanes list shards by name
 * and a newcomer such as {@code shard0001} sorts before {@code shard01}.
 */
class BoardShardColoursTest {

    @Test
    void a_shard_that_joins_takes_the_next_colour_and_recolours_no_other_shard() {
        // given alice.users sharded on shard01 and shard02, seen once by the board
        ShardedCatalog catalog = new ShardedCatalog(
                SimulationConfig.of(MongoVersion.parseModelled("8.0")).withSeed(7), List.of("shard01", "shard02"));
        MongosCommands mongos = MongosServer.inProcess(catalog, 64L << 20, line -> {});
        mongos.run("admin", BsonDocument.parse("{enableSharding: 'alice', primaryShard: 'shard01'}"));
        mongos.run("admin", BsonDocument.parse("{shardCollection: 'alice.users', key: {u: 1}}"));
        BoardAssembler board = new BoardAssembler(List.of());
        assertEquals(List.of("shard01", "shard02"), coloursOnTheTile(board, catalog));

        // when a shard joins whose name sorts first
        mongos.run("admin", BsonDocument.parse("{addShard: 'newhost.example.net:27018', name: 'shard0001'}"));

        // then it takes the third colour, and shard01 and shard02 keep theirs
        assertEquals(List.of("shard01", "shard02", "shard0001"), coloursOnTheTile(board, catalog));
    }

    /** The tile's shards in the order of the palette's colours. */
    private static List<String> coloursOnTheTile(BoardAssembler board, ShardedCatalog catalog) {
        CollectionGlance glance = new CollectionGlance(
                catalog.collection("alice.users").orElseThrow().cluster().snapshot(),
                new WindowedCounts.Snapshot(0, 0, 1_000, new long[0][0], 0));
        ClassSample sample = new ClassSample(
                Map.of("alice.users", glance),
                ClassEvidence.read(catalog, new CommandJournal(), Set.of(), Map.of()),
                Optional.empty(),
                Map.of());
        BoardFrame frame = board.assemble(sample, Optional.empty(), Map.of(), Instant.EPOCH);
        return frame.tiles()
                .get(0)
                .picture()
                .orElseThrow()
                .data()
                .layout()
                .colors()
                .shards();
    }
}
