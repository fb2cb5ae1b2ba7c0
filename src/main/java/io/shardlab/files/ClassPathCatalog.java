package io.shardlab.files;

import io.shardlab.text.InvalidFileException;
import io.shardlab.text.Language;
import io.shardlab.text.Message;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.BiFunction;
import java.util.function.Function;
import org.bson.BsonDocument;

/**
 * A catalog of teaching files ShardLab ships on the class path (the lessons, the exercises): one JSON file per item
 * under {@link #directory}, listed in teaching order by {@link #index()}, and for another language than English a
 * translation file of the same name under the language's tag ({@code io/shardlab/lessons/zh-CN/01-….json}) that
 * holds only the item's texts ({@link TextTranslation}). This reads a listed item's file in a language; what the
 * file means (a lesson, an exercise), how its index is checked and which words a refusal has are the catalog's own.
 *
 * @param directory the class-path resource directory, ending in {@code /}, e.g. {@code io/shardlab/exercises/}
 * @param listField the index's field that lists the files, e.g. {@code exercises}, named when a listed file is
 *     missing
 * @param texts the text fields of an item's file, wherever they are (the translation's {@link TextTranslation#texts})
 * @param containers the objects and arrays of objects of an item's file that hold texts
 * @param words the catalog's message keys for a missing or unreadable file
 * @param refusals makes the catalog's refusal of a file, naming the file, the field's path and the problem
 */
public record ClassPathCatalog(
        String directory, String listField, Set<String> texts, Set<String> containers, Words words, Refusals refusals) {

    /**
     * The message keys of a catalog's refusals of its files.
     *
     * @param listedMissing a listed file is not there; arguments: the listed name, the resource name
     * @param noTranslation a listed file has no translation; argument: the language's own name
     * @param translationNotJson a translation file does not parse; argument: the parser's message on one line
     * @param englishNotJson the English file of a translation does not parse; argument: the parser's message
     * @param idUsed two items share an id; argument: the id
     */
    public record Words(
            String listedMissing,
            String noTranslation,
            String translationNotJson,
            String englishNotJson,
            String idUsed) {}

    /** Makes a catalog's refusal of {@code source}: the whole file when {@code path} is empty, else that field. */
    @FunctionalInterface
    public interface Refusals {
        InvalidFileException of(String source, String path, Message problem);
    }

    /** A listed item's file as read in one language: its text and the resource it is said to come from. */
    public record ItemFile(String source, String json) {}

    public ClassPathCatalog {
        texts = Set.copyOf(texts);
        containers = Set.copyOf(containers);
        Objects.requireNonNull(words, "words");
        Objects.requireNonNull(refusals, "refusals");
    }

    /**
     * The text of the class-path resource {@code name} (e.g. {@code io/shardlab/lessons/index.json}), read as UTF-8;
     * empty when there is no such resource.
     *
     * @throws UncheckedIOException naming the resource when it is there but cannot be read
     */
    public static Optional<String> onClassPath(String name) {
        try (InputStream in = ClassPathCatalog.class.getClassLoader().getResourceAsStream(name)) {
            if (in == null) {
                return Optional.empty();
            }
            return Optional.of(new String(in.readAllBytes(), StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(
                    name + ": cannot be read", e); // untranslated: a developer's contract (the shipped files)
        }
    }

    /** The resource name of the file that lists the item files in teaching order: {@code index.json}. */
    public String index() {
        return directory + "index.json";
    }

    /** The resource name of the translation of item file {@code name} into {@code language}. */
    public String translationOf(String name, Language language) {
        return directory + language.tag() + "/" + name;
    }

    /**
     * The items of the files {@code names} (as the index lists them) in {@code language}, in order: each file
     * {@linkplain #read read} from {@code files} and made an item by {@code reader} (given the resource the file is
     * said to come from and its JSON).
     *
     * @param id an item's id, unique in the catalog
     * @throws InvalidFileException made by {@link #refusals} or {@code reader} when a file is missing or invalid, or
     *     when an item's id is already used by an earlier one ({@link Words#idUsed}, naming the later file)
     */
    public <T> List<T> items(
            Function<String, Optional<String>> files,
            List<String> names,
            Language language,
            BiFunction<String, String, T> reader,
            Function<T, String> id) {
        List<T> items = new ArrayList<>();
        Set<String> ids = new HashSet<>();
        for (String name : names) {
            ItemFile file = read(files, name, language);
            T item = reader.apply(file.source(), file.json());
            if (!ids.add(id.apply(item))) {
                throw refusals.of(file.source(), "id", Message.of(words.idUsed(), id.apply(item)));
            }
            items.add(item);
        }
        return items;
    }

    /**
     * The listed item file {@code name} in {@code language}, from {@code files} (a resource name to its text, empty
     * when there is no such file): the English file as it is, or, for another language, the English file with the
     * texts of its translation, said to come from the translation file.
     *
     * @throws InvalidFileException made by {@link #refusals}: the index's when the English file is missing; the
     *     translation's when it is missing, either file does not parse, or the translation breaks structure parity
     */
    public ItemFile read(Function<String, Optional<String>> files, String name, Language language) {
        String english = directory + name;
        String englishJson = files.apply(english)
                .orElseThrow(() -> refusals.of(index(), listField, Message.of(words.listedMissing(), name, english)));
        if (language == Language.ENGLISH) {
            return new ItemFile(english, englishJson);
        }
        String source = translationOf(name, language);
        String json = files.apply(source)
                .orElseThrow(() -> refusals.of(source, "", Message.of(words.noTranslation(), language.nativeName())));
        BsonDocument translation = parsed(json, source, words.translationNotJson());
        BsonDocument englishItem = parsed(englishJson, source, words.englishNotJson());
        String merged = new TextTranslation(language, texts, containers)
                .applyTo(englishItem, translation, (path, problem) -> refusals.of(source, path, problem))
                .toJson();
        return new ItemFile(source, merged);
    }

    /**
     * {@code json} as a document, or a refusal of {@code source} as a whole: {@code problemKey}'s words with the
     * parser's message on one line.
     */
    public BsonDocument parsed(String json, String source, String problemKey) {
        try {
            return BsonDocument.parse(json);
        } catch (RuntimeException e) {
            throw refusals.of(source, "", Message.of(problemKey, oneLine(e.getMessage())));
        }
    }

    /** A parser's message on one line, as a refusal says it. */
    private static String oneLine(String text) {
        return text == null ? "" : text.replaceAll("\\s*\\R\\s*", " ").strip();
    }
}
