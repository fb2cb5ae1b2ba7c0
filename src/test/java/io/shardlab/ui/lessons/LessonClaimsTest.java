package io.shardlab.ui.lessons;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardlab.cluster.ChunkStatistics;
import io.shardlab.session.AppWiring;
import io.shardlab.session.EngineState;
import io.shardlab.session.ExplorerEngine;
import io.shardlab.session.ExplorerFrame;
import io.shardlab.session.FakeClock;
import io.shardlab.session.ManualSimulationThread;
import io.shardlab.session.PlaybackSpeed;
import io.shardlab.session.ResolvedScenario;
import io.shardlab.text.Language;
import io.shardlab.ui.explorer.playback.PlaybackViewModel;
import io.shardlab.workload.WorkloadRegistry;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Every number a lesson states, in English and in Chinese, is the number the explorer shows when the scenario has
 * played to its end: each row quotes the claim as the lesson's texts (watch lines, follow-up notes) say it in both
 * languages and names the figure it states. The scenarios play as the explorer plays them (its engine at full
 * speed, headless), and the counters are read from the transport bar's own view model, which counts from the first
 * insert and says the set-up's splits and moves apart.
 */
class LessonClaimsTest {

    private static final WorkloadRegistry WORKLOADS = WorkloadRegistry.standard();
    private static final List<Lesson> ENGLISH =
            LessonCatalog.load(WORKLOADS, Language.ENGLISH).lessons();
    private static final List<Lesson> CHINESE =
            LessonCatalog.load(WORKLOADS, Language.SIMPLIFIED_CHINESE).lessons();
    /** Each scenario is played once for all its rows. */
    private static final Map<String, Ending> PLAYED = new HashMap<>();

    /** A figure the counters or the number line show at the end of play. */
    enum Figure {
        /** The transport bar's chunk count. */
        CHUNKS,
        /** The transport bar's migration count: moves after the set-up, by the balancer or the stream's steps. */
        MIGRATIONS,
        /** The transport bar's jumbo count. */
        JUMBO,
        /** Shards that own at least one chunk (the lanes with chunks). */
        SHARDS_WITH_CHUNKS,
        /** The fewest chunks any shard holds. */
        FEWEST_CHUNKS_ON_A_SHARD,
        /** The most chunks any shard holds. */
        MOST_CHUNKS_ON_A_SHARD,
        /** The largest chunk's share of the documents, in whole percent. */
        LARGEST_CHUNK_PERCENT_OF_DOCUMENTS
    }

    @ParameterizedTest(name = "{0}: \"{1}\" → {3} = {4}")
    @CsvSource(delimiter = '|', textBlock = """
            # scenario                       | English claim                        | Chinese claim             | figure                        | value
            monotonic-key/1                  | one chunk per shard from the start   | 一开始每个分片就有一个数据块 | MOST_CHUNKS_ON_A_SHARD        | 1
            monotonic-key/1                  | one chunk per shard from the start   | 一开始每个分片就有一个数据块 | SHARDS_WITH_CHUNKS            | 3
            hashed-key                       | with no migrations at all            | 完全没有迁移               | MIGRATIONS                    | 0
            hashed-key/1                     | eight chunks on four shards          | 四个分片共八个数据块         | CHUNKS                        | 8
            low-cardinality                  | Splits stop at 7 chunks              | 分割停在 7 个数据块         | CHUNKS                        | 7
            low-cardinality                  | the eighth shard never gets one      | 第八个分片永远分不到数据块   | SHARDS_WITH_CHUNKS            | 7
            low-cardinality                  | it is marked jumbo                   | 它被标记为巨型数据块         | JUMBO                         | 1
            low-cardinality/0                | all 8 shards fill                    | 8 个分片全都用上            | SHARDS_WITH_CHUNKS            | 8
            low-cardinality/0                | nothing turns jumbo                  | 没有巨型数据块              | JUMBO                         | 0
            equal-chunks-unequal-data        | Each shard holds 15 chunks           | 每个分片就有 15 个数据块     | FEWEST_CHUNKS_ON_A_SHARD      | 15
            equal-chunks-unequal-data        | Each shard holds 15 chunks           | 每个分片就有 15 个数据块     | MOST_CHUNKS_ON_A_SHARD        | 15
            equal-chunks-unequal-data        | the balancer never moves one         | 负载均衡器一个也不迁移       | MIGRATIONS                    | 0
            why-chunks-exist                 | Four chunks hold 185 MB              | 四个数据块装着 185 MB       | CHUNKS                        | 4
            why-chunks-exist                 | here up to half of them              | 这里最多是一半的客户         | LARGEST_CHUNK_PERCENT_OF_DOCUMENTS | 50
            shard-key-cannot-simply-change   | three turn jumbo                     | 其中三个变成巨型数据块       | JUMBO                         | 3
            shard-key-cannot-simply-change/0 | nothing jumbo                        | 也没有巨型数据块            | JUMBO                         | 0
            """)
    void the_figure_a_lesson_states_is_the_one_the_explorer_shows(
            String scenario, String english, String chinese, Figure figure, long value) {
        // given the claim, word for word, in the scenario's texts in both languages
        assertTrue(textsOf(ENGLISH, scenario).contains(english), scenario + " says \"" + english + "\"");
        assertTrue(textsOf(CHINESE, scenario).contains(chinese), scenario + " says \"" + chinese + "\"");

        // when the scenario has played to its end in the explorer
        Ending ending = PLAYED.computeIfAbsent(scenario, LessonClaimsTest::play);

        // then the figure is the one the lesson states
        assertEquals(value, ending.figure(figure), scenario + " " + figure + ": " + ending);
    }

    /** The lesson's scenario ({@code "id"}) or follow-up ({@code "id/index"}). */
    private static LessonScenario scenarioNamed(String name) {
        String[] parts = name.split("/");
        Lesson lesson = lesson(ENGLISH, parts[0]);
        return parts.length == 1
                ? lesson.scenario()
                : lesson.followUps().get(Integer.parseInt(parts[1])).scenario();
    }

    private static Lesson lesson(List<Lesson> lessons, String id) {
        return lessons.stream().filter(l -> l.id().equals(id)).findFirst().orElseThrow();
    }

    /**
     * What the room reads beside the scenario: the lesson's principle and watch lines for its own scenario, the
     * follow-up's note for a follow-up.
     */
    private static String textsOf(List<Lesson> lessons, String name) {
        String[] parts = name.split("/");
        Lesson lesson = lesson(lessons, parts[0]);
        if (parts.length == 1) {
            return lesson.principle() + "\n" + String.join("\n", lesson.watch());
        }
        return lesson.followUps().get(Integer.parseInt(parts[1])).note();
    }

    /** Plays the scenario to its end at full speed, as the explorer's Play does, and reads its counters. */
    private static Ending play(String name) {
        ManualSimulationThread thread = new ManualSimulationThread();
        FakeClock clock = new FakeClock();
        List<EngineState> published = new ArrayList<>();
        ExplorerEngine engine = AppWiring.explorerEngine(thread, clock, published::add);
        engine.load(ResolvedScenario.of(scenarioNamed(name).base(), WORKLOADS));
        thread.tick();
        engine.speed(PlaybackSpeed.MAX);
        engine.play();
        clock.stepPerReadingMillis(1);
        for (int ticks = 0; thread.repeating(); ticks++) {
            assertTrue(ticks < 100_000, "play stops when the stream has finished");
            thread.tick();
        }
        EngineState.Running last = assertInstanceOf(EngineState.Running.class, published.get(published.size() - 1));
        assertTrue(last.frame().stream().finished(), name + " played to its end");
        PlaybackViewModel counters = new PlaybackViewModel(engine);
        counters.show(last);
        return new Ending(counters, last.frame());
    }

    /** The transport bar's counters and the frame on show at the end of play. */
    private record Ending(PlaybackViewModel counters, ExplorerFrame frame) {

        long figure(Figure figure) {
            return switch (figure) {
                case CHUNKS -> shown(counters.chunksTextProperty().get());
                case MIGRATIONS -> shown(counters.migrationsTextProperty().get());
                case JUMBO -> shown(counters.jumboTextProperty().get());
                case SHARDS_WITH_CHUNKS -> chunksByShard().size();
                case FEWEST_CHUNKS_ON_A_SHARD ->
                    chunksByShard().values().stream()
                            .mapToLong(Long::longValue)
                            .min()
                            .orElse(0);
                case MOST_CHUNKS_ON_A_SHARD ->
                    chunksByShard().values().stream()
                            .mapToLong(Long::longValue)
                            .max()
                            .orElse(0);
                case LARGEST_CHUNK_PERCENT_OF_DOCUMENTS ->
                    Math.round(100.0
                            * statistics()
                                    .mapToLong(ChunkStatistics::documents)
                                    .max()
                                    .orElse(0)
                            / statistics().mapToLong(ChunkStatistics::documents).sum());
            };
        }

        private static long shown(String counter) {
            return Long.parseLong(counter.replace(",", ""));
        }

        private Stream<ChunkStatistics> statistics() {
            return frame.cluster().chunkStatistics().stream();
        }

        private Map<String, Long> chunksByShard() {
            Map<String, Long> out = new TreeMap<>();
            statistics().forEach(c -> out.merge(c.chunk().shard(), 1L, Long::sum));
            return out;
        }

        @Override
        public String toString() {
            return "chunks " + counters.chunksTextProperty().get() + ", splits "
                    + counters.splitsTextProperty().get() + ", migrations "
                    + counters.migrationsTextProperty().get() + ", jumbo "
                    + counters.jumboTextProperty().get()
                    + ", set-up " + counters.setupTextProperty().get() + ", chunks by shard " + chunksByShard();
        }
    }
}
