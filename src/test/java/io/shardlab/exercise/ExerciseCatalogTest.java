package io.shardlab.exercise;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardlab.text.Language;
import io.shardlab.text.Messages;
import java.util.EnumSet;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The shipped exercises load, cover every seed principle, and a broken file is refused naming file and field. */
class ExerciseCatalogTest {

    @Test
    void theShippedExercisesLoadAndEverySeedPrincipleHasOne() {
        // when the class path's exercises load
        ExerciseCatalog catalog = ExerciseCatalog.load();

        // then each principle has at least one
        Set<ExercisePrinciple> covered = EnumSet.noneOf(ExercisePrinciple.class);
        catalog.exercises().forEach(e -> covered.add(e.principle()));
        assertEquals(EnumSet.allOf(ExercisePrinciple.class), covered);
    }

    private static final String VALID = """
            { "id": "x", "title": "T", "principle": "hashed-keys", "goal": "G",
              "check": [ CHECK ], "solution": "s", "mistake": "m" }""";

    @ParameterizedTest(name = "[{index}] {0}")
    @CsvSource(delimiter = '|', quoteCharacter = '"', textBlock = """
            { "predicate": "sharded", "collection": "users" }                                          | x.json: check[0].hint: required
            { "predicate": "isSharded", "collection": "users", "hint": "h" }                           | x.json: check[0].predicate: one of [balancing, chunks, distinctKeyValues, documents, documentsOnShards, keyFields, noJumboChunks, ranQuery, reaches, sharded, splitsWhileBalancingOff, targets, zonePlacement], got 'isSharded'
            { "predicate": "sharded", "collection": "users", "hint": "h", "filter": "{}" }             | x.json: check[0].filter: unknown field; expected one of [collection, hint, key, predicate]
            { "predicate": "targets", "collection": "users", "hint": "h", "filter": "{ a: ", "expect": "single-shard" } | x.json: check[0].filter:
            { "predicate": "targets", "collection": "users", "hint": "h", "filter": "{ a: 1 }", "expect": "one shard" } | x.json: check[0].expect: one of single-shard, multi-shard, scatter-gather, got 'one shard'
            { "predicate": "sharded", "collection": "db.users$", "hint": "h" }                         | x.json: check[0].collection: a collection name in the student's database
            { "predicate": "documentsOnShards", "collection": "users", "hint": "h", "atLeast": 0 }     | x.json: check[0].atLeast: expected 1 to 1000, got 0
            """)
    void aBrokenCheckIsRefusedNamingTheFileAndTheField(String check, String message) {
        String json = VALID.replace("CHECK", check);

        InvalidExerciseException e =
                assertThrows(InvalidExerciseException.class, () -> new ExerciseFile("x.json").read(json));

        assertTrue(e.getMessage().startsWith(message), e.getMessage());
    }

    @Test
    void anUnknownPrincipleIsRefusedWithTheKnownOnes() {
        String json = VALID.replace("CHECK", "{ \"predicate\": \"sharded\", \"collection\": \"u\", \"hint\": \"h\" }")
                .replace("hashed-keys", "sharding");

        InvalidExerciseException e =
                assertThrows(InvalidExerciseException.class, () -> new ExerciseFile("x.json").read(json));

        assertEquals(
                "x.json: principle: expected one of [cardinality, monotonic-keys, hashed-keys, compound-keys, zones, "
                        + "jumbo-chunks, pre-splitting, query-targeting], got 'sharding'",
                e.getMessage());
    }

    @Test
    void anIndexThatListsAMissingFileIsRefused() {
        Map<String, String> files = Map.of(ExerciseCatalog.INDEX, "{ \"exercises\": [\"gone.json\"] }");

        InvalidExerciseException e = assertThrows(
                InvalidExerciseException.class,
                () -> ExerciseCatalog.load(name -> Optional.ofNullable(files.get(name))));

        assertEquals(
                "io/shardlab/exercises/index.json: exercises: lists gone.json, but io/shardlab/exercises/gone.json is "
                        + "missing",
                e.getMessage());
    }

    @ParameterizedTest(name = "[{index}] {0}")
    @CsvSource(delimiter = '|', quoteCharacter = '"', textBlock = """
            { "predicate": "sharded", "collection": "users" }                                          | x.json：check[0].hint：必填
            { "predicate": "documentsOnShards", "collection": "users", "hint": "h", "atLeast": 0 }     | x.json：check[0].atLeast：应为 1 到 1000，实际是 0
            { "predicate": "sharded", "collection": "users", "hint": 7 }                               | x.json：check[0].hint：应为字符串，实际是数字
            { "predicate": "sharded", "collection": "users", "hint": "h", "filter": "{}" }             | x.json：check[0].filter：未知字段；应为以下之一：[collection, hint, key, predicate]
            { "predicate": "sharded", "collection": "users", "hint": " h" }                            | x.json：check[0].hint：开头或结尾有空格
            { "predicate": "targets", "collection": "users", "hint": "h", "filter": "{ a: 1 }", "expect": "one shard" } | x.json：check[0].expect：应为 single-shard, multi-shard, scatter-gather 之一，实际是 'one shard'
            """)
    void aBrokenFileIsSaidInChineseWithTheFieldsPathAsTheFileWritesIt(String check, String chinese) {
        String json = VALID.replace("CHECK", check);

        InvalidExerciseException e =
                assertThrows(InvalidExerciseException.class, () -> new ExerciseFile("x.json").read(json));

        assertEquals(chinese, Messages.of(Language.SIMPLIFIED_CHINESE).text(e.said()));
    }
}
