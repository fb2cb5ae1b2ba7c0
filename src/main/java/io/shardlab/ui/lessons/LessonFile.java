package io.shardlab.ui.lessons;

import io.shardlab.cluster.MongoVersion;
import io.shardlab.files.JsonFields;
import io.shardlab.files.TextTranslation;
import io.shardlab.key.ShardKeyPattern;
import io.shardlab.routing.TargetingClass;
import io.shardlab.session.Scenario;
import io.shardlab.shell.ShellEngine;
import io.shardlab.sim.ShardZone;
import io.shardlab.sim.ShardingSetup;
import io.shardlab.sim.ZoneKeyRange;
import io.shardlab.text.Language;
import io.shardlab.text.Message;
import io.shardlab.workload.SimulationSetup;
import io.shardlab.workload.StreamStep;
import io.shardlab.workload.Workload;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/**
 * Reads one lesson file, a JSON object, into a {@link Lesson}, refusing anything a teacher could
 * trip over: unknown or missing fields, texts too long for a projector, names and texts that do
 * not parse ({@link ScenarioChecks}). Every refusal is an {@link InvalidLessonException} naming the
 * file and the field.
 *
 * <p>The format, field by field (all texts are plain strings; mongosh texts are strings too):
 * <pre>
 * { "id": "monotonic-key", "title": …, "principle": …,
 *   "scenario": { "namespace": "shop.orders", "workload": "monotonic", "key": "{ counter: 1 }",
 *                 "shards": 3, "mongodbVersion": "5.0", "chunkSizeMB": 1 (optional, 0 = the version's default),
 *                 "documents": 200000, "docsPerSecond": 2000, "seed": 1 (optional),
 *                 "splitPoints": [ "{ counter: 1000 }", … ] or "workload" (optional: the workload's own pre-split),
 *                 "steps": [ { "afterDocuments": 100000, "addShard": "shard04" } ] (optional: commands run
 *                           while the stream plays; a shard added must take the next free name, shard04 after 3 shards),
 *                 "queries": [ { "label": …, "filter": "{ counter: 42 }", "expect": "single-shard" } ] (optional),
 *                 "zones": [ { "zone": "EU", "shards": [ "shard01" ],
 *                              "ranges": [ { "min": "{ region: 'EU' }", "max": "{ region: 'EV' }" } ] } ] (optional,
 *                     set before sharding), "numInitialChunks": 8, "presplitHashedZones": true (optional),
 *                 "why": "why this version and chunk size" },
 *   "watch": [ …, … ], "askTheRoom": …,
 *   "followUps": [ { "label": …, "note": …, "scenario": { only the fields that change, and "why" } } ] (optional),
 *   "shellSteps": [ { "label": …, "script": "sh.status()" } ] (optional: "Run in shell" snippets, each a whole
 *                 mongosh input, lines joined by \n; optional "commands": the database commands it sends, for the
 *                 panel's "n of N", and "restore": mongosh run when the step is interrupted or fails) }
 * </pre>
 * A follow-up's scenario starts from the lesson's scenario and replaces the fields it names.
 *
 * <p>A lesson in another language is the English file with its texts replaced by a translation file's
 * ({@link LessonCatalog}); its texts keep that language's limits ({@link TextTranslation#maxLength}).
 */
final class LessonFile {

    /** Limits that keep an English lesson readable from the back of a room, in characters. */
    static final int TITLE_MAX = 48;

    static final int PRINCIPLE_MAX = 420;
    static final int WATCH_ITEM_MAX = 140;
    static final int WATCH_ITEMS_MAX = 4;
    static final int ASK_MAX = 200;
    static final int WHY_MAX = 260;
    static final int QUERY_LABEL_MAX = 32;
    static final int FOLLOW_UP_LABEL_MAX = 44;
    static final int NOTE_MAX = 240;
    static final int FOLLOW_UPS_MAX = 3;

    /** How a problem with a field a follow-up takes unchanged ends. */
    private static final Message INHERITED_NOTE = Message.of("lessons.file.inherited");

    private static final Set<String> LESSON_FIELDS =
            Set.of("id", "title", "principle", "scenario", "watch", "askTheRoom", "followUps", "shellSteps");
    /** The targeting classes as a file writes them. */
    private static final String TARGETING_LABELS =
            "single-shard, multi-shard, scatter-gather"; // untranslated: file words

    private static final Message NOT_WHOLE_INPUT = Message.of("lessons.file.notWholeInput");

    /** The most database commands a shell step may say it sends. */
    private static final long SHELL_STEP_COMMANDS_MAX = 1_000_000;

    private static final Set<String> SHELL_STEP_FIELDS = Set.of("label", "script", "commands", "restore");
    static final int SHELL_STEPS_MAX = 4;
    static final int SHELL_STEP_LABEL_MAX = 44;
    static final int SHELL_SCRIPT_MAX = 1_500;
    private static final Set<String> SCENARIO_FIELDS = Set.of(
            "namespace",
            "workload",
            "key",
            "shards",
            "mongodbVersion",
            "chunkSizeMB",
            "documents",
            "docsPerSecond",
            "seed",
            "splitPoints",
            "steps",
            "queries",
            "why",
            "zones",
            "numInitialChunks",
            "presplitHashedZones");
    private static final Set<String> STEP_FIELDS = Set.of("afterDocuments", "addShard");
    private static final Set<String> ZONE_FIELDS = Set.of("zone", "shards", "ranges");
    private static final Set<String> RANGE_FIELDS = Set.of("min", "max");
    private static final Set<String> QUERY_FIELDS = Set.of("label", "filter", "expect");
    private static final Set<String> FOLLOW_UP_FIELDS = Set.of("label", "note", "scenario");

    private final String source;
    private final ScenarioChecks checks;
    private final Language language;

    /**
     * @param source the file's class-path name, for messages
     * @param checks the names and parsers scenarios are checked against
     * @param language the language of the texts, whose limits they keep
     */
    LessonFile(String source, ScenarioChecks checks, Language language) {
        this.source = source;
        this.checks = checks;
        this.language = language;
    }

    /** An English lesson file. */
    LessonFile(String source, ScenarioChecks checks) {
        this(source, checks, Language.ENGLISH);
    }

    /** The limit of a text in this file's language whose English limit is {@code englishMax}. */
    private int max(int englishMax) {
        return TextTranslation.maxLength(language, englishMax);
    }

    /**
     * The lesson in {@code json}.
     *
     * @throws InvalidLessonException naming the file and the field
     */
    Lesson read(String json) {
        if (!json.strip().startsWith("{")) {
            throw new InvalidLessonException(source, "", Message.of("lessons.file.notObject", "{"));
        }
        BsonDocument root;
        try {
            root = BsonDocument.parse(json);
        } catch (RuntimeException e) {
            throw new InvalidLessonException(source, "", Message.of("lessons.file.notJson", oneLine(e.getMessage())));
        }
        JsonFields lesson = fields(root, "", LESSON_FIELDS, Set.of());
        String id = lesson.text("id", 40);
        if (!id.matches("[a-z0-9]+(-[a-z0-9]+)*")) {
            throw lesson.invalid("id", Message.of("lessons.file.badId", id, "monotonic-key"));
        }
        String title = lesson.text("title", max(TITLE_MAX));
        String principle = lesson.text("principle", max(PRINCIPLE_MAX));
        BsonDocument scenarioJson = lesson.object("scenario");
        LessonScenario scenario = scenario(fields(scenarioJson, "scenario", SCENARIO_FIELDS, Set.of()));
        List<String> watch = lesson.texts("watch", 1, WATCH_ITEMS_MAX, max(WATCH_ITEM_MAX));
        String ask = lesson.text("askTheRoom", max(ASK_MAX));
        List<FollowUp> followUps = new ArrayList<>();
        List<BsonDocument> followUpJson = lesson.objects("followUps", 0, FOLLOW_UPS_MAX);
        for (int i = 0; i < followUpJson.size(); i++) {
            JsonFields f = fields(followUpJson.get(i), "followUps[" + i + "]", FOLLOW_UP_FIELDS, Set.of());
            String label = f.text("label", max(FOLLOW_UP_LABEL_MAX));
            String note = f.text("note", max(NOTE_MAX));
            BsonDocument changes = f.object("scenario");
            JsonFields.checkKnown(changes, f.path("scenario"), SCENARIO_FIELDS, this::invalid);
            if (!changes.containsKey("why")) {
                throw f.invalid("scenario.why", Message.of("lessons.file.whyRequired"));
            }
            BsonDocument merged = scenarioJson.clone();
            changes.forEach(merged::put);
            Set<String> inherited = new LinkedHashSet<>(merged.keySet());
            inherited.removeAll(changes.keySet());
            followUps.add(new FollowUp(
                    label, note, scenario(fields(merged, f.path("scenario"), SCENARIO_FIELDS, inherited))));
        }
        List<ShellStep> shellSteps = new ArrayList<>();
        List<BsonDocument> stepJson = lesson.objects("shellSteps", 0, SHELL_STEPS_MAX);
        for (int i = 0; i < stepJson.size(); i++) {
            JsonFields f = fields(stepJson.get(i), "shellSteps[" + i + "]", SHELL_STEP_FIELDS, Set.of());
            String label = f.text("label", max(SHELL_STEP_LABEL_MAX));
            String script = f.text("script", SHELL_SCRIPT_MAX);
            if (!ShellEngine.isCompleteInput(script)) {
                throw f.invalid("script", NOT_WHOLE_INPUT);
            }
            int commands = (int) f.optionalWholeNumber("commands", 0, 0, SHELL_STEP_COMMANDS_MAX);
            String restore = f.has("restore") ? f.text("restore", SHELL_SCRIPT_MAX) : "";
            if (!ShellEngine.isCompleteInput(restore)) {
                throw f.invalid("restore", NOT_WHOLE_INPUT);
            }
            shellSteps.add(new ShellStep(label, script, commands, restore));
        }
        return new Lesson(id, title, principle, scenario, watch, ask, followUps, shellSteps);
    }

    private LessonScenario scenario(JsonFields s) {
        String namespace = s.text("namespace", 120);
        if (!namespace.matches("[^.\\s]+\\.[^\\s]+")) {
            throw s.invalid("namespace", Message.of("lessons.file.badNamespace", namespace, "db.collection"));
        }
        String workloadName = s.text("workload", 60);
        Workload workload = s.check("workload", () -> checks.workload(workloadName));
        String keyText = s.text("key", 200);
        ShardKeyPattern key = s.check("key", () -> checks.key(keyText, workload));
        int shards = (int) s.wholeNumber("shards", 1, Scenario.MAX_SHARDS);
        String versionText = s.text("mongodbVersion", 10);
        MongoVersion version = s.check("mongodbVersion", () -> MongoVersion.parseModelled(versionText));
        int chunkSize = (int) s.optionalWholeNumber("chunkSizeMB", 0, 0, Scenario.MAX_CHUNK_SIZE_MEGABYTES);
        long documents = s.wholeNumber("documents", 1, Long.MAX_VALUE);
        double docsPerSecond = s.positiveNumber("docsPerSecond");
        long seed = s.optionalWholeNumber("seed", 1, Long.MIN_VALUE, Long.MAX_VALUE);
        List<String> splitPoints = splitPoints(s, workload, key, documents, seed);
        List<StreamStep> steps = steps(s, shards, documents);
        List<LessonQuery> queries = new ArrayList<>();
        List<BsonDocument> queryJson = s.objects("queries", 0, 6);
        for (int i = 0; i < queryJson.size(); i++) {
            JsonFields q = element(s, "queries", i, queryJson.get(i), QUERY_FIELDS);
            String label = q.text("label", max(QUERY_LABEL_MAX));
            String filter = q.text("filter", 300);
            String expect = q.text("expect", 20);
            TargetingClass expected = Arrays.stream(TargetingClass.values())
                    .filter(c -> c.label().equals(expect))
                    .findFirst()
                    .orElseThrow(() ->
                            q.invalid("expect", Message.of("lessons.file.badTargeting", expect, TARGETING_LABELS)));
            TargetingClass actual = q.check("filter", () -> checks.targeting(filter, workload, key, version));
            if (actual != expected) {
                throw q.invalid(
                        "expect",
                        Message.of(
                                "lessons.file.targetingDiffers",
                                expected.toString(),
                                filter.toString(),
                                key.toString(),
                                actual.toString()));
            }
            queries.add(new LessonQuery(label, filter, expected));
        }
        String why = s.text("why", max(WHY_MAX));
        ShardingSetup sharding = sharding(s);
        s.check("zones", () -> {
            checks.sharding(sharding, version, shards, namespace, key);
            return sharding;
        });
        Scenario base = s.check(
                "",
                () -> new Scenario(
                        namespace,
                        keyText,
                        shards,
                        version,
                        chunkSize,
                        workloadName,
                        documents,
                        docsPerSecond,
                        splitPoints,
                        Optional.empty(),
                        seed,
                        steps,
                        sharding));
        return new LessonScenario(base, queries, why);
    }

    /**
     * The steps: each adds the next shard ({@link SimulationSetup#shardId}: shard04 first after three
     * shards), after a number of documents within the stream, at most {@link Scenario#MAX_SHARDS} shards in all.
     */
    private List<StreamStep> steps(JsonFields s, int shards, long documents) {
        List<BsonDocument> stepJson = s.objects("steps", 0, 4);
        List<StreamStep> steps = new ArrayList<>();
        long previous = 0;
        for (int i = 0; i < stepJson.size(); i++) {
            JsonFields f = element(s, "steps", i, stepJson.get(i), STEP_FIELDS);
            long after = f.wholeNumber("afterDocuments", Math.max(1, previous), documents - 1);
            String shard = f.text("addShard", 20);
            int number = shards + i + 1;
            if (number > Scenario.MAX_SHARDS) {
                throw f.invalid("addShard", Message.of("lessons.file.tooManyShards", Scenario.MAX_SHARDS));
            }
            String expected = SimulationSetup.of(MongoVersion.DEFAULT, number).shardId(number);
            if (!shard.equals(expected)) {
                throw f.invalid("addShard", Message.of("lessons.file.nextShard", expected, shard));
            }
            steps.add(StreamStep.addShard(after, shard));
            previous = after;
        }
        return steps;
    }

    /** The zones, zone ranges and initial-split options, read as the explorer's Zones… form takes them. */
    private ShardingSetup sharding(JsonFields s) {
        List<ShardZone> shardZones = new ArrayList<>();
        List<ZoneKeyRange> ranges = new ArrayList<>();
        List<BsonDocument> zones = s.objects("zones", 0, Scenario.MAX_SHARDS);
        for (int i = 0; i < zones.size(); i++) {
            JsonFields z = element(s, "zones", i, zones.get(i), ZONE_FIELDS);
            String zone = z.text("zone", 40);
            List<String> shards =
                    z.document().containsKey("shards") ? z.texts("shards", 0, Scenario.MAX_SHARDS, 20) : List.of();
            for (String shard : shards) {
                shardZones.add(new ShardZone(shard, zone));
            }
            List<BsonDocument> rangeJson = z.objects("ranges", 0, 16);
            for (int j = 0; j < rangeJson.size(); j++) {
                JsonFields r = fields(rangeJson.get(j), z.path("ranges[" + j + "]"), RANGE_FIELDS, Set.of());
                String min = r.text("min", 300);
                String max = r.text("max", 300);
                ranges.add(r.check("", () -> ZoneKeyRange.parse(zone, min, max)));
            }
        }
        long numInitialChunks = s.optionalWholeNumber("numInitialChunks", 0, 0, Long.MAX_VALUE);
        BsonValue presplit = s.document().get("presplitHashedZones");
        if (presplit != null && !presplit.isBoolean()) {
            throw s.invalid("presplitHashedZones", Message.of("files.field.notBoolean", JsonFields.typeOf(presplit)));
        }
        return new ShardingSetup(
                shardZones,
                ranges,
                numInitialChunks,
                presplit != null && presplit.asBoolean().getValue());
    }

    private List<String> splitPoints(JsonFields s, Workload workload, ShardKeyPattern key, long documents, long seed) {
        BsonValue value = s.document().get("splitPoints");
        if (value == null) {
            return List.of();
        }
        if (value.isString() && value.asString().getValue().equals("workload")) {
            return s.check("splitPoints", () -> checks.workloadSplitPoints(workload, key, documents, seed));
        }
        List<String> texts = s.texts("splitPoints", 0, Integer.MAX_VALUE, 300);
        return s.check("splitPoints", () -> checks.splitPoints(texts, key));
    }

    /** The object {@code document} at {@code path} of this file, its fields checked against {@code allowed}. */
    /**
     * The {@code i}th object of {@code s}'s array {@code array}: all its fields inherited when the array is (a follow-up's
     * scenario that leaves it out).
     */
    private JsonFields element(JsonFields s, String array, int i, BsonDocument element, Set<String> allowed) {
        return fields(
                element, s.path(array + "[" + i + "]"), allowed, s.inherited().contains(array) ? allowed : Set.of());
    }

    private JsonFields fields(BsonDocument document, String path, Set<String> allowed, Set<String> inherited) {
        return new JsonFields(document, path, allowed, inherited, INHERITED_NOTE, this::invalid);
    }

    private static String oneLine(String text) {
        return text == null ? "" : text.replaceAll("\\s*\\R\\s*", " ").strip();
    }

    private InvalidLessonException invalid(String path, Message problem) {
        return new InvalidLessonException(source, path, problem);
    }
}
