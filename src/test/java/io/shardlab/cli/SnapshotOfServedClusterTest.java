package io.shardlab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.shardlab.cluster.MongoVersion;
import io.shardlab.cluster.SnapshotFile;
import io.shardlab.mongos.MongosCommands;
import io.shardlab.mongos.ShardedCatalog;
import io.shardlab.serve.MongosServer;
import io.shardlab.session.CommandLane;
import io.shardlab.sim.SimulationConfig;
import java.nio.file.Path;
import java.util.List;
import org.bson.BsonDocument;
import org.bson.BsonValue;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@code snapshot --uri} of a running {@code serve}: a snapshot file is one collection's layout (its config metadata),
 * so it keeps each shard's documents and bytes as the served mongos reports them ({@code $shardedDataDistribution} from
 * 6.0, {@code $collStats} before), not the documents themselves: those are what {@code serve --data-file} and File →
 * Save cluster keep.
 */
class SnapshotOfServedClusterTest {

    @TempDir
    Path folder;

    @ParameterizedTest(name = "{0}: {1}")
    @CsvSource({"5.0, $collStats", "7.0, $shardedDataDistribution", "8.0, $shardedDataDistribution"})
    void the_snapshot_keeps_each_shards_documents_as_the_served_mongos_reports_them(String release, String source)
            throws Exception {
        // given a served 2-shard cluster whose shop.orders holds 100 documents, 60 of them moved to shard02
        ShardedCatalog catalog = new ShardedCatalog(
                SimulationConfig.of(MongoVersion.parseModelled(release)), List.of("shard01", "shard02"));
        MongosServer.InProcess mongos =
                new MongosServer.InProcess(catalog, "localhost:27017", 64L << 20, 10, line -> {}, CommandLane.DIRECT);
        MongosCommands commands = mongos.commands();
        commands.run("admin", BsonDocument.parse("{enableSharding: 'shop'}"));
        commands.run("admin", BsonDocument.parse("{shardCollection: 'shop.orders', key: {n: 1}}"));
        StringBuilder documents = new StringBuilder();
        for (int i = 0; i < 100; i++) {
            documents.append(i == 0 ? "" : ", ").append("{n: ").append(i).append('}');
        }
        commands.run("shop", BsonDocument.parse("{insert: 'orders', documents: [" + documents + "]}"));
        commands.run("admin", BsonDocument.parse("{split: 'shop.orders', middle: {n: 40}}"));
        commands.run("admin", BsonDocument.parse("{moveChunk: 'shop.orders', find: {n: 40}, to: 'shard02'}"));
        Path file = folder.resolve("orders.json");

        // when the CLI snapshots it through the wire
        try (MongosServer server = MongosServer.listen(mongos, "127.0.0.1", 0, 0)) {
            CliRun run = CliRun.of(
                    "snapshot", "--uri", server.connectionString(), "--ns", "shop.orders", "--out", file.toString());
            assertEquals(0, run.exitCode(), run.err());
        }

        // then the file holds the layout and each shard's documents and bytes (29 bytes a document)
        SnapshotFile.Contents contents = SnapshotFile.read(file);
        assertEquals(2, contents.cluster().chunks().size());
        BsonDocument distribution = contents.capture().getDocument("dataDistribution");
        assertEquals(source, distribution.getString("source").getValue());
        List<String> perShard = distribution.getArray("shards").stream()
                .map(BsonValue::asDocument)
                .map(s -> s.getString("shardName").getValue() + " "
                        + s.getNumber("numOwnedDocuments").longValue() + " docs "
                        + s.getNumber("ownedSizeBytes").longValue() + " bytes")
                .toList();
        assertEquals(List.of("shard01 40 docs 1160 bytes", "shard02 60 docs 1740 bytes"), perShard);
    }
}
