package io.shardlab.live;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardlab.cluster.Chunk;
import io.shardlab.cluster.ChunkMap;
import io.shardlab.cluster.SnapshotFile;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What must hold when ShardLab reads any sharded cluster, whatever its layout: the suite runs
 * against the in-process fixture and, when {@code SHARDLAB_TEST_URI} names one, against a real
 * mongos ({@link RealClusterContractTest}).
 */
abstract class ClusterContract {

    /** The connection string of the cluster under test. */
    abstract String connectionString();

    ClusterMetadata inspect(CommandRecorder recorder, ClusterInspector.Scope scope) {
        try (LiveConnection connection = new LiveConnector(recorder == null ? List.of() : List.of(recorder))
                        .connect(LiveConnectionRequest.of(connectionString()));
                LiveConfigSource source = new LiveConfigSource(connection, false)) {
            return new ClusterInspector(Clock.systemUTC()).inspect(source, scope);
        }
    }

    @Test
    void aFullInspectionSendsNothingButReads() {
        CommandRecorder recorder = new CommandRecorder();
        ClusterMetadata m = inspect(recorder, new ClusterInspector.Scope(null, 0));
        assertEquals(List.of(), recorder.nonReads(), "commands: " + recorder.names());
        assertNotNull(m.server());
        assertFalse(m.server().version().isBlank());
    }

    @Test
    void everyCollectionIsAValidLayoutInKeyOrderOrSaysWhyNot() {
        ClusterMetadata m = inspect(null, ClusterInspector.Scope.OVERVIEW);
        assertFalse(m.shards().isEmpty(), "a sharded cluster has shards");
        for (CollectionLayout c : m.collections()) {
            if (c.map() == null) {
                assertFalse(c.problems().isEmpty(), c.namespace() + " has no valid layout and no problem explains it");
                continue;
            }
            assertEquals(c.map().chunks(), c.chunks(), c.namespace());
            assertEquals(
                    c.chunks().size(),
                    c.chunksPerShard().values().stream()
                            .mapToInt(Integer::intValue)
                            .sum());
            for (int i = 1; i < c.chunks().size(); i++) {
                assertTrue(
                        c.chunks().get(i - 1).min().compareTo(c.chunks().get(i).min()) < 0, c.namespace());
            }
            for (Chunk chunk : c.chunks()) {
                assertTrue(m.shards().stream().anyMatch(s -> s.id().equals(chunk.shard())), chunk::toString);
            }
        }
    }

    @Test
    void aSnapshotFileRoundTripsEveryValidCollection(@TempDir Path dir) {
        ClusterMetadata m = inspect(null, new ClusterInspector.Scope(null, 0));
        for (CollectionLayout c : m.collections()) {
            if (c.map() == null) {
                continue;
            }
            Path file = dir.resolve(c.namespace() + ".json");
            SnapshotFile.write(file, LiveCapture.toSnapshotFile(m, c.namespace()));
            ClusterMetadata back = LiveCapture.fromSnapshotFile(SnapshotFile.read(file), file.toString());
            CollectionLayout read = back.layout(c.namespace());
            assertEquals(c.chunks(), read.chunks());
            assertEquals(c.zones(), read.zones());
            assertEquals(c.entry(), read.entry());
            assertEquals(m.changes(c.namespace()), back.changes(c.namespace()));
        }
    }

    @Test
    void historyRewindsEveryCollectionToAValidLayout() {
        ClusterMetadata m = inspect(null, new ClusterInspector.Scope(null, 0));
        for (CollectionLayout c : m.collections()) {
            if (c.map() == null) {
                continue;
            }
            LayoutHistory h = LayoutHistory.rewind(c.map(), m.changes(c.namespace()));
            ChunkMap earliest = h.earliest();
            assertTrue(earliest.get(0).min().isGlobalMin());
            assertEquals(c.map(), h.current());
        }
    }

    @Test
    void aWatchPollsAndReportsOnlyRealChanges() {
        try (LiveConnection connection = new LiveConnector().connect(LiveConnectionRequest.of(connectionString()));
                LiveConfigSource source = new LiveConfigSource(connection, false)) {
            LayoutWatcher watcher = new LayoutWatcher(
                    source,
                    new ClusterInspector(Clock.systemUTC()),
                    ClusterInspector.Scope.OVERVIEW,
                    null,
                    Duration.ofSeconds(5),
                    null);
            LayoutWatcher.WatchUpdate first = watcher.pollNow();
            LayoutWatcher.WatchUpdate second = watcher.pollNow();
            assertFalse(first.changed());
            for (List<LayoutChange> changes : second.changes().values()) {
                for (LayoutChange change : changes) {
                    assertFalse(
                            change.before().equals(change.after()),
                            () -> change.describe().toString());
                }
            }
        }
    }
}
