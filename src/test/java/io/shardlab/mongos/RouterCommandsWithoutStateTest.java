package io.shardlab.mongos;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.bson.BsonDocument;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The commands a mongos has about work ShardLab never leaves running: {@code killOp} (commands run one at a time),
 * {@code abortReshardCollection} and {@code commitReshardCollection} (reshardCollection completes within the
 * command), and {@code cleanupOrphaned}, which no mongos has. Each row cites the MongoDB file whose rule it holds.
 */
class RouterCommandsWithoutStateTest {

    /** Given app.c sharded on {x: 1} and app.u unsharded, when the command runs, then MongoDB's refusal comes back. */
    @ParameterizedTest(name = "{1} {3}")
    @CsvSource(delimiter = '|', quoteCharacter = '~', textBlock = """
            s/commands/cluster_kill_op.cpp              | 8.0 | admin | {killOp: 1}                                   | 50759 | Location50759           | Did not provide "op" field
            db/commands/kill_op_cmd_base.cpp parseOpId  | 7.0 | admin | {killOp: 1, op: 1.5}                          | 2     | BadValue                | Expected field "op" to have a value exactly representable as a 64-bit integer, but found op: 1.5
            db/commands/kill_op_cmd_base.cpp parseOpId  | 6.0 | admin | {killOp: 1, op: NumberLong('9223372036854775807')} | 26823 | Location26823    | invalid op : 9223372036854775807. Op ID cannot be represented with 32 bits
            s/commands/cluster_kill_op.cpp              | 5.0 | admin | {killOp: 1, op: true}                         | 50760 | Location50760           | "op" field was of unsupported type bool
            s/commands/cluster_kill_op.cpp              | 4.4 | admin | {killOp: 1, op: 'shard01'}                    | 28625 | Location28625           | The op argument to killOp must be of the format shardid:opid but found "shard01"
            s/commands/cluster_kill_op.cpp              | 8.0 | admin | {killOp: 1, op: 'shard01:'}                   | 28625 | Location28625           | The op argument to killOp must be of the format shardid:opid but found "shard01:"
            s/client/shard_registry.cpp getShard        | 8.0 | admin | {killOp: 1, op: 'shard09:5'}                  | 70    | ShardNotFound           | Shard shard09 not found
            base/parse_number.cpp NumberParser          | 7.0 | admin | {killOp: 1, op: 'shard01:x'}                  | 9     | FailedToParse           | Did not consume whole string.
            base/parse_number.cpp NumberParser          | 7.0 | admin | {killOp: 1, op: 'shard01:99999999999'}        | 45    | Overflow                | Overflow
            db/commands/kill_op_cmd_base.h adminOnly    | 7.0 | app   | {killOp: 1, op: 5}                            | 13    | Unauthorized            | killOp may only be run against the admin database.
            jstests/sharding/cleanup_orphaned_basic.js  | 4.4 | admin | {cleanupOrphaned: 'app.c'}                    | 59    | CommandNotFound         | no such command: 'cleanupOrphaned'
            jstests/sharding/cleanup_orphaned_basic.js  | 8.0 | admin | {cleanupOrphaned: 'app.c'}                    | 59    | CommandNotFound         | no such command: 'cleanupOrphaned'
            s/commands/cluster_abort_reshard_collection_cmd.cpp (5.0+) | 4.4 | admin | {abortReshardCollection: 'app.c'} | 59 | CommandNotFound | no such command: 'abortReshardCollection'
            db/s/config/configsvr_abort_reshard_collection_command.cpp | 5.0 | admin | {abortReshardCollection: 'app.c'} | 339 | NoSuchReshardCollection | Could not find resharding-related metadata that matches the given namespace
            db/s/config/configsvr_abort_reshard_collection_command.cpp | 8.0 | admin | {abortReshardCollection: 'app.c'} | 339 | NoSuchReshardCollection | Could not find resharding-related metadata that matches the given namespace
            s/catalog/sharding_catalog_client_impl.cpp getCollection   | 7.0 | admin | {abortReshardCollection: 'app.u'} | 26  | NamespaceNotFound       | collection app.u not found
            s/request_types/abort_reshard_collection.idl               | 6.0 | admin | {abortReshardCollection: 5}       | 14  | TypeMismatch            | BSON field 'abortReshardCollection.abortReshardCollection' is the wrong type 'int', expected type 'string'
            db/s/config/configsvr_commit_reshard_collection_command.cpp | 7.0 | admin | {commitReshardCollection: 'app.c'} | 339 | NoSuchReshardCollection | Could not find resharding metadata for app.c
            s/catalog/sharding_catalog_client_impl.cpp getCollection   | 6.0 | admin | {commitReshardCollection: 'app.v'} | 26  | NamespaceNotFound       | collection app.v not found
            s/commands/cluster_commit_reshard_collection_cmd.cpp adminOnly | 6.0 | app | {commitReshardCollection: 'app.c'} | 13 | Unauthorized         | commitReshardCollection may only be run against the admin database.
            """)
    void refused_as_mongodb_refuses(
            String source, String release, String db, String command, int code, String codeName, String message) {
        MongosCommands mongos = withShardedAndUnshardedCollections(release);

        MongoCommandException e =
                assertThrows(MongoCommandException.class, () -> mongos.run(db, BsonDocument.parse(command)));

        assertEquals(message, e.getMessage(), source);
        assertEquals(code, e.code().number(), source);
        assertEquals(codeName, e.code().codeName(), source);
    }

    /**
     * Given the same cluster, when killOp names an operation, then it answers ok, as MongoDB's mongos always does once
     * past its checks (mongo {@code src/mongo/s/commands/cluster_kill_op.cpp}: a number kills the mongos' own
     * operation and answers {@code ok} alone; {@code shardid:opid} answers {@code shard} and {@code shardid}).
     */
    @ParameterizedTest(name = "{0} {1}")
    @CsvSource(delimiter = '|', quoteCharacter = '~', textBlock = """
            8.0 | {killOp: 1, op: 5}              | {ok: 1.0}
            4.4 | {killOp: 1, op: NumberLong(7)}  | {ok: 1.0}
            7.0 | {killOp: 1, op: 'shard02:12'}   | {shard: 'shard02', shardid: 12, ok: 1.0}
            """)
    void killOp_answers_ok(String release, String command, String reply) {
        MongosCommands mongos = withShardedAndUnshardedCollections(release);

        BsonDocument answered = mongos.run("admin", BsonDocument.parse(command));

        assertEquals(BsonDocument.parse(reply), answered);
    }

    /** app.c sharded on {@code {x: 1}}, and app.u unsharded with one document. */
    private static MongosCommands withShardedAndUnshardedCollections(String release) {
        MongosCommands mongos = StubMongos.withShardedCollection(release);
        mongos.run("app", BsonDocument.parse("{insert: 'u', documents: [{a: 1}]}"));
        return mongos;
    }
}
