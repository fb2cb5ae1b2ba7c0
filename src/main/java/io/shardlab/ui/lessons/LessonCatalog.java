package io.shardlab.ui.lessons;

import io.shardlab.files.ClassPathCatalog;
import io.shardlab.files.TextTranslation;
import io.shardlab.text.Language;
import io.shardlab.text.Message;
import io.shardlab.workload.WorkloadRegistry;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/**
 * The lessons ShardLab ships, in teaching order. They live as one JSON file per lesson under
 * {@value #DIRECTORY}, listed in order by {@value #INDEX} ({@code {"lessons": ["01-….json", …]}}),
 * and are checked when loaded ({@link LessonFile}): a lesson that names an unknown workload, ships a
 * key or filter that does not parse, or claims a targeting mongos would not give is refused with a
 * one-line message naming the file and field.
 *
 * <p>A lesson in another language keeps its structure in the English file and only its texts in a translation
 * file of the same name under the language's tag ({@code io/shardlab/lessons/zh-CN/01-monotonic-key.json}): the
 * texts of {@link #TRANSLATED_TEXTS} on the way through {@link #TRANSLATED_CONTAINERS}, at the same paths as the
 * English ones ({@link TextTranslation}). So a scenario, a filter and its expected targeting exist once, and a
 * translator sees a whole lesson's texts in one file, in order.
 *
 * <p>Invariants: at least one lesson; ids are unique.
 */
public final class LessonCatalog {

    /** Where the lesson files are, as a class-path resource directory. */
    public static final String DIRECTORY = "io/shardlab/lessons/";
    /** The file that lists the lesson files in teaching order. */
    public static final String INDEX = DIRECTORY + "index.json";

    /** The text fields of a lesson file, wherever they are. */
    static final Set<String> TRANSLATED_TEXTS =
            Set.of("title", "principle", "watch", "askTheRoom", "why", "label", "note");
    /** The objects and arrays of objects of a lesson file that hold texts. */
    static final Set<String> TRANSLATED_CONTAINERS = Set.of("scenario", "queries", "followUps", "shellSteps");

    /** The lesson files on the class path, and the words of their refusals. */
    private static final ClassPathCatalog FILES = new ClassPathCatalog(
            DIRECTORY,
            "lessons",
            TRANSLATED_TEXTS,
            TRANSLATED_CONTAINERS,
            new ClassPathCatalog.Words(
                    "lessons.catalog.listedMissing",
                    "lessons.catalog.noTranslation",
                    "lessons.file.notJson",
                    "lessons.catalog.englishNotJson",
                    "lessons.catalog.idUsed"),
            InvalidLessonException::new);

    private final List<Lesson> lessons;

    /**
     * @throws IllegalArgumentException if {@code lessons} is empty or two share an id
     */
    public LessonCatalog(List<Lesson> lessons) {
        this.lessons = List.copyOf(lessons);
        if (this.lessons.isEmpty()) {
            throw new IllegalArgumentException(
                    "lessons: a catalog needs at least one lesson"); // untranslated: a developer's contract
        }
        Set<String> ids = new HashSet<>();
        for (Lesson lesson : this.lessons) {
            if (!ids.add(lesson.id())) {
                throw new IllegalArgumentException(String.format(
                        "lessons: the id '%s' is used twice", // untranslated: a developer's contract
                        lesson.id()));
            }
        }
    }

    /**
     * The shipped lessons, read from the class path and checked against {@code workloads}.
     *
     * @throws InvalidLessonException if a file is missing or invalid
     */
    public static LessonCatalog load(WorkloadRegistry workloads) {
        return load(workloads, Language.ENGLISH);
    }

    /**
     * The shipped lessons in {@code language}, read from the class path and checked against {@code workloads}.
     *
     * @throws InvalidLessonException if a file or its translation is missing or invalid
     */
    public static LessonCatalog load(WorkloadRegistry workloads, Language language) {
        return load(ClassPathCatalog::onClassPath, workloads, language);
    }

    /**
     * The lessons listed by {@value #INDEX} in {@code files}, which maps a resource name such as
     * {@code io/shardlab/lessons/index.json} to its text (empty when there is no such file).
     *
     * @throws InvalidLessonException if a file is missing or invalid
     */
    static LessonCatalog load(Function<String, Optional<String>> files, WorkloadRegistry workloads) {
        return load(files, workloads, Language.ENGLISH);
    }

    /**
     * The lessons listed by {@value #INDEX} in {@code files}, in {@code language}: for another language than English,
     * each with the texts of its translation file ({@link #translationOf}).
     *
     * @throws InvalidLessonException if a file or its translation is missing or invalid
     */
    static LessonCatalog load(Function<String, Optional<String>> files, WorkloadRegistry workloads, Language language) {
        ScenarioChecks checks = new ScenarioChecks(workloads);
        List<Lesson> lessons = FILES.items(
                files,
                index(files),
                language,
                (source, json) -> new LessonFile(source, checks, language).read(json),
                Lesson::id);
        return new LessonCatalog(lessons);
    }

    /** The class-path name of the translation of lesson file {@code name} into {@code language}. */
    static String translationOf(String name, Language language) {
        return FILES.translationOf(name, language);
    }

    private static List<String> index(Function<String, Optional<String>> files) {
        String json = files.apply(INDEX)
                .orElseThrow(() -> new InvalidLessonException(INDEX, "", Message.of("lessons.catalog.notOnClassPath")));
        BsonDocument index = FILES.parsed(json, INDEX, "lessons.catalog.indexNotObject");
        if (!index.keySet().equals(Set.of("lessons")) || !index.get("lessons").isArray()) {
            throw new InvalidLessonException(
                    INDEX, "", Message.of("lessons.catalog.indexShape", "{\"lessons\": [\"01-….json\", …]}"));
        }
        List<String> names = new ArrayList<>();
        List<BsonValue> items = index.getArray("lessons").getValues();
        if (items.isEmpty()) {
            throw new InvalidLessonException(INDEX, "lessons", Message.of("lessons.catalog.noLessons"));
        }
        for (int i = 0; i < items.size(); i++) {
            BsonValue item = items.get(i);
            if (!item.isString() || !item.asString().getValue().matches("[A-Za-z0-9_-]+\\.json")) {
                throw new InvalidLessonException(
                        INDEX,
                        "lessons[" + i + "]",
                        Message.of("lessons.catalog.badFileName", "01-monotonic-key.json"));
            }
            if (names.contains(item.asString().getValue())) {
                throw new InvalidLessonException(
                        INDEX,
                        "lessons[" + i + "]",
                        Message.of(
                                "lessons.catalog.listedTwice", item.asString().getValue()));
            }
            names.add(item.asString().getValue());
        }
        return names;
    }

    /** The lessons in teaching order. */
    public List<Lesson> lessons() {
        return lessons;
    }

    /**
     * The lesson with {@code id}.
     *
     * @throws IllegalArgumentException naming the id and the known ones
     */
    public Lesson lesson(String id) {
        return lessons.stream()
                .filter(l -> l.id().equals(id))
                .findFirst()
                .orElseThrow(() -> new IllegalArgumentException(String.format(
                        "lesson: no lesson '%s'; known: %s", // untranslated: a developer's contract
                        id, lessons.stream().map(Lesson::id).toList())));
    }
}
