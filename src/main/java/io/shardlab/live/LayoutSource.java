package io.shardlab.live;

import java.nio.file.Path;
import java.util.Objects;

/**
 * Where a chunk layout is read from: a ShardLab snapshot file, a config dump (a folder of
 * {@code mongodump}/{@code mongoexport} output or a {@code mongodump --archive} file), or a live
 * cluster, either through a {@link ConfigSource} the caller keeps open (the GUI's live watch) or a
 * connection {@link LayoutReader} opens and closes itself (the CLI). {@link LayoutReader} reads
 * every kind into one {@link SourceRead}.
 */
public sealed interface LayoutSource {

    /**
     * A snapshot file ({@code snapshot}, {@code simulate --snapshot-out}, File → Save snapshot…).
     *
     * @param name what the read calls its source, e.g. the file name or the path as given
     */
    record SnapshotFileSource(Path file, String name) implements LayoutSource {
        public SnapshotFileSource {
            Objects.requireNonNull(file, "file");
            Objects.requireNonNull(name, "name");
        }
    }

    /** A config dump: a folder of config.* exports or a mongodump archive file ({@link ConfigDumpReader}). */
    record ConfigDumpSource(Path path) implements LayoutSource {
        public ConfigDumpSource {
            Objects.requireNonNull(path, "path");
        }
    }

    /** A live cluster through a source the caller opened and closes. */
    record OpenSource(ConfigSource source) implements LayoutSource {
        public OpenSource {
            Objects.requireNonNull(source, "source");
        }
    }

    /** A live cluster the reader connects to for the read only. */
    record Connection(LiveConnectionRequest request) implements LayoutSource {
        public Connection {
            Objects.requireNonNull(request, "request");
        }
    }
}
