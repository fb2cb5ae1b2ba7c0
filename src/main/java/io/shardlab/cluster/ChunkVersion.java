package io.shardlab.cluster;

/**
 * A chunk's {@code lastmod}: {@code Timestamp(major, minor)} in config.chunks. A migration gives
 * the moved chunk {@code (collectionMajor + 1, 0)}; a split or merge gives the new chunks successive
 * minor versions of the collection's major version (mongo
 * {@code src/mongo/db/s/config/sharding_catalog_manager_chunk_operations.cpp}).
 *
 * @param major incremented by migrations; not negative
 * @param minor incremented by splits and merges; not negative
 */
public record ChunkVersion(int major, int minor) implements Comparable<ChunkVersion> {

    /** The version of the chunks {@code shardCollection} creates: {@code Timestamp(1, 0)}. */
    public static final ChunkVersion INITIAL = new ChunkVersion(1, 0);

    public ChunkVersion {
        if (major < 0 || minor < 0) {
            throw new IllegalArgumentException(
                    "version: major and minor must not be negative, got (" + major + ", " + minor + ")");
        }
    }

    /** The next minor version of the same major: what a split or merge hands out. */
    public ChunkVersion nextMinor() {
        return new ChunkVersion(major, minor + 1);
    }

    /** The first version of the next major: what a migration gives the moved chunk. */
    public ChunkVersion nextMajor() {
        return new ChunkVersion(major + 1, 0);
    }

    @Override
    public int compareTo(ChunkVersion o) {
        return major != o.major ? Integer.compare(major, o.major) : Integer.compare(minor, o.minor);
    }

    /** As the shell prints it: {@code Timestamp(2, 1)}. */
    @Override
    public String toString() {
        return "Timestamp(" + major + ", " + minor + ")";
    }
}
