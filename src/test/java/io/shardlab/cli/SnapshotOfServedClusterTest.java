package io.shardlab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.shardlab.cluster.MongoVersion;
import io.shardlab.cluster.SnapshotFile;
import io.shardlab.mongos.MongosCommands;
import io.shardlab.mongos.ShardedCatalog;
import io.shardlab.serve.DataFile;
import io.shardlab.serve.MongosServer;
import io.shardlab.session.CommandLane;
import io.shardlab.sim.SimulationConfig;
import io.shardlab.sim.SimulationSnapshot;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.bson.BsonDocument;
import org.bson.BsonValue;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@code snapshot --uri} of a running {@code serve}: a snapshot file is one collection's layout (its config metadata),
 * so it keeps each shard's documents and bytes as the served mongos reports them ({@code $shardedDataDistribution} from
 * 6.0, {@code $collStats} before), not the documents themselves; with {@code --with-documents} it is a data file
 * instead, holding the layout and every document, which a mongos started from it reads back in the same chunks.
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

    @ParameterizedTest(name = "{0}")
    @CsvSource({"5.0", "7.0", "8.0"})
    void with_documents_the_file_is_a_data_file_serve_starts_from_with_every_document_in_its_chunk(String release)
            throws Exception {
        // given a served 2-shard cluster whose shop.orders holds 100 documents, 60 of them moved to shard02
        MongosServer.InProcess mongos = servedOrders(release);
        Path file = folder.resolve("orders.data");

        // when the CLI snapshots it through the wire with its documents
        CliRun run;
        try (MongosServer server = MongosServer.listen(mongos, "127.0.0.1", 0, 0)) {
            run = CliRun.of(
                    "snapshot",
                    "--uri",
                    server.connectionString(),
                    "--ns",
                    "shop.orders",
                    "--out",
                    file.toString(),
                    "--with-documents");
        }

        // then it says what it wrote, and a mongos started from the file holds the 100 documents in the same chunks
        assertEquals(0, run.exitCode(), run.err());
        assertEquals(
                "wrote shop.orders with 100 documents (2 chunks on 2 shards) as a ShardLab data file to " + file
                        + " (serve --data-file and File \u2192 Open cluster read it)",
                run.out().strip());
        MongosServer.InProcess restored = new MongosServer.InProcess(
                DataFile.catalog(file), "localhost:27017", 64L << 20, 10, line -> {}, CommandLane.DIRECT);
        restored.restoreFrom(file);
        MongosCommands commands = restored.commands();
        assertEquals(
                100,
                commands.run("shop", BsonDocument.parse("{count: 'orders'}"))
                        .getNumber("n")
                        .intValue());
        SimulationSnapshot layout = commands.catalog()
                .collection("shop.orders")
                .orElseThrow()
                .cluster()
                .snapshot();
        List<String> perChunk = new ArrayList<>();
        for (int i = 0; i < layout.chunkStatistics().size(); i++) {
            perChunk.add(layout.cluster().chunks().get(i).shard() + " "
                    + layout.chunkStatistics().get(i).documents());
        }
        assertEquals(List.of("shard01 40", "shard02 60"), perChunk);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(
            delimiter = '|',
            value = {
                "--snapshot orders.json --with-documents | --with-documents: needs --uri: orders.json holds the layout,"
                        + " not the documents",
                "--uri URI --at 2024-03-01T10:00:00Z --with-documents | --with-documents: cannot be used with --at:"
                        + " the documents are read as they are now"
            })
    void with_documents_from_a_file_or_rewound_is_refused_in_one_line(String options, String said) throws Exception {
        MongosServer.InProcess mongos = servedOrders("8.0");
        try (MongosServer server = MongosServer.listen(mongos, "127.0.0.1", 0, 0)) {
            Path snapshot = folder.resolve("orders.json");
            assertEquals(
                    0,
                    CliRun.of("snapshot", "--uri", server.connectionString(), "--out", snapshot.toString())
                            .exitCode());
            List<String> args = new ArrayList<>(
                    List.of("snapshot", "--out", folder.resolve("x.data").toString()));
            for (String option : options.split(" ")) {
                args.add(
                        option.equals("URI")
                                ? server.connectionString()
                                : option.equals("orders.json") ? snapshot.toString() : option);
            }

            CliRun run = CliRun.of(args.toArray(String[]::new));

            assertEquals(2, run.exitCode(), run.err());
            assertEquals(
                    "snapshot: " + said.replace("orders.json", snapshot.toString()),
                    run.err().strip());
        }
    }

    /** A served 2-shard cluster of {@code release} whose shop.orders holds 100 documents, 60 of them on shard02. */
    private static MongosServer.InProcess servedOrders(String release) {
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
        return mongos;
    }
}
