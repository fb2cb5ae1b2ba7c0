package io.shardlab.live;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * The live watch on the wire: its polls send only reads; a server that dies mid-watch makes a poll fail with
 * one line while the connection stays usable; and when the server comes back on its address, the next poll
 * reads the cluster again through the same connection, with no reconnect by hand.
 */
class LiveWatchOnTheWireTest {

    static final Set<String> READS = Set.of(
            "find",
            "aggregate",
            "getMore",
            "killCursors",
            "count",
            "balancerStatus",
            "buildInfo",
            "ping",
            "hello",
            "isMaster",
            "ismaster",
            "endSessions");

    @Test
    void pollsSendOnlyReadsSurviveTheServerDyingAndResumeWhenItReturns() {
        try (FakeCluster cluster = FakeCluster.of(ConfigFixture.Shape.V8_0);
                LiveConnection connection = new LiveConnector()
                        .connect(LiveConnectionRequest.of(cluster.connectionString())
                                .withTimeouts(LiveTimeouts.all(Duration.ofSeconds(3))));
                LiveConfigSource source = new LiveConfigSource(connection, false)) {
            cluster.served().clear();
            LayoutWatcher watcher = new LayoutWatcher(
                    source,
                    new ClusterInspector(LiveInspectionTest.CLOCK),
                    ClusterInspector.Scope.OVERVIEW,
                    null,
                    Duration.ofSeconds(2),
                    null);

            // given: two polls of a running cluster
            watcher.pollNow();
            LayoutWatcher.WatchUpdate second = watcher.pollNow();
            assertFalse(second.changed());
            Set<String> sent = new TreeSet<>(cluster.served());
            Set<String> writes = new TreeSet<>(sent);
            writes.removeAll(READS);
            assertEquals(Set.of(), writes, "commands that are not reads, among " + sent);

            // when: the server dies mid-watch
            cluster.stop();
            LiveClusterException lost = assertThrows(LiveClusterException.class, watcher::pollNow);

            // then: one line, and the watch can go on
            assertFalse(lost.getMessage().contains("\n"), lost.getMessage());
            assertTrue(lost.getMessage().contains("127.0.0.1:"), lost.getMessage());

            // when: it comes back on the same address (with its config data: the in-memory server loses it on
            // shutdown, a real one keeps it on disk)
            cluster.restart();
            cluster.seed(ConfigFixture.config(ConfigFixture.Shape.V8_0));
            LayoutWatcher.WatchUpdate back = null;
            for (int attempt = 0; attempt < 5 && back == null; attempt++) {
                try {
                    back = watcher.pollNow();
                } catch (LiveClusterException stillDown) {
                    // the driver's monitor has not seen it yet; the next scheduled poll tries again
                }
            }

            // then: the same watch reads the same layout again
            assertTrue(back != null, "a poll succeeded after the server returned");
            assertEquals(
                    second.current().collections().stream()
                            .map(CollectionLayout::namespace)
                            .toList(),
                    back.current().collections().stream()
                            .map(CollectionLayout::namespace)
                            .toList());
        }
    }
}
