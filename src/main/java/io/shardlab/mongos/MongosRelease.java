package io.shardlab.mongos;

import io.shardlab.cluster.MongoVersion;

/**
 * What a mongos of one release says about itself: the version string of {@code buildInfo} /
 * {@code db.version()} and the {@code maxWireVersion} of {@code hello}.
 *
 * <p>Wire versions: mongo {@code src/mongo/db/wire_version.h} (4.4 = 9, 5.0 = 13; since 5.1 one per
 * release line, so 6.0 = 17, 7.0 = 21, 8.0 = 25), matching the Node driver's
 * {@code cmap/wire_protocol/constants.ts} (minimum 9 = 4.4, 13 = 5.0 for snapshot reads, 21 = 7.0 for
 * queryable encryption). The version strings are patch releases of each line.
 *
 * @param version the simulated release line
 * @param versionString e.g. {@code "8.0.5"}
 * @param wireVersion the release's {@code maxWireVersion}
 */
public record MongosRelease(MongoVersion version, String versionString, int wireVersion) {

    public MongosRelease {
        if (version == null || versionString == null || wireVersion < 0) {
            throw new IllegalArgumentException("release: version, version string and wire version are required");
        }
    }

    /**
     * The release for a simulated line.
     *
     * @throws IllegalArgumentException for a line the simulator does not model
     */
    public static MongosRelease of(MongoVersion version) {
        return switch (version.toString()) {
            case "4.4" -> new MongosRelease(version, "4.4.29", 9);
            case "5.0" -> new MongosRelease(version, "5.0.31", 13);
            case "6.0" -> new MongosRelease(version, "6.0.20", 17);
            case "7.0" -> new MongosRelease(version, "7.0.14", 21);
            case "8.0" -> new MongosRelease(version, "8.0.5", 25);
            default -> throw new IllegalArgumentException("version: ShardLab answers as a mongos of "
                    + MongoVersion.simulated() + ", not " + version);
        };
    }

    /** {@code buildInfo.versionArray}: major, minor, patch, 0. */
    public int[] versionArray() {
        String[] parts = versionString.split("\\.");
        return new int[] {Integer.parseInt(parts[0]), Integer.parseInt(parts[1]), Integer.parseInt(parts[2]), 0};
    }
}
