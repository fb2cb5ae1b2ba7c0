package io.shardlab.mongos;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.shardlab.cluster.MongoVersion;
import io.shardlab.key.ShardKeyPattern;
import java.util.List;
import org.bson.BsonDocument;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * When a shard lets an update change a document's shard key ({sk: 1}), per release: from 4.2 the key is mutable in a
 * transaction or a retryable write; before 7.1 the query must name the full shard key (31025); never with
 * {@code multi} (InvalidOptions); never into an array (NotSingleValueField). Rows from mongo
 * {@code src/mongo/db/exec/update_stage.cpp} ({@code checkUpdateChangesShardKeyFields}; 7.1+
 * {@code ShardingChecksForUpdate}) as {@code jstests/sharding/update_shard_key_doc_on_same_shard.js} and
 * {@code update_shard_key_doc_moves_shards.js} exercise them ("0": accepted).
 */
class ShardKeyUpdateRulesTest {

    @ParameterizedTest(name = "{0}: {1} -> {2}, query {3}, multi {4}, retryable {5}")
    @CsvSource(delimiter = '|', textBlock = """
            8.0 | {_id: 1, sk: 5} | {_id: 1, sk: 5, v: 2}    | {sk: 5}  | false | false | 0
            4.4 | {_id: 1, sk: 5} | {_id: 1, sk: 6}          | {sk: 5}  | false | true  | 0
            4.4 | {_id: 1, sk: 5} | {_id: 1, sk: 6}          | {sk: 5}  | false | false | 20
            4.4 | {_id: 1, sk: 5} | {_id: 1, sk: 6}          | {_id: 1} | false | true  | 31025
            7.0 | {_id: 1, sk: 5} | {_id: 1, sk: 6}          | {_id: 1} | false | true  | 31025
            7.1 | {_id: 1, sk: 5} | {_id: 1, sk: 6}          | {_id: 1} | false | true  | 0
            8.0 | {_id: 1, sk: 5} | {_id: 1, sk: 6}          | {_id: 1} | false | false | 20
            6.0 | {_id: 1, sk: 5} | {_id: 1, sk: 6}          | {sk: 5}  | true  | true  | 72
            8.0 | {_id: 1, sk: 5} | {_id: 1, sk: 6}          | {}       | true  | true  | 72
            8.0 | {_id: 1, sk: 5} | {_id: 1, sk: [6]}        | {sk: 5}  | false | true  | 54
            6.0 | {_id: 1, sk: 5} | {_id: 1, sk: 5.0}        | {sk: 5}  | false | false | 0
            8.0 | {_id: 1, sk: 5} | {_id: 1, sk: 5.0}        | {sk: 5}  | false | false | 20
            8.0 | {_id: 1}        | {_id: 1, sk: null}       | {_id: 1} | false | false | 0
            """)
    void a_shard_key_change_is_accepted_or_refused_as_the_release_rules(
            String release, String before, String after, String query, boolean multi, boolean retryable, int code) {
        ShardKeyUpdateRules rules =
                new ShardKeyUpdateRules(ShardKeyPattern.parse("{sk: 1}"), MongoVersion.parseModelled(release));

        int refused = rules.refusal(
                        BsonDocument.parse(before),
                        BsonDocument.parse(after),
                        BsonDocument.parse(query),
                        multi,
                        retryable)
                .map(e -> e.writeError(0).getNumber("code").intValue())
                .orElse(0);

        assertEquals(code, refused);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            sk          | true
            sk.a        | true
            'a, sk'     | true
            a           | false
            'arr.$.sk'  | false
            """)
    void an_update_touches_the_shard_key_when_a_path_is_it_above_it_or_below_it(String paths, boolean touches) {
        ShardKeyUpdateRules rules =
                new ShardKeyUpdateRules(ShardKeyPattern.parse("{sk: 1}"), MongoVersion.parseModelled("8.0"));

        assertEquals(touches, rules.touches(List.of(paths.split(",\\s*"))));
    }
}
