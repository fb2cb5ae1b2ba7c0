package io.shardlab.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.shardlab.bson.BsonLiterals;
import io.shardlab.key.ShardKey;
import io.shardlab.key.ShardKeyHasher;
import io.shardlab.key.ShardKeyPattern;
import org.bson.BsonInt32;
import org.bson.BsonInt64;
import org.bson.BsonString;
import org.junit.jupiter.api.Test;

class InsertKeyReaderTest {

    private static InsertDocument doc(String text, long line) {
        var d = BsonLiterals.parseDocument(text);
        return new InsertDocument(d, BsonSize.of(d), line);
    }

    @Test
    void readsRangedCompoundAndDottedKeys() {
        InsertKeyReader reader =
                new InsertKeyReader(ShardKeyPattern.parse("{month: 1, 'user.id': 1}"), new ShardKeyHasher());

        ShardKey key = reader.keyOf(doc("{month: '2024-01', user: {id: 7}}", 1), "w");

        assertEquals(ShardKey.of(new BsonString("2024-01"), new BsonInt32(7)), key);
    }

    @Test
    void hashesTheHashedField() {
        InsertKeyReader reader = new InsertKeyReader(ShardKeyPattern.parse("{a: 'hashed'}"), new ShardKeyHasher());

        assertEquals(ShardKey.of(new BsonInt64(5902408780260971510L)), reader.keyOf(doc("{a: 1}", 1), "w"));
    }

    @Test
    void aDocumentWithoutAKeyFieldIsRefusedWithSourceAndLine() {
        InsertKeyReader reader = new InsertKeyReader(ShardKeyPattern.parse("{zip: 1}"), new ShardKeyHasher());

        DatasetException e = assertThrows(
                DatasetException.class,
                () -> reader.keyOf(doc("{_id: 1, city: 'Agawam', state: 'MA'}", 17), "zips.jsonl"));

        assertEquals(
                "zips.jsonl line 17: the document has no field 'zip' of the shard key { zip: 1 } "
                        + "(its fields: _id, city, state)",
                e.getMessage());
    }

    @Test
    void aMissingEmbeddedFieldIsRefusedToo() {
        InsertKeyReader reader = new InsertKeyReader(ShardKeyPattern.parse("{'a.b': 1}"), new ShardKeyHasher());

        assertThrows(DatasetException.class, () -> reader.keyOf(doc("{a: 5}", 2), "f.jsonl"));
        assertThrows(DatasetException.class, () -> reader.keyOf(doc("{a: {c: 1}}", 2), "f.jsonl"));
    }

    @Test
    void anArrayInTheKeyIsRefusedWithMongoDbsMessage() {
        InsertKeyReader reader = new InsertKeyReader(ShardKeyPattern.parse("{tags: 1}"), new ShardKeyHasher());

        DatasetException e =
                assertThrows(DatasetException.class, () -> reader.keyOf(doc("{tags: ['a', 'b']}", 3), "posts.jsonl"));

        assertEquals(
                "posts.jsonl line 3: Shard key cannot contain array values or array descendants. "
                        + "Found array at path: tags",
                e.getMessage());
    }

    @Test
    void anExplicitNullIsAKeyValueNotAMissingField() {
        InsertKeyReader reader = new InsertKeyReader(ShardKeyPattern.parse("{a: 1}"), new ShardKeyHasher());

        assertEquals(ShardKey.of(org.bson.BsonNull.VALUE), reader.keyOf(doc("{a: null}", 1), "w"));
    }
}
