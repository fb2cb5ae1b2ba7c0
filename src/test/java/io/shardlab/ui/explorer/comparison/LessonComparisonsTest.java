package io.shardlab.ui.explorer.comparison;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardlab.cluster.Chunk;
import io.shardlab.cluster.ChunkStatistics;
import io.shardlab.session.AppWiring;
import io.shardlab.session.EngineState;
import io.shardlab.session.ExplorerFrame;
import io.shardlab.session.FakeClock;
import io.shardlab.session.LockstepEngine;
import io.shardlab.session.ManualSimulationThread;
import io.shardlab.session.PlaybackSpeed;
import io.shardlab.session.Scenario;
import io.shardlab.sim.SimulationSnapshot;
import io.shardlab.text.Language;
import io.shardlab.text.Message;
import io.shardlab.text.Messages;
import io.shardlab.ui.lessons.FollowUp;
import io.shardlab.ui.lessons.Lesson;
import io.shardlab.ui.lessons.LessonCatalog;
import io.shardlab.workload.WorkloadRegistry;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import javafx.beans.property.SimpleBooleanProperty;
import org.junit.jupiter.api.Test;

/** The lessons' Compare follow-ups played side by side, headless, as the comparison view plays them. */
class LessonComparisonsTest {

    private static final List<Lesson> LESSONS =
            LessonCatalog.load(WorkloadRegistry.standard()).lessons();

    private final ManualSimulationThread thread = new ManualSimulationThread();
    private final FakeClock clock = new FakeClock();
    private final List<LockstepEngine.Pair> published = new ArrayList<>();
    private ComparisonViewModel vm;

    /** Opens the comparison of {@code lesson}'s scenario with its follow-up and plays it to the end at full speed. */
    private void playToTheEnd(Lesson lesson, FollowUp followUp) {
        ComparisonViewModel[] holder = new ComparisonViewModel[1];
        LockstepEngine engine = AppWiring.lockstepEngine(
                thread,
                clock,
                pair -> {
                    published.add(pair);
                    holder[0].accept(pair);
                },
                () -> false);
        vm = new ComparisonViewModel(
                engine, WorkloadRegistry.standard(), new SimpleBooleanProperty(false), Runnable::run);
        holder[0] = vm;
        vm.open(
                Message.of("common.verbatim", followUp.label()),
                lesson.scenario().base(),
                followUp.scenario().base());
        vm.transport().chooseSpeed(PlaybackSpeed.MAX);
        vm.transport().play();
        clock.stepPerReadingMillis(1); // a full-speed tick then works through 16 grid steps
        for (int ticks = 0; thread.repeating(); ticks++) {
            assertTrue(ticks < 10_000, "play stops when both sides have finished");
            thread.tick();
        }
    }

    private ExplorerFrame last(LockstepEngine.Side side) {
        return assertInstanceOf(
                        EngineState.Running.class,
                        published.get(published.size() - 1).of(side))
                .frame();
    }

    private static double topChunkShare(SimulationSnapshot s) {
        List<ChunkStatistics> stats = s.chunkStatistics();
        long total = stats.stream().mapToLong(ChunkStatistics::documents).sum();
        return (double) stats.get(stats.size() - 1).documents() / total;
    }

    private static long[] writesPerShard(ExplorerFrame f) {
        return Arrays.stream(f.writes().byRow())
                .mapToLong(row -> Arrays.stream(row).sum())
                .toArray();
    }

    @Test
    void monotonicKeyOnFiveAutoSplitsTheTopChunkWhileOnEightOneChunkGrowsOnShardOne() {
        Lesson lesson = LESSONS.stream()
                .filter(l -> l.id().equals("monotonic-key"))
                .findFirst()
                .orElseThrow();
        FollowUp onEight = lesson.followUps().get(0);
        assertEquals("8.0", onEight.scenario().base().version().toString());

        playToTheEnd(lesson, onEight);

        ExplorerFrame five = last(LockstepEngine.Side.LEFT);
        ExplorerFrame eight = last(LockstepEngine.Side.RIGHT);
        assertEquals(200_000, five.stream().inserted());
        assertEquals(200_000, eight.stream().inserted());
        // 5.0: the top chunk keeps splitting, so it holds a sliver (measured 9,923 of 200,000) and the hot shard
        // takes turns: writes landed on every shard
        assertTrue(topChunkShare(five.cluster()) < 0.1, "5.0's top chunk: " + topChunkShare(five.cluster()));
        assertTrue(Arrays.stream(writesPerShard(five)).allMatch(w -> w > 0), Arrays.toString(writesPerShard(five)));
        // 8.0: no auto-split; one chunk grows on shard01 (measured 81,864 of 200,000) and every write lands there
        assertTrue(topChunkShare(eight.cluster()) > 0.3, "8.0's top chunk: " + topChunkShare(eight.cluster()));
        List<Chunk> chunks = eight.cluster().cluster().chunks().chunks();
        assertEquals("shard01", chunks.get(chunks.size() - 1).shard());
        long[] writes = writesPerShard(eight);
        assertEquals(200_000, writes[eight.shardIds().indexOf("shard01")], Arrays.toString(writes));
        // the charts share one time axis: the same windows over the same simulated time
        assertEquals(five.writes().windowMillis(), eight.writes().windowMillis());
        assertEquals(five.writes().windows(), eight.writes().windows());
    }

    @Test
    void everyCompareFollowUpOfTheShippedLessonsStreamsAtTheLessonsPaceSoItOpensSideBySide() {
        List<String> alone = new ArrayList<>();
        for (Lesson lesson : LESSONS) {
            for (FollowUp f : lesson.followUps()) {
                lesson.scenario()
                        .base()
                        .lockstepDifference(f.scenario().base())
                        .ifPresent(d -> alone.add(lesson.id() + " / " + f.label() + ": " + d));
            }
        }
        assertEquals(List.of(), alone, "a follow-up that changes the pace runs alone, not side by side");
    }

    @Test
    void theTwoCaptionsOfEveryShippedComparisonNameWhatDiffersBetweenTheSides() {
        List<String> alike = new ArrayList<>();
        for (Lesson lesson : LESSONS) {
            for (FollowUp f : lesson.followUps()) {
                var mine = lesson.scenario().base();
                var theirs = f.scenario().base();
                String left = caption(mine, theirs);
                String right = caption(theirs, mine);
                if (left.equals(right)) {
                    alike.add(lesson.id() + " / " + f.label() + ": " + left);
                }
            }
        }
        assertEquals(List.of(), alike, "both sides of a comparison read alike");
    }

    @Test
    void theUsAndTheUkBookOfLessonFourAreToldApartByTheirWorkloads() {
        Lesson lesson = LESSONS.stream()
                .filter(l -> l.id().equals("postcode-granularity"))
                .findFirst()
                .orElseThrow();
        var us = lesson.scenario().base();
        var uk = lesson.followUps().get(0).scenario().base();

        assertEquals("MongoDB 5.0 · { postcode: 1 } · 1 MB chunks · 4 shards · us-addresses", caption(us, uk));
        assertEquals("MongoDB 5.0 · { postcode: 1 } · 1 MB chunks · 4 shards · uk-addresses", caption(uk, us));
        // and in Chinese, in the manual's words (the workload's name is a name, and stays)
        assertEquals(
                "MongoDB 5.0 · { postcode: 1 } · 1 MB 数据块 · 4 个分片 · us-addresses",
                Messages.of(Language.SIMPLIFIED_CHINESE).text(ComparisonSideViewModel.caption(us, uk)));
    }

    private static String caption(Scenario side, Scenario other) {
        return Messages.of(Language.ENGLISH).text(ComparisonSideViewModel.caption(side, other));
    }

    @Test
    void aSideWithoutZonesSaysSoBesideTheSideWithThem() {
        Lesson lesson = LESSONS.stream()
                .filter(l -> l.id().equals("zones-keep-data-in-region"))
                .findFirst()
                .orElseThrow();
        var zoned = lesson.scenario().base();
        var unzoned = lesson.followUps().get(0).scenario().base();

        assertTrue(caption(zoned, unzoned).endsWith(" · zones EU, NA"));
        assertTrue(caption(unzoned, zoned).endsWith(" · no zones"));
        assertTrue(Messages.of(Language.SIMPLIFIED_CHINESE)
                .text(ComparisonSideViewModel.caption(unzoned, zoned))
                .endsWith(" · 无区域"));
    }
}
