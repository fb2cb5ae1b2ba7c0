package io.shardlab.ui.lessons;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardlab.routing.TargetingClass;
import io.shardlab.workload.WorkloadRegistry;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * What each lesson tells the room to watch is what ShardLab's in-memory cluster does: every shipped
 * scenario is played to its end as the explorer plays it ({@link ScenarioRun}) and checked against
 * its lesson's claims. A lesson whose text and simulation drift apart fails here, not in front of a
 * room.
 */
class LessonScenariosInSimulatorTest {

    private static final WorkloadRegistry WORKLOADS = WorkloadRegistry.standard();
    private static final List<Lesson> LESSONS = LessonCatalog.load(WORKLOADS).lessons();
    private static final long MB = 1024 * 1024;

    /**
     * The claims, by scenario: {@code "<lesson id>"} for a lesson's own scenario and
     * {@code "<lesson id>/<follow-up index>"} for a follow-up.
     */
    private static final Map<String, Consumer<ScenarioRun>> CLAIMS = new LinkedHashMap<>();

    static {
        CLAIMS.put("monotonic-key", run -> {
            // "at any moment one shard does all the inserting", while auto-split and top-chunk moves spread chunks
            assertTrue(run.meanMaxWriteShare() > 0.95, run.toString());
            assertTrue(run.splits() > 0 && run.migrations() > 0, run.toString());
            assertEquals(3, run.shardsWithChunks(), run.toString());
            assertTrue(run.busiestShardShare() < 0.9, "the hot spot moves between shards: " + run);
        });
        CLAIMS.put("monotonic-key/0", run -> {
            // "The writes never leave shard01"
            assertEquals(1.0, run.busiestShardShare(), run.toString());
            assertEquals(run.writes().inserts(), run.writes().writes("shard01"));
            assertTrue(run.migrations() > 0, "the balancer carves old ranges off: " + run);
        });
        CLAIMS.put("monotonic-key/1", run -> {
            assertEquals(3, run.chunks(), "one chunk per shard from the start: " + run);
            assertEquals(0, run.migrations(), run.toString());
            assertTrue(run.meanMaxWriteShare() < 0.4, run.toString());
        });
        CLAIMS.put("hashed-key", run -> {
            assertEquals(4, run.chunks(), run.toString());
            assertEquals(0, run.migrations(), "no migrations at all: " + run);
            assertTrue(run.meanMaxWriteShare() < 0.3, "about a quarter each: " + run);
        });
        CLAIMS.put("hashed-key/0", run -> assertEquals(1.0, run.busiestShardShare(), run.toString()));
        CLAIMS.put("hashed-key/1", run -> {
            assertEquals(8, run.chunks(), "two chunks per shard before 7.2: " + run);
            assertTrue(run.meanMaxWriteShare() < 0.3, run.toString());
        });
        CLAIMS.put("low-cardinality", run -> {
            assertEquals(7, run.chunks(), "one chunk per continent: " + run);
            assertEquals(7, run.shardsWithChunks(), "the eighth shard never gets one: " + run);
            assertTrue(run.jumboChunks() >= 1, "Asia turns jumbo: " + run);
            assertTrue(run.busiestShardShare() > 0.5, run.toString());
        });
        CLAIMS.put("low-cardinality/0", run -> {
            assertEquals(8, run.shardsWithChunks(), "all 8 shards fill: " + run);
            assertEquals(0, run.jumboChunks(), run.toString());
        });
        CLAIMS.put("low-cardinality/1", run -> {
            assertTrue(run.chunks() <= 100, run.toString());
            assertTrue(run.largestChunkBytes() > MB, "popular ages outgrow the limit: " + run);
            assertTrue(run.jumboChunks() >= 1, run.toString());
        });
        CLAIMS.put("postcode-granularity", run -> {
            assertTrue(run.largestChunkBytes() > 2 * MB, "a big state's chunk stays whole: " + run);
        });
        CLAIMS.put("postcode-granularity/0", run -> {
            assertTrue(run.largestChunkBytes() < 1.25 * MB, "ZIP-code chunks stay close to 1 MB: " + run);
        });
        CLAIMS.put("postcode-granularity/1", run -> {
            assertTrue(run.largestChunkBytes() < 1.25 * MB, run.toString());
        });
        CLAIMS.put("coarse-time-then-user", run -> {
            assertTrue(run.busiestShardShare() > 0.9, "the writes stay on one shard: " + run);
            assertTrue(run.migrations() > 0, run.toString());
        });
        CLAIMS.put("coarse-time-then-user/0", run -> {
            assertTrue(run.meanMaxWriteShare() < 0.3, "each month's writes go to all four shards: " + run);
        });
        CLAIMS.put("inbox", run -> {
            assertTrue(run.meanMaxWriteShare() < 0.4, "deliveries land on every shard: " + run);
            assertEquals(1, run.shardsReached("{ owner: 'user01714' }"), "an inbox read reaches one shard");
        });
        CLAIMS.put("inbox/0", run -> assertEquals(1.0, run.busiestShardShare(), run.toString()));
        CLAIMS.put("multiple-identities", run -> assertEquals(3, run.shardsWithChunks(), run.toString()));
        CLAIMS.put("multiple-identities/0", run -> assertEquals(3, run.shardsWithChunks(), run.toString()));
        CLAIMS.put("presplit-timestamps", run -> {
            assertEquals(1441, run.chunks(), run.toString());
            assertTrue(run.busiestShardShare() < 0.34, "a third each: " + run);
            assertTrue(run.meanMaxWriteShare() < 0.45, "a new shard every minute: " + run);
            assertEquals(3, run.shardsReached(
                    "{ _id: { $gte: ISODate('2024-01-01T03:00:00Z'), $lt: ISODate('2024-01-01T04:00:00Z') } }"));
        });
        CLAIMS.put("presplit-timestamps/0", run -> assertEquals(1.0, run.busiestShardShare(), run.toString()));
        CLAIMS.put("random-key-cold-data", run -> {
            assertTrue(run.splits() >= 20, "splits all along the line: " + run);
            assertTrue(run.migrations() > 0, run.toString());
            assertTrue(meanMaxWriteShareOfLastHalf(run) < 0.45, "once chunks sit on every shard, writes are even");
        });
        CLAIMS.put("random-key-cold-data/0", run -> assertTrue(run.meanMaxWriteShare() > 0.9, run.toString()));
        CLAIMS.put("sharding-workflow", run -> {
            assertEquals(6, run.chunks(), "shardCollection on a hashed key: two chunks per shard before 7.2: " + run);
            assertTrue(run.meanMaxWriteShare() < 0.45, "hashed names spread the writes: " + run);
        });
        CLAIMS.put("sharding-workflow/0", run -> {
            assertEquals(3, run.chunks(), "one chunk per shard from 7.2: " + run);
            assertTrue(run.meanMaxWriteShare() < 0.45, run.toString());
        });
    }

    private static double meanMaxWriteShareOfLastHalf(ScenarioRun run) {
        var windows = run.writes().windows();
        return windows.subList(windows.size() / 2, windows.size()).stream()
                .mapToDouble(w -> w.maxWriteShare()).average().orElseThrow();
    }

    private record Named(String name, LessonScenario scenario) {
    }

    private static List<Named> scenarios() {
        List<Named> all = new ArrayList<>();
        for (Lesson lesson : LESSONS) {
            all.add(new Named(lesson.id(), lesson.scenario()));
            for (int i = 0; i < lesson.followUps().size(); i++) {
                all.add(new Named(lesson.id() + "/" + i, lesson.followUps().get(i).scenario()));
            }
        }
        return all;
    }

    @Test
    void every_shipped_scenario_has_its_claims_written_down_here() {
        assertEquals(scenarios().stream().map(Named::name).toList(), List.copyOf(CLAIMS.keySet()));
    }

    @TestFactory
    Stream<DynamicTest> every_scenario_plays_to_its_end_and_does_what_its_lesson_says() {
        return scenarios().stream().map(named -> DynamicTest.dynamicTest(named.name(), () -> {
            ScenarioRun run = ScenarioRun.play(named.scenario(), WORKLOADS);
            assertEquals(named.scenario().base().documents(), run.writes().inserts());
            for (LessonQuery q : named.scenario().queries()) {
                int reached = run.shardsReached(q.filter());
                if (q.expected() == TargetingClass.SINGLE_SHARD) {
                    assertEquals(1, reached, q.label());
                } else if (q.expected() == TargetingClass.SCATTER_GATHER) {
                    assertEquals(run.shardsWithChunks(), reached, q.label() + " asks every shard that owns chunks");
                } else {
                    assertTrue(reached >= 1 && reached <= run.shardsWithChunks(), q.label());
                }
            }
            CLAIMS.get(named.name()).accept(run);
        }));
    }
}
