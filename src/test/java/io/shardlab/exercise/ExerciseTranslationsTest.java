package io.shardlab.exercise;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardlab.files.TextTranslation;
import io.shardlab.text.Glossary;
import io.shardlab.text.Language;
import io.shardlab.text.Messages;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Every exercise in 简体中文: a Chinese title, goal and hint for every English one, in the glossary's terms and the
 * Chinese limits, with the English file's checks and scripts.
 */
class ExerciseTranslationsTest {

    private static final List<Exercise> ENGLISH =
            ExerciseCatalog.load(Language.ENGLISH).exercises();
    private static final List<Exercise> CHINESE =
            ExerciseCatalog.load(Language.SIMPLIFIED_CHINESE).exercises();

    /** Every text of {@code exercise}, named by its place in the file. */
    private static Map<String, String> texts(Exercise exercise) {
        Map<String, String> texts = new LinkedHashMap<>();
        texts.put("title", exercise.title());
        texts.put("goal", exercise.goal());
        for (int i = 0; i < exercise.checks().size(); i++) {
            texts.put("check[" + i + "].hint", exercise.checks().get(i).hint());
        }
        return texts;
    }

    @Test
    void everyExerciseHasAChineseTextForEveryEnglishTextAndTheSameChecksAndScripts() {
        assertEquals(ENGLISH.size(), CHINESE.size());
        for (int i = 0; i < ENGLISH.size(); i++) {
            Exercise english = ENGLISH.get(i);
            Exercise chinese = CHINESE.get(i);
            assertEquals(english.id(), chinese.id());
            assertEquals(texts(english).keySet(), texts(chinese).keySet(), english.id());
            assertEquals(
                    english.checks().stream().map(CheckItem::check).toList(),
                    chinese.checks().stream().map(CheckItem::check).toList(),
                    english.id());
            assertEquals(english.setup(), chinese.setup(), english.id());
            assertEquals(english.solution(), chinese.solution(), english.id());
            assertEquals(english.mistake(), chinese.mistake(), english.id());
            assertEquals(english.principle(), chinese.principle(), english.id());
        }
    }

    @Test
    void everyChineseTextIsWrittenInChineseWithTheGlossarysTerms() {
        Glossary glossary = Glossary.load();
        List<String> problems = new ArrayList<>();
        for (int i = 0; i < ENGLISH.size(); i++) {
            String id = ENGLISH.get(i).id();
            Map<String, String> chinese = texts(CHINESE.get(i));
            texts(ENGLISH.get(i)).forEach((path, english) -> {
                String text = chinese.get(path);
                if (text.codePoints().noneMatch(c -> Character.UnicodeScript.of(c) == Character.UnicodeScript.HAN)) {
                    problems.add(id + " " + path + ": not Chinese: " + text);
                }
                glossary.missingFrom(english, text)
                        .forEach(term -> problems.add(id + " " + path + ": \"" + text + "\" lacks " + term.chinese()));
            });
        }
        assertEquals(List.of(), problems);
    }

    @Test
    void theBoardsHintIsTheChineseHintOfTheFirstUnmetCheck() {
        Exercise lookups = ExerciseCatalog.load(Language.SIMPLIFIED_CHINESE).exercise("hashed-lookups");
        Exercise.Verdict verdict =
                lookups.evaluate(new StudentEvidence("students_ann", Map.of(), StudentActivity.NONE));
        String hint =
                Messages.of(Language.SIMPLIFIED_CHINESE).text(verdict.hint().orElseThrow());
        assertEquals("先对 users 分片", hint.substring(0, "先对 users 分片".length()), hint);
        // and what was seen is said in Chinese too, after the hint
        assertTrue(hint.endsWith("（现在：users 还没有分片）"), hint);
    }

    // ---- what a translation file may hold ----

    private static final String ENGLISH_FILE = """
            { "id": "t", "title": "T", "principle": "hashed-keys", "goal": "G.",
              "check": [ { "predicate": "sharded", "collection": "users", "hint": "H1." },
                         { "predicate": "documents", "collection": "users", "atLeast": 3, "hint": "H2." } ],
              "solution": "sh.status()", "mistake": "db.users.find()" }
            """;

    private static final String TRANSLATION = """
            { "title": "标题", "goal": "目标。", "check": [ { "hint": "提示一。" }, { "hint": "提示二。" } ] }
            """;

    private static Exercise loadChinese(String translation) {
        Map<String, String> files = new HashMap<>();
        files.put(ExerciseCatalog.INDEX, "{ \"exercises\": [\"t.json\"] }");
        files.put(ExerciseCatalog.DIRECTORY + "t.json", ENGLISH_FILE);
        files.put(ExerciseCatalog.translationOf("t.json", Language.SIMPLIFIED_CHINESE), translation);
        return ExerciseCatalog.load(name -> Optional.ofNullable(files.get(name)), Language.SIMPLIFIED_CHINESE)
                .exercises()
                .get(0);
    }

    @Test
    void aTranslationGivesTheTextsAndTheEnglishFileTheChecks() {
        Exercise exercise = loadChinese(TRANSLATION);
        assertEquals("标题", exercise.title());
        assertEquals("提示二。", exercise.checks().get(1).hint());
        assertEquals(new Check.Documents("users", 3), exercise.checks().get(1).check());
        assertEquals("sh.status()", exercise.solution());
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            a hint too few      | , { "hint": "提示二。" }      | ''                                                | check: 1 items; the English file has 2
            a missing goal      | "goal": "目标。",             | ''                                                | goal: missing
            a predicate         | { "hint": "提示一。" }        | { "hint": "提示一。", "predicate": "chunks" }      | check[0].predicate: a translation holds only texts
            a script            | "title": "标题",              | "title": "标题", "solution": "sh.status()",       | solution: a translation holds only texts
            """)
    void aTranslationThatBreaksStructureParityIsRefusedNamingTheField(
            String what, String from, String to, String message) {
        String broken = TRANSLATION.replace(from, to);
        assertTrue(!broken.equals(TRANSLATION), what);
        InvalidExerciseException e = assertThrows(InvalidExerciseException.class, () -> loadChinese(broken));
        assertTrue(e.getMessage().contains("zh-CN/t.json"), e.getMessage());
        assertTrue(e.getMessage().contains(message), e.getMessage());
    }

    @Test
    void aChineseHintKeepsThreeQuartersOfTheEnglishLimit() {
        int limit = TextTranslation.maxLength(Language.SIMPLIFIED_CHINESE, ExerciseFile.HINT_MAX);
        assertEquals(150, limit);
        assertEquals(
                "字".repeat(150),
                loadChinese(TRANSLATION.replace("提示一。", "字".repeat(150)))
                        .checks()
                        .get(0)
                        .hint());
        InvalidExerciseException e = assertThrows(
                InvalidExerciseException.class, () -> loadChinese(TRANSLATION.replace("提示一。", "字".repeat(151))));
        assertTrue(e.getMessage().contains("151 characters; at most 150"), e.getMessage());
    }
}
