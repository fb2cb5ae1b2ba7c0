package io.shardlab.ui.lessons;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardlab.cluster.Chunk;
import io.shardlab.key.ShardKey;
import io.shardlab.session.AppWiring;
import io.shardlab.session.ClusterPlacement;
import io.shardlab.session.CommandLayer;
import io.shardlab.session.EngineState;
import io.shardlab.session.ExecutorSimulationThread;
import io.shardlab.session.ExplorerEngine;
import io.shardlab.session.ResolvedScenario;
import io.shardlab.shell.ScriptFailedException;
import io.shardlab.shell.ShellEngine;
import io.shardlab.ui.tasks.DaemonBackgroundTasks;
import io.shardlab.workload.WorkloadRegistry;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Collectors;
import org.bson.BsonDateTime;
import org.bson.BsonDocument;
import org.junit.jupiter.api.Test;

/**
 * Every lesson's "Run in shell" steps, run as the Shell panel runs them: the lesson's scenario loaded in an
 * explorer engine, each step a whole input through a shell over the engine's command layer (commands on the
 * simulation thread, as the panel's are). Each lesson's claim about its steps is checked with a number or
 * MongoDB's own text.
 */
class LessonShellStepsTest {

    private static final WorkloadRegistry WORKLOADS = WorkloadRegistry.standard();
    private static final List<Lesson> LESSONS = LessonCatalog.load(WORKLOADS).lessons();

    /** What the steps of one scenario printed, step by step, and the cluster afterwards. */
    record StepsRun(
            List<String> printedBySteps,
            List<Chunk> chunks,
            List<String> afterwards,
            io.shardlab.sim.SimulationSnapshot snapshot,
            ClusterPlacement placement) {
        String step(int index) {
            return printedBySteps.get(index);
        }

        /** The placement board's tiles: where each unsharded collection lives, by namespace. */
        Map<String, String> tiles() {
            return placement.tiles().stream()
                    .collect(Collectors.toMap(ClusterPlacement.Tile::namespace, ClusterPlacement.Tile::shard));
        }

        Map<String, Long> chunksPerShard() {
            return chunks.stream()
                    .collect(Collectors.groupingBy(Chunk::shard, java.util.TreeMap::new, Collectors.counting()));
        }
    }

    /**
     * Loads {@code scenario}, runs {@code steps} in order (a failing step prints its error line, as the panel
     * does, and the next one runs), then {@code checks} (printed in {@link StepsRun#afterwards}), with
     * {@code windows} chart windows of simulated time in between.
     */
    static StepsRun run(LessonScenario scenario, List<ShellStep> steps, int windows, String checks) throws Exception {
        return run(scenario, steps, 0, windows, checks);
    }

    /** As {@link #run(LessonScenario, List, int, String)}, with {@code windowsBefore} chart windows played first. */
    static StepsRun run(LessonScenario scenario, List<ShellStep> steps, int windowsBefore, int windows, String checks)
            throws Exception {
        return run(scenario.toScenario(Optional.empty()), steps, windowsBefore, windows, checks);
    }

    private static StepsRun run(
            io.shardlab.session.Scenario scenario, List<ShellStep> steps, int windowsBefore, int windows, String checks)
            throws Exception {
        DaemonBackgroundTasks tasks = new DaemonBackgroundTasks();
        ExecutorSimulationThread thread =
                new ExecutorSimulationThread(tasks.serial(ExecutorSimulationThread.THREAD_NAME));
        List<EngineState> published = new CopyOnWriteArrayList<>();
        try {
            ExplorerEngine engine = AppWiring.explorerEngine(thread, System::nanoTime, published::add);
            engine.paceCommandFrames(100); // as the window paces them
            engine.load(ResolvedScenario.of(scenario, WORKLOADS));
            List<String> printed = new ArrayList<>();
            ShellEngine shell = new ShellEngine(engine.shellCommandLayer(), printed::add, System::nanoTime, 80, 80);
            if (windowsBefore == PLAYED_TO_THE_END) {
                playToTheEnd(engine, published);
            }
            for (int i = 0; i < windowsBefore; i++) {
                engine.step();
            }
            List<String> bySteps = new ArrayList<>();
            for (ShellStep step : steps) {
                printed.clear();
                try {
                    shell.evaluateInteractively(step.script(), Duration.ofMinutes(2)); // as the panel runs it
                } catch (ScriptFailedException e) {
                    printed.add(e.getMessage());
                }
                bySteps.add(String.join("\n", printed));
            }
            for (int i = 0; i < windows; i++) {
                engine.step();
            }
            printed.clear();
            shell.evaluate(checks, "checks", true, Duration.ofMinutes(1));
            List<String> afterwards = List.copyOf(printed);
            CompletableFuture<ClusterPlacement> placement = new CompletableFuture<>();
            engine.placement((editor, mongos) -> editor.read(mongos.orElseThrow()), placement::complete);
            // a task behind every command sent: the state it publishes is the cluster after them all
            int seen = published.size();
            engine.clearError();
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (published.size() == seen && System.nanoTime() < deadline) {
                Thread.sleep(10);
            }
            EngineState last = published.get(published.size() - 1);
            if (!(last instanceof EngineState.Running running)) {
                throw new AssertionError("the scenario did not load: " + last);
            }
            return new StepsRun(
                    bySteps,
                    running.frame()
                            .cluster()
                            .collection()
                            .orElseThrow()
                            .chunks()
                            .chunks(),
                    afterwards,
                    running.frame().cluster(),
                    placement.get(60, TimeUnit.SECONDS));
        } finally {
            thread.close();
            tasks.shutdown();
        }
    }

    /** {@code windowsBefore}: as Play does, chart windows until the run says finished (the balancer settled). */
    private static final int PLAYED_TO_THE_END = -1;

    /** Steps one chart window at a time until the published frame says the run has finished, as Play stops. */
    private static void playToTheEnd(ExplorerEngine engine, List<EngineState> published) throws InterruptedException {
        for (int window = 0; window < 10_000; window++) {
            int seen = published.size();
            engine.step();
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (published.size() == seen && System.nanoTime() < deadline) {
                Thread.sleep(1);
            }
            if (published.get(published.size() - 1) instanceof EngineState.Running running
                    && running.frame().stream().finished()) {
                return;
            }
        }
        throw new AssertionError("the run did not finish");
    }

    interface Claim {
        void check(Lesson lesson) throws Exception;
    }

    /** Chart windows stepped after the orphans lesson's stream: past 900 s after its last migration's commit. */
    private static final int ORPHAN_STEPS = 1000;

    private static final Map<String, Claim> CLAIMS = new LinkedHashMap<>();

    static {
        CLAIMS.put("inbox", lesson -> {
            StepsRun run = run(
                    lesson.scenario(),
                    lesson.shellSteps(),
                    0,
                    "print(db.users.findOne({ user_name: 'user01714' }).msg_count, "
                            + "db.inbox.countDocuments({ owner: { $in: ['user01714', 'user00042', 'user02903'] } }))");
            // 60 messages: counts 1 to 49 go to bucket 0, 50 to 60 to bucket 1 (Math.floor(count / 50))
            assertEquals(
                    """
                    DeprecationWarning: Collection.update() is deprecated. Use updateOne, updateMany, or bulkWrite.
                    [
                      { owner: 'user01714', sequence: 1 },
                      { owner: 'user01714', sequence: 0 }
                    ]""", run.step(0), "the legacy update's warning once, then the newest two buckets, newest first");
            assertEquals(List.of("60 6"), run.afterwards(), "60 deliveries counted, two buckets for each of 3 owners");
        });
        CLAIMS.put("presplit-timestamps", lesson -> {
            StepsRun run = run(lesson.scenario(), lesson.shellSteps(), 5, "sh.getBalancerState()");
            assertEquals(
                    "balancer on: false\nbalancer on: true",
                    run.step(0),
                    "the balancer is off while the loop splits, on afterwards");
            assertEquals(1441 + 1440, run.chunks().size(), "tomorrow adds 1,440 one-minute chunks");
            ShardKey tomorrow = ShardKey.of(List.of(new BsonDateTime(1704153600000L))); // 2024-01-02T00:00Z
            Map<String, Long> tomorrowsShards = run.chunks().stream()
                    .filter(c -> c.min().compareTo(tomorrow) >= 0)
                    .collect(Collectors.groupingBy(Chunk::shard, Collectors.counting()));
            assertEquals(
                    1,
                    tomorrowsShards.size(),
                    "8.0 does not distribute empty ranges: tomorrow's chunks stay on one shard " + tomorrowsShards);
            assertEquals(1440L, tomorrowsShards.values().iterator().next(), "all 1,440, the last one up to MaxKey");
        });
        CLAIMS.put("shard-key-cannot-simply-change", lesson -> {
            // 5.0, played to the end as the lesson says (80 one-second windows, then the balancer's rounds until one
            // finds nothing to move with no migration in flight): the balancer keeps running while the Shell reads,
            // so only a settled layout reads the same before and after the refine
            StepsRun on50 = run(lesson.scenario(), lesson.shellSteps(), PLAYED_TO_THE_END, 0, "1");
            String[] refine = on50.step(0).split("\n");
            assertEquals(3, refine.length, on50.step(0));
            assertEquals("{ ok: 1 }", refine[1]);
            assertEquals(
                    refine[0].substring("chunks before: ".length()),
                    refine[2].substring("chunks after:  ".length()),
                    "refineCollectionShardKey keeps every chunk on its shard");
            assertTrue(chunkTotal(refine[0]) >= 14, "a chunk or more per popular age: " + refine[0]);
            String[] reshard = on50.step(1).split("\n");
            assertEquals("{ ok: 1 }", reshard[1]);
            assertEquals(
                    refine[2].substring("chunks after:  ".length()), reshard[0].substring("chunks before: ".length()));
            assertEquals(90, on50.chunks().size(), "reshardCollection's 90 new chunks");
            assertTrue(
                    on50.chunksPerShard().values().stream().allMatch(n -> n == 22 || n == 23),
                    "placed round-robin: " + on50.chunksPerShard());
            assertEquals(400_000, on50.snapshot().documents(), "every document of the stream placed again");
            assertEquals(
                    io.shardlab.key.ShardKeyPattern.parse("{ name: 1 }"),
                    on50.snapshot().cluster().key());
            assertEquals(List.of(), on50.snapshot().oversizedOneValueChunks(), "no chunk left that cannot split");

            // 4.4: refine runs, reshard does not exist yet (before the first insert: the answers do not depend on it)
            StepsRun on44 = run(lesson.followUps().get(1).scenario(), lesson.shellSteps(), 0, 0, "1");
            String[] refine44 = on44.step(0).split("\n");
            assertEquals("{ ok: 1 }", refine44[1]);
            assertEquals(refine44[0].substring(15), refine44[2].substring(15));
            assertTrue(
                    on44.step(1).endsWith("MongoServerError[CommandNotFound]: no such command: 'reshardCollection'"),
                    on44.step(1));
            assertEquals(
                    io.shardlab.key.ShardKeyPattern.parse("{ age: 1, name: 1 }"),
                    on44.snapshot().cluster().key());
        });
        CLAIMS.put("sharding-workflow", lesson -> {
            StepsRun on70 = run(lesson.scenario(), lesson.shellSteps(), 0, "1");
            assertTrue(on70.step(0).contains("collectionsharded: 'mytable.mycoll'"), on70.step(0));
            assertTrue(on70.step(1).contains("shardKey: { name: 'hashed' }"), on70.step(1));
            assertTrue(on70.step(1).contains("'mytable.mycoll'"), on70.step(1));
            assertEquals(
                    "MongoServerError[ShardKeyNotFound]: Failed to target upsert by query :: could not extract exact shard key",
                    on70.step(2),
                    "7.0 refuses an upsert without the full shard key with MongoDB's text");
            assertTrue(on70.step(3).contains("upsertedCount: 1"), "the full key targets one shard: " + on70.step(3));

            StepsRun on80 = run(lesson.followUps().get(0).scenario(), lesson.shellSteps(), 0, "1");
            assertTrue(
                    on80.step(2).contains("upsertedCount: 1"),
                    "from 7.1 the same upsert runs as a write without shard key: " + on80.step(2));
        });
        CLAIMS.put("placement-and-move-collection", lesson -> {
            StepsRun on80 = run(
                    lesson.scenario(),
                    lesson.shellSteps(),
                    0,
                    "print(db.getSiblingDB('config').databases.findOne({ _id: 'shop' }).primary)");
            assertEquals(
                    "shop.orders (sharded): shard01, shard02, shard03\nshop.reviews (unsharded): shard01",
                    on80.step(0),
                    "a new unsharded collection lands on its database's primary shard");
            assertEquals(List.of("shard01"), on80.afterwards(), "shard01 is shop's primary shard");
            assertEquals(
                    "{ ok: 1 }\nshop.orders (sharded): shard01, shard02, shard03\nshop.reviews (unsharded): shard03",
                    on80.step(1));
            assertEquals("{ _id: 'shop.reviews', key: { _id: 1 }, unsplittable: true }", on80.step(2));
            assertEquals("shard03", on80.tiles().get("shop.reviews"), "the placement board's tile on shard03's lane");

            StepsRun on70 = run(lesson.followUps().get(0).scenario(), lesson.shellSteps(), 0, "1");
            assertTrue(on70.step(0).endsWith("Unrecognized pipeline stage name: '$listClusterCatalog'"), on70.step(0));
            assertEquals("MongoServerError[CommandNotFound]: no such command: 'moveCollection'", on70.step(1));
            assertEquals("null", on70.step(2), "7.0 does not track an unsharded collection");
        });
        CLAIMS.put("unshard-collection", lesson -> {
            // the stream plays a while (10 chart windows), then step 1 alone: every document on shard02
            StepsRun unsharded = run(lesson.scenario(), lesson.shellSteps().subList(0, 1), 10, 0, "1");
            assertEquals(
                    "chunks before: shard01: 1, shard02: 1, shard03: 1\n{ ok: 1 }\nchunks after:  shard02: 1",
                    unsharded.step(0));
            assertEquals("shard02", unsharded.tiles().get("shop.orders"), "a tile on shard02's lane");
            assertTrue(
                    unsharded.placement().keyLines().stream()
                            .noneMatch(k -> k.namespace().equals("shop.orders")),
                    "no key line left for shop.orders");

            // the ranged follow-up played to its end: nine chunks on three shards gathered into one
            StepsRun ranged = run(
                    lesson.followUps().get(0).scenario(), lesson.shellSteps().subList(0, 1), 110, 0, "1");
            assertEquals(
                    "chunks before: shard01: 1, shard02: 4, shard03: 4\n{ ok: 1 }\nchunks after:  shard02: 1",
                    ranged.step(0));
            assertEquals("shard02", ranged.tiles().get("shop.orders"));

            StepsRun spread = run(lesson.scenario(), lesson.shellSteps(), 10, 0, "1");
            assertTrue(spread.step(1).endsWith("chunks after:  shard01: 30, shard02: 30, shard03: 30"), spread.step(1));
            assertEquals(Map.of("shard01", 30L, "shard02", 30L, "shard03", 30L), spread.chunksPerShard());
        });
        CLAIMS.put("draining-a-shard", lesson -> {
            String removeShard = "printjson(db.adminCommand({ removeShard: 'shard03' }))";
            // step 1 at 20 chart windows into the 100 s stream: shard03 is marked draining at once
            StepsRun started = run(lesson.scenario(), lesson.shellSteps().subList(0, 1), 20, 0, "1");
            assertTrue(started.step(0).contains("state: 'started'"), started.step(0));
            assertTrue(
                    started.snapshot().shards().stream().anyMatch(s -> s.id().equals("shard03") && s.draining()),
                    "shard03's lane says it is draining");
            // steps 1 to 3 at once, then the stream plays on: step 2 again completes the removal
            StepsRun on80 = run(lesson.scenario(), lesson.shellSteps(), 20, 80, removeShard);
            assertTrue(on80.step(1).contains("state: 'ongoing'"), on80.step(1));
            assertTrue(on80.step(1).contains("chunks: Long('1')"), on80.step(1));
            assertTrue(on80.step(1).contains("collectionsToMove: []"), "8.0 lists the unsharded collections to move");
            assertEquals("MongoServerError[CommandNotFound]: no such command: 'shardDrainingStatus'", on80.step(2));
            assertTrue(
                    String.join("\n", on80.afterwards()).contains("state: 'completed'"), on80.afterwards()::toString);
            assertTrue(on80.chunksPerShard().keySet().stream().noneMatch("shard03"::equals), on80::toString);

            StepsRun on83 = run(lesson.followUps().get(0).scenario(), lesson.shellSteps(), 20, 0, "1");
            assertTrue(on83.step(2).contains("collectionsToMove: Long('0')"), on83.step(2));
            assertTrue(on83.step(2).contains("estimatedRemainingBytes: Long('"), on83.step(2));
            assertTrue(on83.step(2).contains("state: 'ongoing'"), on83.step(2));
        });
        CLAIMS.put("why-the-balancer-waits", lesson -> {
            // the 100 s stream played to its end (120 one-second chart windows)
            StepsRun on1Mb = run(lesson.scenario(), lesson.shellSteps(), 120, 0, "1");
            assertEquals(200_000, on1Mb.snapshot().documents());
            assertEquals("shard01: 5.54 MB\nshard02: 4.00 MB\nshard03: 4.00 MB", on1Mb.step(0));
            assertEquals("{ chunkSize: Long('1'), balancerCompliant: true, ok: 1 }", on1Mb.step(1));

            StepsRun on128Mb = run(lesson.followUps().get(0).scenario(), lesson.shellSteps(), 120, 0, "1");
            assertTrue(on128Mb.step(0).matches("shard01: [0-9.]+ MB"), "all on shard01: " + on128Mb.step(0));
            assertEquals("{ chunkSize: Long('128'), balancerCompliant: true, ok: 1 }", on128Mb.step(1));
        });
        CLAIMS.put("orphans-after-migration", lesson -> {
            String counts = lesson.shellSteps().get(0).script();
            // at the end of the two-minute stream (130 chart windows), then 900 s of stepping past the last commit
            StepsRun on80 = run(lesson.scenario(), lesson.shellSteps(), 130, ORPHAN_STEPS, counts);
            assertEquals(
                    "shard01: 92330 owned, 147670 orphaned\n"
                            + "shard02: 73835 owned, 0 orphaned\n"
                            + "shard03: 73835 owned, 0 orphaned",
                    on80.step(0));
            assertEquals(
                    List.of(
                            "shard01: 92330 owned, 0 orphaned",
                            "shard02: 73835 owned, 0 orphaned",
                            "shard03: 73835 owned, 0 orphaned"),
                    on80.afterwards(),
                    "8.0's range deleter has removed every orphan");
            assertEquals(List.of(), on80.snapshot().orphanedRanges(), "no ghost left on the lanes");

            StepsRun on82 = run(lesson.followUps().get(0).scenario(), lesson.shellSteps(), 130, ORPHAN_STEPS, counts);
            assertEquals(on80.step(0), on82.step(0), "the same migrations and orphans at the end of the stream");
            assertEquals(
                    "shard01: 92330 owned, 147670 orphaned", on82.afterwards().get(0), "8.2 keeps them");
            long lastCommit = on82.snapshot().orphanedRanges().stream()
                    .mapToLong(o -> o.migratedAtMillis())
                    .max()
                    .orElseThrow();
            assertTrue(
                    on82.snapshot().atMillis() - lastCommit >= 900_000,
                    "stepped 900 s past the last commit: " + (on82.snapshot().atMillis() - lastCommit) + " ms");
        });
    }

    /** The chunks of a step's "shard01: 5, shard02: 5" line. */
    private static int chunkTotal(String line) {
        return java.util.Arrays.stream(line.substring(line.indexOf(':') + 1).split(","))
                .mapToInt(part ->
                        Integer.parseInt(part.substring(part.indexOf(':') + 1).trim()))
                .sum();
    }

    @Test
    void every_lesson_with_shell_steps_has_its_claim_written_down_here() {
        assertEquals(
                LESSONS.stream()
                        .filter(l -> !l.shellSteps().isEmpty())
                        .map(Lesson::id)
                        .toList(),
                List.copyOf(CLAIMS.keySet()));
    }

    @Test
    void every_lessons_shell_steps_do_what_the_lesson_says() throws Exception {
        for (Lesson lesson : LESSONS) {
            Claim claim = CLAIMS.get(lesson.id());
            if (claim != null) {
                claim.check(lesson);
            }
        }
    }

    // ---- the file format and the panel's verb ----

    private static final String WITH_STEPS = """
            { "id": "t", "title": "T", "principle": "P.",
              "scenario": { "namespace": "a.b", "workload": "monotonic", "key": "{ counter: 1 }", "shards": 3,
                            "mongodbVersion": "8.0", "documents": 10, "docsPerSecond": 100, "why": "W." },
              "watch": [ "w" ], "askTheRoom": "A?",
              "shellSteps": [ { "label": "Split", "script": "sh.splitAt('a.b', { counter: 5 })\\nsh.status()" } ] }
            """;

    private static Lesson loadOne(String json) {
        Map<String, String> files = new java.util.HashMap<>();
        files.put(LessonCatalog.INDEX, "{ \"lessons\": [\"t.json\"] }");
        files.put(LessonCatalog.DIRECTORY + "t.json", json);
        return LessonCatalog.load(name -> Optional.ofNullable(files.get(name)), WORKLOADS)
                .lessons()
                .get(0);
    }

    @Test
    void a_lesson_file_lists_its_shell_steps_each_a_label_and_a_whole_input_over_lines() {
        assertEquals(
                List.of(new ShellStep("Split", "sh.splitAt('a.b', { counter: 5 })\nsh.status()")),
                loadOne(WITH_STEPS).shellSteps());
    }

    @org.junit.jupiter.params.ParameterizedTest(name = "{0}")
    @org.junit.jupiter.params.provider.CsvSource(delimiter = '|', textBlock = """
            an open brace        | for (let i = 0; i < 3; i++) {   | shellSteps[0].script: not a whole shell input: a brace, bracket, string or comment is left open
            an open string       | print('never closed)            | shellSteps[0].script: not a whole shell input: a brace, bracket, string or comment is left open
            a blank script       |                                 | shellSteps[0].script: must not be blank
            """)
    void a_step_that_is_not_a_whole_input_is_refused_naming_the_step(String what, String script, String message) {
        String broken =
                WITH_STEPS.replace("sh.splitAt('a.b', { counter: 5 })\\nsh.status()", script == null ? "" : script);
        InvalidLessonException e =
                org.junit.jupiter.api.Assertions.assertThrows(InvalidLessonException.class, () -> loadOne(broken));
        assertEquals("io/shardlab/lessons/t.json: " + message, e.getMessage());
    }

    @Test
    void a_step_with_an_unknown_field_is_refused_naming_the_fields_it_may_have() {
        InvalidLessonException e = org.junit.jupiter.api.Assertions.assertThrows(
                InvalidLessonException.class, () -> loadOne(WITH_STEPS.replace("\"script\"", "\"cmd\"")));
        assertEquals(
                "io/shardlab/lessons/t.json: shellSteps[0].cmd: unknown field; expected one of [commands, label, restore, script]",
                e.getMessage());
    }

    @Test
    void run_in_shell_starts_the_lessons_scenario_when_it_is_not_running_then_hands_the_snippet_to_the_panel() {
        RecordingLauncher launcher = new RecordingLauncher();
        LessonsViewModel vm = new LessonsViewModel(
                List.of(loadOne(WITH_STEPS)),
                launcher,
                new javafx.beans.property.SimpleBooleanProperty(false),
                () -> {});
        List<String> typed = new ArrayList<>();
        org.junit.jupiter.api.Assertions.assertFalse(vm.shellOfferedProperty().get(), "no panel, no steps shown");
        javafx.beans.property.BooleanProperty shellRunning = new javafx.beans.property.SimpleBooleanProperty(false);
        vm.offerShell(
                step -> {
                    typed.add(step.script());
                    shellRunning.set(true);
                },
                shellRunning);

        vm.runInShell(0);
        assertEquals(1, launcher.launched.size(), "the lesson's scenario starts first");
        assertEquals(List.of("sh.splitAt('a.b', { counter: 5 })\nsh.status()"), typed);
        assertEquals("Running 'Split' in the shell", vm.statusProperty().get());
        shellRunning.set(false);
        assertEquals(
                "Ran 'Split' in the shell: what it printed is in the Shell panel",
                vm.statusProperty().get(),
                "once the step has finished, the status says so");

        vm.runInShell(0);
        assertEquals(1, launcher.launched.size(), "a running scenario is not started again");
        assertEquals(2, typed.size());
    }

    /**
     * A step that states how many commands it sends (the panel's "n of N") states the number it sends when it runs
     * whole, and a step with a restore snippet leaves the balancer on after it (lesson 8 stops it for its loop).
     */
    @Test
    void a_steps_stated_command_count_is_what_it_sends_and_its_restore_leaves_the_balancer_on() throws Exception {
        for (Lesson lesson : LESSONS) {
            for (ShellStep step : lesson.shellSteps()) {
                if (step.commands() == 0 && step.restore().isBlank()) {
                    continue;
                }
                DaemonBackgroundTasks tasks = new DaemonBackgroundTasks();
                ExecutorSimulationThread thread =
                        new ExecutorSimulationThread(tasks.serial(ExecutorSimulationThread.THREAD_NAME));
                try {
                    ExplorerEngine engine = AppWiring.explorerEngine(thread, System::nanoTime, state -> {});
                    engine.paceCommandFrames(100);
                    engine.load(ResolvedScenario.of(lesson.scenario().toScenario(Optional.empty()), WORKLOADS));
                    AtomicLong sent = new AtomicLong();
                    CommandLayer layer = engine.shellCommandLayer();
                    CommandLayer counted = new CommandLayer() {
                        @Override
                        public BsonDocument run(String database, BsonDocument command) {
                            sent.incrementAndGet();
                            return layer.run(database, command);
                        }

                        @Override
                        public void sleep(long millis, Runnable check) {
                            layer.sleep(millis, check);
                        }
                    };
                    List<String> printed = new ArrayList<>();
                    ShellEngine shell = new ShellEngine(counted, printed::add, System::nanoTime, 80, 80);
                    shell.evaluate("1", "warm-up", false, Duration.ofMinutes(1));
                    long before = sent.get();
                    shell.evaluateInteractively(step.script(), Duration.ofMinutes(2));
                    if (step.commands() > 0) {
                        assertEquals(step.commands(), sent.get() - before, lesson.id() + ": " + step.label());
                    }
                    if (!step.restore().isBlank()) {
                        shell.evaluateInteractively("sh.stopBalancer()", Duration.ofMinutes(1));
                        shell.evaluateInteractively(step.restore(), Duration.ofMinutes(1));
                        printed.clear();
                        shell.evaluateInteractively("sh.getBalancerState()", Duration.ofMinutes(1));
                        assertEquals(List.of("true"), printed.subList(printed.size() - 1, printed.size()), lesson.id());
                    }
                } finally {
                    thread.close();
                    tasks.shutdown();
                }
            }
        }
    }
}
