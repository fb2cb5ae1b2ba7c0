package io.shardlab.text;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.text.MessageFormat;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Every language says every text: the English and Chinese bundles of each area have the same keys and the same
 * placeholders, every text is a valid pattern, and every key the code names exists.
 */
class BundlesTest {

    private static final Pattern PLACEHOLDER = Pattern.compile("\\{(\\d+)(,\\s*(number|choice|date|time))?");
    private static final Pattern LONE_APOSTROPHE = Pattern.compile("(?<!')'(?!')");
    private static final Pattern QUOTED_BRACES = Pattern.compile("'[{}]+'");
    // a stylesheet's file name ("board.css") is not a key, though it reads as one of the area board
    private static final Pattern STRING_LITERAL =
            Pattern.compile("\"([a-z][a-z0-9-]*\\.[A-Za-z0-9._-]*[A-Za-z0-9])(?<!\\.css)\"");

    @Test
    void theEnglishAndChineseBundlesHaveTheSameKeys() throws IOException {
        List<String> problems = new ArrayList<>();
        for (BundleFiles bundle : BundleFiles.all()) {
            Set<String> missing = new TreeSet<>(bundle.english().keySet());
            missing.removeAll(bundle.chinese().keySet());
            Set<String> extra = new TreeSet<>(bundle.chinese().keySet());
            extra.removeAll(bundle.english().keySet());
            if (!missing.isEmpty()) {
                problems.add(bundle.area() + "_zh_CN.properties lacks " + missing);
            }
            if (!extra.isEmpty()) {
                problems.add(bundle.area() + "_zh_CN.properties has keys English has not: " + extra);
            }
        }
        assertEquals(List.of(), problems);
    }

    @Test
    void noBundleFileWritesAKeyTwice() throws IOException {
        List<String> problems = new ArrayList<>();
        for (BundleFiles bundle : BundleFiles.all()) {
            for (Path file : bundle.files()) {
                List<String> twice = BundleFiles.keysWrittenTwice(file);
                if (!twice.isEmpty()) {
                    problems.add(file.getFileName() + " writes twice (the last one wins, unseen): " + twice);
                }
            }
        }
        assertEquals(List.of(), problems);
    }

    @Test
    void aKeyWrittenTwiceIsFound(@TempDir Path folder) throws IOException {
        Path file = folder.resolve("board_zh_CN.properties");
        Files.writeString(file, """
                board.title=分片
                board.caption=第一
                board.caption=第二
                """, StandardCharsets.UTF_8);

        assertEquals(List.of("board.caption"), BundleFiles.keysWrittenTwice(file));
    }

    @Test
    void everyKeyIsInItsAreasBundle() throws IOException {
        List<String> problems = new ArrayList<>();
        for (BundleFiles bundle : BundleFiles.all()) {
            bundle.english().keySet().stream()
                    .filter(key -> !key.startsWith(bundle.area() + "."))
                    .forEach(key -> problems.add(bundle.area() + ".properties: " + key + " is not of its area"));
        }
        assertEquals(List.of(), problems);
    }

    @Test
    void aTranslationHasTheSamePlaceholdersAsItsEnglish() throws IOException {
        List<String> problems = new ArrayList<>();
        for (BundleFiles bundle : BundleFiles.all()) {
            bundle.english().forEach((key, english) -> {
                String chinese = bundle.chinese().get(key);
                if (chinese != null && !placeholders(english).equals(placeholders(chinese))) {
                    problems.add(key + ": English " + placeholders(english) + ", Chinese " + placeholders(chinese));
                }
            });
        }
        assertEquals(List.of(), problems);
    }

    @Test
    void everyTextIsAValidPatternWithItsApostrophesDoubled() throws IOException {
        List<String> problems = new ArrayList<>();
        for (BundleFiles bundle : BundleFiles.all()) {
            Stream.of(bundle.english(), bundle.chinese())
                    .forEach(texts -> texts.forEach((key, text) -> {
                        try {
                            new MessageFormat(text);
                        } catch (IllegalArgumentException e) {
                            problems.add(key + ": not a MessageFormat pattern: " + e.getMessage());
                        }
                        // '{' and '}' quote MessageFormat's braces: JSON shown as typed
                        if (LONE_APOSTROPHE
                                .matcher(QUOTED_BRACES.matcher(text).replaceAll(""))
                                .find()) {
                            problems.add(key + ": a lone apostrophe (write '' for one): " + text);
                        }
                    }));
        }
        assertEquals(List.of(), problems);
    }

    @Test
    void everyKeyTheCodeNamesExistsInEveryLanguage() throws IOException {
        Set<String> areas =
                BundleFiles.all().stream().map(BundleFiles::area).collect(Collectors.toCollection(TreeSet::new));
        Messages english = Messages.of(Language.ENGLISH);
        Messages chinese = Messages.of(Language.SIMPLIFIED_CHINESE);
        List<String> problems = new ArrayList<>();
        try (Stream<Path> sources = Files.walk(Path.of("src/main/java"))) {
            for (Path source :
                    sources.filter(p -> p.toString().endsWith(".java")).toList()) {
                Matcher literal = STRING_LITERAL.matcher(Files.readString(source));
                while (literal.find()) {
                    String key = literal.group(1);
                    // a feature's stylesheet is named like its area ("export.css"), and is no key
                    if (!areas.contains(key.substring(0, key.indexOf('.'))) || key.endsWith(".css")) {
                        continue;
                    }
                    if (!english.has(key) || !chinese.has(key)) {
                        problems.add(source + ": " + key);
                    }
                }
            }
        }
        assertEquals(List.of(), problems);
    }

    @ParameterizedTest(name = "{0} names the key {1}")
    @CsvSource(delimiter = '|', textBlock = """
            text.label(quit, "shell.quit");              | shell.quit
            ui.text("explorer.chunk-count", n)           | explorer.chunk-count
            Message.of("advisor.reason.monotonic-2", k)  | advisor.reason.monotonic-2
            getStyleClass().add("chunk-lane")            | ''
            featureStylesheet(View.class, "advisor.css") | ''
            featureStylesheet(View.class, "board.css")   | ''
            load("io.shardlab.")                         | ''
            """)
    void theScanFindsAKeyInAStringLiteral(String code, String key) {
        Matcher literal = STRING_LITERAL.matcher(code);
        assertEquals(key, literal.find() ? literal.group(1) : "");
    }

    private static Set<String> placeholders(String text) {
        Set<String> found = new TreeSet<>();
        Matcher m = PLACEHOLDER.matcher(text);
        while (m.find()) {
            found.add(m.group(1) + (m.group(3) == null ? "" : "," + m.group(3)));
        }
        return found;
    }
}
