package io.shardlab.advisor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardlab.bson.BsonLiterals;
import io.shardlab.text.Language;
import io.shardlab.text.Messages;
import io.shardlab.text.RefusedInput;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class QueryMixFileTest {

    @Test
    void readsOneOperationPerLineWithItsWeight() {
        List<SampledQuery> mix = QueryMixFile.parse("""
                {"op": "find", "filter": {"customerId": 42}, "weight": 70}

                {op: 'updateOne', filter: {orderNo: 17}, update: {$set: {status: 'paid'}}, upsert: true}
                {"op": "replaceOne", "filter": {"_id": 1}, "replacement": {"customerId": 42}, "weight": 2.0}
                {"op": "findAndModify", "filter": {"customerId": 42}}
                """, "mix.jsonl");

        assertEquals(4, mix.size());
        SampledQuery find = mix.get(0);
        assertEquals(QueryCommand.FIND, find.command());
        assertEquals(BsonLiterals.parseDocument("{customerId: 42}"), find.filter());
        assertEquals(70, find.weight());
        assertEquals(1, find.line());
        SampledQuery update = mix.get(1);
        assertEquals(QueryCommand.UPDATE_ONE, update.command());
        assertTrue(update.upsert());
        assertEquals(1, update.weight(), "weight defaults to 1");
        assertEquals(3, update.line(), "blank lines are skipped but counted");
        assertEquals(BsonLiterals.parseDocument("{customerId: 42}"), mix.get(2).update(), "the replacement");
        assertEquals(2, mix.get(2).weight());
        assertNull(mix.get(3).update(), "a findAndModify without update removes");
        assertFalse(mix.get(3).upsert());
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', textBlock = """
            {"op": "insert", "filter": {}}                              | mix.jsonl line 1: 'insert' is not part of a query mix: an insert always goes to one shard, and ShardLab replays the sample's documents as the inserts
            {"op": "upsert", "filter": {}}                              | mix.jsonl line 1: unknown op 'upsert'; expected one of find, aggregate, count, distinct, updateOne, updateMany, replaceOne, deleteOne, deleteMany, findAndModify
            {"op": "find"}                                              | mix.jsonl line 1: 'filter' is required
            {"op": "find", "filter": 3}                                 | mix.jsonl line 1: 'filter' must be a document
            {"op": "find", "filter": {}, "sort": {"a": 1}}              | mix.jsonl line 1: unknown field 'sort'; an operation has op, filter, update, replacement, upsert, weight and collation
            {"op": "find", "filter": {}, "weight": 0}                   | mix.jsonl line 1: 'weight' must be a whole number of at least 1, got 0
            {"op": "find", "filter": {}, "weight": 1.5}                 | mix.jsonl line 1: 'weight' must be a whole number of at least 1, got 1.5
            {"op": "find", "filter": {}, "upsert": true}                | mix.jsonl line 1: find takes neither 'update' nor 'upsert'
            {"op": "updateOne", "filter": {}}                           | mix.jsonl line 1: updateOne needs an 'update' such as {"$set": {...}}
            {"op": "updateOne", "filter": {}, "update": {"a": 1}}       | mix.jsonl line 1: 'update' holds the field 'a'; it takes $-operators such as $set (replace a whole document with replaceOne)
            {"op": "replaceOne", "filter": {}, "update": {"$set": {}}}  | mix.jsonl line 1: replaceOne takes a 'replacement' document and no 'update'
            {"op": "updateOne", "filter": {}, "update": {"$foo": {"a": 1}}} | mix.jsonl line 1: update: Unknown modifier: $foo. Expected a valid update modifier or pipeline-style update specified as an array
            {"op": "updateMany", "filter": {}, "update": {"$set": {"a": 1}, "$pushAll": {"b": [1]}}} | mix.jsonl line 1: update: Unknown modifier: $pushAll. Expected a valid update modifier or pipeline-style update specified as an array
            {"op": "updateOne", "filter": {}, "update": {"$set": [{"a": 1}]}} | mix.jsonl line 1: update: Modifiers operate on fields but we found type array instead. For example: {$mod: {<field>: ...}} not {$set: [ { a: 1 } ]}
            {"op": "updateOne", "filter": {"a": {"$regex": "("}}, "update": {"$set": {"a": 1}}} | mix.jsonl line 1: filter: a: /(/: Regular expression is invalid: missing closing parenthesis
            {"op": "replaceOne", "filter": {}, "replacement": {"$set": {"a": 1}}} | mix.jsonl line 1: the replacement document must not contain $-operators like '$set'; use updateOne for those
            {"op": "find", "filter": {"$expr": {"$eq": ["$a", 1]}}}     | mix.jsonl line 1: filter: $expr: routing of this operator is not modelled (its index bounds come from expression rewrites ShardLab does not reproduce)
            {"op": "find", "filter": {"$foo": 1}}                       | mix.jsonl line 1: filter: unknown top level operator: $foo
            [1, 2]                                                      | mix.jsonl line 1: not a document: '[1, 2]' is not valid: expected a document, found an array
            """)
    void refusesAMistakeWithTheFileTheLineAndTheProblem(String line, String message) {
        IllegalArgumentException e =
                assertThrows(IllegalArgumentException.class, () -> QueryMixFile.parse(line, "mix.jsonl"));
        assertEquals(message, e.getMessage());
    }

    @Test
    void anEmptyMixIsAMixWithoutQueries() {
        // analyzeShardKey with no sampled queries reports both distributions with sampleSize 0
        assertEquals(List.of(), QueryMixFile.parse("\n\n", "m"));
    }

    @Test
    void anOperationMayCarryACollation() {
        List<SampledQuery> mix = QueryMixFile.parse("""
                {"op": "find", "filter": {"name": "a"}, "collation": {"locale": "en_US", "strength": 1}}
                {"op": "find", "filter": {"name": "a"}, "collation": {"locale": "simple"}}
                {"op": "find", "filter": {"name": "a"}}
                """, "m");

        assertEquals(
                List.of(false, true, true),
                mix.stream().map(SampledQuery::hasSimpleCollation).toList());
        IllegalArgumentException e = assertThrows(
                IllegalArgumentException.class,
                () -> QueryMixFile.parse("{\"op\": \"find\", \"filter\": {}, \"collation\": {\"strength\": 1}}", "m"));
        assertTrue(e.getMessage().startsWith("m line 1: 'collation' needs a 'locale' string"), e.getMessage());
    }

    @Test
    void aMistakeIsSaidInChineseWithMongoDBsNamesKept() {
        // given a replaceOne line that also holds an update
        RefusedInput e = assertThrows(
                RefusedInput.class,
                () -> QueryMixFile.parse(
                        "{\"op\": \"replaceOne\", \"filter\": {}, \"replacement\": {\"$set\": {\"a\": 1}}}",
                        "mix.jsonl"));

        // when it is said in Chinese, then the file and line come first and MongoDB's names stay as they are
        assertEquals(
                "mix.jsonl 第 1 行：替换文档不能包含像 '$set' 这样的 $ 操作符；这类操作请用 updateOne",
                Messages.of(Language.SIMPLIFIED_CHINESE).text(e.said()));
    }
}
