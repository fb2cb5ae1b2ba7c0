package io.shardlab.ui.theme;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardlab.text.Language;
import io.shardlab.text.Message;
import io.shardlab.text.Messages;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The language View → Language chose, kept in ~/.shardlab/language: the locale's before any choice. */
class RememberedLanguageTest {

    @TempDir
    Path home;

    private final List<String> problems = new ArrayList<>();

    private void tell(Message problem) {
        problems.add(Messages.of(Language.ENGLISH).text(problem));
    }

    private Path file() {
        return home.resolve(".shardlab").resolve("language");
    }

    @ParameterizedTest(name = "first start in {0}: {1}")
    @CsvSource(delimiter = '|', textBlock = """
            en-US   | ENGLISH
            de-DE   | ENGLISH
            zh-CN   | SIMPLIFIED_CHINESE
            zh-TW   | SIMPLIFIED_CHINESE
            """)
    void before_any_choice_the_window_speaks_the_locales_language(String locale, Language expected) {
        RememberedLanguage remembered = RememberedLanguage.inFile(file(), Locale.forLanguageTag(locale), this::tell);

        assertEquals(expected, remembered.language());
        assertEquals(List.of(), problems);
    }

    @Test
    void a_choice_is_what_the_next_start_speaks_whatever_the_locale() throws IOException {
        RememberedLanguage.inFile(file(), Locale.US, this::tell).remember(Language.SIMPLIFIED_CHINESE);

        assertEquals("zh-CN\n", Files.readString(file(), StandardCharsets.UTF_8));
        assertEquals(
                Language.SIMPLIFIED_CHINESE,
                RememberedLanguage.inFile(file(), Locale.US, this::tell).language());
        RememberedLanguage.inFile(file(), Locale.CHINA, this::tell).remember(Language.ENGLISH);
        assertEquals(
                Language.ENGLISH,
                RememberedLanguage.inFile(file(), Locale.CHINA, this::tell).language());
        assertEquals(List.of(), problems);
    }

    @Test
    void a_file_naming_no_language_shardlab_speaks_is_told_and_the_locale_is_followed() throws IOException {
        Files.createDirectories(file().getParent());
        Files.writeString(file(), "fr\n", StandardCharsets.UTF_8);

        RememberedLanguage remembered = RememberedLanguage.inFile(file(), Locale.CHINA, this::tell);

        assertEquals(Language.SIMPLIFIED_CHINESE, remembered.language());
        assertEquals(
                List.of("language: " + file() + ": language 'fr' is not one ShardLab speaks; use one of en, zh-CN;"
                        + " ShardLab speaks 简体中文"),
                problems);
    }

    @Test
    void a_file_that_cannot_be_written_is_told_not_thrown() throws IOException {
        // the folder's place is taken by a file: nothing can be written under it
        Files.writeString(home.resolve(".shardlab"), "not a folder", StandardCharsets.UTF_8);

        RememberedLanguage.inFile(file(), Locale.US, this::tell).remember(Language.SIMPLIFIED_CHINESE);

        assertEquals(1, problems.size(), problems.toString());
        assertTrue(problems.get(0).startsWith("language: "), problems.get(0));
        assertTrue(problems.get(0).endsWith("; the next start follows the system's language"), problems.get(0));
    }

    @Test
    void in_memory_it_speaks_what_it_was_given_whatever_the_locale() {
        RememberedLanguage pinned = RememberedLanguage.inMemory(Language.ENGLISH);

        pinned.remember(Language.SIMPLIFIED_CHINESE);

        assertEquals(Language.ENGLISH, pinned.language(), "the language a run starts in");
    }
}
