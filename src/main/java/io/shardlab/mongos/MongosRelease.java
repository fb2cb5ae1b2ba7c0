package io.shardlab.mongos;

import io.shardlab.cluster.MongoVersion;
import java.util.Map;

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
     * The patch a mongos of a whole line reports: a late patch of each long-term line, x.y.0 otherwise.
     * Sources, MongoDB's release notes: 5.0.34 (June 11, 2026; docs v6.0 release-notes/5.0), 7.0.40
     * (Aug 11, 2026; docs v8.0 release-notes/7.0 and the "MongoDB 7.0.40 is released" forum post), 8.0.17
     * (Dec 19, 2025; docs v8.0 release-notes/8.0). 4.4.29 and 6.0.20 are real patches; newer ones were
     * not confirmed from MongoDB's pages.
     */
    private static final Map<MongoVersion, String> LINE_PATCHES = Map.of(
            MongoVersion.V4_4,
            "4.4.29",
            MongoVersion.V5_0,
            "5.0.34",
            MongoVersion.V6_0,
            "6.0.20",
            MongoVersion.V7_0,
            "7.0.40",
            MongoVersion.V8_0,
            "8.0.17");

    /**
     * The release for a version: a full version ({@code "6.0.2"}) reports itself, a line ({@code "6.0"})
     * one of its patches; the wire version is that of the version's modelled line.
     *
     * @throws IllegalArgumentException for a release before 4.4, whose wire version (4.0 = 7, 4.2 = 8)
     *     current drivers and mongosh 2.x refuse
     */
    public static MongosRelease of(MongoVersion version) {
        MongoVersion line = version.modelledLine();
        if (!line.atLeast(MongoVersion.V4_4)) {
            throw new IllegalArgumentException("version: ShardLab answers as a mongos of MongoDB 4.4 or later; a "
                    + version + " mongos (wire version " + (line.atLeast(MongoVersion.V4_2) ? 8 : 7)
                    + ") is refused by current drivers and mongosh 2.x, which need wire version 9");
        }
        String versionString = version.patch() != MongoVersion.LINE && version.known()
                ? version.toString()
                : LINE_PATCHES.getOrDefault(line, line.major() + "." + line.minor() + ".0");
        return new MongosRelease(version, versionString, wireVersion(line));
    }

    /** wire_version.h: 4.4 = 9, 5.0 = 13, then one per release line (5.1 = 14 … 6.0 = 17, 7.0 = 21, 8.0 = 25). */
    private static int wireVersion(MongoVersion line) {
        return line.major() < 5 ? 9 : 13 + (line.major() - 5) * 4 + line.minor();
    }

    /** {@code buildInfo.versionArray}: major, minor, patch, 0. */
    public int[] versionArray() {
        String[] parts = versionString.split("\\.");
        return new int[] {Integer.parseInt(parts[0]), Integer.parseInt(parts[1]), Integer.parseInt(parts[2]), 0};
    }
}
