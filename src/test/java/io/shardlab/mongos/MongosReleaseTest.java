package io.shardlab.mongos;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.shardlab.cluster.MongoVersion;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** What a mongos of a release says about itself (wire versions: mongo src/mongo/db/wire_version.h). */
class MongosReleaseTest {

    @ParameterizedTest(name = "{0} reports {1}, wire version {2}")
    @CsvSource(delimiter = '|', textBlock = """
            4.4     | 4.4.29  | 9
            4.4.10  | 4.4.10  | 9
            5.0     | 5.0.34  | 13
            5.1     | 5.1.0   | 14
            5.3     | 5.3.0   | 16
            6.0.2   | 6.0.2   | 17
            6.0     | 6.0.20  | 17
            6.3.1   | 6.3.1   | 20
            7.0     | 7.0.40  | 21
            7.1     | 7.1.0   | 22
            7.3.2   | 7.3.2   | 24
            8.0     | 8.0.17  | 25
            8.2     | 8.2.0   | 27
            """)
    void a_release_reports_its_version_and_wire_version(String version, String reported, int wireVersion) {
        MongosRelease release = MongosRelease.of(MongoVersion.parseModelled(version));

        assertEquals(reported, release.versionString());
        assertEquals(wireVersion, release.wireVersion());
    }

    @ParameterizedTest
    @CsvSource({"4.0", "4.2.24"})
    void releases_older_than_4_4_are_refused_because_current_clients_refuse_them(String version) {
        IllegalArgumentException e = assertThrows(
                IllegalArgumentException.class, () -> MongosRelease.of(MongoVersion.parseModelled(version)));

        assertEquals(true, e.getMessage().contains("need wire version 9"), e.getMessage());
    }
}
