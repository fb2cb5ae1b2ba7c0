package io.shardlab.sim;

import io.shardlab.cluster.MongoVersion;

/**
 * The default maximum chunk size when {@code config.settings {_id: "chunksize"}} is absent: 64 MB
 * before 6.0, 128 MB from 6.0 (mongo {@code src/mongo/s/balancer_configuration.cpp},
 * {@code ChunkSizeSettingsType::kDefaultMaxChunkSizeBytes}, {@code 64 * 1024 * 1024} in the 4.x/5.x
 * files and {@code 128 * 1024 * 1024} from 6.0).
 */
public final class DefaultChunkSize {

    private static final long MEBIBYTE = 1024L * 1024L;

    private DefaultChunkSize() {
    }

    /** The default maximum chunk size of {@code version}, in bytes. */
    public static long bytes(MongoVersion version) {
        return (version.atLeast(MongoVersion.V6_0) ? 128 : 64) * MEBIBYTE;
    }
}
