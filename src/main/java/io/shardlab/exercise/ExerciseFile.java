package io.shardlab.exercise;

import io.shardlab.bson.BsonLiterals;
import io.shardlab.files.JsonFields;
import io.shardlab.files.TextTranslation;
import io.shardlab.key.ShardKeyPattern;
import io.shardlab.routing.TargetingClass;
import io.shardlab.text.Language;
import io.shardlab.text.Message;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/**
 * Reads one exercise file, a JSON object in the lessons' format (the same field checks, {@link JsonFields}), into
 * an {@link Exercise}. The check is declarative: a list of named predicates with their parameters, each with the
 * hint a student who misses it reads; the file holds no code. Every refusal is an {@link InvalidExerciseException}
 * naming the file and the field.
 *
 * <p>The format, field by field (the README's "Exercises" explains it for teachers):
 * <pre>
 * { "id": "hashed-lookups", "title": …, "principle": "hashed-keys" (one of {@link ExercisePrinciple}),
 *   "goal": …,
 *   "setup": "mongosh script run first in the student's database" (optional),
 *   "check": [ { "predicate": "sharded", "collection": "users", "hint": … }, … ],
 *   "solution": "mongosh script that passes", "mistake": "mongosh script of a common wrong attempt" }
 * </pre>
 * The predicates, each with {@code predicate}, {@code collection} (in the student's database) and {@code hint}:
 * {@code sharded} ({@code key} optional: the exact key), {@code keyFields} ({@code prefix}: field names,
 * {@code atLeast}: fields, optional), {@code targets} ({@code filter}, {@code expect}: single-shard, multi-shard or
 * scatter-gather), {@code reaches} ({@code filter}, {@code atMost} shards), {@code documents} ({@code atLeast}), {@code documentsOnShards} ({@code atLeast} shards,
 * {@code minShare} of the documents each, optional, 0.1), {@code distinctKeyValues} ({@code atLeast}),
 * {@code chunks} ({@code atLeast}), {@code noJumboChunks}, {@code zonePlacement} ({@code value}: a shard-key prefix
 * such as {@code { region: 'EU' }}, {@code shards}), {@code balancing} ({@code on}, optional, true),
 * {@code splitsWhileBalancingOff} ({@code atLeast}) and {@code ranQuery} ({@code targeting}, {@code atLeast},
 * optional, 1).
 *
 * <p>An exercise in another language is the English file with its texts (title, goal, hints) replaced by a
 * translation file's ({@link ExerciseCatalog}); its texts keep that language's limits
 * ({@link TextTranslation#maxLength}).
 */
public final class ExerciseFile {

    /** The targeting classes as a file writes them. */
    private static final String TARGETING_LABELS =
            "single-shard, multi-shard, scatter-gather"; // untranslated: file words

    /** Limits that keep an English exercise readable from the back of a room, in characters. */
    static final int TITLE_MAX = 48;

    static final int GOAL_MAX = 420;
    static final int HINT_MAX = 200;
    static final int SCRIPT_MAX = 2_000;
    static final int CHECKS_MAX = 8;

    private static final Set<String> EXERCISE_FIELDS =
            Set.of("id", "title", "principle", "goal", "setup", "check", "solution", "mistake");
    private static final Set<String> COMMON = Set.of("predicate", "collection", "hint");

    /** Each predicate's parameters beside {@link #COMMON}. */
    private static final Map<String, Set<String>> PARAMETERS = Map.ofEntries(
            Map.entry("sharded", Set.of("key")),
            Map.entry("keyFields", Set.of("prefix", "atLeast")),
            Map.entry("targets", Set.of("filter", "expect")),
            Map.entry("reaches", Set.of("filter", "atMost")),
            Map.entry("documents", Set.of("atLeast")),
            Map.entry("documentsOnShards", Set.of("atLeast", "minShare")),
            Map.entry("distinctKeyValues", Set.of("atLeast")),
            Map.entry("chunks", Set.of("atLeast")),
            Map.entry("noJumboChunks", Set.of()),
            Map.entry("zonePlacement", Set.of("value", "shards")),
            Map.entry("balancing", Set.of("on")),
            Map.entry("splitsWhileBalancingOff", Set.of("atLeast")),
            Map.entry("ranQuery", Set.of("targeting", "atLeast")));

    private final String source;
    private final Language language;

    /**
     * @param source the file's class-path name, for messages
     * @param language the language of the texts, whose limits they keep
     */
    ExerciseFile(String source, Language language) {
        this.source = source;
        this.language = language;
    }

    /** An English exercise file. */
    ExerciseFile(String source) {
        this(source, Language.ENGLISH);
    }

    /**
     * A teacher's own exercise file (UTF-8, English), in the same format as the bundled ones.
     *
     * @throws InvalidExerciseException naming {@code file} and the field, or why it cannot be read
     */
    public static Exercise open(Path file) {
        String json;
        try {
            json = Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException | RuntimeException e) {
            throw new InvalidExerciseException(
                    file.toString(), "", Message.of("exercise.file.cannotRead", e.toString()));
        }
        return new ExerciseFile(file.toString()).read(json);
    }

    /**
     * The exercise in {@code json}.
     *
     * @throws InvalidExerciseException naming the file and the field
     */
    Exercise read(String json) {
        if (!json.strip().startsWith("{")) {
            throw invalid("", Message.of("exercise.file.notObject", "{"));
        }
        BsonDocument root;
        try {
            root = BsonDocument.parse(json);
        } catch (RuntimeException e) {
            throw invalid("", Message.of("exercise.file.notJson", oneLine(e.getMessage())));
        }
        JsonFields f = new JsonFields(root, "", EXERCISE_FIELDS, this::invalid);
        String id = f.text("id", 40);
        if (!id.matches("[a-z0-9]+(-[a-z0-9]+)*")) {
            throw f.invalid("id", Message.of("exercise.file.badId", id, "hashed-lookups"));
        }
        String title = f.text("title", TextTranslation.maxLength(language, TITLE_MAX));
        String principleName = f.text("principle", 40);
        ExercisePrinciple principle = f.check("principle", () -> ExercisePrinciple.of(principleName));
        String goal = f.text("goal", TextTranslation.maxLength(language, GOAL_MAX));
        Optional<String> setup = f.has("setup") ? Optional.of(f.text("setup", SCRIPT_MAX)) : Optional.empty();
        List<CheckItem> checks = new ArrayList<>();
        List<BsonDocument> items = f.objects("check", 1, CHECKS_MAX);
        for (int i = 0; i < items.size(); i++) {
            checks.add(checkItem(items.get(i), "check[" + i + "]"));
        }
        String solution = f.text("solution", SCRIPT_MAX);
        String mistake = f.text("mistake", SCRIPT_MAX);
        return new Exercise(id, title, principle, goal, setup, checks, solution, mistake);
    }

    private CheckItem checkItem(BsonDocument item, String path) {
        BsonValue predicateValue = item.get("predicate");
        if (predicateValue == null || !predicateValue.isString()) {
            throw invalid(
                    JsonFields.join(path, "predicate"), Message.of("exercise.file.predicateRequired", predicates()));
        }
        String predicate = item.getString("predicate").getValue();
        Set<String> parameters = PARAMETERS.get(predicate);
        if (parameters == null) {
            throw invalid(
                    JsonFields.join(path, "predicate"),
                    Message.of("exercise.file.badPredicate", predicates(), predicate));
        }
        Set<String> allowed = new HashSet<>(COMMON);
        allowed.addAll(parameters);
        JsonFields p = new JsonFields(item, path, allowed, this::invalid);
        String collection = p.text("collection", 120);
        if (!collection.matches("[^.$\\s]+(\\.[^.$\\s]+)*")) {
            throw p.invalid("collection", Message.of("exercise.file.badCollection", collection));
        }
        String hint = p.text("hint", TextTranslation.maxLength(language, HINT_MAX));
        return new CheckItem(check(predicate, collection, p), hint);
    }

    private Check check(String predicate, String collection, JsonFields p) {
        return switch (predicate) {
            case "sharded" -> new Check.Sharded(collection, p.has("key") ? Optional.of(key(p)) : Optional.empty());
            case "keyFields" -> {
                List<String> prefix = p.texts("prefix", 1, ShardKeyPattern.MAX_FIELDS, 100);
                int atLeast = (int) p.optionalWholeNumber("atLeast", prefix.size(), 1, ShardKeyPattern.MAX_FIELDS);
                yield new Check.KeyFields(collection, prefix, atLeast);
            }
            case "targets" -> new Check.Targets(collection, document(p, "filter"), targeting(p, "expect"));
            case "reaches" ->
                new Check.Reaches(collection, document(p, "filter"), (int) p.wholeNumber("atMost", 1, 1_000));
            case "documents" -> new Check.Documents(collection, p.wholeNumber("atLeast", 1, Long.MAX_VALUE));
            case "documentsOnShards" ->
                new Check.DocumentsOnShards(
                        collection, (int) p.wholeNumber("atLeast", 1, 1_000), p.optionalNumber("minShare", 0.1, 0, 1));
            case "distinctKeyValues" ->
                new Check.DistinctKeyValues(collection, p.wholeNumber("atLeast", 1, Long.MAX_VALUE));
            case "chunks" -> new Check.Chunks(collection, (int) p.wholeNumber("atLeast", 1, Integer.MAX_VALUE));
            case "noJumboChunks" -> new Check.NoJumboChunks(collection);
            case "zonePlacement" ->
                new Check.ZonePlacement(collection, document(p, "value"), Set.copyOf(p.texts("shards", 1, 1_000, 40)));
            case "balancing" -> new Check.Balancing(collection, p.optionalBoolean("on", true));
            case "splitsWhileBalancingOff" ->
                new Check.SplitsWhileBalancingOff(collection, p.wholeNumber("atLeast", 1, Long.MAX_VALUE));
            case "ranQuery" ->
                new Check.RanQuery(
                        collection, targeting(p, "targeting"), p.optionalWholeNumber("atLeast", 1, 1, Long.MAX_VALUE));
            default -> throw new IllegalStateException("a predicate without a reader: " + predicate);
        };
    }

    private static ShardKeyPattern key(JsonFields p) {
        String text = p.text("key", 200);
        return p.check("key", () -> ShardKeyPattern.parse(text));
    }

    private static BsonDocument document(JsonFields p, String name) {
        String text = p.text(name, 300);
        return p.check(name, () -> BsonLiterals.parseDocument(text));
    }

    private static TargetingClass targeting(JsonFields p, String name) {
        String label = p.text(name, 20);
        return Arrays.stream(TargetingClass.values())
                .filter(c -> c.label().equals(label))
                .findFirst()
                .orElseThrow(() -> p.invalid(name, Message.of("exercise.file.badTargeting", label, TARGETING_LABELS)));
    }

    /** The predicates a check may name, as the file writes them. */
    private static String predicates() {
        return PARAMETERS.keySet().stream().sorted().toList().toString();
    }

    private static String oneLine(String text) {
        return text == null ? "" : text.replaceAll("\\s*\\R\\s*", " ").strip();
    }

    private InvalidExerciseException invalid(String path, Message problem) {
        return new InvalidExerciseException(source, path, problem);
    }
}
