package io.shardlab.ui.lessons;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardlab.bson.BsonLiterals;
import io.shardlab.cluster.ChunkMap;
import io.shardlab.key.KeyField;
import io.shardlab.key.ShardKeyPattern;
import io.shardlab.routing.FilterParser;
import io.shardlab.routing.Operation;
import io.shardlab.routing.Router;
import io.shardlab.session.ResolvedScenario;
import io.shardlab.session.Scenario;
import io.shardlab.sim.ShardZone;
import io.shardlab.sim.ShardingSetup;
import io.shardlab.sim.ZoneKeyRange;
import io.shardlab.text.Language;
import io.shardlab.text.Messages;
import io.shardlab.workload.Workload;
import io.shardlab.workload.WorkloadRegistry;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.bson.BsonDocument;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The shipped lessons load, and every one of them can run: what a lesson file must satisfy. */
class LessonCatalogTest {

    private static final WorkloadRegistry WORKLOADS = WorkloadRegistry.standard();
    private static final LessonCatalog SHIPPED = LessonCatalog.load(WORKLOADS);

    /** Every scenario of every shipped lesson: its own and its follow-ups'. */
    static List<LessonScenario> allScenarios() {
        List<LessonScenario> all = new ArrayList<>();
        for (Lesson lesson : SHIPPED.lessons()) {
            all.add(lesson.scenario());
            lesson.followUps().forEach(f -> all.add(f.scenario()));
        }
        return all;
    }

    @Test
    void ships_one_lesson_per_principle_of_the_seed_material_in_teaching_order() {
        assertEquals(
                List.of(
                        "monotonic-key",
                        "hashed-key",
                        "low-cardinality",
                        "postcode-granularity",
                        "coarse-time-then-user",
                        "inbox",
                        "multiple-identities",
                        "presplit-timestamps",
                        "random-key-cold-data",
                        "coarse-prefix-ascending",
                        "equal-chunks-unequal-data",
                        "why-chunks-exist",
                        "shard-key-cannot-simply-change",
                        "sharding-workflow",
                        "zones-keep-data-in-region",
                        "placement-and-move-collection",
                        "unshard-collection",
                        "draining-a-shard",
                        "why-the-balancer-waits",
                        "orphans-after-migration"),
                SHIPPED.lessons().stream().map(Lesson::id).toList());
    }

    @Test
    void every_scenario_key_pattern_parses_and_names_fields_its_workload_writes() {
        for (LessonScenario s : allScenarios()) {
            ShardKeyPattern key = ShardKeyPattern.parse(s.base().keyPattern());
            Workload workload = WORKLOADS.named(s.base().workload());
            for (KeyField f : key.fields()) {
                assertTrue(
                        workload.fields().contains(f.path().split("\\.")[0]),
                        s.base().keyPattern() + " on workload " + workload.name());
            }
        }
    }

    @Test
    void every_workload_name_is_in_the_registry() {
        for (LessonScenario s : allScenarios()) {
            assertTrue(WORKLOADS.names().contains(s.base().workload()), s.base().workload());
        }
    }

    @Test
    void every_scenario_runs_on_a_simulated_version_with_at_most_the_explorers_shards() {
        for (LessonScenario s : allScenarios()) {
            assertTrue(
                    io.shardlab.cluster.ReleaseRules.choices().contains(s.base().version()),
                    s.base().version() + " is one of the explorer's release choices");
            assertTrue(s.base().shards() >= 1 && s.base().shards() <= Scenario.MAX_SHARDS);
            assertFalse(s.base().queryFilter().isPresent(), "filters are chosen when a scenario starts");
        }
    }

    @Test
    void every_query_filter_parses_and_targets_as_the_lesson_says() {
        int checked = 0;
        for (LessonScenario s : allScenarios()) {
            ShardKeyPattern key = ShardKeyPattern.parse(s.base().keyPattern());
            Router router = new Router(
                    key, ChunkMap.single(key.arity(), "shard01"), s.base().version());
            for (LessonQuery q : s.queries()) {
                BsonDocument filter = BsonLiterals.parseDocument(q.filter());
                FilterParser.parse(filter);
                assertEquals(
                        q.expected(), router.route(new Operation.Find(filter)).targeting(), q.label() + " on " + key);
                checked++;
            }
        }
        assertTrue(checked >= 30, "the lessons ship plenty of queries to try, got " + checked);
    }

    @Test
    void every_lessons_own_scenario_offers_queries_and_the_explorer_accepts_every_scenario_with_each() {
        for (Lesson lesson : SHIPPED.lessons()) {
            assertTrue(lesson.scenario().queries().size() >= 2, lesson.id());
        }
        for (LessonScenario s : allScenarios()) {
            for (LessonQuery q : s.queries()) {
                assertEquals(
                        Optional.of(q.filter()), s.toScenario(Optional.of(q)).queryFilter());
            }
            assertEquals(s.base(), s.toScenario(Optional.empty()));
        }
    }

    @Test
    void the_explorer_understands_every_scenario_with_every_query() {
        for (LessonScenario s : allScenarios()) {
            ResolvedScenario plain = ResolvedScenario.of(s.toScenario(Optional.empty()), WORKLOADS);
            assertEquals(s.base().splitPoints().size(), plain.splitPoints().size(), "no split point is a duplicate");
            for (LessonQuery q : s.queries()) {
                assertTrue(ResolvedScenario.of(s.toScenario(Optional.of(q)), WORKLOADS)
                        .filter()
                        .isPresent());
            }
        }
    }

    @Test
    void split_points_parse_as_keys_of_the_scenarios_pattern() {
        int scenariosWithSplits = 0;
        for (LessonScenario s : allScenarios()) {
            ShardKeyPattern key = ShardKeyPattern.parse(s.base().keyPattern());
            for (String point : s.base().splitPoints()) {
                BsonDocument doc = BsonLiterals.parseDocument(point);
                assertEquals(key.fields().stream().map(KeyField::path).toList(), new ArrayList<>(doc.keySet()), point);
            }
            scenariosWithSplits += s.base().splitPoints().isEmpty() ? 0 : 1;
        }
        assertEquals(
                6,
                scenariosWithSplits,
                "the per-minute day, the pre-split months, the buckets (3 and 12) and the "
                        + "school's ages (two releases)");
    }

    @Test
    void the_presplit_lesson_takes_the_workloads_own_1440_minutes() {
        Scenario s = SHIPPED.lesson("presplit-timestamps").scenario().base();
        assertEquals(1440, s.splitPoints().size());
        assertEquals(
                "{ _id: ISODate('2024-01-01T00:00:00.000Z') }", s.splitPoints().get(0));
        assertEquals(
                "{ _id: ISODate('2024-01-01T23:59:00.000Z') }", s.splitPoints().get(1439));
    }

    @Test
    void every_follow_up_changes_something_the_room_can_compare() {
        for (Lesson lesson : SHIPPED.lessons()) {
            assertFalse(lesson.followUps().isEmpty(), lesson.id() + " offers a comparison");
            for (FollowUp f : lesson.followUps()) {
                assertFalse(f.scenario().base().equals(lesson.scenario().base()), lesson.id() + ": " + f.label());
            }
        }
    }

    @Test
    void a_lesson_is_found_by_id_and_an_unknown_id_names_the_known_ones() {
        assertEquals("Few values, few chunks", SHIPPED.lesson("low-cardinality").title());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> SHIPPED.lesson("nope"));
        assertTrue(e.getMessage().startsWith("lesson: no lesson 'nope'; known: [monotonic-key, "), e.getMessage());
    }

    // ---- what a broken lesson file gets told ----

    private static final String VALID = """
            { "id": "t", "title": "T", "principle": "P.",
              "scenario": { "namespace": "a.b", "workload": "monotonic", "key": "{ counter: 1 }", "shards": 3,
                            "mongodbVersion": "8.0", "documents": 10, "docsPerSecond": 100,
                            "queries": [ { "label": "q", "filter": "{ counter: 1 }", "expect": "single-shard" } ],
                            "why": "W." },
              "watch": [ "w" ], "askTheRoom": "A?",
              "followUps": [ { "label": "F", "note": "N.", "scenario": { "shards": 4, "why": "W2." } } ] }
            """;

    private static LessonCatalog loadOne(String json) {
        Map<String, String> files = new HashMap<>();
        files.put(LessonCatalog.INDEX, "{ \"lessons\": [\"t.json\"] }");
        files.put(LessonCatalog.DIRECTORY + "t.json", json);
        return LessonCatalog.load(name -> Optional.ofNullable(files.get(name)), WORKLOADS);
    }

    @Test
    void the_template_of_the_broken_files_below_is_itself_valid() {
        Lesson lesson = loadOne(VALID).lessons().get(0);
        assertEquals(4, lesson.followUps().get(0).scenario().base().shards());
        assertEquals(
                "{ counter: 1 }", lesson.followUps().get(0).scenario().base().keyPattern());
        assertEquals("W2.", lesson.followUps().get(0).scenario().whyTheseSettings());
    }

    @Test
    void a_step_adds_the_next_shard_after_a_number_of_documents_and_a_follow_up_inherits_it() {
        Lesson lesson = loadOne(VALID.replace(
                                "\"why\": \"W.\"",
                                "\"steps\": [ { \"afterDocuments\": 5, \"addShard\": \"shard04\" } ], \"why\": \"W.\"")
                        .replace("\"shards\": 4", "\"documents\": 20"))
                .lessons()
                .get(0);

        assertEquals(
                List.of(io.shardlab.workload.StreamStep.addShard(5, "shard04")),
                lesson.scenario().base().steps());
        assertEquals(
                lesson.scenario().base().steps(),
                lesson.followUps().get(0).scenario().base().steps());
    }

    @Test
    void a_lesson_may_set_zones_before_sharding() {
        Lesson lesson = loadOne(VALID.replace(
                        "\"why\": \"W.\"",
                        "\"zones\": [ { \"zone\": \"EU\", \"shards\": "
                                + "[ \"shard02\" ], \"ranges\": [ { \"min\": \"{ counter: 0 }\", \"max\": \"{ counter: 10 }\" } ] } ], "
                                + "\"why\": \"W.\""))
                .lessons()
                .get(0);
        ShardingSetup sharding = lesson.scenario().base().sharding();
        assertEquals(List.of(new ShardZone("shard02", "EU")), sharding.shardZones());
        assertEquals(List.of(ZoneKeyRange.parse("EU", "{ counter: 0 }", "{ counter: 10 }")), sharding.zoneRanges());
        assertEquals(sharding, lesson.followUps().get(0).scenario().base().sharding(), "a follow-up inherits them");
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', textBlock = """
            # what is wrong             | replace                               | with                                    | message after 'io/shardlab/lessons/t.json: '
            unknown workload            | "workload": "monotonic"               | "workload": "monotonik"                 | scenario.workload: unknown workload 'monotonik'; known workloads: monotonic, timestamp, objectid, uniform, zipf, hotspot, categorical-states, categorical-continents, age, compound-month-user, inbox, identities, presplit-minutes, zipcodes, coarse-prefix-3, coarse-prefix-12, coarse-prefix-1000, uk-addresses, us-addresses
            invalid key                 | "key": "{ counter: 1 }"               | "key": "{ counter: 2 }"                 | scenario.key: Shard key { counter: 2 } is invalid. Non-hashed fields must be set to a value of 1 (ascending). Failed to parse field counter
            key on a missing field      | "key": "{ counter: 1 }"               | "key": "{ count: 1 }"                   | scenario.key: the key field 'count' is not in the documents of workload 'monotonic', which have [_id, counter, customer, total]
            too old version             | "mongodbVersion": "8.0"               | "mongodbVersion": "3.6"                 | scenario.mongodbVersion: version: MongoDB 3.6 is older than 4.0, the oldest release ShardLab models
            too many shards             | "shards": 3                           | "shards": 17                            | scenario.shards: expected 1 to 16, got 17
            shards not a number         | "shards": 3                           | "shards": "3"                           | scenario.shards: expected a whole number, found a string
            filter does not parse       | "filter": "{ counter: 1 }"            | "filter": "{ counter: }"                | scenario.queries[0].filter: '{ counter: }' is not valid: a value is missing before '}'
            filter on a missing field   | "filter": "{ counter: 1 }"            | "filter": "{ cnt: 1 }"                  | scenario.queries[0].filter: the filter field 'cnt' is not in the documents of workload 'monotonic', which have [_id, counter, customer, total]
            wrong targeting claim       | "expect": "single-shard"              | "expect": "scatter-gather"              | scenario.queries[0].expect: the lesson says scatter-gather but mongos targets { counter: 1 } on { counter: 1 } as single-shard
            unknown targeting word      | "expect": "single-shard"              | "expect": "targeted"                    | scenario.queries[0].expect: one of single-shard, multi-shard, scatter-gather, got 'targeted'
            split point of another key  | "why": "W."                           | "splitPoints": ["{ total: 5 }"], "why": "W." | scenario.splitPoints: [0] { total: 5 } must name the key's fields [counter] in that order
            split point at MinKey       | "why": "W."                           | "splitPoints": ["{ counter: MinKey }"], "why": "W." | scenario.splitPoints: [0] { counter: MinKey } is the global minimum or maximum of the key, already a chunk bound
            repeated split point        | "why": "W."                           | "splitPoints": ["{ counter: 5 }", "{ counter: 5.0 }"], "why": "W." | scenario.splitPoints: [1] { counter: 5.0 } is listed twice
            no pre-split in workload    | "why": "W."                           | "splitPoints": "workload", "why": "W."  | scenario.splitPoints: "workload": the workload 'monotonic' prepares no split points; list them instead
            step adds a shard misnamed  | "why": "W."                           | "steps": [ { "afterDocuments": 5, "addShard": "shard4" } ], "why": "W." | scenario.steps[0].addShard: the next shard is called shard04, got 'shard4'
            step past the stream's end  | "why": "W."                           | "steps": [ { "afterDocuments": 10, "addShard": "shard04" } ], "why": "W." | scenario.steps[0].afterDocuments: expected 1 to 9, got 10
            steps out of order          | "why": "W."                           | "steps": [ { "afterDocuments": 6, "addShard": "shard04" }, { "afterDocuments": 5, "addShard": "shard05" } ], "why": "W." | scenario.steps[1].afterDocuments: expected 6 to 9, got 5
            step of an unknown kind     | "why": "W."                           | "steps": [ { "afterDocuments": 5, "removeShard": "shard01" } ], "why": "W." | scenario.steps[0].removeShard: unknown field; expected one of [addShard, afterDocuments]
            misspelt field              | "askTheRoom"                          | "askTheroom"                            | askTheroom: unknown field; expected one of [askTheRoom, followUps, id, principle, scenario, shellSteps, title, watch]
            missing field               | "watch": [ "w" ],                     | `                                     ` | watch: required
            empty watch list            | "watch": [ "w" ]                      | "watch": [ ]                            | watch: 0 items; expected 1 to 4
            title too long for a room   | "title": "T"                          | "title": "A title that goes on and on and on and on and on and on" | title: 55 characters; at most 48 so it stays readable on a projector
            id not hyphenated words     | "id": "t"                             | "id": "Monotonic Key"                   | id: lower-case words joined by hyphens, e.g. monotonic-key, got 'Monotonic Key'
            follow-up without why       | "shards": 4, "why": "W2."             | "shards": 4                             | followUps[0].scenario.why: required: say why this variant's settings show the comparison
            follow-up unknown field     | "shards": 4,                          | "shard": 4,                             | followUps[0].scenario.shard: unknown field; expected one of [chunkSizeMB, docsPerSecond, documents, key, mongodbVersion, namespace, numInitialChunks, presplitHashedZones, queries, seed, shards, splitPoints, steps, why, workload, zones]
            zone on no shard            | "why": "W."                           | "zones": [ { "zone": "EU", "ranges": [ { "min": "{ counter: 0 }", "max": "{ counter: 10 }" } ] } ], "why": "W." | scenario.zones: sh.updateZoneKeyRange("a.b", { counter: 0 }, { counter: 10 }, "EU"): zone EU does not exist
            zone bound does not parse   | "why": "W."                           | "zones": [ { "zone": "EU", "shards": [ "shard01" ], "ranges": [ { "min": "{ counter: }", "max": "{ counter: 10 }" } ] } ], "why": "W." | scenario.zones[0].ranges[0]: min: '{ counter: }' is not valid: a value is missing before '}'
            zone misspelt field         | "why": "W."                           | "zones": [ { "zone": "EU", "shard": [ "shard01" ] } ], "why": "W." | scenario.zones[0].shard: unknown field; expected one of [ranges, shards, zone]
            presplit not a boolean      | "why": "W."                           | "presplitHashedZones": "yes", "why": "W." | scenario.presplitHashedZones: expected true or false, found a string
            follow-up breaks inherited  | "shards": 4,                          | "key": "{ total: 1 }",                  | followUps[0].scenario.queries[0].expect: the lesson says single-shard but mongos targets { counter: 1 } on { total: 1 } as scatter-gather (taken unchanged from the lesson's scenario)
            not an object               | { "id"                                | "id"                                    | not a JSON object: a lesson file starts with {
            not valid JSON              | "watch": [ "w" ],                     | "watch": [ "w" ,                        | not valid JSON: JSON reader was expecting a value but found ':'.
            """)
    void a_broken_lesson_file_is_refused_with_one_line_naming_file_and_field(
            String what, String replace, String with, String message) {
        assertTrue(VALID.contains(replace), "the template contains " + replace);
        String broken = VALID.replace(replace, with.isBlank() ? "" : with);
        InvalidLessonException e = assertThrows(InvalidLessonException.class, () -> loadOne(broken));
        assertEquals("io/shardlab/lessons/t.json: " + message, e.getMessage());
        assertFalse(e.getMessage().contains("\n"));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            # what is broken            | replace                               | with                                    | the refusal in Chinese after the file's name
            key on a missing field      | "key": "{ counter: 1 }"               | "key": "{ count: 1 }"                   | scenario.key：分片键字段 'count' 不在工作负载 'monotonic' 的文档中，这些文档的字段是 [_id, counter, customer, total]
            repeated split point        | "why": "W."                           | "splitPoints": ["{ counter: 5 }", "{ counter: 5.0 }"], "why": "W." | scenario.splitPoints：[1] { counter: 5.0 } 被列出了两次
            follow-up breaks inherited  | "shards": 4,                          | "key": "{ total: 1 }",                  | followUps[0].scenario.queries[0].expect：课程说是 single-shard，但 mongos 对 { total: 1 } 上的 { counter: 1 } 的定向是 scatter-gather（沿用课程场景中的值，未作改动）
            presplit not a boolean      | "why": "W."                           | "presplitHashedZones": "yes", "why": "W." | scenario.presplitHashedZones：应为 true 或 false，实际是字符串
            """)
    void a_broken_lesson_file_is_said_in_chinese_naming_file_and_field(
            String what, String replace, String with, String chinese) {
        String broken = VALID.replace(replace, with);
        InvalidLessonException e = assertThrows(InvalidLessonException.class, () -> loadOne(broken));
        assertEquals(
                "io/shardlab/lessons/t.json：" + chinese,
                Messages.of(Language.SIMPLIFIED_CHINESE).text(e.said()));
    }

    @Test
    void the_index_must_list_existing_files_once() {
        Map<String, String> files = new HashMap<>();
        files.put(LessonCatalog.INDEX, "{ \"lessons\": [\"t.json\", \"u.json\"] }");
        files.put(LessonCatalog.DIRECTORY + "t.json", VALID);
        InvalidLessonException missing = assertThrows(
                InvalidLessonException.class,
                () -> LessonCatalog.load(name -> Optional.ofNullable(files.get(name)), WORKLOADS));
        assertEquals(
                "io/shardlab/lessons/index.json: lessons: lists u.json, but io/shardlab/lessons/u.json is missing",
                missing.getMessage());

        files.put(LessonCatalog.INDEX, "{ \"lessons\": [\"t.json\", \"t.json\"] }");
        InvalidLessonException twice = assertThrows(
                InvalidLessonException.class,
                () -> LessonCatalog.load(name -> Optional.ofNullable(files.get(name)), WORKLOADS));
        assertEquals("io/shardlab/lessons/index.json: lessons[1]: t.json is listed twice", twice.getMessage());
    }

    @Test
    void two_files_may_not_share_an_id() {
        Map<String, String> files = new HashMap<>();
        files.put(LessonCatalog.INDEX, "{ \"lessons\": [\"t.json\", \"u.json\"] }");
        files.put(LessonCatalog.DIRECTORY + "t.json", VALID);
        files.put(LessonCatalog.DIRECTORY + "u.json", VALID);
        InvalidLessonException e = assertThrows(
                InvalidLessonException.class,
                () -> LessonCatalog.load(name -> Optional.ofNullable(files.get(name)), WORKLOADS));
        assertEquals("io/shardlab/lessons/u.json: id: 't' is already used by another lesson", e.getMessage());
    }
}
