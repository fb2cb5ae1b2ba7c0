package io.shardlab.text;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Locale;
import java.util.MissingResourceException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** A key is said in the chosen language, with its numbers and plurals formatted for that language. */
class MessagesTest {

    private final Messages english = Messages.of(Language.ENGLISH);
    private final Messages chinese = Messages.of(Language.SIMPLIFIED_CHINESE);

    @ParameterizedTest(name = "{0} documents: \"{1}\" / \"{2}\"")
    @CsvSource(delimiter = '|', textBlock = """
            0       | no documents         | 没有文档
            1       | one document         | 1 个文档
            2       | 2 documents          | 2 个文档
            1234567 | 1,234,567 documents  | 1,234,567 个文档
            """)
    void aPluralIsChosenByTheNumberAndTheNumberIsGroupedForTheLocale(long count, String inEnglish, String inChinese) {
        assertEquals(inEnglish, english.text("common.documents", count));
        assertEquals(inChinese, chinese.text("common.documents", count));
    }

    @Test
    void aNestedMessageIsSaidInTheSameLanguage() {
        Message moved = Message.of("testarea.nested", Message.of("common.chunks", 3));

        assertEquals("Moved 3 chunks.", english.text(moved));
        assertEquals("已移动3 个数据块。", chinese.text(moved));
    }

    @Test
    void aMissingKeyIsAProgrammingErrorNamingTheKey() {
        MissingResourceException e =
                assertThrows(MissingResourceException.class, () -> english.text("common.no-such-key"));
        assertTrue(e.getMessage().contains("common.no-such-key"), e.getMessage());
        assertFalse(english.has("nosucharea.key"));
        assertTrue(chinese.has("common.ok"));
    }

    @ParameterizedTest(name = "--lang {0} is {1}")
    @CsvSource({
        "en, ENGLISH",
        "EN, ENGLISH",
        "zh-CN, SIMPLIFIED_CHINESE",
        "zh_cn, SIMPLIFIED_CHINESE",
        "zh, SIMPLIFIED_CHINESE"
    })
    void aTagNamesALanguage(String tag, Language expected) {
        assertEquals(expected, Language.ofTag(tag));
    }

    @Test
    void anUnknownTagIsRefusedNamingItAndTheKnownOnes() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Language.ofTag("fr"));
        assertEquals("language 'fr' is not one ShardLab speaks; use one of en, zh-CN", e.getMessage());
    }

    @ParameterizedTest(name = "a first start in {0} speaks {1}")
    @CsvSource({
        "en-US, ENGLISH",
        "de-DE, ENGLISH",
        "zh-CN, SIMPLIFIED_CHINESE",
        "zh-TW, SIMPLIFIED_CHINESE",
        "und, ENGLISH"
    })
    void aFirstStartFollowsTheOperatingSystemsLocale(String locale, Language expected) {
        assertEquals(expected, Language.forLocale(Locale.forLanguageTag(locale)));
    }

    @Test
    void aKeyWithoutAnAreaIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> Message.of("ok"));
    }
}
