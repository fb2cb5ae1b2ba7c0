package io.shardlab.ui.live;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import io.shardlab.live.ConfigFixture;
import io.shardlab.live.FakeCluster;
import io.shardlab.live.LiveConnection;
import io.shardlab.live.LiveConnector;
import io.shardlab.live.RecentConnections;
import io.shardlab.render.LayoutData;
import io.shardlab.text.Language;
import io.shardlab.text.Messages;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executor;
import java.util.concurrent.Executors;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.bson.BsonDocument;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The live ViewModels on FakeCluster (mongo-java-server on 127.0.0.1), with synchronous executors. */
class LiveLayoutViewModelTest {

    static final Executor NOW = Runnable::run;
    static final Clock CLOCK = Clock.fixed(Instant.parse("2024-03-01T12:00:00Z"), ZoneOffset.UTC);
    /** config.collections uuid of test.users in ConfigFixture. */
    static final String USERS_UUID = "f8669e52-5c1b-4ea2-bbdc-a00189b341da";

    @TempDir
    Path dir;

    private final List<LayoutData> drawn = new ArrayList<>();
    private final List<String> captions = new ArrayList<>();

    private final ScheduledExecutorService unused = Executors.newSingleThreadScheduledExecutor();

    @org.junit.jupiter.api.AfterEach
    void stopScheduler() {
        unused.shutdownNow();
    }

    private LiveLayoutViewModel layout(Executor ui, ScheduledExecutorService scheduler) {
        scheduler = scheduler == null ? unused : scheduler;
        return new LiveLayoutViewModel(NOW, ui, scheduler, CLOCK, (data, caption) -> {
            drawn.add(data);
            captions.add(caption);
        });
    }

    private static LiveConnection connect(FakeCluster cluster, Path recentFile) {
        List<LiveConnection> opened = new ArrayList<>();
        ConnectViewModel vm =
                new ConnectViewModel(new LiveConnector(), NOW, NOW, new RecentConnections(recentFile), opened::add);
        vm.connectionStringProperty().set(cluster.connectionString());
        vm.connect();
        assertEquals("", vm.errorProperty().get());
        assertFalse(vm.connectingProperty().get());
        assertEquals(1, opened.size());
        return opened.get(0);
    }

    @Test
    void a_connected_cluster_shows_its_collection_and_rewinds_through_the_changelog_step_by_step() {
        try (FakeCluster cluster = FakeCluster.of(ConfigFixture.Shape.V7_0)) {
            LiveConnection connection = connect(cluster, dir.resolve("recent"));
            LiveLayoutViewModel vm = layout(NOW, null);

            vm.openLive(new io.shardlab.live.LiveConfigSource(connection, true), "127.0.0.1");

            assertFalse(vm.namespaceProperty().get().startsWith("config."), "a user collection before config.*");
            assertTrue(vm.namespaces().size() > 1, vm.namespaces().toString());
            vm.chooseCollection(ConfigFixture.USERS);
            assertEquals(ConfigFixture.USERS, vm.namespaceProperty().get());
            assertTrue(vm.canWatchProperty().get());
            int steps = vm.historyStepsProperty().get();
            assertTrue(steps >= 4, "split, multi-split, two migrations, split and merge: " + steps);
            assertEquals(steps, vm.historyPositionProperty().get(), "opens at now");
            LayoutData now = drawn.get(drawn.size() - 1);
            assertTrue(captions.get(captions.size() - 1).contains("(live)"));

            vm.rewindTo(0);
            assertEquals(
                    1,
                    drawn.get(drawn.size() - 1).snapshot().chunks().size(),
                    "before the first split the collection is one chunk [MinKey, MaxKey)");
            vm.stepForward();
            assertEquals(2, drawn.get(drawn.size() - 1).snapshot().chunks().size(), "after the split at 100");
            assertTrue(
                    vm.stepTextProperty().get().startsWith("1/" + steps + " · "),
                    vm.stepTextProperty().get());
            assertTrue(
                    vm.stepTextProperty().get().contains("split"),
                    vm.stepTextProperty().get());
            vm.rewindTo(steps);
            assertEquals(
                    now.snapshot().chunks(),
                    drawn.get(drawn.size() - 1).snapshot().chunks());
            vm.close();
        }
    }

    @Test
    void a_saved_snapshot_opens_again_with_the_same_chunks_and_its_history() throws Exception {
        try (FakeCluster cluster = FakeCluster.of(ConfigFixture.Shape.V8_0)) {
            LiveLayoutViewModel vm = layout(NOW, null);
            vm.openLive(
                    new io.shardlab.live.LiveConfigSource(connect(cluster, dir.resolve("recent")), true), "127.0.0.1");
            vm.chooseCollection(ConfigFixture.USERS);
            LayoutData live = drawn.get(drawn.size() - 1);
            int steps = vm.historyStepsProperty().get();
            Path file = dir.resolve("users.shardlab");

            vm.saveSnapshot(file);
            assertEquals("", vm.errorProperty().get());
            assertTrue(
                    vm.statusProperty().get().startsWith("saved test.users"),
                    vm.statusProperty().get());
            vm.close();

            LiveLayoutViewModel reopened = layout(NOW, null);
            reopened.openSnapshot(file);
            assertEquals(
                    live.snapshot().chunks(),
                    drawn.get(drawn.size() - 1).snapshot().chunks());
            assertEquals(steps, reopened.historyStepsProperty().get(), "the changelog travels with the snapshot");
            assertFalse(reopened.canWatchProperty().get(), "a file cannot be watched");
            Messages english = Messages.of(Language.ENGLISH);
            String liveLabel = english.text(vm.sourceProperty().get().label());
            String snapshotLabel = english.text(reopened.sourceProperty().get().label());
            assertTrue(liveLabel.startsWith("Live cluster · MongoDB 8.0"), liveLabel);
            assertTrue(
                    snapshotLabel.startsWith("Snapshot · MongoDB 8.0"),
                    "a snapshot names the version its server ran: " + snapshotLabel);
            try (var files = Files.list(dir)) {
                assertEquals(
                        List.of("recent", "users.shardlab"),
                        files.map(p -> p.getFileName().toString()).sorted().toList(),
                        "written atomically: no temporary file left behind");
            }
        }
    }

    @Test
    void a_file_that_is_no_snapshot_fails_with_one_line_and_shows_nothing() throws Exception {
        Path file = Files.writeString(dir.resolve("broken.shardlab"), "{ not json");
        LiveLayoutViewModel vm = layout(NOW, null);
        vm.openSnapshot(file);
        assertFalse(vm.errorProperty().get().isEmpty());
        assertFalse(vm.errorProperty().get().contains("\n"), vm.errorProperty().get());
        assertFalse(vm.shownProperty().get());
        assertFalse(vm.busyProperty().get());
        assertTrue(drawn.isEmpty());
    }

    @Test
    void a_port_where_nothing_listens_fails_inline_at_once() throws Exception {
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        List<LiveConnection> opened = new ArrayList<>();
        ConnectViewModel vm = new ConnectViewModel(
                new LiveConnector(), NOW, NOW, new RecentConnections(dir.resolve("recent")), opened::add);
        vm.connectionStringProperty().set("mongodb://dba:s3cret@127.0.0.1:" + port + "/");
        assertTrue(
                vm.maskedProperty().get().contains("****"), vm.maskedProperty().get());
        assertFalse(vm.maskedProperty().get().contains("s3cret"));

        long start = System.nanoTime();
        vm.connect();
        long seconds = TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - start);

        assertTrue(
                seconds < 5,
                "a refusal is shown at once, not after the "
                        + ConnectViewModel.TIMEOUTS.serverSelection().toSeconds() + " s timeout; took " + seconds
                        + " s");
        assertTrue(
                vm.errorProperty().get().contains("127.0.0.1:" + port + " refused the connection"),
                vm.errorProperty().get());
        assertFalse(
                vm.errorProperty().get().contains("s3cret"), vm.errorProperty().get());
        assertFalse(vm.connectingProperty().get());
        assertTrue(opened.isEmpty());
        assertTrue(vm.recent().isEmpty(), "only connections that opened are remembered");
    }

    @Test
    void a_bad_connection_string_is_refused_before_any_connect() {
        ConnectViewModel vm = new ConnectViewModel(
                new LiveConnector(),
                r -> {
                    throw new AssertionError("no connect for a bad string");
                },
                NOW,
                new RecentConnections(dir.resolve("recent")),
                c -> {});
        vm.connectionStringProperty().set("db1:27017");
        vm.connect();
        assertTrue(
                vm.errorProperty().get().startsWith("Connection string: expected a connection string"),
                "the dialog's own word for the field, not the command line's 'uri:': "
                        + vm.errorProperty().get());
    }

    @Test
    void the_watch_lists_a_migration_committed_between_two_polls() throws Exception {
        ScheduledExecutorService scheduler = Executors.newSingleThreadScheduledExecutor();
        LinkedBlockingQueue<Runnable> ui = new LinkedBlockingQueue<>();
        try (FakeCluster cluster = FakeCluster.of(ConfigFixture.Shape.V7_0);
                MongoClient client = MongoClients.create(cluster.connectionString())) {
            LiveLayoutViewModel vm = layout(NOW, scheduler);
            vm.openLive(
                    new io.shardlab.live.LiveConfigSource(connect(cluster, dir.resolve("recent")), true), "127.0.0.1");
            LiveLayoutViewModel watched =
                    new LiveLayoutViewModel(NOW, ui::add, scheduler, CLOCK, (d, c) -> drawn.add(d));
            watched.openLive(new io.shardlab.live.LiveConfigSource(connect(cluster, dir.resolve("recent")), true), "x");
            ui.poll().run(); // the read's outcome
            watched.chooseCollection(ConfigFixture.USERS);
            watched.startWatch(Duration.ofMillis(100));
            ui.poll(10, TimeUnit.SECONDS).run(); // the first poll: the baseline

            // what a migration of [100, 200) to shard03 commits in config.chunks
            client.getDatabase("config")
                    .getCollection("chunks", BsonDocument.class)
                    .updateOne(
                            BsonDocument.parse("{uuid: UUID('" + USERS_UUID + "'), min: {user_id: 100}}"),
                            BsonDocument.parse("{$set: {shard: 'shard03', lastmod: Timestamp(4, 0)}}"));
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (watched.changes().isEmpty() && System.nanoTime() < deadline) {
                Runnable r = ui.poll(1, TimeUnit.SECONDS);
                if (r != null) {
                    r.run();
                }
            }
            watched.stopWatch();
            assertEquals(
                    1,
                    watched.changes().size(),
                    watched.changes() + " " + watched.errorProperty().get());
            assertTrue(
                    watched.changes().get(0).endsWith("migration [(100), (200)) shard02 -> shard03"),
                    watched.changes().get(0));
            assertEquals(
                    "shard03",
                    drawn.get(drawn.size() - 1)
                            .snapshot()
                            .chunks()
                            .get(drawn.get(drawn.size() - 1)
                                    .snapshot()
                                    .chunks()
                                    .indexOf(io.shardlab.key.ShardKey.of(new org.bson.BsonInt32(150))))
                            .shard());
            vm.close();
            watched.close();
        } finally {
            scheduler.shutdownNow();
        }
    }

    private static LiveConnection quickConnection(FakeCluster cluster) {
        return new LiveConnector()
                .connect(io.shardlab.live.LiveConnectionRequest.of(cluster.connectionString())
                        .withTimeouts(io.shardlab.live.LiveTimeouts.all(Duration.ofSeconds(2))));
    }

    /** Runs the UI tasks the watch posts until {@code done} holds (or 20 s pass, a guard against a hang). */
    private static void runUiUntil(LinkedBlockingQueue<Runnable> ui, java.util.function.BooleanSupplier done)
            throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (!done.getAsBoolean() && System.nanoTime() < deadline) {
            Runnable r = ui.poll(1, TimeUnit.SECONDS);
            if (r != null) {
                r.run();
            }
        }
    }

    @Test
    void a_watch_whose_server_dies_says_it_keeps_trying_and_says_so_when_the_server_is_back() throws Exception {
        ScheduledExecutorService scheduler = Executors.newSingleThreadScheduledExecutor();
        LinkedBlockingQueue<Runnable> ui = new LinkedBlockingQueue<>();
        try (FakeCluster cluster = FakeCluster.of(ConfigFixture.Shape.V7_0)) {
            LiveLayoutViewModel watched =
                    new LiveLayoutViewModel(NOW, ui::add, scheduler, CLOCK, (d, c) -> drawn.add(d));
            watched.openLive(new io.shardlab.live.LiveConfigSource(quickConnection(cluster), true), "127.0.0.1");
            ui.poll().run();
            watched.chooseCollection(ConfigFixture.USERS);
            watched.startWatch(Duration.ofMillis(200));
            ui.poll(10, TimeUnit.SECONDS).run(); // the baseline

            // when the server dies
            cluster.stop();
            runUiUntil(ui, () -> !watched.errorProperty().get().isEmpty());

            // then one line says so, and that the watch goes on
            String error = watched.errorProperty().get();
            assertTrue(
                    error.startsWith("watch: ") && error.endsWith("(still watching: trying again every 200 ms)"),
                    error);
            assertFalse(error.contains("\n"), error);
            assertTrue(watched.watchingProperty().get());

            // when it comes back (the in-memory server lost its data on shutdown; a real one keeps it)
            cluster.restart();
            cluster.seed(ConfigFixture.config(ConfigFixture.Shape.V7_0));
            runUiUntil(ui, () -> watched.errorProperty().get().isEmpty());

            // then the watch reads it again and says so
            assertEquals("", watched.errorProperty().get());
            assertEquals(
                    "watch: the cluster answers again", watched.statusProperty().get());
            watched.stopWatch();
            watched.close();
        } finally {
            scheduler.shutdownNow();
        }
    }

    @Test
    void forking_a_live_layout_into_the_simulator_sends_nothing_to_the_server() {
        try (FakeCluster cluster = FakeCluster.of(ConfigFixture.Shape.V7_0)) {
            LiveLayoutViewModel vm = layout(NOW, null);
            vm.openLive(new io.shardlab.live.LiveConfigSource(quickConnection(cluster), true), "127.0.0.1");
            vm.chooseCollection(ConfigFixture.USERS);
            cluster.served().clear();
            List<io.shardlab.session.LayoutFork> forks = new ArrayList<>();

            vm.fork(forks::add);

            assertEquals(1, forks.size(), vm.errorProperty().get());
            assertEquals(List.of(), List.copyOf(cluster.served()), "fork works on the layout already read");
            vm.close();
        }
    }

    @Test
    void aMigrationInProgressIsShownInShStatusWordsAndTheForkResumesIt() {
        try (FakeCluster cluster = FakeCluster.of(ConfigFixture.Shape.V7_0)) {
            // given: the balancer is moving [MinKey, 100) of test.users from shard01 to shard03 (type_migration.cpp)
            cluster.seed(java.util.Map.of(
                    "migrations",
                    List.of(BsonDocument.parse("{ns: 'test.users', "
                            + "min: {user_id: {$minKey: 1}}, max: {user_id: 100}, fromShard: 'shard01', toShard: 'shard03', "
                            + "chunkVersion: [{$timestamp: {t: 3, i: 1}}, {$oid: '65e1a720a1b2c3d4e5f60001'}], "
                            + "waitForDelete: false, forceJumbo: 'doNotForceJumbo'}"))));
            LiveLayoutViewModel vm = layout(NOW, null);
            vm.openLive(new io.shardlab.live.LiveConfigSource(quickConnection(cluster), true), "127.0.0.1");

            // when
            vm.chooseCollection(ConfigFixture.USERS);

            // then
            assertEquals(
                    "Collections with active migrations: test.users { user_id: MinKey() } -->> { user_id: 100 } "
                            + "from shard01 to shard03",
                    vm.activeMigrationsProperty().get());
            List<io.shardlab.session.LayoutFork> forks = new ArrayList<>();
            vm.fork(forks::add);
            assertEquals(
                    1, forks.get(0).load().inFlight().size(), vm.errorProperty().get());

            // and an earlier moment had no migration in progress
            vm.chooseCollection(ConfigFixture.USERS);
            vm.rewindTo(0);
            assertEquals("", vm.activeMigrationsProperty().get());
            vm.close();
        }
    }

    @Test
    void a_poll_with_a_split_and_a_migration_hands_the_explorer_a_flash_and_a_slide() throws Exception {
        ScheduledExecutorService scheduler = Executors.newSingleThreadScheduledExecutor();
        LinkedBlockingQueue<Runnable> ui = new LinkedBlockingQueue<>();
        List<LiveLayoutViewModel.Motion> motions = new ArrayList<>();
        try (FakeCluster cluster = FakeCluster.of(ConfigFixture.Shape.V7_0);
                MongoClient client = MongoClients.create(cluster.connectionString())) {
            // given a watched live cluster whose first poll read the baseline
            LiveLayoutViewModel watched =
                    new LiveLayoutViewModel(NOW, ui::add, scheduler, CLOCK, (LiveLayoutViewModel.LayoutShow)
                            (d, c, motion) -> motions.add(motion));
            watched.openLive(new io.shardlab.live.LiveConfigSource(connect(cluster, dir.resolve("recent")), true), "x");
            ui.poll().run();
            watched.chooseCollection(ConfigFixture.USERS);
            assertTrue(motions.stream().allMatch(LiveLayoutViewModel.Motion::isEmpty), "opening animates nothing");
            watched.startWatch(Duration.ofMillis(100));
            ui.poll(10, TimeUnit.SECONDS).run();

            // when [300, MaxKey) on shard01 splits at 400 and [100, 200) moves to shard03 between two polls
            var chunks = client.getDatabase("config").getCollection("chunks", BsonDocument.class);
            BsonDocument upper = chunks.find(
                            BsonDocument.parse("{uuid: UUID('" + USERS_UUID + "'), min: {user_id: 300}}"))
                    .first();
            BsonDocument right = upper.clone();
            right.put("_id", new org.bson.BsonObjectId(new org.bson.types.ObjectId("65e1a70f000000000000000f")));
            right.put("min", BsonDocument.parse("{user_id: 400}"));
            right.put("lastmod", BsonDocument.parse("{t: Timestamp(4, 2)}").get("t"));
            chunks.insertOne(right);
            chunks.updateOne(
                    new BsonDocument("_id", upper.get("_id")),
                    BsonDocument.parse("{$set: {max: {user_id: 400}, lastmod: Timestamp(4, 1)}}"));
            chunks.updateOne(
                    BsonDocument.parse("{uuid: UUID('" + USERS_UUID + "'), min: {user_id: 100}}"),
                    BsonDocument.parse("{$set: {shard: 'shard03', lastmod: Timestamp(4, 0)}}"));
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (watched.changes().size() < 2 && System.nanoTime() < deadline) {
                Runnable r = ui.poll(1, TimeUnit.SECONDS);
                if (r != null) {
                    r.run();
                }
            }
            watched.stopWatch();

            // then the layout drawn after that poll carries a split flash at 400 and a slide shard02 -> shard03
            assertEquals(
                    2,
                    watched.changes().size(),
                    watched.changes() + " " + watched.errorProperty().get());
            LiveLayoutViewModel.Motion motion = motions.get(motions.size() - 1);
            assertEquals(motion, watched.lastMotionProperty().get());
            assertEquals(1, motion.splits().size(), motion.toString());
            assertEquals(
                    List.of(io.shardlab.key.ShardKey.of(new org.bson.BsonInt32(400))),
                    motion.splits().get(0).points());
            assertEquals(1, motion.moves().size(), motion.toString());
            var move = motion.moves().get(0);
            assertEquals(
                    List.of(
                            io.shardlab.key.ShardKey.of(new org.bson.BsonInt32(100)),
                            io.shardlab.key.ShardKey.of(new org.bson.BsonInt32(200)),
                            "shard02",
                            "shard03"),
                    List.of(move.min(), move.max(), move.from(), move.to()));
            assertTrue(motion.splits().get(0).sequence() != move.sequence(), "each animation has its own sequence");

            // and a rewind afterwards draws without animating again
            watched.stepBack();
            assertTrue(motions.get(motions.size() - 1).isEmpty());
            watched.close();
        } finally {
            scheduler.shutdownNow();
        }
    }

    @Test
    void aReadThatDiesOfAnErrorShowsItAndIsNoLongerBusy() {
        io.shardlab.live.ConfigSource failing =
                (io.shardlab.live.ConfigSource) java.lang.reflect.Proxy.newProxyInstance(
                        getClass().getClassLoader(),
                        new Class<?>[] {io.shardlab.live.ConfigSource.class},
                        (proxy, method, args) -> {
                            if (method.getName().equals("close")) {
                                return null;
                            }
                            throw new StackOverflowError();
                        });
        LiveLayoutViewModel vm = layout(NOW, null);

        vm.openLive(failing, "127.0.0.1");

        assertFalse(vm.busyProperty().get());
        assertEquals(
                "The input is nested too deeply to process.", vm.errorProperty().get());
        assertFalse(vm.shownProperty().get());
    }
}
