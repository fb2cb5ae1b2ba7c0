package io.shardlab.bson;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonValue;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Nesting is limited as MongoDB limits it: {@code validateBSON} (mongo
 * {@code src/mongo/bson/bson_validate.cpp}) refuses an object that begins at a depth greater than
 * {@code BSONDepth::kDefaultMaxAllowableDepth} = 200, the outermost object being depth 0.
 */
class BsonDepthTest {

    /** {@code open} repeated {@code levels} times around 1, closed again. */
    static String nested(String open, String close, int levels) {
        return open.repeat(levels) + "1" + close.repeat(levels);
    }

    @ParameterizedTest(name = "{0} levels of {1}: accepted = {3}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', textBlock = """
            # levels | open                  | close | accepted: the outermost is depth 0, depth 200 is the last allowed
            201      | `{a: `                | }     | true
            202      | `{a: `                | }     | false
            201      | [                     | ]     | true
            202      | [                     | ]     | false
            5000     | [                     | ]     | false
            100000   | `{"a": `              | }     | false
            100000   | `{a: [`               | ]}    | false
            """)
    void aValueMayNestTwoHundredLevelsInsideItsOutermost(int levels, String open, String close, boolean accepted) {
        String text = nested(open, close, levels);
        if (accepted) {
            BsonLiterals.parseValue(text);
        } else {
            BsonParseException e = assertThrows(BsonParseException.class, () -> BsonLiterals.parseValue(text));
            assertEquals(BsonDepth.TOO_DEEP, e.problem());
            assertEquals(1, e.getMessage().lines().count());
        }
    }

    @Test
    void extendedJsonWrappersAreScalarsNotLevels() {
        // 201 levels whose innermost value is written {"$numberLong": "1"}: still 201 levels
        String text = "{a: ".repeat(201) + "{\"$numberLong\": \"1\"}" + "}".repeat(201);
        BsonValue value = BsonLiterals.parseValue(text);
        assertTrue(value.isDocument());
    }

    @Test
    void aCodeWithScopeScopeIsOneLevelLikeAnEmbeddedDocument() {
        String ok = "{a: ".repeat(200) + "{\"$code\": \"f()\", \"$scope\": {}}" + "}".repeat(200);
        BsonLiterals.parseValue(ok);
        String deep = "{a: ".repeat(201) + "{\"$code\": \"f()\", \"$scope\": {}}" + "}".repeat(201);
        BsonParseException e = assertThrows(BsonParseException.class, () -> BsonLiterals.parseValue(deep));
        assertEquals(BsonDepth.TOO_DEEP, e.problem());
    }

    @Test
    void nestedMongoshConstructorsAreRefusedAtTheSameLimit() {
        String text = "DBRef('c', ".repeat(5000) + "1" + ")".repeat(5000);
        BsonParseException e = assertThrows(BsonParseException.class, () -> BsonLiterals.parseValue(text));
        assertEquals(BsonDepth.TOO_DEEP, e.problem());
    }

    @Test
    void aValueBuiltElsewhereIsCheckedWithoutRecursingPastTheLimit() {
        BsonDocument deep = new BsonDocument("x", new BsonInt32(1));
        for (int i = 0; i < 100_000; i++) {
            deep = new BsonDocument("a", deep);
        }
        BsonDocument tooDeep = deep;
        assertThrows(BsonTooDeepException.class, () -> BsonDepth.requireWithinLimit(tooDeep));
        BsonDocument shallow = new BsonDocument("x", new BsonInt32(1));
        for (int i = 0; i < 200; i++) {
            shallow = new BsonDocument("a", shallow);
        }
        BsonDepth.requireWithinLimit(shallow);
    }
}
