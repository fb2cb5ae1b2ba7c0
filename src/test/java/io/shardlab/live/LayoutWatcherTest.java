package io.shardlab.live;

import static io.shardlab.live.ConfigFixture.USERS;
import static io.shardlab.live.ConfigFixture.doc;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.mongodb.client.MongoDatabase;
import io.shardlab.live.ConfigFixture.Shape;
import io.shardlab.text.Language;
import io.shardlab.text.Messages;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.bson.BsonDocument;
import org.junit.jupiter.api.Test;

/** A live watch polls and reports the splits and migrations since the previous poll. */
class LayoutWatcherTest {

    static final BsonDocument USERS_UUID = BsonDocument.parse("{uuid: UUID('" + ConfigFixture.USERS_UUID + "')}");

    /** What the config server writes when [300, MaxKey) is split at 400 (versions after (3, 4)). */
    static void splitAt400(MongoDatabase config) {
        var chunks = config.getCollection("chunks", BsonDocument.class);
        chunks.deleteOne(USERS_UUID.clone().append("min", doc("{user_id: 300}")));
        chunks.insertMany(List.of(
                doc(
                        "{uuid: UUID('%s'), min: {user_id: 300}, max: {user_id: 400}, shard: 'shard01', lastmod: Timestamp(3, 5)}",
                        ConfigFixture.USERS_UUID),
                doc(
                        "{uuid: UUID('%s'), min: {user_id: 400}, max: {user_id: {$maxKey: 1}}, shard: 'shard01', lastmod: Timestamp(3, 6)}",
                        ConfigFixture.USERS_UUID)));
    }

    /** What a migration of [100, 200) to shard03 commits. */
    static void move100To200(MongoDatabase config) {
        config.getCollection("chunks", BsonDocument.class)
                .updateOne(
                        USERS_UUID.clone().append("min", doc("{user_id: 100}")),
                        doc("{$set: {shard: 'shard03', lastmod: Timestamp(4, 0)}}"));
    }

    @Test
    void pollsReportSplitsAndMigrationsAndRereadOnlyChangedCollections() {
        try (FakeCluster cluster = FakeCluster.of(Shape.V7_0)) {
            CommandRecorder recorder = new CommandRecorder();
            try (LiveConnection connection = new LiveConnector(List.of(recorder))
                            .connect(LiveConnectionRequest.of(cluster.connectionString()));
                    LiveConfigSource source = new LiveConfigSource(connection, false)) {
                LayoutWatcher watcher = new LayoutWatcher(
                        source,
                        new ClusterInspector(LiveInspectionTest.CLOCK),
                        ClusterInspector.Scope.OVERVIEW,
                        null,
                        Duration.ofSeconds(5),
                        null);
                LayoutWatcher.WatchUpdate first = watcher.pollNow();
                assertNull(first.previous());
                assertFalse(first.changed());

                recorder.commands.clear();
                LayoutWatcher.WatchUpdate quiet = watcher.pollNow();
                assertFalse(quiet.changed());
                assertTrue(
                        recorder.commands.stream()
                                .noneMatch(c -> c.getFirstKey().equals("find")
                                        && c.getString("find").getValue().equals("chunks")
                                        && !c.containsKey("limit")),
                        "unchanged collections are not re-read: " + recorder.names());

                cluster.change(LayoutWatcherTest::splitAt400);
                LayoutWatcher.WatchUpdate split = watcher.pollNow();
                assertEquals(
                        List.of("split [(300), (MaxKey())) on shard01 into 2 chunks"),
                        split.changes().get(USERS).stream()
                                .map(LayoutChange::describe)
                                .map(Messages.of(Language.ENGLISH)::text)
                                .toList());
                assertEquals(1, split.changes().size(), "other collections did not change");

                cluster.change(LayoutWatcherTest::move100To200);
                LayoutWatcher.WatchUpdate moved = watcher.pollNow();
                assertEquals(
                        List.of(LayoutChange.Kind.MIGRATION),
                        moved.changes().get(USERS).stream()
                                .map(LayoutChange::kind)
                                .toList());
                assertEquals(
                        "migration [(100), (200)) shard02 -> shard03",
                        Messages.of(Language.ENGLISH)
                                .text(moved.changes().get(USERS).get(0).describe()));
                assertEquals(
                        "迁移 [(100), (200)) shard02 -> shard03",
                        Messages.of(Language.SIMPLIFIED_CHINESE)
                                .text(moved.changes().get(USERS).get(0).describe()),
                        "the same change, said in Chinese");

                cluster.change(c -> c.getCollection("collections", BsonDocument.class)
                        .deleteOne(doc("{_id: '%s'}", ConfigFixture.EVENTS)));
                assertEquals(List.of(ConfigFixture.EVENTS), watcher.pollNow().disappeared());
                assertEquals(List.of(), recorder.nonReads());
            }
        }
    }

    @Test
    void scheduledPollsRunOffTheCallersThreadAndSurviveAFailure() throws Exception {
        ScheduledExecutorService scheduler = Executors.newSingleThreadScheduledExecutor();
        List<LayoutWatcher.WatchUpdate> updates = new CopyOnWriteArrayList<>();
        List<Throwable> failures = new CopyOnWriteArrayList<>();
        List<String> threads = new CopyOnWriteArrayList<>();
        try (FakeCluster cluster = FakeCluster.of(Shape.V8_0);
                LiveConnection connection = new LiveConnector()
                        .connect(LiveConnectionRequest.of(cluster.connectionString())
                                .withTimeouts(LiveTimeouts.all(Duration.ofMillis(500))));
                LiveConfigSource source = new LiveConfigSource(connection, false);
                LayoutWatcher watcher = new LayoutWatcher(
                        source,
                        new ClusterInspector(LiveInspectionTest.CLOCK),
                        ClusterInspector.Scope.OVERVIEW,
                        scheduler,
                        Duration.ofMillis(50),
                        new LayoutWatcher.Listener() {
                            @Override
                            public void updated(LayoutWatcher.WatchUpdate update) {
                                threads.add(Thread.currentThread().getName());
                                updates.add(update);
                            }

                            @Override
                            public void failed(Throwable error) {
                                failures.add(error);
                            }
                        })) {
            watcher.start();
            long deadline = System.currentTimeMillis() + 10_000;
            while (updates.size() < 2 && System.currentTimeMillis() < deadline) {
                Thread.sleep(20);
            }
            assertTrue(updates.size() >= 2, "two polls ran");
            assertFalse(threads.contains(Thread.currentThread().getName()));
            cluster.stop();
            while (failures.isEmpty() && System.currentTimeMillis() < deadline) {
                Thread.sleep(20);
            }
            assertInstanceOf(LiveClusterException.class, failures.get(0));
            watcher.stop();
        } finally {
            scheduler.shutdownNow();
            assertTrue(scheduler.awaitTermination(5, TimeUnit.SECONDS));
        }
    }
}
