package io.shardlab.ui.explorer.balancer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardlab.cluster.ActiveWindow;
import io.shardlab.cluster.MongoVersion;
import io.shardlab.sim.AddShard;
import io.shardlab.sim.InsertBatch;
import io.shardlab.sim.SetAllowMigrations;
import io.shardlab.sim.SetBalancerState;
import io.shardlab.sim.ShardCollection;
import io.shardlab.sim.SimulatedCluster;
import io.shardlab.sim.SimulationConfig;
import io.shardlab.text.Language;
import io.shardlab.text.Message;
import io.shardlab.text.Messages;
import java.time.LocalTime;
import java.util.List;
import java.util.Optional;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The "Why isn't the balancer moving?" panel's words ({@link BalancerWhy}) from the release's own decision
 * ({@link io.shardlab.sim.BalancerDecision}; the comparisons of mongo {@code balancer_policy.cpp}, as
 * {@code WhyTheBalancerWaitsTest} checks them). Given {@code app.orders} on {@code { n: 1 }} with one chunk on shard
 * {@code a} holding documents of 1 KB, nothing on {@code b}, 64 KB chunks, seed 7.
 */
class BalancerWhyTest {

    private static final String NS = "app.orders";
    private static final Messages ENGLISH = Messages.of(Language.ENGLISH);

    private static SimulatedCluster given(String release, int documents) {
        SimulatedCluster c = new SimulatedCluster(SimulationConfig.of(MongoVersion.parseModelled(release))
                .withSeed(7)
                .withMaxChunkSizeBytes(64 * 1024));
        c.execute(new AddShard("a"));
        c.execute(new AddShard("b"));
        c.execute(ShardCollection.of(NS, "{n: 1}"));
        c.insert(NS, InsertBatch.ofInt64(LongStream.range(0, documents).toArray(), 1024));
        return c;
    }

    private static BalancerWhy why(SimulatedCluster c) {
        return BalancerWhy.of(c.balancerDecision(), c.shardKey());
    }

    private static List<String> said(List<Message> messages) {
        return messages.stream().map(ENGLISH::text).toList();
    }

    @ParameterizedTest(name = "[{index}] MongoDB {0}, {1} documents on a: {2}")
    @CsvSource(delimiter = '|', textBlock = """
            # release | documents | reason                                              | threshold
            8.0       | 150       | The imbalance is under the threshold.               | Threshold: 192KiB apart (3 × the range size; data size from 6.0.3)
            8.0       | 260       | The next round starts one migration.                | Threshold: 192KiB apart (3 × the range size; data size from 6.0.3)
            8.3       | 260       | The next round starts one migration.                | Threshold: 192KiB apart (3 × the range size; data size from 6.0.3)
            5.0       | 10        | The most loaded shard holds no more than the ideal. | Threshold: one chunk above the ideal (chunk counts before 6.0.3)
            """)
    void theReasonAndThresholdAreTheReleasesOwn(String release, int documents, String reason, String threshold) {
        // given
        SimulatedCluster c = given(release, documents);

        // when
        BalancerWhy why = why(c);

        // then
        assertEquals(release, why.release());
        assertEquals(reason, ENGLISH.text(why.reason()));
        List<String> numbers = said(why.numbers());
        assertTrue(numbers.contains(threshold), () -> numbers.toString());
        assertTrue(numbers.contains("Outside every zone"), () -> numbers.toString());
        assertTrue(numbers.contains("Balancer: on"), () -> numbers.toString());
        assertTrue(numbers.contains("noBalance: false; allowMigrations: true"), () -> numbers.toString());
    }

    @Test
    void theLargestAndSmallestShardAreNamedWithTheirData() {
        // given 150 KB on a, nothing on b (8.0: data size)
        SimulatedCluster c = given("8.0", 150);

        // when
        List<String> numbers = said(why(c).numbers());

        // then
        assertTrue(numbers.contains("Largest: a, 150KiB"), () -> numbers.toString());
        assertTrue(numbers.contains("Smallest: b, 0B"), () -> numbers.toString());
    }

    @Test
    void thePreviewIsTheNextMoveRangeWithEachShardsDataBeforeAndAfter() {
        // given 260 KB on a, nothing on b (8.0: a moveRange of about one chunk size from the chunk's min)
        SimulatedCluster c = given("8.0", 260);

        // when
        BalancerWhy.Preview p = why(c).preview().orElseThrow();

        // then
        assertEquals("a", p.from());
        assertEquals("b", p.to());
        assertEquals(
                "moveRange { n: MinKey() } -->> { n: MaxKey() } from a to b, about 64KiB", ENGLISH.text(p.command()));
        assertEquals(List.of("a: 260KiB → 196KiB", "b: 0B → 64KiB"), said(p.shards()));
    }

    @ParameterizedTest(name = "[{index}] {0}")
    @CsvSource(delimiter = '|', textBlock = """
            # switch            | reason
            balancer off        | The balancer is off (sh.startBalancer() turns it on).
            migrations disabled | Migrations of the collection are not allowed (setAllowMigrations: false; sh.enableMigrations() allows them).
            """)
    void aSwitchThatStopsTheBalancerIsTheReasonAndNothingIsPreviewed(String what, String reason) {
        // given 260 KB on a, which would move, and the switch
        SimulatedCluster c = given("8.0", 260);
        c.execute(what.equals("balancer off") ? new SetBalancerState(false) : new SetAllowMigrations(NS, false));

        // when
        BalancerWhy why = why(c);

        // then
        assertEquals(reason, ENGLISH.text(why.reason()));
        assertTrue(why.preview().isEmpty());
    }

    @Test
    void theChineseWordsFillTheSamePlaceholders() {
        // given
        SimulatedCluster c = given("8.0", 260);

        // when
        BalancerWhy why = why(c);

        // then
        assertEquals("下一轮将开始 1 次迁移。", Messages.of(Language.SIMPLIFIED_CHINESE).text(why.reason()));
    }

    @ParameterizedTest(name = "[{index}] window {0}-{1} at {2}")
    @CsvSource(delimiter = '|', textBlock = """
            # start | stop  | now   | English                                                                             | 简体中文
            09:00   | 17:00 | 10:15 | Balancing window: 09:00–17:00 (simulated clock, UTC); now 10:15, inside it          | 均衡窗口：09:00–17:00（模拟时钟，UTC）；当前 10:15，在窗口内
            09:00   | 17:00 | 06:30 | Balancing window: 09:00–17:00 (simulated clock, UTC); now 06:30, outside it: it opens in 2h30m | 均衡窗口：09:00–17:00（模拟时钟，UTC）；当前 06:30，在窗口外：2h30m 后开启
            23:00   | 06:00 | 07:00 | Balancing window: 23:00–06:00 (simulated clock, UTC); now 07:00, outside it: it opens in 16h | 均衡窗口：23:00–06:00（模拟时钟，UTC）；当前 07:00，在窗口外：16h 后开启
            """)
    void the_numbers_give_the_balancing_windows_hours_and_when_it_opens(
            String start, String stop, String now, String english, String chinese) {
        // given the balancer's window set, 260 documents to balance
        SimulatedCluster c = given("8.0", 260);
        ActiveWindow window = new ActiveWindow(LocalTime.parse(start), LocalTime.parse(stop));

        // when the decision is read at that time of day
        BalancerWhy why = BalancerWhy.of(c.balancerDecision(), c.shardKey(), Optional.of(window), LocalTime.parse(now));

        // then the window's line gives its hours (second of the numbers, after the switch)
        assertEquals(english, ENGLISH.text(why.numbers().get(1)));
        assertEquals(
                chinese,
                Messages.of(Language.SIMPLIFIED_CHINESE).text(why.numbers().get(1)));
    }
}
