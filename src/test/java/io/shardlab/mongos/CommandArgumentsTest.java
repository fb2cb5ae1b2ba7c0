package io.shardlab.mongos;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.bson.BsonDocument;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Every command reads its arguments through its declared syntax, so a wrong type or a missing field is refused as
 * MongoDB's parser of that command refuses it — never an InternalError. Each row names the MongoDB file that
 * declares (or reads) the field. The IDL parser's words are mongo {@code src/mongo/idl/idl_parser.cpp}'s
 * ({@code checkAndAssertTypeSlowPath}, {@code throwBadType}, {@code throwMissingField}, {@code throwUnknownField});
 * FieldParser's, {@code src/mongo/db/field_parser.cpp} and {@code field_parser-inl.h} (errmsg-only: no code);
 * {@code bsonExtractTypedField}'s, {@code src/mongo/bson/util/bson_extract.cpp}.
 */
class CommandArgumentsTest {

    /** Given app.c sharded on {x: 1}, when the command runs, then it is refused with MongoDB's code and text. */
    @ParameterizedTest(name = "{1} {3}")
    @CsvSource(delimiter = '|', quoteCharacter = '~', textBlock = """
            request_types/reshard_collection.idl        | 8.0 | admin | {reshardCollection: 'app.c', key: 'x'}                                    | 14     | TypeMismatch       | BSON field 'reshardCollection.key' is the wrong type 'string', expected type 'object'
            request_types/reshard_collection.idl        | 7.0 | admin | {reshardCollection: 5, key: {x: 1}}                                        | 14     | TypeMismatch       | BSON field 'reshardCollection.reshardCollection' is the wrong type 'int', expected type 'string'
            request_types/reshard_collection.idl        | 7.0 | admin | {reshardCollection: 'app.c'}                                               | 40414  | IDLFailedToParse   | BSON field 'reshardCollection.key' is missing but a required field
            request_types/reshard_collection.idl        | 8.0 | admin | {reshardCollection: 'app.c', key: {x: 1}, zones: 5}                        | 14     | TypeMismatch       | BSON field 'reshardCollection.zones' is the wrong type 'int', expected type 'array'
            resharding/common_types.idl                 | 8.0 | admin | {reshardCollection: 'app.c', key: {x: 1}, zones: [{zone: 'A', min: {x: 1}}]} | 40414 | IDLFailedToParse | BSON field 'reshardCollection.zones.max' is missing but a required field
            commands/cluster_commands.idl               | 6.0 | admin | {shardCollection: 'app.d', key: 1}                                         | 14     | TypeMismatch       | BSON field 'ShardCollection.key' is the wrong type 'int', expected type 'object'
            commands/cluster_commands.idl               | 6.0 | admin | {shardCollection: 'app.d'}                                                 | 40414  | IDLFailedToParse   | BSON field 'ShardCollection.key' is missing but a required field
            commands/cluster_commands.idl               | 4.4 | admin | {shardCollection: 'app.d', key: {x: 1}, unique: 'yes'}                     | 14     | TypeMismatch       | BSON field 'ShardCollection.unique' is the wrong type 'string', expected type 'bool'
            commands/cluster_commands.idl               | 6.0 | admin | {shardCollection: 'app.d', key: {x: 1}, numInitialChunks: 'four'}          | 14     | TypeMismatch       | BSON field 'ShardCollection.numInitialChunks' is the wrong type 'string', expected types '[long, int, decimal, double]'
            db/commands.cpp parseNsFullyQualified       | 6.0 | admin | {shardCollection: 5, key: {x: 1}}                                          | 2      | BadValue           | collection name has invalid type int
            request_types/refine_collection_shard_key.idl | 7.0 | admin | {refineCollectionShardKey: 'app.c', key: [1]}                            | 14     | TypeMismatch       | BSON field 'refineCollectionShardKey.key' is the wrong type 'array', expected type 'object'
            request_types/refine_collection_shard_key.idl | 7.0 | admin | {refineCollectionShardKey: 'app.c'}                                      | 40414  | IDLFailedToParse   | BSON field 'refineCollectionShardKey.key' is missing but a required field
            request_types/move_primary.idl              | 7.0 | admin | {movePrimary: 'app', to: 1}                                                | 14     | TypeMismatch       | BSON field 'movePrimary.to' is the wrong type 'int', expected type 'string'
            commands/cluster_move_collection_cmd.cpp    | 8.0 | admin | {moveCollection: 'app.c', toShard: 2}                                      | 14     | TypeMismatch       | BSON field 'moveCollection.toShard' is the wrong type 'int', expected type 'string'
            commands/cluster_unshard_collection_cmd.cpp | 8.0 | admin | {unshardCollection: 'app.c', toShard: true}                                | 14     | TypeMismatch       | BSON field 'unshardCollection.toShard' is the wrong type 'bool', expected type 'string'
            commands/cluster_commands.idl               | 7.0 | admin | {enableSharding: 5}                                                        | 14     | TypeMismatch       | BSON field 'enableSharding.enableSharding' is the wrong type 'int', expected type 'string'
            commands/cluster_commands.idl               | 7.0 | admin | {enableSharding: 'app', primaryShard: 1}                                   | 14     | TypeMismatch       | BSON field 'enableSharding.primaryShard' is the wrong type 'int', expected type 'string'
            commands/cluster_split_cmd.cpp              | 7.0 | admin | {split: 'app.c', middle: 'x'}                                              | 0      |                    | wrong type for 'middle' field, expected object, found middle: "x"
            commands/cluster_split_cmd.cpp              | 5.0 | admin | {split: 'app.c', bounds: 5}                                                | 0      |                    | wrong type for 'bounds' field, expected array, found bounds: 5
            commands/cluster_split_cmd.cpp              | 7.0 | admin | {split: 5, middle: {x: 1}}                                                 | 2      | BadValue           | collection name has invalid type int
            commands/cluster_merge_chunks_cmd.cpp       | 7.0 | admin | {mergeChunks: 'app.c', bounds: {x: 1}}                                     | 0      |                    | wrong type for 'bounds' field, expected vector array, found bounds: { x: 1 }
            commands/cluster_merge_chunks_cmd.cpp       | 7.0 | admin | {mergeChunks: 'app.c', bounds: [{x: 1}, 5]}                                | 0      |                    | error parsing element 1 of field bounds :: caused by :: wrong type for '1' field, expected object, found 1: 5
            commands/cluster_commands.idl               | 7.0 | admin | {moveChunk: 'app.c', find: {x: 1}}                                         | 40414  | IDLFailedToParse   | BSON field 'moveChunk.to' is missing but a required field
            commands/cluster_commands.idl               | 6.0 | admin | {moveChunk: 'app.c', find: 'x', to: 'shard02'}                             | 14     | TypeMismatch       | BSON field 'moveChunk.find' is the wrong type 'string', expected type 'object'
            commands/cluster_commands.idl               | 8.0 | admin | {movechunk: 'app.c', bounds: [1, 2], to: 'shard02'}                        | 14     | TypeMismatch       | BSON field 'moveChunk.bounds.0' is the wrong type 'int', expected type 'object'
            commands/cluster_move_chunk_cmd.cpp (5.0)   | 5.0 | admin | {moveChunk: 'app.c', find: {x: 1}, to: 5}                                  | 14     | TypeMismatch       | ~'to' must be of type String~
            request_types/move_range_request.idl        | 6.0 | admin | {moveRange: 'app.c', toShard: 'shard02', min: 5}                           | 14     | TypeMismatch       | BSON field 'moveRange.min' is the wrong type 'int', expected type 'object'
            request_types/move_range_request.idl        | 7.0 | admin | {moveRange: 'app.c', min: {x: 1}}                                          | 40414  | IDLFailedToParse   | BSON field 'moveRange.toShard' is missing but a required field
            request_types/clear_jumbo_flag.idl          | 8.0 | admin | {clearJumboFlag: 'app.c', find: [1]}                                       | 14     | TypeMismatch       | BSON field 'clearJumboFlag.find' is the wrong type 'array', expected type 'object'
            request_types/balancer_collection_status.idl | 8.0 | admin | {balancerCollectionStatus: 'app.c', verbose: true}                        | 40415  | IDLUnknownField    | BSON field 'balancerCollectionStatus.verbose' is an unknown field.
            request_types/configure_collection_balancing.idl | 8.0 | admin | {configureCollectionBalancing: 'app.c', enableAutoMerger: 1}          | 14     | TypeMismatch       | BSON field 'configureCollectionBalancing.enableAutoMerger' is the wrong type 'int', expected type 'bool'
            request_types/add_shard_to_zone_request_type.cpp | 7.0 | admin | {addShardToZone: 'shard01'}                                           | 4      | NoSuchKey          | Missing expected field "zone"
            request_types/add_shard_to_zone_request_type.cpp | 7.0 | admin | {addShardToZone: 'shard01', zone: 5}                                  | 14     | TypeMismatch       | "zone" had the wrong type. Expected string, found int
            request_types/add_shard_request_type.cpp    | 7.0 | admin | {addShard: 5}                                                              | 14     | TypeMismatch       | "addShard" had the wrong type. Expected string, found int
            request_types/update_zone_key_range_request_type.cpp | 7.0 | admin | {updateZoneKeyRange: 'app.c', min: 1, max: {x: 5}, zone: 'A'}     | 14     | TypeMismatch       | The field 'min' cannot be parsed :: caused by :: "min" had the wrong type. Expected object, found int
            request_types/update_zone_key_range_request_type.cpp | 7.0 | admin | {updateZoneKeyRange: 'app.c', min: {x: 1}, max: {x: 5}, zone: 5}  | 14     | TypeMismatch       | "zone" had the wrong type. Expected string or null, found int
            s/analyze_shard_key_cmd.idl                 | 7.0 | admin | {analyzeShardKey: 'app.c'}                                                 | 40414  | IDLFailedToParse   | BSON field 'analyzeShardKey.key' is missing but a required field
            s/analyze_shard_key_cmd.idl                 | 7.0 | admin | {analyzeShardKey: 'app.c', key: {x: 1}, keyCharacteristics: 'no'}          | 14     | TypeMismatch       | BSON field 'analyzeShardKey.keyCharacteristics' is the wrong type 'string', expected type 'bool'
            s/configure_query_analyzer_cmd.idl          | 7.0 | admin | {configureQueryAnalyzer: 'app.c', mode: 1}                                 | 14     | TypeMismatch       | BSON field 'configureQueryAnalyzer.mode' is the wrong type 'int', expected type 'string'
            s/configure_query_analyzer_cmd.idl          | 8.0 | admin | {configureQueryAnalyzer: 'app.c', mode: 'full', samplesPerSecond: 'ten'}   | 14     | TypeMismatch       | BSON field 'configureQueryAnalyzer.samplesPerSecond' is the wrong type 'string', expected types '[long, int, decimal, double]'
            db/ops/write_ops.idl                        | 8.0 | app   | {insert: 5, documents: []}                                                 | 2      | BadValue           | collection name has invalid type int
            db/ops/write_ops.idl                        | 8.0 | app   | {insert: 'c'}                                                              | 40414  | IDLFailedToParse   | BSON field 'insert.documents' is missing but a required field
            db/ops/write_ops.idl                        | 8.0 | app   | {insert: 'c', documents: [1]}                                              | 14     | TypeMismatch       | BSON field 'insert.documents.0' is the wrong type 'int', expected type 'object'
            db/ops/write_ops.idl UpdateOpEntry          | 8.0 | app   | {update: 'c', updates: [{q: 1, u: {}}]}                                    | 14     | TypeMismatch       | BSON field 'update.updates.q' is the wrong type 'int', expected type 'object'
            db/ops/write_ops.idl UpdateOpEntry          | 8.0 | app   | {update: 'c', updates: [{q: {}}]}                                          | 40414  | IDLFailedToParse   | BSON field 'update.updates.u' is missing but a required field
            db/ops/write_ops.idl DeleteOpEntry          | 8.0 | app   | {delete: 'c', deletes: [{q: {}}]}                                          | 40414  | IDLFailedToParse   | BSON field 'delete.deletes.limit' is missing but a required field
            db/query/find_and_modify.idl                | 8.0 | app   | {findAndModify: 'c', query: 5}                                             | 14     | TypeMismatch       | BSON field 'findAndModify.query' is the wrong type 'int', expected type 'object'
            db/pipeline/aggregate_command.idl           | 8.0 | app   | {aggregate: 'c'}                                                           | 40414  | IDLFailedToParse   | BSON field 'aggregate.pipeline' is missing but a required field
            db/pipeline/aggregation_request_helper.cpp  | 8.0 | app   | {aggregate: 'c', pipeline: [1], cursor: {}}                                | 14     | TypeMismatch       | ~Each element of the 'pipeline' array must be an object~
            db/pipeline/aggregation_request_helper.cpp  | 8.0 | app   | {aggregate: 'c', pipeline: [], cursor: 5}                                  | 14     | TypeMismatch       | cursor field must be missing or an object
            db/query/cursor_request.cpp (4.4)           | 4.4 | app   | {aggregate: 'c', pipeline: [], cursor: 'x'}                                | 14     | TypeMismatch       | cursor field must be missing or an object
            db/ops/write_ops.idl (explained)            | 8.0 | app   | {explain: {update: 'c', updates: 5}}                                       | 14     | TypeMismatch       | BSON field 'update.updates' is the wrong type 'int', expected type 'array'
            db/list_collections.idl                     | 8.0 | app   | {listCollections: 1, filter: 5}                                            | 14     | TypeMismatch       | BSON field 'listCollections.filter' is the wrong type 'int', expected type 'object'
            db/query/find_command.idl                   | 7.0 | app   | {find: 5}                                                                  | 2      | BadValue           | collection name has invalid type int
            db/query/find_command.idl                   | 8.0 | admin | {find: null}                                                               | 2      | BadValue           | collection name has invalid type null
            db/query/count_command.idl                  | 7.0 | app   | {count: {}}                                                                | 2      | BadValue           | collection name has invalid type object
            db/query/find_command.idl                   | 5.0 | app   | {find: 'c', filter: 5}                                                     | 14     | TypeMismatch       | BSON field 'find.filter' is the wrong type 'int', expected type 'object'
            db/query/find_command.idl                   | 8.0 | app   | {find: 'c', sort: 'x'}                                                     | 14     | TypeMismatch       | BSON field 'find.sort' is the wrong type 'string', expected type 'object'
            db/query/find_command.idl                   | 7.0 | app   | {find: 'c', projection: [1]}                                               | 14     | TypeMismatch       | BSON field 'find.projection' is the wrong type 'array', expected type 'object'
            db/query/find_command.idl                   | 6.0 | app   | {find: 'c', limit: 'x'}                                                    | 14     | TypeMismatch       | BSON field 'find.limit' is the wrong type 'string', expected types '[long, int, decimal, double]'
            db/query/find_command.idl validator gte 0   | 8.0 | app   | {find: 'c', skip: -1}                                                      | 51024  | Location51024      | BSON field 'skip' value must be >= 0, actual value '-1'
            db/query/find_command.idl validator gte 0   | 5.0 | app   | {find: 'c', batchSize: -2}                                                 | 51024  | Location51024      | BSON field 'batchSize' value must be >= 0, actual value '-2'
            db/query/query_request.cpp checkFieldType   | 4.4 | app   | {find: 'c', filter: 5}                                                     | 9      | FailedToParse      | Failed to parse: filter: 5. 'filter' field must be of BSON type object.
            db/query/query_request.cpp checkFieldType   | 4.4 | app   | {find: 'c', sort: 'name'}                                                  | 9      | FailedToParse      | Failed to parse: sort: "name". 'sort' field must be of BSON type object.
            db/query/query_request.cpp                  | 4.4 | app   | {find: 'c', limit: 'x'}                                                    | 9      | FailedToParse      | Failed to parse: { find: "c", limit: "x" }. 'limit' field must be numeric.
            db/query/query_request.cpp validate         | 4.4 | app   | {find: 'c', skip: -1}                                                      | 2      | BadValue           | Skip value must be non-negative, but received: -1
            db/query/count_command.idl                  | 4.4 | app   | {count: 'c', query: 5}                                                     | 14     | TypeMismatch       | BSON field 'count.query' is the wrong type 'int', expected type 'object'
            db/query/count_command.idl                  | 8.0 | app   | {count: 'c', query: 'x'}                                                   | 14     | TypeMismatch       | BSON field 'count.query' is the wrong type 'string', expected type 'object'
            db/query/distinct_command.idl               | 4.4 | app   | {distinct: 'c', key: 5}                                                    | 14     | TypeMismatch       | BSON field 'distinct.key' is the wrong type 'int', expected type 'string'
            db/query/distinct_command.idl               | 7.0 | app   | {distinct: 'c', key: 'x', query: 5}                                        | 14     | TypeMismatch       | BSON field 'distinct.query' is the wrong type 'int', expected type 'object'
            db/query/distinct_command.idl               | 8.0 | app   | {distinct: 'c'}                                                            | 40414  | IDLFailedToParse   | BSON field 'distinct.key' is missing but a required field
            db/query/distinct_command.idl               | 7.0 | app   | {distinct: null, key: 'x'}                                                 | 2      | BadValue           | collection name has invalid type null
            db/query/kill_cursors.idl                   | 7.0 | app   | {killCursors: 'c'}                                                         | 40414  | IDLFailedToParse   | BSON field 'killCursors.cursors' is missing but a required field
            db/query/kill_cursors.idl                   | 7.0 | app   | {killCursors: 5, cursors: []}                                              | 2      | BadValue           | collection name has invalid type int
            db/query/killcursors_request.cpp (4.4)      | 4.4 | app   | {killCursors: 'c', cursors: [null]}                                        | 9      | FailedToParse      | Field 'cursors' contains an element that is not of type long: 0: null
            db/query/killcursors_request.cpp (4.4)      | 4.4 | app   | {killCursors: 'c', cursors: [NumberLong(5), NumberInt(6)]}                 | 9      | FailedToParse      | Field 'cursors' contains an element that is not of type long: 1: 6
            db/query/killcursors_request.cpp (4.4)      | 4.4 | app   | {killCursors: 'c', cursors: []}                                            | 2      | BadValue           | Must specify at least one cursor id in: { killCursors: "c", cursors: [] }
            db/query/killcursors_request.cpp (4.4)      | 4.4 | app   | {killCursors: 'c', cursors: 5}                                             | 9      | FailedToParse      | Field 'cursors' must be of type array in: { killCursors: "c", cursors: 5 }
            db/query/killcursors_request.cpp (4.4)      | 4.4 | app   | {killCursors: 5, cursors: []}                                              | 9      | FailedToParse      | First parameter must be a string in: { killCursors: 5, cursors: [] }
            db/ops/write_ops_parsers.cpp checkOpCountForCommand (4.4) | 4.4 | app | {update: 'c', updates: [null]}                                   | 16     | InvalidLength      | Write batch sizes must be between 1 and 100000. Got 0 operations.
            db/ops/write_ops_parsers.cpp checkOpCountForCommand (4.4) | 4.4 | app | {insert: 'c', documents: []}                                     | 16     | InvalidLength      | Write batch sizes must be between 1 and 100000. Got 0 operations.
            db/ops/write_ops.cpp checkOpCountForCommand | 5.0 | app   | {delete: 'c', deletes: [null]}                                             | 16     | InvalidLength      | Write batch sizes must be between 1 and 100000. Got 0 operations.
            db/ops/write_ops.cpp checkOpCountForCommand | 6.0 | app   | {update: 'c', updates: []}                                                 | 16     | InvalidLength      | Write batch sizes must be between 1 and 100000. Got 0 operations.
            db/ops/write_ops.cpp checkOpCountForCommand | 7.0 | app   | {insert: 'c', documents: [null, undefined]}                                | 16     | InvalidLength      | Write batch sizes must be between 1 and 100000. Got 0 operations.
            db/ops/write_ops.cpp checkOpCountForCommand | 8.0 | app   | {update: 'c', updates: [null]}                                             | 16     | InvalidLength      | Write batch sizes must be between 1 and 100000. Got 0 operations.
            db/ops/write_ops.cpp checkOpCountForCommand | 8.0 | app   | {delete: 'u', deletes: []}                                                 | 16     | InvalidLength      | Write batch sizes must be between 1 and 100000. Got 0 operations.
            db/coll_mod.idl (mongos parses from 5.0)    | 5.0 | app   | {collMod: 'c', validator: 5}                                               | 14     | TypeMismatch       | BSON field 'collMod.validator' is the wrong type 'int', expected type 'object'
            db/coll_mod.idl (mongos parses from 5.0)    | 6.0 | app   | {collMod: 'c', validationLevel: 1}                                         | 14     | TypeMismatch       | BSON field 'collMod.validationLevel' is the wrong type 'int', expected type 'string'
            db/coll_mod.idl (mongos parses from 5.0)    | 8.0 | app   | {collMod: 'c', viewOn: 'd', pipeline: [1]}                                 | 14     | TypeMismatch       | BSON field 'collMod.pipeline.0' is the wrong type 'int', expected type 'object'
            db/coll_mod.idl (mongos parses from 5.0)    | 7.0 | app   | {collMod: 5}                                                               | 2      | BadValue           | collection name has invalid type int
            db/coll_mod.idl (mongos parses from 5.0)    | 8.0 | app   | {collMod: 'c', index: 'x'}                                                 | 14     | TypeMismatch       | BSON field 'collMod.index' is the wrong type 'string', expected type 'object'
            db/commands/create.idl                      | 6.0 | app   | {create: true}                                                             | 2      | BadValue           | collection name has invalid type bool
            db/drop_indexes.idl                         | 6.0 | app   | {dropIndexes: [], index: '*'}                                              | 2      | BadValue           | collection name has invalid type array
            db/query/getmore_request.cpp (4.4)          | 4.4 | app   | {getMore: 'x', collection: 'c'}                                            | 14     | TypeMismatch       | Field 'getMore' must be of type long in: { getMore: "x", collection: "c" }
            db/query/getmore_request.cpp (4.4)          | 4.4 | app   | {getMore: NumberLong(5), collection: 5}                                    | 14     | TypeMismatch       | Field 'collection' must be of type string in: { getMore: 5, collection: 5 }
            db/query/getmore_request.cpp (4.4)          | 4.4 | app   | {getMore: NumberLong(5)}                                                   | 9      | FailedToParse      | Field 'collection' missing in: { getMore: 5 }
            db/query/getmore_request.cpp (4.4) isValid  | 4.4 | app   | {getMore: NumberLong(0), collection: 'c'}                                  | 2      | BadValue           | Cursor id for getMore must be non-zero
            db/query/getmore_request.cpp (4.4)          | 4.4 | app   | {getMore: NumberLong(5), collection: 'c', foo: 1}                          | 9      | FailedToParse      | Failed to parse: { getMore: 5, collection: "c", foo: 1 }. Unrecognized field 'foo'.
            db/query/getmore_request.cpp (4.4)          | 4.4 | app   | {getMore: NumberLong(5), batch_size: 2}                                    | 9      | FailedToParse      | Failed to parse: { getMore: 5, batch_size: 2 }. Unrecognized field 'batch_size'.
            db/query/getmore_command.idl                | 5.0 | app   | {getMore: 'x', collection: 'c'}                                            | 14     | TypeMismatch       | BSON field 'getMore.getMore' is the wrong type 'string', expected type 'long'
            db/query/getmore_command.idl                | 8.0 | app   | {getMore: 5, collection: 'c'}                                              | 14     | TypeMismatch       | BSON field 'getMore.getMore' is the wrong type 'int', expected type 'long'
            db/query/getmore_command.idl                | 6.0 | app   | {getMore: NumberLong(5), collection: 5}                                    | 14     | TypeMismatch       | BSON field 'getMore.collection' is the wrong type 'int', expected type 'string'
            db/query/getmore_command.idl                | 7.0 | app   | {getMore: NumberLong(5)}                                                   | 40414  | IDLFailedToParse   | BSON field 'getMore.collection' is missing but a required field
            db/query/getmore_command.idl                | 7.0 | app   | {getMore: NumberLong(5), collection: 'c', foo: 1}                          | 40415  | IDLUnknownField    | BSON field 'getMore.foo' is an unknown field.
            db/query/getmore_command.idl                | 5.0 | app   | {getMore: NumberLong(5), collection: 'c', foo: 1}                          | 40415  | IDLUnknownField    | BSON field 'getMore.foo' is an unknown field.
            db/query/getmore_command.idl                | 8.0 | app   | {getMore: NumberLong(5), batch_size: 2}                                    | 40415  | IDLUnknownField    | BSON field 'getMore.batch_size' is an unknown field.
            db/commands.cpp parseNsCollectionRequired (listIndexes) | 4.4 | app | {listIndexes: null}                                                | 73     | InvalidNamespace   | collection name has invalid type null
            db/commands.cpp parseNsCollectionRequired (listIndexes) | 5.0 | app | {listIndexes: 5}                                                   | 73     | InvalidNamespace   | collection name has invalid type int
            db/list_indexes.idl (a TypedCommand on a mongos) | 7.0 | app   | {listIndexes: null}                                                  | 2      | BadValue           | collection name has invalid type null
            db/commands.cpp parseNsCollectionRequired (collStats) | 4.4 | app   | {collStats: null}                                                    | 73     | InvalidNamespace   | collection name has invalid type null
            db/commands.cpp parseNsCollectionRequired (collStats) | 7.0 | app   | {collStats: 5}                                                       | 73     | InvalidNamespace   | collection name has invalid type int
            db/commands.cpp parseNsCollectionRequired (validate) | 6.0 | app    | {validate: null}                                                     | 73     | InvalidNamespace   | collection name has invalid type null
            db/commands.cpp parseNsCollectionRequired (validate) | 7.0 | app    | {validate: [1]}                                                      | 73     | InvalidNamespace   | collection name has invalid type array
            s/commands/cluster_rename_collection_cmd.cpp (4.4) | 4.4 | admin | {renameCollection: 5, to: 'app.d'}                                     | 73     | InvalidNamespace   | 'renameCollection' must be of type String
            s/commands/cluster_rename_collection_cmd.cpp (4.4) | 4.4 | admin | {renameCollection: 'app.c', to: null}                                  | 73     | InvalidNamespace   | 'to' must be of type String
            db/commands/rename_collection.idl           | 7.0 | admin | {renameCollection: 'app.c', to: 5}                                         | 14     | TypeMismatch       | BSON field 'renameCollection.to' is the wrong type 'int', expected type 'string'
            db/commands/rename_collection.idl           | 8.0 | admin | {renameCollection: 5, to: 'app.d'}                                         | 14     | TypeMismatch       | BSON field 'renameCollection.renameCollection' is the wrong type 'int', expected type 'string'
            db/commands/rename_collection.idl           | 7.0 | admin | {renameCollection: 'app.c'}                                                | 40414  | IDLFailedToParse   | BSON field 'renameCollection.to' is missing but a required field
            """)
    void a_wrong_type_or_a_missing_field_is_refused_as_mongodb_refuses_it(
            String source, String release, String db, String command, int code, String codeName, String message) {
        MongosCommands mongos = StubMongos.withShardedCollection(release);

        MongoCommandException e =
                assertThrows(MongoCommandException.class, () -> mongos.run(db, BsonDocument.parse(command)));

        assertEquals(message, e.getMessage(), source);
        assertEquals(code, e.code().number(), source);
        assertEquals(codeName == null ? "" : codeName, e.code().codeName(), source);
    }

    @Test
    void a_strict_command_accepts_the_generic_arguments() {
        MongosCommands mongos = StubMongos.withShardedCollection("8.0");

        BsonDocument reply = mongos.run(
                "admin",
                BsonDocument.parse("{balancerCollectionStatus: 'app.c', comment: 'why', maxTimeMS: 5,"
                        + " lsid: {id: 1}, $clusterTime: {}, writeConcern: {w: 1}, $db: 'admin'}"));

        assertEquals(1.0, reply.getNumber("ok").doubleValue());
    }

    @Test
    void a_field_a_release_does_not_know_is_ignored_by_a_command_that_is_not_strict() {
        MongosCommands mongos = StubMongos.withShardedCollection("7.0");

        // forceRedistribution came in 8.0: for 7.0 it is an unknown field, so the same key stays a no-op
        BsonDocument reply = mongos.run(
                "admin", BsonDocument.parse("{reshardCollection: 'app.c', key: {x: 1}, forceRedistribution: 'x'}"));

        assertEquals(1.0, reply.getNumber("ok").doubleValue());
    }

    @Test
    void getMore_on_4_4_lets_the_generic_arguments_a_client_adds_through() {
        MongosCommands mongos = StubMongos.withShardedCollection("4.4");

        // getMore as mongosh sends it, with its session, cluster time, comment and $db
        BsonDocument reply = mongos.run(
                "app",
                BsonDocument.parse("{getMore: NumberLong(5), collection: 'c', batchSize: 5, maxTimeMS: 1000,"
                        + " lsid: {id: 1}, $clusterTime: {}, comment: 'next', $db: 'app'}"));

        // getmore_request.cpp reads none of them as an unrecognized field: the cursor is asked for its next batch
        assertEquals(1.0, reply.getNumber("ok").doubleValue());
    }

    /** Given app.c sharded on {x: 1}, a 4.4 mongos renames only unsharded collections within one primary shard. */
    @ParameterizedTest(name = "{1} {2}")
    @CsvSource(delimiter = '|', textBlock = """
            s/commands/cluster_rename_collection_cmd.cpp (4.4) | 4.4 | {renameCollection: 'app.c', to: 'app.d'} | 13138 | Location13138 | You can't rename a sharded collection
            s/commands/cluster_rename_collection_cmd.cpp (4.4) | 4.4 | {renameCollection: 'app.u', to: 'app.c'} | 13139 | Location13139 | You can't rename to a sharded collection
            """)
    void renaming_a_sharded_collection_is_refused_before_5_0(
            String source, String release, String command, int code, String codeName, String message) {
        MongosCommands mongos = StubMongos.withShardedCollection(release);

        MongoCommandException e =
                assertThrows(MongoCommandException.class, () -> mongos.run("admin", BsonDocument.parse(command)));

        assertEquals(message, e.getMessage(), source);
        assertEquals(code, e.code().number(), source);
        assertEquals(codeName, e.code().codeName(), source);
    }

    @Test
    void from_5_0_a_sharded_collection_may_be_renamed() {
        MongosCommands mongos = StubMongos.withShardedCollection("5.0");

        BsonDocument reply = mongos.run("admin", BsonDocument.parse("{renameCollection: 'app.c', to: 'app.d'}"));

        assertEquals(1.0, reply.getNumber("ok").doubleValue());
    }

    /**
     * Given app.c, when killCursors names no cursor that exists (or only null elements, which the IDL parser of 5.0+
     * skips, mongo {@code buildscripts/idl/idl/generator.py} {@code _gen_array_deserializer}), then it answers ok
     * with MongoDB's four lists (mongo {@code src/mongo/db/commands/killcursors_common.h} {@code typedRun},
     * {@code src/mongo/db/query/kill_cursors.idl} {@code KillCursorsReply}).
     */
    @ParameterizedTest(name = "{0} {1}")
    @CsvSource(delimiter = '|', quoteCharacter = '~', textBlock = """
            5.0 | {killCursors: 'c', cursors: [null]}                | {cursorsKilled: [], cursorsNotFound: [], cursorsAlive: [], cursorsUnknown: [], ok: 1.0}
            7.0 | {killCursors: 'c', cursors: []}                    | {cursorsKilled: [], cursorsNotFound: [], cursorsAlive: [], cursorsUnknown: [], ok: 1.0}
            8.0 | {killCursors: 'c', cursors: [null, NumberLong(7)]} | {cursorsKilled: [], cursorsNotFound: [NumberLong(7)], cursorsAlive: [], cursorsUnknown: [], ok: 1.0}
            4.4 | {killCursors: 'c', cursors: [NumberLong(7)]}       | {cursorsKilled: [], cursorsNotFound: [NumberLong(7)], cursorsAlive: [], cursorsUnknown: [], ok: 1.0}
            """)
    void killCursors_answers_with_mongodb_s_four_lists(String release, String command, String reply) {
        MongosCommands mongos = StubMongos.withShardedCollection(release);

        BsonDocument answered = mongos.run("app", BsonDocument.parse(command));

        assertEquals(BsonDocument.parse(reply), answered);
    }
}
