package io.shardlab.mongos;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.bson.BsonDocument;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * What "eyes on the projector" refuses: the commands a user whose roles only read (readAnyDatabase and
 * clusterMonitor, mongo src/mongo/db/auth/builtin_roles.yml) may not run.
 */
class ChangesDataOrClusterTest {

    @ParameterizedTest(name = "[{index}] {0} -> {1}")
    @CsvSource(delimiter = '|', textBlock = """
            {insert: 'events', documents: [{a: 1}]}                  | true
            {update: 'events', updates: []}                          | true
            {delete: 'events', deletes: []}                          | true
            {findAndModify: 'events', query: {}}                     | true
            {drop: 'events'}                                         | true
            {createIndexes: 'events', indexes: []}                   | true
            {shardCollection: 'app.events', key: {a: 1}}             | true
            {enableSharding: 'app'}                                  | true
            {split: 'app.events', middle: {a: 5}}                    | true
            {moveChunk: 'app.events', find: {a: 1}, to: 'shard02'}   | true
            {balancerStop: 1}                                        | true
            {find: 'events', filter: {}}                             | false
            {aggregate: 'events', pipeline: [], cursor: {}}          | false
            {count: 'events'}                                        | false
            {explain: {find: 'events'}}                              | false
            {listShards: 1}                                          | false
            {balancerStatus: 1}                                      | false
            {hello: 1}                                               | false
            {ping: 1}                                                | false
            """)
    void aReaderIsRefusedWhatChangesDataOrTheCluster(String command, boolean refused) {
        assertEquals(refused, MongosCommands.changesDataOrCluster(BsonDocument.parse(command)));
    }
}
