package io.shardlab.exercise;

import io.shardlab.files.ClassPathCatalog;
import io.shardlab.files.JsonFields;
import io.shardlab.files.TextTranslation;
import io.shardlab.text.Language;
import io.shardlab.text.Message;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import org.bson.BsonDocument;

/**
 * The exercises ShardLab ships, in teaching order: one JSON file per exercise under {@value #DIRECTORY}, listed in
 * order by {@value #INDEX} ({@code {"exercises": ["hashed-lookups.json", …]}}), as the lessons are. They are checked
 * when loaded ({@link ExerciseFile}); a file that names an unknown predicate, leaves out a hint or ships a filter
 * that does not parse is refused with one line naming the file and the field.
 *
 * <p>An exercise in another language keeps its checks in the English file and only its texts (title, goal, each
 * check's hint) in a translation file of the same name under the language's tag
 * ({@code io/shardlab/exercises/zh-CN/hashed-lookups.json}), at the same paths ({@link TextTranslation}): the class
 * board shows the hints of the catalog loaded in the board's language.
 *
 * <p>Invariants: at least one exercise; ids are unique.
 */
public final class ExerciseCatalog {

    /** Where the exercise files are, as a class-path resource directory. */
    public static final String DIRECTORY = "io/shardlab/exercises/";
    /** The file that lists the exercise files in teaching order. */
    public static final String INDEX = DIRECTORY + "index.json";

    /** The text fields of an exercise file, wherever they are. */
    static final Set<String> TRANSLATED_TEXTS = Set.of("title", "goal", "hint");
    /** The arrays of objects of an exercise file that hold texts. */
    static final Set<String> TRANSLATED_CONTAINERS = Set.of("check");

    /** The exercise files on the class path, and the words of their refusals. */
    private static final ClassPathCatalog FILES = new ClassPathCatalog(
            DIRECTORY,
            "exercises",
            TRANSLATED_TEXTS,
            TRANSLATED_CONTAINERS,
            new ClassPathCatalog.Words(
                    "exercise.catalog.listedMissing",
                    "exercise.catalog.noTranslation",
                    "exercise.file.notJson",
                    "exercise.file.notJson",
                    "exercise.catalog.idUsed"),
            InvalidExerciseException::new);

    private final List<Exercise> exercises;

    /** @throws IllegalArgumentException if {@code exercises} is empty or two share an id */
    public ExerciseCatalog(List<Exercise> exercises) {
        this.exercises = List.copyOf(exercises);
        if (this.exercises.isEmpty()) {
            throw new IllegalArgumentException("exercises: a catalog needs at least one exercise");
        }
        Set<String> ids = new HashSet<>();
        for (Exercise e : this.exercises) {
            if (!ids.add(e.id())) {
                throw new IllegalArgumentException("exercises: the id '" + e.id() + "' is used twice");
            }
        }
    }

    /**
     * The shipped exercises, read from the class path.
     *
     * @throws InvalidExerciseException if a file is missing or invalid
     */
    public static ExerciseCatalog load() {
        return load(Language.ENGLISH);
    }

    /**
     * The shipped exercises in {@code language}, read from the class path.
     *
     * @throws InvalidExerciseException if a file or its translation is missing or invalid
     */
    public static ExerciseCatalog load(Language language) {
        return load(ClassPathCatalog::onClassPath, language);
    }

    /**
     * The exercises listed by {@value #INDEX} in {@code files}, which maps a resource name to its text (empty
     * when there is no such file).
     *
     * @throws InvalidExerciseException if a file is missing or invalid
     */
    static ExerciseCatalog load(Function<String, Optional<String>> files) {
        return load(files, Language.ENGLISH);
    }

    /**
     * The exercises listed by {@value #INDEX} in {@code files}, in {@code language}: for another language than
     * English, each with the texts of its translation file ({@link #translationOf}).
     *
     * @throws InvalidExerciseException if a file or its translation is missing or invalid
     */
    static ExerciseCatalog load(Function<String, Optional<String>> files, Language language) {
        List<Exercise> exercises = FILES.items(
                files,
                index(files),
                language,
                (source, json) -> new ExerciseFile(source, language).read(json),
                Exercise::id);
        return new ExerciseCatalog(exercises);
    }

    /** The class-path name of the translation of exercise file {@code name} into {@code language}. */
    static String translationOf(String name, Language language) {
        return FILES.translationOf(name, language);
    }

    private static List<String> index(Function<String, Optional<String>> files) {
        String json = files.apply(INDEX)
                .orElseThrow(
                        () -> new InvalidExerciseException(INDEX, "", Message.of("exercise.catalog.notOnClassPath")));
        BsonDocument index = FILES.parsed(json, INDEX, "exercise.catalog.indexNotObject");
        JsonFields f = new JsonFields(
                index, "", Set.of("exercises"), (path, problem) -> new InvalidExerciseException(INDEX, path, problem));
        List<String> names = f.texts("exercises", 1, 100, 80);
        for (int i = 0; i < names.size(); i++) {
            if (!names.get(i).matches("[A-Za-z0-9_-]+\\.json")) {
                throw f.invalid("exercises[" + i + "]", Message.of("exercise.file.badFileName", "hashed-lookups.json"));
            }
            if (names.indexOf(names.get(i)) != i) {
                throw f.invalid("exercises[" + i + "]", Message.of("exercise.file.listedTwice", names.get(i)));
            }
        }
        return names;
    }

    /** The exercises in teaching order. */
    public List<Exercise> exercises() {
        return exercises;
    }

    /**
     * The exercise with {@code id}.
     *
     * @throws IllegalArgumentException naming the id and the known ones
     */
    public Exercise exercise(String id) {
        return exercises.stream()
                .filter(e -> e.id().equals(id))
                .findFirst()
                .orElseThrow(() -> new IllegalArgumentException("exercise: no exercise '" + id + "'; known: "
                        + exercises.stream().map(Exercise::id).toList()));
    }
}
