package io.shardlab.key;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.shardlab.bson.BsonLiterals;
import java.util.List;
import org.bson.BsonDocument;
import org.bson.BsonInt64;
import org.bson.BsonNull;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * ShardKeyPattern validates like mongo's {@code parseShardKeyPattern} and extracts keys like
 * {@code extractShardKeyFromDoc} (mongo {@code src/mongo/db/global_catalog/shard_key_pattern.cpp}).
 */
class ShardKeyPatternTest {

    private final ShardKeyHasher hasher = new ShardKeyHasher();

    @ParameterizedTest(name = "[{index}] {0} -> {1} hashed at {2}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', textBlock = """
            { a: 1 }                          | { a: 1 }                      | -1
            { a: 'hashed' }                   | { a: 'hashed' }               | 0
            { a: 1, b: 'hashed' }             | { a: 1, b: 'hashed' }         | 1
            { a: 'hashed', b: 1, c: 1 }       | { a: 'hashed', b: 1, c: 1 }   | 0
            { 'user.id': 1 }                  | { 'user.id': 1 }              | -1
            { a: 1.0, b: NumberLong(1) }      | { a: 1, b: 1 }                | -1
            { a: NumberDecimal('1') }         | { a: 1 }                      | -1
            { a: 1.5 }                        | { a: 1 }                      | -1
            { a: NumberDecimal('0.6') }       | { a: 1 }                      | -1
            { 'a.$id': 1, 'a.$ref': 1 }       | { 'a.$id': 1, 'a.$ref': 1 }   | -1
            { 'a.$db': 'hashed' }             | { 'a.$db': 'hashed' }         | 0
            """)
    void acceptsWhatMongoAccepts(String text, String normalised, int hashedIndex) {
        ShardKeyPattern pattern = ShardKeyPattern.parse(text);
        assertEquals(normalised, pattern.toString());
        assertEquals(hashedIndex, pattern.hashedFieldIndex());
        assertEquals(hashedIndex == 0, pattern.hasHashedPrefix());
    }

    /** MongoDB's parseShardKeyPattern messages (8.x source), first failing check wins. */
    @ParameterizedTest(name = "[{index}] {0}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', textBlock = """
            {}                                  | Shard key is empty
            { '': 1 }                           | Field  is empty
            { 'a..b': 1 }                       | Field a..b contains empty parts
            { '.a': 1 }                         | Field .a contains empty parts
            { 'a.': 1 }                         | Field a. contains empty parts
            { $a: 1 }                           | Field $a contains parts that start with '$'
            { 'a.$b': 1 }                       | Field a.$b contains parts that start with '$'
            { $id: 1 }                          | Field $id contains parts that start with '$'
            { '$a..b': 1 }                      | Field $a..b contains parts that start with '$'
            { 'a..$b': 1 }                      | Field a..$b contains empty parts
            { a: 'hashed', b: 'hashed' }        | Shard key { a: "hashed", b: "hashed" } can contain at most one 'hashed' field. Failed to parse field b
            { a: 1, b: 'hashed', c: 'hashed' }  | Shard key { a: 1, b: "hashed", c: "hashed" } can contain at most one 'hashed' field. Failed to parse field c
            { a: -1 }                           | Shard key { a: -1 } is invalid. Non-hashed fields must be set to a value of 1 (ascending). Failed to parse field a
            { a: 1, b: -1.0 }                   | Shard key { a: 1, b: -1.0 } is invalid. Non-hashed fields must be set to a value of 1 (ascending). Failed to parse field b
            { a: 2 }                            | Shard key { a: 2 } is invalid. Non-hashed fields must be set to a value of 1 (ascending). Failed to parse field a
            { a: 0.5 }                          | Shard key { a: 0.5 } is invalid. Non-hashed fields must be set to a value of 1 (ascending). Failed to parse field a
            { a: NumberDecimal('1.5') }         | Shard key { a: 1.5 } is invalid. Non-hashed fields must be set to a value of 1 (ascending). Failed to parse field a
            { a: 'text' }                       | Shard key { a: "text" } is invalid. Non-hashed fields must be set to a value of 1 (ascending). Failed to parse field a
            { a: 'HASHED' }                     | Shard key { a: "HASHED" } is invalid. Non-hashed fields must be set to a value of 1 (ascending). Failed to parse field a
            { a: true }                         | Shard key { a: true } is invalid. Non-hashed fields must be set to a value of 1 (ascending). Failed to parse field a
            { a: '1' }                          | Shard key { a: "1" } is invalid. Non-hashed fields must be set to a value of 1 (ascending). Failed to parse field a
            { a: 'hashed', b: -1, c: 'hashed' } | Shard key { a: "hashed", b: -1, c: "hashed" } is invalid. Non-hashed fields must be set to a value of 1 (ascending). Failed to parse field b
            { $a: -1 }                          | Field $a contains parts that start with '$'
            """)
    void refusesWithMongosMessage(String text, String message) {
        InvalidShardKeyException e = assertThrows(InvalidShardKeyException.class, () -> ShardKeyPattern.parse(text));
        assertEquals(message, e.getMessage());
    }

    /**
     * Ported from mongo {@code src/mongo/db/global_catalog/shard_key_pattern_test.cpp}, tests
     * {@code SingleFieldShardKeyPatternsValidityCheck}, {@code CompositeShardKeyPatternsValidityCheck}
     * and {@code NestedShardKeyPatternsValidtyCheck}: every pattern they construct, and whether it
     * throws.
     */
    @ParameterizedTest(name = "[{index}] {0} valid: {1}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', textBlock = """
            # SingleFieldShardKeyPatternsValidityCheck
            { a: 1 }                                    | true
            { a: 1.0 }                                  | true
            { a: NumberLong(1) }                        | true
            { a: 'hashed' }                             | true
            { 'a$': 1 }                                 | true
            {}                                          | false
            { a: -1 }                                   | false
            { a: -1.0 }                                 | false
            { a: '1' }                                  | false
            { a: 'hash' }                               | false
            { '': 1 }                                   | false
            { '.': 1 }                                  | false
            { '$': 1 }                                  | false
            { '$a': 1 }                                 | false
            { '$**': 1 }                                | false
            { '$id': 1 }                                | false
            { '$db': 1 }                                | false
            { '$ref': 1 }                               | false
            # CompositeShardKeyPatternsValidityCheck
            { a: 1, b: 1 }                              | true
            { a: 1.0, b: 1.0 }                          | true
            { a: 1, b: 1.0, c: 1.0 }                    | true
            { 'a.$id': 1 }                              | true
            { 'a.$db': 1 }                              | true
            { 'a.$ref': 1 }                             | true
            { a: 1, b: -1 }                             | false
            { a: 1, b: '1' }                            | false
            { a: 1, 'b.': 1.0 }                         | false
            { a: 1, '': 1.0 }                           | false
            { a: 1, '$': 1.0 }                          | false
            { a: 1, '$b': 1.0 }                         | false
            { a: 1, '$**': 1.0 }                        | false
            # NestedShardKeyPatternsValidtyCheck
            { 'a.b': 1 }                                | true
            { 'a.b.c.d': 1.0 }                          | true
            { a: 1, 'c.d': 1.0, 'e.f.g': 1.0 }          | true
            { a: 1, 'a.b': 1.0, 'a.b.c': 1.0 }          | true
            { 'a.b$': 1 }                               | true
            { 'a.b': -1 }                               | false
            { a: { b: 1 } }                             | false
            { 'a.b.': 1 }                               | false
            { 'a.b..': 1 }                              | false
            { 'a..b': 1 }                               | false
            { a: 1, 'a.b.': 1.0 }                       | false
            { a: { b: 1 }, 'c.d': 1.0 }                 | false
            { 'a.$': 1 }                                | false
            { 'a.$b': 1 }                               | false
            { 'a.$**': 1 }                              | false
            """)
    void validityChecksPortedFromMongosShardKeyPatternTest(String text, boolean valid) {
        if (valid) {
            ShardKeyPattern.parse(text);
        } else {
            assertThrows(InvalidShardKeyException.class, () -> ShardKeyPattern.parse(text));
        }
    }

    /**
     * An index, and so a shard key, holds at most 32 fields: {@code Ordering::make} refuses more
     * with {@code too many compound keys} (error 13103, mongo {@code src/mongo/bson/ordering.h}).
     */
    @ParameterizedTest(name = "{0} fields: valid {1}")
    @CsvSource(textBlock = """
            1,  true
            32, true
            33, false
            1000, false
            """)
    void atMostThirtyTwoFields(int count, boolean valid) {
        StringBuilder text = new StringBuilder("{");
        for (int i = 0; i < count; i++) {
            text.append(i == 0 ? "" : ", ").append("f").append(i).append(": 1");
        }
        String pattern = text.append("}").toString();
        if (valid) {
            assertEquals(count, ShardKeyPattern.parse(pattern).fields().size());
        } else {
            InvalidShardKeyException e =
                    assertThrows(InvalidShardKeyException.class, () -> ShardKeyPattern.parse(pattern));
            assertEquals(
                    "Shard key has " + count + " fields, at most 32 are allowed: too many compound keys",
                    e.getMessage());
        }
    }

    /** A BSON field name is a C string: a NUL cannot be in one (mongo's FieldRef refuses it, 9867600). */
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', textBlock = """
            { "a\u0000b": 1 }          | Field a\\0b contains a NUL character, which a BSON field name cannot hold
            { a: 1, "\u0000": 1 }      | Field \\0 contains a NUL character, which a BSON field name cannot hold
            { "x.\u0000": 'hashed' }   | Field x.\\0 contains a NUL character, which a BSON field name cannot hold
            """)
    void aNulCharacterInAFieldNameIsRefused(String text, String message) {
        // as text, the document is refused when it is read: BSON cannot hold the name
        assertThrows(io.shardlab.bson.BsonParseException.class, () -> ShardKeyPattern.parse(text));
        BsonDocument pattern = new BsonDocument();
        org.bson.json.JsonReader reader = new org.bson.json.JsonReader(text);
        reader.readStartDocument();
        while (reader.readBsonType() != org.bson.BsonType.END_OF_DOCUMENT) {
            String name = reader.readName();
            pattern.append(
                    name,
                    new org.bson.codecs.BsonValueCodec()
                            .decode(
                                    reader,
                                    org.bson.codecs.DecoderContext.builder().build()));
        }
        InvalidShardKeyException e = assertThrows(InvalidShardKeyException.class, () -> ShardKeyPattern.of(pattern));
        assertEquals(message, e.getMessage());
        assertThrows(InvalidShardKeyException.class, () -> new ShardKeyPattern(List.of(new KeyField("a\0", false))));
    }

    @Test
    @DisplayName("the record refuses two hashed fields and a repeated path")
    void recordInvariants() {
        assertEquals(
                "Shard key { a: \"hashed\", b: \"hashed\" } can contain at most one 'hashed' field. Failed to parse field b",
                assertThrows(
                                InvalidShardKeyException.class,
                                () -> new ShardKeyPattern(List.of(new KeyField("a", true), new KeyField("b", true))))
                        .getMessage());
        assertEquals(
                "Shard key names the field a twice",
                assertThrows(
                                InvalidShardKeyException.class,
                                () -> new ShardKeyPattern(List.of(new KeyField("a", false), new KeyField("a", false))))
                        .getMessage());
        assertEquals(
                "Shard key is empty",
                assertThrows(InvalidShardKeyException.class, () -> new ShardKeyPattern(List.of()))
                        .getMessage());
    }

    /** Key extraction: dotted paths, missing fields as null, no array traversal, hashed fields hashed. */
    @ParameterizedTest(name = "[{index}] {0} of {1}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', textBlock = """
            { a: 1 }                   | { a: 5, b: 6 }                        | (5)
            { a: 1, b: 1 }             | { b: 'x', a: 5.5 }                    | (5.5, 'x')
            { 'a.b': 1 }               | { a: { b: MinKey } }                  | (MinKey())
            { 'a.b.c': 1 }             | { a: { b: { c: Long('7') } } }         | (Long('7'))
            { a: 1 }                   | { b: 1 }                              | (null)
            { 'a.b': 1 }               | { a: 1 }                              | (null)
            { 'a.b': 1 }               | { a: { c: 1 } }                       | (null)
            { 'a.b': 1 }               | { a: 'text' }                         | (null)
            { a: 1 }                   | { a: null }                           | (null)
            { a: 1 }                   | { a: undefined }                      | (undefined)
            { a: 1 }                   | { a: { x: [ 1, 2 ] } }                | ({ x: [ 1, 2 ] })
            { a: 1 }                   | { a: /re/i }                          | (/re/i)
            { a: 'hashed' }            | { a: 1 }                              | (Long('5902408780260971510'))
            { a: 'hashed' }            | { a: 2 }                              | (Long('848411777775835583'))
            { a: 'hashed' }            | { }                                   | (Long('2338878944348059895'))
            { a: 1, b: 'hashed' }      | { a: 'us', b: 1.9 }                   | ('us', Long('5902408780260971510'))
            { 'a.b': 'hashed', c: 1 }  | { a: { b: 'abc' }, c: 3 }             | (Long('8478485326885698097'), 3)
            """)
    void extractsTheKeyOfADocument(String pattern, String document, String expected) {
        ShardKey key = ShardKeyPattern.parse(pattern).extractKey(BsonLiterals.parseDocument(document), hasher);
        assertEquals(expected, key.toString());
    }

    /** mongos refuses arrays on a shard-key path at any level (ShardKeyNotFound). */
    @ParameterizedTest(name = "[{index}] {0} of {1}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', textBlock = """
            { a: 1 }                | { a: [ 1 ] }                     | a
            { a: 1 }                | { a: [] }                        | a
            { 'a.b': 1 }            | { a: [ { b: 1 } ] }              | a
            { 'a.b': 1 }            | { a: { b: [ 1 ] } }              | a.b
            { 'a.b.c': 1 }          | { a: { b: [ { c: 1 } ] } }       | a.b
            { a: 'hashed' }         | { a: [ 1, 2 ] }                  | a
            { x: 1, 'a.b': 'hashed' } | { x: 1, a: { b: [] } }         | a.b
            """)
    void refusesArrays(String pattern, String document, String arrayPath) {
        InvalidShardKeyException e = assertThrows(
                InvalidShardKeyException.class,
                () -> ShardKeyPattern.parse(pattern).extractKey(BsonLiterals.parseDocument(document), hasher));
        assertEquals(
                "Shard key cannot contain array values or array descendants. Found array at path: " + arrayPath,
                e.getMessage());
    }

    @Test
    @DisplayName("a missing field is extracted as null and sorts with null")
    void missingFieldIsNull() {
        ShardKey key = ShardKeyPattern.parse("{ a: 1 }").extractKey(new BsonDocument(), hasher);
        assertEquals(ShardKey.of(BsonNull.VALUE), key);
    }

    /** isValidShardKeyElementForStorage / checkShardKeyIsValidForMetadataStorage. */
    @ParameterizedTest(name = "[{index}] {0} -> {1}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', textBlock = """
            { a: 1 }                                          | true
            { a: MinKey, b: MaxKey }                          | true
            { a: undefined }                                  | true
            { a: null }                                       | true
            { a: { b: 1 } }                                   | true
            { a: { $ref: 'c', $id: 1 } }                      | true
            { a: { $ref: 'c', $id: 1, $db: 'd', x: 1 } }      | true
            { a: [ 1 ] }                                      | false
            { a: /x/ }                                        | false
            { a: { $x: 1 } }                                  | false
            { a: { b: { $x: 1 } } }                           | false
            { a: { b: [ { $x: 1 } ] } }                       | false
            { a: { $id: 1, $ref: 'c' } }                      | false
            { a: { $ref: 1, $id: 1 } }                        | false
            { a: { $ref: 'c', $id: 1, $db: 2 } }              | false
            { a: { x: 1, $ref: 'c', $id: 1 } }                | false
            { a: Code('f', { $x: 1 }) }                       | true
            { a: { b: Code('f', { $x: 1 }) } }                | false
            """)
    void metadataStorageRules(String bound, boolean valid) {
        BsonDocument document = BsonLiterals.parseDocument(bound);
        if (valid) {
            ShardKeyPattern.checkShardKeyIsValidForMetadataStorage(document);
        } else {
            InvalidShardKeyException e = assertThrows(
                    InvalidShardKeyException.class,
                    () -> ShardKeyPattern.checkShardKeyIsValidForMetadataStorage(document));
            assertEquals(
                    true,
                    e.getMessage().startsWith("Shard key element a: ")
                            && e.getMessage().endsWith(" is not valid for storage"),
                    e.getMessage());
        }
    }

    @Test
    @DisplayName("the storage message prints the element as the server does")
    void storageMessage() {
        assertEquals(
                "Shard key element b: /x/i is not valid for storage",
                assertThrows(
                                InvalidShardKeyException.class,
                                () -> ShardKeyPattern.checkShardKeyIsValidForMetadataStorage(
                                        BsonLiterals.parseDocument("{ a: 1, b: /x/i }")))
                        .getMessage());
        ShardKeyPattern pattern = ShardKeyPattern.parse("{ a: 1 }");
        assertEquals(
                "Shard key element a: [ 1 ] is not valid for storage",
                assertThrows(
                                InvalidShardKeyException.class,
                                () -> pattern.checkValidForMetadataStorage(ShardKey.of(BsonLiterals.parseValue("[1]"))))
                        .getMessage());
    }

    @Test
    void globalBoundsHaveOneMinKeyOrMaxKeyPerField() {
        ShardKeyPattern pattern = ShardKeyPattern.parse("{ a: 1, b: 'hashed' }");
        assertEquals("(MinKey(), MinKey())", pattern.globalMin().toString());
        assertEquals("(MaxKey(), MaxKey())", pattern.globalMax().toString());
        assertEquals(
                BsonLiterals.parseDocument("{ a: MinKey, b: MinKey }"),
                pattern.globalMin().toDocument(pattern));
        assertEquals(new BsonInt64(0), ShardKey.of(new BsonInt64(0)).get(0));
    }
}
