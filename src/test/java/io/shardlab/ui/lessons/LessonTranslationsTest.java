package io.shardlab.ui.lessons;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardlab.files.TextTranslation;
import io.shardlab.text.Glossary;
import io.shardlab.text.Language;
import io.shardlab.workload.WorkloadRegistry;
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
 * Every lesson in 简体中文: a translation file holds a Chinese text for every English text and nothing else, each
 * Chinese text uses the glossary's terms and keeps the Chinese limits, and the scenarios are the English file's.
 */
class LessonTranslationsTest {

    private static final WorkloadRegistry WORKLOADS = WorkloadRegistry.standard();
    private static final List<Lesson> ENGLISH =
            LessonCatalog.load(WORKLOADS, Language.ENGLISH).lessons();
    private static final List<Lesson> CHINESE =
            LessonCatalog.load(WORKLOADS, Language.SIMPLIFIED_CHINESE).lessons();

    /** Every text of {@code lesson}, named by its place in the file, in the file's order. */
    static Map<String, String> texts(Lesson lesson) {
        Map<String, String> texts = new LinkedHashMap<>();
        texts.put("title", lesson.title());
        texts.put("principle", lesson.principle());
        scenarioTexts("scenario", lesson.scenario(), texts);
        for (int i = 0; i < lesson.watch().size(); i++) {
            texts.put("watch[" + i + "]", lesson.watch().get(i));
        }
        texts.put("askTheRoom", lesson.askTheRoom());
        for (int i = 0; i < lesson.followUps().size(); i++) {
            FollowUp followUp = lesson.followUps().get(i);
            texts.put("followUps[" + i + "].label", followUp.label());
            texts.put("followUps[" + i + "].note", followUp.note());
            scenarioTexts("followUps[" + i + "].scenario", followUp.scenario(), texts);
        }
        for (int i = 0; i < lesson.shellSteps().size(); i++) {
            texts.put("shellSteps[" + i + "].label", lesson.shellSteps().get(i).label());
        }
        return texts;
    }

    private static void scenarioTexts(String path, LessonScenario scenario, Map<String, String> texts) {
        for (int i = 0; i < scenario.queries().size(); i++) {
            texts.put(
                    path + ".queries[" + i + "].label",
                    scenario.queries().get(i).label());
        }
        texts.put(path + ".why", scenario.whyTheseSettings());
    }

    @Test
    void everyLessonHasAChineseTextForEveryEnglishTextAndTheSameScenarios() {
        assertEquals(ENGLISH.size(), CHINESE.size());
        for (int i = 0; i < ENGLISH.size(); i++) {
            Lesson english = ENGLISH.get(i);
            Lesson chinese = CHINESE.get(i);
            assertEquals(english.id(), chinese.id());
            assertEquals(texts(english).keySet(), texts(chinese).keySet(), english.id());
            assertEquals(english.scenario().base(), chinese.scenario().base(), english.id());
            for (int f = 0; f < english.followUps().size(); f++) {
                assertEquals(
                        english.followUps().get(f).scenario().base(),
                        chinese.followUps().get(f).scenario().base(),
                        english.id() + " followUps[" + f + "]");
            }
            for (int s = 0; s < english.shellSteps().size(); s++) {
                assertEquals(
                        english.shellSteps().get(s).script(),
                        chinese.shellSteps().get(s).script(),
                        english.id());
            }
        }
    }

    @Test
    void everyChineseTextIsWrittenInChinese() {
        List<String> untranslated = new ArrayList<>();
        for (Lesson lesson : CHINESE) {
            texts(lesson).forEach((path, text) -> {
                if (text.codePoints().noneMatch(c -> Character.UnicodeScript.of(c) == Character.UnicodeScript.HAN)) {
                    untranslated.add(lesson.id() + " " + path + ": " + text);
                }
            });
        }
        assertEquals(List.of(), untranslated);
    }

    @Test
    void everyChineseTextUsesTheGlossarysTermForEachTermItsEnglishUses() {
        Glossary glossary = Glossary.load();
        List<String> problems = new ArrayList<>();
        for (int i = 0; i < ENGLISH.size(); i++) {
            Map<String, String> english = texts(ENGLISH.get(i));
            Map<String, String> chinese = texts(CHINESE.get(i));
            String id = ENGLISH.get(i).id();
            english.forEach((path, text) -> glossary.missingFrom(text, chinese.get(path))
                    .forEach(term -> problems.add(id + " " + path + ": \"" + chinese.get(path) + "\" lacks "
                            + term.chinese() + " (" + term.english().pattern() + ")")));
        }
        assertEquals(List.of(), problems);
    }

    @Test
    void theChineseSeedTextIsCitedWhereALessonQuotesIt() {
        Lesson postcodes = CHINESE.get(3);
        assertEquals("postcode-granularity", postcodes.id());
        assertTrue(postcodes.principle().contains("种子文本 004"), postcodes.principle());
    }

    // ---- what a translation file may hold ----

    private static final String ENGLISH_FILE = """
            { "id": "t", "title": "T", "principle": "P.",
              "scenario": { "namespace": "a.b", "workload": "monotonic", "key": "{ counter: 1 }", "shards": 3,
                            "mongodbVersion": "8.0", "documents": 10, "docsPerSecond": 100,
                            "queries": [ { "label": "q", "filter": "{ counter: 1 }", "expect": "single-shard" } ],
                            "why": "W." },
              "watch": [ "w1", "w2" ], "askTheRoom": "A?",
              "followUps": [ { "label": "F", "note": "N.", "scenario": { "shards": 4, "why": "W2." } } ],
              "shellSteps": [ { "label": "S", "script": "sh.status()" } ] }
            """;

    private static final String TRANSLATION = """
            { "title": "标题", "principle": "原则。",
              "scenario": { "queries": [ { "label": "查询" } ], "why": "原因。" },
              "watch": [ "看一", "看二" ], "askTheRoom": "问？",
              "followUps": [ { "label": "后续", "note": "说明。", "scenario": { "why": "原因二。" } } ],
              "shellSteps": [ { "label": "步骤" } ] }
            """;

    private static List<Lesson> loadChinese(String translation) {
        Map<String, String> files = new HashMap<>();
        files.put(LessonCatalog.INDEX, "{ \"lessons\": [\"t.json\"] }");
        files.put(LessonCatalog.DIRECTORY + "t.json", ENGLISH_FILE);
        files.put(LessonCatalog.translationOf("t.json", Language.SIMPLIFIED_CHINESE), translation);
        return LessonCatalog.load(name -> Optional.ofNullable(files.get(name)), WORKLOADS, Language.SIMPLIFIED_CHINESE)
                .lessons();
    }

    @Test
    void aTranslationGivesTheTextsAndTheEnglishFileEverythingElse() {
        Lesson lesson = loadChinese(TRANSLATION).get(0);
        assertEquals("标题", lesson.title());
        assertEquals(List.of("看一", "看二"), lesson.watch());
        assertEquals("查询", lesson.scenario().queries().get(0).label());
        assertEquals("{ counter: 1 }", lesson.scenario().queries().get(0).filter());
        assertEquals("原因二。", lesson.followUps().get(0).scenario().whyTheseSettings());
        assertEquals(4, lesson.followUps().get(0).scenario().base().shards());
        assertEquals("sh.status()", lesson.shellSteps().get(0).script());
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            a missing text          | "askTheRoom": "问？",                          | ''                                         | askTheRoom: missing
            a watch item too few    | "看一", "看二"                                 | "看一"                                     | watch: 1 items; the English file has 2
            a filter                | "label": "查询"                                | "label": "查询", "filter": "{ counter: 2 }" | queries[0].filter: a translation holds only texts
            a field English lacks   | "title": "标题",                               | "title": "标题", "subtitle": "副",          | subtitle: a translation holds only texts
            a missing follow-up why | "scenario": { "why": "原因二。" }               | "scenario": { }                            | followUps[0].scenario.why: missing
            a number for a text     | "title": "标题",                               | "title": 7,                                | title: expected a string
            """)
    void aTranslationThatBreaksStructureParityIsRefusedNamingTheField(
            String what, String from, String to, String message) {
        String broken = TRANSLATION.replace(from, to);
        assertTrue(!broken.equals(TRANSLATION), what);
        InvalidLessonException e = assertThrows(InvalidLessonException.class, () -> loadChinese(broken));
        assertTrue(e.getMessage().contains("zh-CN/t.json"), e.getMessage());
        assertTrue(e.getMessage().contains(message), e.getMessage());
    }

    @Test
    void chineseTextsKeepThreeQuartersOfTheEnglishLimitCountedInCharacters() {
        int limit = TextTranslation.maxLength(Language.SIMPLIFIED_CHINESE, LessonFile.TITLE_MAX);
        assertEquals(36, limit);
        assertEquals(
                "字".repeat(36),
                loadChinese(TRANSLATION.replace("标题", "字".repeat(36))).get(0).title());
        InvalidLessonException e = assertThrows(
                InvalidLessonException.class, () -> loadChinese(TRANSLATION.replace("标题", "字".repeat(37))));
        assertTrue(e.getMessage().contains("37 characters; at most 36"), e.getMessage());
    }
}
