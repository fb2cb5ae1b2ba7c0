package io.shardlab.mongos;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.stream.Stream;
import org.bson.BsonDocument;
import org.bson.BsonString;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The command table agrees with the hand-kept tables and the switch it replaced: every name and alias is still
 * answered by the same family, the admin-only commands are refused off {@code admin} with MongoDB's code and text
 * (mongo {@code src/mongo/db/commands.cpp}), the not-simulated ones with CommandNotSupported, and the writes are
 * refused on the read-only {@code config} database.
 */
class MongosCommandTableTest {

    /** The names the replaced switch answered itself. */
    private static final List<String> ANSWERED = List.of(
            "hello",
            "isMaster",
            "buildInfo",
            "atlasVersion",
            "getParameter",
            "connectionStatus",
            "serverStatus",
            "hostInfo",
            "currentOp",
            "listCollections",
            "listDatabases",
            "enableSharding",
            "shardCollection",
            "split",
            "moveChunk",
            "moveRange",
            "mergeChunks",
            "balancerStart",
            "balancerStop",
            "balancerStatus",
            "addShard",
            "removeShard",
            "balancerCollectionStatus",
            "configureCollectionBalancing",
            "addShardToZone",
            "removeShardFromZone",
            "updateZoneKeyRange",
            "reshardCollection",
            "movePrimary",
            "analyzeShardKey",
            "configureQueryAnalyzer",
            "moveCollection",
            "unshardCollection",
            "refineCollectionShardKey",
            "clearJumboFlag",
            "listShards",
            "explain",
            "insert",
            "update",
            "delete",
            "findAndModify",
            "aggregate",
            "dbStats",
            "find",
            "count",
            "drop",
            "dropDatabase");

    /** The replaced ADMIN_ONLY table. */
    static Stream<String> adminOnly() {
        return Stream.of(
                // cluster_commit_transaction_cmd.cpp, cluster_abort_transaction_cmd.cpp
                "commitTransaction",
                "abortTransaction",
                "enableSharding",
                "shardCollection",
                "split",
                "moveChunk",
                "moveRange",
                "mergeChunks",
                "mergeAllChunksOnShard",
                "balancerStart",
                "balancerStop",
                "balancerStatus",
                "addShard",
                "removeShard",
                // 8.3: cluster_start_shard_draining_cmd.cpp and its three siblings
                "startShardDraining",
                "shardDrainingStatus",
                "stopShardDraining",
                "commitShardRemoval",
                // 8.0: cluster_transition_to_dedicated_config_server_cmd.cpp and its sibling
                "transitionToDedicatedConfigServer",
                "transitionFromDedicatedConfigServer",
                "addShardToZone",
                "removeShardFromZone",
                "updateZoneKeyRange",
                "refineCollectionShardKey",
                "clearJumboFlag",
                "listShards",
                "reshardCollection",
                "balancerCollectionStatus",
                "movePrimary",
                "moveCollection",
                "unshardCollection",
                "configureQueryAnalyzer",
                "configureCollectionBalancing",
                "setAllowMigrations",
                "currentOp",
                // issue #27: getShardVersion is admin-only (cluster_get_shard_version_cmd.cpp adminOnly())
                "getShardVersion",
                // kill_op_cmd_base.h, cluster_abort_reshard_collection_cmd.cpp,
                // cluster_commit_reshard_collection_cmd.cpp
                "killOp",
                "abortReshardCollection",
                "commitReshardCollection");
    }

    /** The replaced WRITES table. */
    static Stream<String> writes() {
        return Stream.of(
                "insert",
                "update",
                "delete",
                "findAndModify",
                "drop",
                "dropDatabase",
                "create",
                // issue #27: collMod keeps the validators, caps and views the store does not
                "collMod",
                "createIndexes",
                "dropIndexes",
                "renameCollection");
    }

    @Test
    void every_name_the_replaced_switch_answered_has_a_row() {
        for (String name : ANSWERED) {
            assertTrue(
                    MongosCommandTable.ROWS.stream().anyMatch(c -> c.name().equals(name) && c.simulated()),
                    name + " has no simulated row");
        }
    }

    @Test
    void no_name_or_alias_has_two_rows() {
        List<String> spellings = MongosCommandTable.ROWS.stream()
                .flatMap(c -> Stream.concat(Stream.of(c.name()), c.aliases().stream()))
                .toList();

        assertEquals(spellings.size(), spellings.stream().distinct().count(), spellings.toString());
    }

    /** The replaced ALIASES table: each alias names its command. */
    @ParameterizedTest(name = "{0} is {1}")
    @CsvSource(textBlock = """
            enablesharding,  enableSharding
            shardcollection, shardCollection
            ismaster,        isMaster
            buildinfo,       buildInfo
            movechunk,       moveChunk
            mergechunks,     mergeChunks
            addshard,        addShard
            findandmodify,   findAndModify
            """)
    void an_alias_is_answered_as_its_command(String alias, String name) {
        assertEquals(name, MongosCommands.commandName(new BsonDocument(alias, new BsonString("x"))));
        assertNotNull(MongosCommandTable.ROWS.stream()
                .filter(c -> c.name().equals(name) && c.aliases().contains(alias))
                .findFirst()
                .orElse(null));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("adminOnly")
    void an_admin_only_command_is_refused_off_admin(String name) {
        MongosCommands mongos = StubMongos.of("8.0");

        MongoCommandException e = assertThrows(
                MongoCommandException.class, () -> mongos.run("app", new BsonDocument(name, new BsonString("app.c"))));

        assertEquals(ErrorCode.UNAUTHORIZED, e.code());
        assertEquals(name + " may only be run against the admin database.", e.getMessage());
    }

    @Test
    void the_admin_only_rows_are_exactly_the_replaced_table() {
        assertEquals(
                adminOnly().sorted().toList(),
                MongosCommandTable.ROWS.stream()
                        .filter(MongosCommand::adminOnly)
                        .map(MongosCommand::name)
                        .sorted()
                        .toList());
    }

    /**
     * The replaced NOT_SIMULATED table is empty: killOp, cleanupOrphaned, abortReshardCollection and
     * commitReshardCollection are answered as MongoDB answers them (RouterCommandsWithoutStateTest).
     */
    @Test
    void every_command_the_table_names_is_simulated() {
        assertEquals(
                List.of(),
                MongosCommandTable.ROWS.stream()
                        .filter(c -> !c.simulated())
                        .map(MongosCommand::name)
                        .toList());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("writes")
    void a_write_is_refused_on_the_config_database(String name) {
        MongosCommands mongos = StubMongos.of("8.0");
        // renameCollection and collMod are strict from 5.0 (rename_collection.idl, coll_mod.idl): they get only the
        // fields they declare
        BsonDocument command = name.equals("renameCollection")
                ? BsonDocument.parse("{renameCollection: 'config.chunks', to: 'config.chunks2'}")
                : name.equals("collMod")
                        ? BsonDocument.parse("{collMod: 'chunks', validationLevel: 'off'}")
                        : BsonDocument.parse("{" + name + ": 'chunks', documents: [{}], updates: [{q: {}, u: {}}],"
                                + " deletes: [{q: {}, limit: 0}], indexes: [{key: {a: 1}, name: 'a_1'}]}");

        MongoCommandException e = assertThrows(MongoCommandException.class, () -> mongos.run("config", command));

        // CommandNotSupported, not IllegalOperation: drivers turn IllegalOperation on a retryable write into "This
        // MongoDB deployment does not support retryable writes" (issue #27)
        assertEquals(ErrorCode.COMMAND_NOT_SUPPORTED, e.code());
        assertTrue(e.getMessage().startsWith("ShardLab serves the config database read-only"), e.getMessage());
    }

    @Test
    void the_write_rows_are_exactly_the_replaced_table() {
        assertEquals(
                writes().sorted().toList(),
                MongosCommandTable.ROWS.stream()
                        .filter(c -> c.access() == MongosCommand.Access.WRITE)
                        .map(MongosCommand::name)
                        .sorted()
                        .toList());
    }

    @ParameterizedTest(name = "{0} on {1}")
    @CsvSource(textBlock = """
            reshardCollection,    4.4
            moveRange,            5.0
            analyzeShardKey,      6.0
            configureQueryAnalyzer, 6.0
            moveCollection,       7.0
            unshardCollection,    7.0
            configureCollectionBalancing, 5.0
            """)
    void a_command_the_release_lacks_is_not_found_before_its_arguments_are_read(String name, String release) {
        MongosCommands mongos = StubMongos.of(release);

        MongoCommandException e = assertThrows(
                MongoCommandException.class,
                () -> mongos.run("admin", new BsonDocument(name, new BsonString("app.c"))));

        assertEquals(ErrorCode.COMMAND_NOT_FOUND, e.code());
        assertEquals("no such command: '" + name + "'", e.getMessage());
    }
}
