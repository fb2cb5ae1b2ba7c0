package io.shardlab.serve;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardlab.cluster.MongoVersion;
import io.shardlab.files.FileException;
import io.shardlab.mongos.MongosCommands;
import io.shardlab.mongos.ShardedCatalog;
import io.shardlab.session.CommandLane;
import io.shardlab.session.DataFileContents;
import io.shardlab.sim.SimulationConfig;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.zip.GZIPOutputStream;
import org.bson.BsonDocument;
import org.bson.BsonInt64;
import org.bson.BsonValue;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The data file: what clients wrote and the layout they made come back after a save and a load (documents, indexes,
 * databases' primary shards, sharded collections' chunks and zones, the balancer's switch), and a file that is not
 * one is one line naming it.
 */
class DataFileTest {

    @TempDir
    Path folder;

    private static MongosServer.InProcess mongos(ShardedCatalog catalog) {
        return new MongosServer.InProcess(catalog, "localhost:27017", 64L << 20, 10, line -> {}, CommandLane.DIRECT);
    }

    private static BsonDocument run(MongosCommands mongos, String db, String json) {
        return run(mongos, db, BsonDocument.parse(json));
    }

    private static BsonDocument run(MongosCommands mongos, String db, BsonDocument command) {
        BsonDocument reply = mongos.run(db, command.clone());
        assertEquals(1, reply.getNumber("ok").intValue(), reply.toJson());
        return reply;
    }

    @Test
    void documents_deleted_or_replaced_before_the_save_are_kept_as_they_were_then() {
        // given 10 notes, 3 deleted (their positions free) and one replaced, and a note inserted into a freed position
        MongosServer.InProcess before =
                mongos(new ShardedCatalog(SimulationConfig.of(MongoVersion.V8_0), List.of("shard01", "shard02")));
        MongosCommands c = before.commands();
        StringBuilder notes = new StringBuilder();
        for (int i = 0; i < 10; i++) {
            notes.append(i == 0 ? "" : ", ")
                    .append("{_id: ")
                    .append(i)
                    .append(", text: 'note ")
                    .append(i)
                    .append("'}");
        }
        run(c, "alice", "{insert: 'notes', documents: [" + notes + "]}");
        run(c, "alice", "{delete: 'notes', deletes: [{q: {_id: {$in: [2, 5, 7]}}, limit: 0}]}");
        run(c, "alice", "{update: 'notes', updates: [{q: {_id: 3}, u: {_id: 3, text: 'rewritten'}}]}");
        run(c, "alice", "{insert: 'notes', documents: [{_id: 10, text: 'late'}]}");
        Path file = folder.resolve("notes.data");

        // when it is saved and loaded
        DataFileContents saved = before.saveTo(file);
        MongosServer.InProcess after = mongos(DataFile.catalog(file));
        after.restoreFrom(file);

        // then the file holds the 8 documents as they were, and nothing deleted
        assertEquals(new DataFileContents(8, 1), saved);
        BsonDocument found = run(after.commands(), "alice", "{find: 'notes', filter: {}, sort: {_id: 1}}");
        List<String> texts = found.getDocument("cursor").getArray("firstBatch").stream()
                .map(d -> d.asDocument().getNumber("_id").intValue() + " "
                        + d.asDocument().getString("text").getValue())
                .toList();
        assertEquals(
                List.of(
                        "0 note 0",
                        "1 note 1",
                        "3 rewritten",
                        "4 note 4",
                        "6 note 6",
                        "8 note 8",
                        "9 note 9",
                        "10 late"),
                texts);
    }

    @Test
    void a_saved_cluster_loads_with_its_documents_indexes_and_layout() {
        MongosServer.InProcess before = mongos(new ShardedCatalog(
                SimulationConfig.of(MongoVersion.V7_0).withSeed(5), List.of("shard01", "shard02", "shard03")));
        MongosCommands c = before.commands();
        run(c, "admin", "{enableSharding: 'school', primaryShard: 'shard02'}");
        run(c, "admin", "{shardCollection: 'school.grades', key: {student: 1}}");
        run(c, "admin", "{split: 'school.grades', middle: {student: 50}}");
        run(c, "admin", "{moveChunk: 'school.grades', find: {student: 60}, to: 'shard03'}");
        run(c, "admin", "{addShardToZone: 'shard01', zone: 'EU'}");
        run(c, "admin", "{balancerStop: 1}");
        StringBuilder documents = new StringBuilder();
        for (int i = 0; i < 120; i++) {
            documents
                    .append(i == 0 ? "" : ", ")
                    .append("{_id: ")
                    .append(i)
                    .append(", student: ")
                    .append(i)
                    .append("}");
        }
        run(c, "school", "{insert: 'grades', documents: [" + documents + "]}");
        run(c, "school", "{createIndexes: 'grades', indexes: [{key: {score: -1}, name: 'score_-1'}]}");
        run(c, "alice", "{insert: 'notes', documents: [{_id: 'n1', text: 'hello'}]}");
        Path file = folder.resolve("class.data");

        DataFileContents saved = before.saveTo(file);
        ShardedCatalog catalog = DataFile.catalog(file);
        MongosServer.InProcess after = mongos(catalog);
        DataFileContents restored = after.restoreFrom(file);

        assertEquals(new DataFileContents(121, 2), saved);
        assertEquals(saved, restored);
        MongosCommands a = after.commands();
        assertEquals(120, run(a, "school", "{count: 'grades'}").getNumber("n").intValue());
        assertEquals(
                "hello",
                run(a, "alice", "{find: 'notes', filter: {}}")
                        .getDocument("cursor")
                        .getArray("firstBatch")
                        .get(0)
                        .asDocument()
                        .getString("text")
                        .getValue());
        assertEquals(
                List.of("_id_", "student_1", "score_-1"),
                a.indexes("school.grades").stream()
                        .map(i -> i.getString("name").getValue())
                        .toList());
        assertEquals("shard02", catalog.databases().get("school").primaryShard());
        assertEquals(MongoVersion.V7_0, catalog.config().version());
        var chunks = catalog.collection("school.grades")
                .orElseThrow()
                .cluster()
                .snapshot()
                .cluster()
                .chunks();
        var original = c.catalog()
                .collection("school.grades")
                .orElseThrow()
                .cluster()
                .snapshot()
                .cluster()
                .chunks();
        assertEquals(
                original.chunks().stream()
                        .map(ch -> ch.min() + "-" + ch.max() + "@" + ch.shard())
                        .toList(),
                chunks.chunks().stream()
                        .map(ch -> ch.min() + "-" + ch.max() + "@" + ch.shard())
                        .toList());
        assertEquals(
                120,
                catalog.collection("school.grades")
                        .orElseThrow()
                        .cluster()
                        .snapshot()
                        .documents());
        assertTrue(catalog.shards().get(0).zones().contains("EU"));
        assertEquals(false, catalog.balancerEnabled());
    }

    @Test
    void the_settings_a_client_wrote_to_config_settings_are_saved_and_loaded() {
        // given the manual's balancer window and chunk size pages' writes
        MongosServer.InProcess before =
                mongos(new ShardedCatalog(SimulationConfig.of(MongoVersion.V7_0), List.of("shard01", "shard02")));
        MongosCommands c = before.commands();
        run(
                c,
                "config",
                "{update: 'settings', updates: [{q: {_id: 'balancer'}, u: {$set: {activeWindow: {start: '23:00', stop:"
                        + " '6:00'}}}, upsert: true}]}");
        run(
                c,
                "config",
                "{update: 'settings', updates: [{q: {_id: 'chunksize'}, u: {$set: {value: 32}}, upsert: true}]}");
        Path file = folder.resolve("settings.data");

        // when the cluster is saved and loaded again
        before.saveTo(file);
        ShardedCatalog catalog = DataFile.catalog(file);

        // then config.settings reads as the client wrote it
        BsonDocument settings = run(mongos(catalog).commands(), "config", "{find: 'settings', filter: {}}");
        List<BsonDocument> written = settings.getDocument("cursor").getArray("firstBatch").stream()
                .map(BsonValue::asDocument)
                .filter(d -> d.getString("_id").getValue().matches("balancer|chunksize"))
                .map(d -> d.containsKey("activeWindow")
                        ? new BsonDocument("activeWindow", d.get("activeWindow"))
                        : new BsonDocument("value", d.get("value")))
                .toList();
        assertEquals(
                List.of(
                        BsonDocument.parse("{value: 32}"),
                        BsonDocument.parse("{activeWindow: {start: '23:00', stop: '6:00'}}")),
                written);
    }

    @Test
    void a_retry_after_a_save_and_a_load_is_answered_with_the_first_reply_and_writes_nothing() {
        // given a retryable $inc and a retryable insert applied, whose replies the driver never received
        MongosServer.InProcess before =
                mongos(new ShardedCatalog(SimulationConfig.of(MongoVersion.V7_0), List.of("s1")));
        BsonDocument lsid = SessionMongos.newSession(7);
        BsonDocument inc =
                retryable("{update: 'c', updates: [{q: {_id: 'counter'}, u: {$inc: {n: 1}}, upsert: true}]}", lsid, 3);
        BsonDocument insert =
                retryable("{insert: 'd', documents: [{_id: 1}, {_id: 2}]}", SessionMongos.newSession(8), 1);
        BsonDocument firstInc = run(before.commands(), "app", inc);
        BsonDocument firstInsert = run(before.commands(), "app", insert);
        Path file = folder.resolve("class.data");
        before.saveTo(file);

        // when serve starts again from the file and the driver retries both
        MongosServer.InProcess after = mongos(DataFile.catalog(file));
        after.restoreFrom(file);
        BsonDocument retriedInc = run(after.commands(), "app", inc);
        BsonDocument retriedInsert = run(after.commands(), "app", insert);

        // then each is answered as the first time, and nothing is written twice
        assertEquals(firstInc, retriedInc);
        assertEquals(firstInsert, retriedInsert);
        assertEquals(
                1,
                run(after.commands(), "app", "{find: 'c', filter: {_id: 'counter'}}")
                        .getDocument("cursor")
                        .getArray("firstBatch")
                        .get(0)
                        .asDocument()
                        .getNumber("n")
                        .intValue());
        assertEquals(
                2, run(after.commands(), "app", "{count: 'd'}").getNumber("n").intValue());
        // and a new number on the same session writes again
        run(
                after.commands(),
                "app",
                retryable("{update: 'c', updates: [{q: {_id: 'counter'}, u: {$inc: {n: 1}}}]}", lsid, 4));
        assertEquals(
                2,
                run(after.commands(), "app", "{find: 'c', filter: {_id: 'counter'}}")
                        .getDocument("cursor")
                        .getArray("firstBatch")
                        .get(0)
                        .asDocument()
                        .getNumber("n")
                        .intValue());
    }

    private static BsonDocument retryable(String json, BsonDocument lsid, long txnNumber) {
        BsonDocument command = BsonDocument.parse(json);
        command.put("lsid", lsid);
        command.put("txnNumber", new BsonInt64(txnNumber));
        return command;
    }

    @Test
    void a_file_that_is_not_a_data_file_is_one_line_naming_it() throws IOException {
        Path text = Files.writeString(folder.resolve("notes.txt"), "not an archive");
        Path gzipped = folder.resolve("empty.gz");
        try (GZIPOutputStream out = new GZIPOutputStream(Files.newOutputStream(gzipped))) {
            out.write(new byte[] {1, 2, 3, 4});
        }

        FileException notGzip = assertThrows(FileException.class, () -> DataFile.catalog(text));
        FileException notArchive = assertThrows(FileException.class, () -> DataFile.catalog(gzipped));

        assertTrue(notGzip.getMessage().startsWith(text + ": is not a ShardLab data file"), notGzip.getMessage());
        assertEquals(gzipped + ": is not a ShardLab data file: it is not a mongodump archive", notArchive.getMessage());
    }

    @Test
    void documents_past_the_memory_budget_refuse_the_load() {
        MongosServer.InProcess big = mongos(new ShardedCatalog(SimulationConfig.of(MongoVersion.V8_0), List.of("s1")));
        run(
                big.commands(),
                "app",
                "{insert: 'c', documents: [{_id: 1, pad: 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'}]}");
        Path file = folder.resolve("big.data");
        big.saveTo(file);
        MongosServer.InProcess small = new MongosServer.InProcess(
                DataFile.catalog(file), "localhost:27017", 10, 10, line -> {}, CommandLane.DIRECT);

        FileException e = assertThrows(FileException.class, () -> small.restoreFrom(file));

        assertTrue(e.getMessage().startsWith(file + ": its documents do not fit in the memory budget"), e.getMessage());
    }
}
