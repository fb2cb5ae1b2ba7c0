package io.shardlab.live;

import io.shardlab.cluster.Chunk;
import io.shardlab.cluster.ChunkStatistics;
import io.shardlab.cluster.SnapshotFile;
import java.time.Clock;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;

/**
 * Reads a layout from any {@link LayoutSource} into one {@link SourceRead}: the one place the CLI,
 * the GUI and the command-layer front ends ({@code serve}, {@code shell}) read a snapshot file, a
 * config dump or a live cluster. A snapshot's capture section (server, balancer, per-shard data,
 * changes, release) is looked up by {@link LiveCapture#fromSnapshotFile}; the release of every source
 * by {@link ReleaseInference}.
 *
 * <p>A live cluster's failures are {@link LiveClusterException}s; a file's and a dump's are
 * {@link IllegalArgumentException}s with one line naming the input.
 */
public final class LayoutReader {

    private final Clock clock;

    /** A reader stamping reads with {@code clock}'s time. */
    public LayoutReader(Clock clock) {
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    /**
     * Reads {@code source}.
     *
     * @param scope which collections and how many of their chunk changes; a snapshot holds one
     *     collection, refused with one line when {@code scope} names another, and all its recorded changes
     */
    public SourceRead read(LayoutSource source, ClusterInspector.Scope scope) {
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(scope, "scope");
        ClusterInspector inspector = new ClusterInspector(clock);
        if (source instanceof LayoutSource.SnapshotFileSource snapshot) {
            return snapshot(SnapshotFile.read(snapshot.file()), snapshot.name(), scope);
        }
        if (source instanceof LayoutSource.ConfigDumpSource dump) {
            try (ConfigSource config = ConfigDumpReader.open(dump.path())) {
                return new SourceRead(inspector.inspect(config, scope), Map.of());
            }
        }
        if (source instanceof LayoutSource.OpenSource open) {
            return new SourceRead(inspector.inspect(open.source(), scope), Map.of());
        }
        LayoutSource.Connection connection = (LayoutSource.Connection) source;
        try (LiveConnection live = new LiveConnector().connect(connection.request());
                LiveConfigSource config = new LiveConfigSource(live, false)) {
            return new SourceRead(inspector.inspect(config, scope), Map.of());
        }
    }

    private static SourceRead snapshot(SnapshotFile.Contents contents, String name, ClusterInspector.Scope scope) {
        ClusterMetadata metadata = LiveCapture.fromSnapshotFile(contents, name);
        if (scope.namespace() != null) {
            metadata.layout(scope.namespace());
        }
        Map<Chunk, ChunkStatistics> recorded = new HashMap<>();
        contents.chunkStatistics().forEach(s -> recorded.put(s.chunk(), s));
        return new SourceRead(metadata, recorded);
    }
}
