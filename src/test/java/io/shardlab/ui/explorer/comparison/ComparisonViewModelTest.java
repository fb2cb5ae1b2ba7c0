package io.shardlab.ui.explorer.comparison;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardlab.cluster.ChunkStatistics;
import io.shardlab.cluster.MongoVersion;
import io.shardlab.key.ShardKey;
import io.shardlab.render.MigrationMarks;
import io.shardlab.render.Scale;
import io.shardlab.render.Viewport;
import io.shardlab.session.AppWiring;
import io.shardlab.session.EngineState;
import io.shardlab.session.ExplorerFrame;
import io.shardlab.session.ExplorerSession;
import io.shardlab.session.FakeClock;
import io.shardlab.session.LockstepEngine;
import io.shardlab.session.ManualSimulationThread;
import io.shardlab.session.PlaybackSpeed;
import io.shardlab.session.Scenario;
import io.shardlab.sim.MoveChunk;
import io.shardlab.sim.SetBalancerState;
import io.shardlab.text.Language;
import io.shardlab.text.Message;
import io.shardlab.text.Messages;
import io.shardlab.text.RefusedInput;
import io.shardlab.ui.explorer.balancer.BalancerWhy;
import io.shardlab.workload.WorkloadRegistry;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import javafx.beans.property.SimpleBooleanProperty;
import org.bson.BsonDocument;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Two explorers in lockstep, driven as the comparison's View drives them: a synchronous simulation thread, a
 * hand-moved clock, every published pair kept.
 */
class ComparisonViewModelTest {

    private static final Messages ENGLISH = Messages.of(Language.ENGLISH);

    private final ManualSimulationThread thread = new ManualSimulationThread();
    private final FakeClock clock = new FakeClock();
    private final List<LockstepEngine.Pair> published = new ArrayList<>();
    private ComparisonViewModel vm;

    private static final Scenario COUNTER = Scenario.of("{ counter: 1 }", "monotonic")
            .withDocuments(20_000)
            .withChunkSizeMegabytes(1)
            .withVersion(MongoVersion.parse("5.0"));

    private LockstepEngine engine;

    @BeforeEach
    void setUp() {
        ComparisonViewModel[] holder = new ComparisonViewModel[1];
        engine = AppWiring.lockstepEngine(
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
    }

    /** Steps until both sides' layouts carry chunk sizes, so the data-size scale is offered (at most 10 steps). */
    private void stepUntilBothSidesKnowTheirSizes() {
        for (int i = 0; i < 10 && !vm.scales().contains(Scale.DATA_SIZE); i++) {
            vm.transport().step();
        }
        assertTrue(vm.scales().contains(Scale.DATA_SIZE), "both sides offer the data-size scale: " + vm.scales());
    }

    private LockstepEngine.Pair last() {
        return published.get(published.size() - 1);
    }

    /** A heading as a lesson's follow-up names it: its own words. */
    private static Message heading(String words) {
        return Message.of("common.verbatim", words);
    }

    private static EngineState.Running running(EngineState state) {
        return assertInstanceOf(EngineState.Running.class, state);
    }

    /** The stream's own value of every insert mark: the key, or for a hashed key the value before hashing. */
    private static List<ShardKey> markedValues(ExplorerFrame frame) {
        return frame.inserts().stream()
                .map(m -> m.valueBeforeHashing().orElse(m.key()))
                .toList();
    }

    private static long documentsInChunks(ExplorerFrame frame) {
        return frame.cluster().chunkStatistics().stream()
                .mapToLong(ChunkStatistics::documents)
                .sum();
    }

    @Test
    void afterEveryTickBothSidesHaveSeenTheSameDocumentsAtTheSameSimulatedTime() {
        // given a ranged key on 5.0 beside a hashed key on 8.0, the same stream
        vm.open(
                heading("Hashed on 8.0"),
                COUNTER,
                COUNTER.withKeyPattern("{ counter: 'hashed' }").withVersion(MongoVersion.parse("8.0")));
        vm.transport().chooseSpeed(PlaybackSpeed.X1);
        vm.transport().play();

        // when time runs for a few hundred ticks of uneven length
        long[] tickMillis = {7, 16, 33, 16, 90};
        for (int i = 0; i < 300; i++) {
            clock.advanceMillis(tickMillis[i % tickMillis.length]);
            thread.tick();
            // then after every tick both sides are at the same point of the same stream
            ExplorerFrame left = running(last().left()).frame();
            ExplorerFrame right = running(last().right()).frame();
            assertEquals(left.stream().inserted(), right.stream().inserted(), "tick " + i);
            assertEquals(
                    left.cluster().atMillis() - left.stream().startMillis(),
                    right.cluster().atMillis() - right.stream().startMillis(),
                    "tick " + i);
            assertEquals(markedValues(left), markedValues(right), "the same documents, tick " + i);
            assertEquals(documentsInChunks(left), documentsInChunks(right), "tick " + i);
        }
        assertTrue(running(last().left()).frame().stream().inserted() > 5_000, "the stream moved on");
    }

    @Test
    void onePausePausesBothSidesAndOnePlayPlaysBoth() {
        vm.open(heading("On 8.0"), COUNTER, COUNTER.withVersion(MongoVersion.parse("8.0")));

        vm.transport().play();
        assertTrue(running(last().left()).playing() && running(last().right()).playing());
        assertTrue(vm.transport().playingProperty().get());
        clock.advanceMillis(50);
        thread.tick();

        vm.transport().pause();
        assertFalse(running(last().left()).playing() || running(last().right()).playing());
        assertFalse(thread.repeating(), "no tick left to run either side");
        long inserted = running(last().left()).frame().stream().inserted();
        assertTrue(inserted > 0);
        assertEquals(inserted, running(last().right()).frame().stream().inserted());
    }

    @Test
    void aStepLetsOneChartWindowPassOnBothSides() {
        vm.open(heading("On 8.0"), COUNTER, COUNTER.withVersion(MongoVersion.parse("8.0")));
        ExplorerFrame before = running(last().left()).frame();

        vm.transport().step();

        ExplorerFrame left = running(last().left()).frame();
        ExplorerFrame right = running(last().right()).frame();
        assertEquals(
                before.writes().windowMillis(),
                left.cluster().atMillis() - before.cluster().atMillis());
        assertEquals(left.stream().inserted(), right.stream().inserted());
        assertEquals(
                2_000 * before.writes().windowMillis() / 1000, left.stream().inserted());
    }

    @Test
    void bothNumberLinesShowTheOneScaleChosenAndOneZoomWhenTheKeysAreTheSame() {
        vm.open(heading("On 8.0"), COUNTER, COUNTER.withVersion(MongoVersion.parse("8.0")));
        stepUntilBothSidesKnowTheirSizes();

        vm.chooseScale(Scale.DATA_SIZE);
        assertEquals(Scale.DATA_SIZE, vm.left().numberLine().scaleProperty().get());
        assertEquals(Scale.DATA_SIZE, vm.right().numberLine().scaleProperty().get());

        vm.left().numberLine().zoomIn();
        Viewport zoomed = vm.left().numberLine().viewportProperty().get();
        assertTrue(zoomed.span() < 1);
        assertEquals(zoomed, vm.right().numberLine().viewportProperty().get());
        vm.right().numberLine().fit();
        assertEquals(Viewport.FULL, vm.left().numberLine().viewportProperty().get());
    }

    @Test
    void theScalesBothSidesOfferStayFollowedAfterAGarbageCollection() {
        // given the comparison built, and a collection of what nothing holds
        System.gc();

        // when a comparison opens and its sides learn their chunk sizes
        vm.open(heading("On 8.0"), COUNTER, COUNTER.withVersion(MongoVersion.parse("8.0")));

        // then the data-size scale is offered for both
        stepUntilBothSidesKnowTheirSizes();
    }

    @Test
    void twoDifferentKeysShareTheScaleButNotTheZoom() {
        vm.open(heading("Hashed"), COUNTER, COUNTER.withKeyPattern("{ counter: 'hashed' }"));
        stepUntilBothSidesKnowTheirSizes();

        vm.chooseScale(Scale.DATA_SIZE);
        assertEquals(Scale.DATA_SIZE, vm.right().numberLine().scaleProperty().get());
        vm.left().numberLine().zoomIn();
        assertEquals(
                Viewport.FULL,
                vm.right().numberLine().viewportProperty().get(),
                "a part of one key space is no part of the other's");
    }

    @Test
    void twoScenariosThatDoNotPlayTheSameStreamAreRefusedNamingTheField() {
        IllegalArgumentException e = assertThrows(
                IllegalArgumentException.class,
                () -> vm.open(heading("Faster"), COUNTER, COUNTER.withDocsPerSecond(5_000)));
        assertEquals("docsPerSecond: both sides must stream at the same pace, got 2000.0 and 5000.0", e.getMessage());
        assertFalse(vm.openProperty().get());

        e = assertThrows(
                IllegalArgumentException.class,
                () -> vm.open(heading("Bad key"), COUNTER, COUNTER.withKeyPattern("{ counter: 2 }")));
        assertTrue(e.getMessage().startsWith("right side: keyPattern: "), e.getMessage());
    }

    @Test
    void aRefusedComparisonIsSaidInChinese() {
        Messages chinese = Messages.of(Language.SIMPLIFIED_CHINESE);

        RefusedInput pace = assertThrows(
                RefusedInput.class, () -> vm.open(heading("Faster"), COUNTER, COUNTER.withDocsPerSecond(5_000)));
        RefusedInput key = assertThrows(
                RefusedInput.class,
                () -> vm.open(heading("Bad key"), COUNTER, COUNTER.withKeyPattern("{ counter: 2 }")));

        assertEquals("docsPerSecond：两侧必须以相同的速度写入，实际为 2000.0 和 5000.0", chinese.text(pace.said()));
        assertTrue(chinese.text(key.said()).startsWith("右侧：keyPattern："), chinese.text(key.said()));
    }

    @Test
    void twoStreamsOfDifferentLengthsCountWritesInTheSameWindowsAndKeepInLockstepUntilTheShorterEnds() {
        // given a key on fields only another workload has, and a longer stream on that side
        Scenario users = Scenario.of("{ month: 1, user: 1 }", "compound-month-user")
                .withDocuments(30_000)
                .withChunkSizeMegabytes(1)
                .withVersion(MongoVersion.parse("5.0"));
        vm.open(heading("Compound"), COUNTER, users);
        assertEquals(
                "{ counter: 1 } vs { month: 1, user: 1 } · 20,000 vs 30,000 documents · monotonic vs "
                        + "compound-month-user documents · the same pace, in lockstep",
                ENGLISH.text(vm.differencesProperty().get()));

        // when ten chart windows pass
        for (int i = 0; i < 10; i++) {
            vm.transport().step();
        }

        // then both sides got the same count, counted in windows of the same length: one time axis
        ExplorerFrame left = running(last().left()).frame();
        ExplorerFrame right = running(last().right()).frame();
        assertEquals(left.stream().inserted(), right.stream().inserted());
        assertEquals(ExplorerSession.windowMillis(30_000, 2_000), left.writes().windowMillis());
        assertEquals(left.writes().windowMillis(), right.writes().windowMillis());
        assertEquals(left.writes().windows(), right.writes().windows());
    }

    @Test
    void aSideTheClusterRefusesShowsItsErrorAndNothingPlays() {
        vm.open(heading("Missing field"), COUNTER, COUNTER.withKeyPattern("{ nothere: 1 }"));

        running(last().left());
        EngineState.Failed failed = assertInstanceOf(EngineState.Failed.class, last().right());
        assertTrue(
                ENGLISH.text(vm.right().loadErrorProperty().get()).contains("nothere"),
                ENGLISH.text(vm.right().loadErrorProperty().get()));
        assertEquals(
                failed.message(), ENGLISH.text(vm.right().loadErrorProperty().get()));
        vm.transport().play();
        assertFalse(thread.repeating());
    }

    @Test
    void theCaptionsSayWhatEachSideIsAndWhatDiffers() {
        vm.open(
                heading("On 8.0"),
                COUNTER,
                COUNTER.withVersion(MongoVersion.parse("8.0")).withChunkSizeMegabytes(0));

        assertEquals(
                "MongoDB 5.0 · { counter: 1 } · 1 MB chunks · 3 shards",
                ENGLISH.text(vm.left().captionProperty().get()));
        assertEquals(
                "MongoDB 8.0 · { counter: 1 } · default 128 MB chunks · 3 shards",
                ENGLISH.text(vm.right().captionProperty().get()));
        assertEquals(
                "MongoDB 5.0 vs 8.0 · 1 MB vs default chunks · the same stream, in lockstep",
                ENGLISH.text(vm.differencesProperty().get()));
    }

    @Test
    void closingStopsBothSidesAndLaterPairsAreIgnored() {
        vm.open(heading("On 8.0"), COUNTER, COUNTER.withVersion(MongoVersion.parse("8.0")));
        vm.transport().play();

        vm.close();

        assertFalse(vm.openProperty().get());
        assertFalse(thread.repeating());
        assertFalse(vm.transport().loadedProperty().get());
    }

    @Test
    void eachSideDrawsTheGhostsOfTheRangesItsDonorsKeepAsTheExplorerDoes() {
        // given a ranged key on 5.0 with 1 MB chunks beside 2 MB chunks, the same stream of 300,000 documents
        Scenario longer = COUNTER.withDocuments(300_000);
        vm.open(heading("2 MB chunks"), longer, longer.withChunkSizeMegabytes(2));
        boolean[] ghosts = new boolean[2];

        // when the stream plays at 10× tick by tick
        vm.transport().chooseSpeed(PlaybackSpeed.X10);
        vm.transport().play();
        for (int i = 0; i < 3_000 && !(ghosts[0] && ghosts[1]); i++) {
            clock.advanceMillis(16);
            thread.tick();
            ComparisonSideViewModel[] sides = {vm.left(), vm.right()};
            for (int s = 0; s < 2; s++) {
                ghosts[s] |= !sides[s].numberLine()
                        .pictureProperty()
                        .get()
                        .data()
                        .migrations()
                        .orphans()
                        .isEmpty();
            }
        }

        // then each side's line has drawn the ranges its donors keep until their deletion
        assertTrue(ghosts[0] && ghosts[1], "orphaned ranges on both sides: " + Arrays.toString(ghosts));
    }

    @Test
    void eachSideReadsTheBalancersDecisionOnItsOwnClusterForThePlanPreview() {
        // given 5.0 beside 8.0, the same stream
        vm.open(heading("On 8.0"), COUNTER, COUNTER.withVersion(MongoVersion.parse("8.0")));

        // when a window passes
        vm.transport().step();

        // then each side's decision, whose next migration its line draws, is its own release's
        assertEquals(
                "5.0",
                vm.left().balancer().whyProperty().get().orElseThrow().release().toString());
        assertEquals(
                "8.0",
                vm.right()
                        .balancer()
                        .whyProperty()
                        .get()
                        .orElseThrow()
                        .release()
                        .toString());
        assertTrue(vm.left().balancer().openProperty().get(), "a comparison draws the preview without a panel");
    }

    @Test
    void theSwitchDrawsTheBalancersNextMigrationOnASideAndTakesItOff() {
        // given a hashed key on 5.0 beside 6.0, two chunks per shard; on the left, with its balancer stopped, every
        // chunk moved to shard01, then the balancer started again (nothing has run a round since)
        Scenario hashed = COUNTER.withKeyPattern("{ counter: 'hashed' }");
        vm.open(heading("On 6.0"), hashed, hashed.withVersion(MongoVersion.parse("6.0")));
        assertTrue(vm.planPreviewProperty().get(), "the switch is on as a comparison opens");
        engine.execute(LockstepEngine.Side.LEFT, new SetBalancerState(false));
        for (int round = 0; round < 6; round++) {
            for (int counter = 0; counter < 40; counter++) {
                engine.execute(
                        LockstepEngine.Side.LEFT,
                        new MoveChunk(
                                Scenario.DEFAULT_NAMESPACE,
                                BsonDocument.parse("{ counter: " + counter + " }"),
                                "shard01",
                                false));
            }
            vm.transport().step();
        }
        engine.execute(LockstepEngine.Side.LEFT, new SetBalancerState(true));

        // when the switch is turned off and on again
        vm.planPreviewProperty().set(false);
        thread.tick();
        assertTrue(vm.left().numberLine().plannedMoveProperty().get().isEmpty(), "off: no preview");
        assertTrue(vm.right().numberLine().plannedMoveProperty().get().isEmpty(), "off: no preview");
        vm.planPreviewProperty().set(true);
        thread.tick();

        // then the decision is read afresh and the left line draws the balancer's next migration: the move its
        // decision names, in the picture an export copies
        ComparisonSideViewModel left = vm.left();
        Optional<MigrationMarks.PlannedMove> planned =
                left.numberLine().plannedMoveProperty().get();
        assertTrue(
                planned.isPresent(),
                "a planned move: " + left.balancer().whyProperty().get());
        assertEquals("shard01", planned.orElseThrow().from());
        assertEquals(planned, left.balancer().latestPreview().map(BalancerWhy.Preview::plannedMove));
        assertEquals(
                planned,
                left.numberLine().pictureProperty().get().data().migrations().next());

        // and off again, the picture an export copies has none
        vm.planPreviewProperty().set(false);
        assertTrue(left.numberLine()
                .pictureProperty()
                .get()
                .data()
                .migrations()
                .next()
                .isEmpty());
    }
}
