package io.shardlab.text;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * No new English sentence in Java: words a person reads come from the bundles ({@link Messages}). The packages
 * that speak to a person are scanned for string literals that read as words ({@link #readsAsWords}); each file
 * may hold at most as many as {@code user-facing-literals.txt} allows it, a count that only goes down as files
 * move their words into bundles (write the file anew with {@code -Dshardlab.literals.rewrite=true}).
 *
 * <p>Not counted: MongoDB's own words (command names, code names, field names, operators and shapes such as
 * {@code { a: 1 }}), keys, CSS, and a line that says why it stays English with a {@code // untranslated: …}
 * comment (a MongoDB term, a product name, text MongoDB itself prints).
 */
class UserFacingLiteralsTest {

    static final List<String> SPEAKING_PACKAGES =
            List.of("ui", "cli", "advisor", "render", "live", "workload", "session", "files");

    private static final Path SOURCES = Path.of("src/main/java/io/shardlab");
    private static final Path BASELINE = Path.of("src/test/resources/io/shardlab/text/user-facing-literals.txt");

    private static final Pattern WORDS =
            Pattern.compile("[A-Za-z]{2,}[ ,.:;!?…]+[A-Za-z]|[A-Za-z][ ,.:;!?…]+[A-Za-z]{2,}|^_?[A-Z][a-z]{2,}|…$");
    private static final Pattern NOT_WORDS = Pattern.compile(
            "^\\s*[{$\\[]" // a MongoDB shape or operator
                    + "|^[A-Z][a-z]+(?:[A-Z][a-z0-9]*)+$" // a code name (NamespaceNotFound)
                    // a key or a key's prefix, a dotted name, a dotted camelCase field path
                    // (keyCharacteristics.isUnique)
                    + "|^[a-z][A-Za-z0-9_-]*(?:\\.[A-Za-z0-9_-]+)+\\.?$"
                    + "|-fx-|\\.css$|\\.json$|\\.png$|^#[0-9a-fA-F]{3,8}$");
    private static final Set<String> CONTEXTS_THAT_ARE_NOT_WORDS = Set.of(
            "getStyleClass()",
            "setId(",
            "getPseudoClass(",
            "requireNonNull(",
            "getProperty(",
            "getResource",
            "Pattern.compile(",
            "IllegalStateException(",
            "AssertionError(",
            "UnsupportedOperationException(",
            "THREAD_NAME",
            "@",
            "setStyle(",
            "lookup(",
            "getenv(");

    static boolean readsAsWords(JavaStringLiterals.Literal literal) {
        String text = literal.text();
        if (!WORDS.matcher(text).find() || NOT_WORDS.matcher(text).find()) {
            return false;
        }
        if (literal.lineText().contains("// untranslated:")) {
            return false;
        }
        return CONTEXTS_THAT_ARE_NOT_WORDS.stream().noneMatch(literal.before()::contains);
    }

    @ParameterizedTest(name = "\"{0}\" reads as words: {1}")
    @CsvSource(delimiter = '|', textBlock = """
            Quit                      | true
            _File                     | true
            Open file…                | true
            Chunk {0} of {1}          | true
            moves a chunk             | true
            NamespaceNotFound         | false
            '{ counter: 1 }'          | false
            $in                       | false
            explorer.play             | false
            drain.blocker.            | false
            shardCollection           | false
            keyCharacteristics.isUnique | false
            removeShard.stopShardDraining | false
            Done.                     | true
            Retry.Later               | true
            -fx-font-size: 12px       | false
            """)
    void aLiteralReadsAsWordsWhenAPersonWouldReadIt(String text, boolean words) {
        assertEquals(words, readsAsWords(new JavaStringLiterals.Literal(text, 1, "x(", "x(\"" + text + "\")")));
    }

    @Test
    void aLineMarkedUntranslatedSaysWhyAndIsNotCounted() {
        String line = "    label.setText(\"MongoDB Compass\"); // untranslated: a product name";
        assertEquals(List.of(), wordsIn(line));
        assertEquals(List.of("Open the file"), wordsIn("    label.setText(\"Open the file\");"));
    }

    @Test
    void noFileHoldsMoreEnglishSentencesThanItsBaseline() throws IOException {
        Map<String, List<String>> found = scan();
        if (Boolean.getBoolean("shardlab.literals.rewrite")) {
            Files.writeString(
                    BASELINE,
                    found.entrySet().stream()
                            .filter(e -> !e.getValue().isEmpty())
                            .map(e -> e.getKey() + "\t" + e.getValue().size())
                            .collect(Collectors.joining("\n", "", "\n")),
                    StandardCharsets.UTF_8);
        }
        Map<String, Integer> allowed = baseline();
        List<String> problems = new ArrayList<>();
        found.forEach((file, words) -> {
            int limit = allowed.getOrDefault(file, 0);
            if (words.size() > limit) {
                problems.add(file + " holds " + words.size() + " English texts, its baseline " + limit
                        + ": put new words in a bundle (io/shardlab/text/<area>.properties and _zh_CN): " + words);
            }
        });
        assertEquals(List.of(), problems);
    }

    private static List<String> wordsIn(String source) {
        return JavaStringLiterals.in(source).stream()
                .filter(UserFacingLiteralsTest::readsAsWords)
                .map(JavaStringLiterals.Literal::text)
                .toList();
    }

    private static Map<String, List<String>> scan() throws IOException {
        Map<String, List<String>> found = new TreeMap<>();
        for (String pkg : SPEAKING_PACKAGES) {
            try (Stream<Path> files = Files.walk(SOURCES.resolve(pkg))) {
                for (Path file :
                        files.filter(p -> p.toString().endsWith(".java")).toList()) {
                    found.put(
                            SOURCES.relativize(file).toString().replace('\\', '/'),
                            wordsIn(Files.readString(file, StandardCharsets.UTF_8)));
                }
            }
        }
        return found;
    }

    private static Map<String, Integer> baseline() throws IOException {
        Map<String, Integer> allowed = new TreeMap<>();
        if (Files.exists(BASELINE)) {
            for (String line : Files.readAllLines(BASELINE, StandardCharsets.UTF_8)) {
                String[] columns = line.split("\t");
                if (columns.length == 2) {
                    allowed.put(columns[0], Integer.parseInt(columns[1].strip()));
                }
            }
        }
        return allowed;
    }
}
