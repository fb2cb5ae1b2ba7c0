package io.shardlab.routing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.shardlab.bson.BsonLiterals;
import io.shardlab.cluster.MongoVersion;
import io.shardlab.key.ShardKeyPattern;
import java.util.Arrays;
import java.util.List;
import org.bson.BsonDocument;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Inserts, single writes and upserts per MongoDB version, over key {a: 1} with chunks
 * [MinKey, 10) on s1, [10, 20) on s2 and [20, MaxKey) on s3.
 */
class RouterWriteTest {

    private static final ShardKeyPattern KEY = ShardKeyPattern.parse("{a: 1}");

    private static Targeting route(String version, Operation op) {
        return new Router(KEY, Layouts.chunks(KEY, "{a: 10}; {a: 20}", "s1,s2,s3"), MongoVersion.parse(version))
                .route(op);
    }

    private static BsonDocument doc(String text) {
        return text == null ? null : BsonLiterals.parseDocument(text);
    }

    private static Operation op(String kind, String filter, String update) {
        return switch (kind) {
            case "updateOne" -> new Operation.Update(doc(filter), doc(update), false, false);
            case "updateMany" -> new Operation.Update(doc(filter), doc(update), true, false);
            case "upsert" -> new Operation.Update(doc(filter), doc(update), false, true);
            case "upsertMany" -> new Operation.Update(doc(filter), doc(update), true, true);
            case "deleteOne" -> new Operation.Delete(doc(filter), false);
            case "deleteMany" -> new Operation.Delete(doc(filter), true);
            case "findAndModify" -> new Operation.FindAndModify(doc(filter), doc(update), false);
            case "insert" -> new Operation.Insert(doc(filter));
            default -> throw new IllegalArgumentException(kind);
        };
    }

    @ParameterizedTest(name = "{0} {1} {2} reaches {4}")
    @CsvSource(delimiter = '|', nullValues = "-", textBlock = """
            # version | op            | filter / document           | update              | reached
            8.0       | insert        | {a: 15, x: 1}               | -                   | s2
            8.0       | insert        | {x: 1}                      | -                   | s1
            8.0       | updateMany    | {a: {$gt: 15}}              | {$set: {x: 1}}      | s2,s3
            8.0       | deleteMany    | {x: 1}                      | -                   | s1,s2,s3
            8.0       | updateOne     | {a: {$gte: 12, $lt: 14}}    | {$set: {x: 1}}      | s2
            8.0       | updateOne     | {x: 1}                      | {$set: {x: 2}}      | s1,s2,s3
            8.0       | updateOne     | {_id: 5}                    | {$set: {x: 2}}      | s1,s2,s3
            8.0       | updateOne     | {_id: 5}                    | {a: 25, x: 2}       | s3
            8.0       | updateOne     | {x: 1}                      | {a: 25, x: 2}       | s1,s2,s3
            8.0       | upsert        | {x: 1}                      | {$set: {y: 2}}      | s1,s2,s3
            8.0       | upsert        | {a: 25}                     | {$set: {y: 2}}      | s3
            8.0       | deleteOne     | {x: 1}                      | -                   | s1,s2,s3
            8.0       | findAndModify | {x: 1}                      | {$set: {y: 2}}      | s1,s2,s3
            8.0       | findAndModify | {a: {$gte: 12, $lt: 14}}    | -                   | s2
            7.1       | deleteOne     | {x: 1}                      | -                   | s1,s2,s3
            7.0       | updateOne     | {a: {$gte: 12, $lt: 14}}    | {$set: {x: 1}}      | s2
            7.0       | updateOne     | {_id: 5}                    | {$set: {x: 2}}      | s1,s2,s3
            7.0       | updateOne     | {x: 1}                      | {a: 25, x: 2}       | s3
            7.0       | upsert        | {a: 15}                     | {$set: {y: 2}}      | s2
            7.0       | deleteOne     | {a: {$gte: 12, $lt: 14}}    | -                   | s2
            6.0       | deleteOne     | {_id: 'x'}                  | -                   | s1,s2,s3
            7.0       | findAndModify | {a: 5}                      | {$set: {y: 2}}      | s1
            4.0       | updateOne     | {a: 15}                     | {$set: {x: 1}}      | s2
            4.0       | updateOne     | {_id: 1}                    | {$set: {x: 1}}      | s1,s2,s3
            4.0       | updateOne     | {x: 1}                      | {a: 25}             | s3
            4.0       | deleteOne     | {a: 5}                      | -                   | s1
            """)
    void writesThatMongosRoutes(String version, String kind, String filter, String update, String reached) {
        Targeting t = route(version, op(kind, filter, update));
        assertEquals(List.of(), t.error().stream().toList(), t.reason());
        assertEquals(Arrays.asList(reached.split(",")), t.shards(), t.reason());
    }

    @ParameterizedTest(name = "{0} {1} {2} is refused")
    @CsvSource(delimiter = '|', nullValues = "-", textBlock = """
            # version | op            | filter / document        | update          | MongoDB's error
            8.0       | upsertMany    | {x: 1}                   | {$set: {y: 2}}  | Failed to target upsert by query :: could not extract exact shard key
            7.0       | upsert        | {a: {$gte: 12, $lt: 14}} | {$set: {y: 2}}  | Failed to target upsert by query :: could not extract exact shard key
            8.0       | insert        | {a: [1, 2]}              | -               | Shard key cannot contain array values or array descendants.
            4.0       | insert        | {x: 1}                   | -               | document { x: 1 } does not contain shard key for pattern { a: 1 }
            7.0       | findAndModify | {a: {$gte: 12, $lt: 14}} | {$set: {y: 2}}  | Query for sharded findAndModify must contain the shard key
            7.0       | updateOne     | {x: 1}                   | {$set: {y: 2}}  | 'A {multi:false} update on a sharded collection must contain an exact match on _id (and have the collection default collation) or target a single shard (and have the simple collation), but this update targeted 3 shards. Update request: { q: { x: 1 }, u: { $set: { y: 2 } }, multi: false, upsert: false }, shard key pattern: { a: 1 }'
            7.0       | deleteOne     | {x: 1}                   | -               | 'A single delete on a sharded collection must contain an exact match on _id (and have the collection default collation) or contain the shard key (and have the simple collation). Delete request: { q: { x: 1 }, limit: 1 }, shard key pattern: { a: 1 }'
            4.0       | upsert        | {x: 1}                   | {$set: {y: 2}}  | 'An upsert on a sharded collection must contain the shard key and have the simple collation. Update request: { q: { x: 1 }, u: { $set: { y: 2 } }, multi: false, upsert: true }, shard key pattern: { a: 1 }'
            4.0       | updateOne     | {a: {$gte: 12, $lt: 14}} | {$set: {y: 2}}  | 'A single update on a sharded collection must contain an exact match on _id (and have the collection default collation) or contain the shard key (and have the simple collation). Update request: { q: { a: { $gte: 12, $lt: 14 } }, u: { $set: { y: 2 } }, multi: false, upsert: false }, shard key pattern: { a: 1 }'
            """)
    void writesThatMongosRefuses(String version, String kind, String filter, String update, String error) {
        Targeting t = route(version, op(kind, filter, update));
        assertEquals(error, t.error().orElse("(accepted on " + t.shards() + ")"), t.reason());
        assertEquals(List.of(), t.shards());
    }

    @Test
    void replacementUpdatesCannotBeMulti() {
        assertThrows(UnsupportedQueryException.class, () -> route("8.0", op("updateMany", "{x: 1}", "{a: 1, x: 2}")));
    }

    @Test
    void singleWritesOf42And44AreNotModelled() {
        assertThrows(IllegalArgumentException.class, () -> route("4.4", op("updateOne", "{x: 1}", "{$set: {y: 1}}")));
        assertThrows(IllegalArgumentException.class, () -> route("4.2", op("deleteOne", "{x: 1}", null)));
    }

    @Test
    void targetingClassDescribesTheFilterEvenWhenTheWriteIsRefused() {
        Targeting t = route("7.0", op("upsert", "{a: {$gte: 12, $lt: 14}}", "{$set: {y: 2}}"));
        assertEquals(TargetingClass.MULTI_SHARD, t.targeting());
    }
}
