package io.shardlab.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.shardlab.cluster.MongoVersion;
import io.shardlab.cluster.Shard;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code addShardToZone} and {@code removeShardFromZone} ({@link AddShardToZone}, {@link RemoveShardFromZone}),
 * as mongo {@code src/mongo/db/s/config/sharding_catalog_manager_add_shard_to_zone_test.cpp},
 * {@code sharding_catalog_manager_remove_shard_from_zone_test.cpp} and
 * {@code jstests/sharding/add_and_remove_shard_from_zone.js} state them (the same cases from 4.0 to 8.0):
 * adding a zone a shard already has, or removing one it does not have, succeeds and changes nothing; an
 * unknown shard is ShardNotFound; the last shard of a zone that still has a range cannot leave it
 * (ZoneStillInUse). Driven through the commands on shards {@code a} and {@code b} of a cluster where
 * {@code test.bar} is sharded (the simulator's snapshot shows a cluster with its collection); a zone range is
 * set on {@code test.foo}, not sharded, as the file inserts a {@code config.tags} document.
 */
class ShardZoneCommandsTest {

    /** Shards {@code a} and {@code b} with the zones of {@code zonesOfA} and {@code zonesOfB} (space-separated, or -). */
    private static SimulatedCluster given(String release, String zonesOfA, String zonesOfB) {
        SimulatedCluster c = new SimulatedCluster(
                SimulationConfig.of(MongoVersion.parse(release)).withInvariantChecks(true));
        c.execute(new AddShard("a"));
        c.execute(new AddShard("b"));
        c.execute(ShardCollection.of("test.bar", "{x: 1}"));
        zones(zonesOfA).forEach(z -> c.execute(new AddShardToZone("a", z)));
        zones(zonesOfB).forEach(z -> c.execute(new AddShardToZone("b", z)));
        return c;
    }

    private static List<String> zones(String text) {
        return text.equals("-") ? List.of() : List.of(text.trim().split("\\s+"));
    }

    /** The shard's zones, sorted, or {@code -}. */
    private static String zonesOf(SimulatedCluster c, String shard) {
        List<String> zones = new ArrayList<>();
        for (Shard s : c.snapshot().cluster().shards()) {
            if (s.id().equals(shard)) {
                zones.addAll(s.zones());
            }
        }
        zones.sort(null);
        return zones.isEmpty() ? "-" : String.join(" ", zones);
    }

    @ParameterizedTest(name = "[{0}] {1}: a {2}, b {3}; {4} {5} {6}")
    @CsvSource(delimiter = '|', textBlock = """
            # release | test                                                    | zones of a | zones of b | command | shard | zone | refusal code | zones of a after | of b after
            4.0 | AddSingleZoneToExistingShardShouldSucceed                       | -     | -     | add    | a | z | -             | z     | -
            8.0 | AddSingleZoneToExistingShardShouldSucceed                       | -     | -     | add    | a | z | -             | z     | -
            4.0 | AddZoneToShardWithSameTagShouldSucceed                          | x y   | -     | add    | a | x | -             | x y   | -
            8.0 | AddZoneToShardWithSameTagShouldSucceed                          | x y   | -     | add    | a | x | -             | x y   | -
            4.0 | AddZoneToShardWithNewTagShouldAppend                            | x     | -     | add    | a | y | -             | x y   | -
            8.0 | AddZoneToShardWithNewTagShouldAppend                            | x     | -     | add    | a | y | -             | x y   | -
            4.0 | AddSingleZoneToNonExistingShardShouldFail                       | -     | -     | add    | c | z | ShardNotFound | -     | -
            6.0 | AddSingleZoneToNonExistingShardShouldFail                       | -     | -     | add    | c | z | ShardNotFound | -     | -
            8.0 | AddSingleZoneToNonExistingShardShouldFail                       | -     | -     | add    | c | z | ShardNotFound | -     | -
            4.0 | RemoveZoneThatNoLongerExistsShouldNotError                      | -     | -     | remove | a | z | -             | -     | -
            8.0 | RemoveZoneThatNoLongerExistsShouldNotError                      | -     | -     | remove | a | z | -             | -     | -
            4.0 | RemovingZoneThatIsOnlyReferencedByAnotherShardShouldSucceed     | z     | -     | remove | b | z | -             | z     | -
            8.0 | RemovingZoneThatIsOnlyReferencedByAnotherShardShouldSucceed     | z     | -     | remove | b | z | -             | z     | -
            4.0 | RemoveZoneShouldFailIfShardDoesntExist                          | z     | -     | remove | c | z | ShardNotFound | z     | -
            7.0 | RemoveZoneShouldFailIfShardDoesntExist                          | z     | -     | remove | c | z | ShardNotFound | z     | -
            8.0 | RemoveZoneShouldFailIfShardDoesntExist                          | z     | -     | remove | c | z | ShardNotFound | z     | -
            4.0 | RemoveZoneFromShardShouldOnlyRemoveZoneOnSpecifiedShard         | z     | y z   | remove | b | z | -             | z     | y
            8.0 | RemoveZoneFromShardShouldOnlyRemoveZoneOnSpecifiedShard         | z     | y z   | remove | b | z | -             | z     | y
            """)
    void aShardJoinsOrLeavesAZone(
            String release,
            String test,
            String zonesOfA,
            String zonesOfB,
            String command,
            String shard,
            String zone,
            String refusal,
            String afterA,
            String afterB) {
        // given shards a and b in the row's zones
        SimulatedCluster c = given(release, zonesOfA, zonesOfB);
        ClusterCommand cmd =
                command.equals("add") ? new AddShardToZone(shard, zone) : new RemoveShardFromZone(shard, zone);

        // when the command runs
        Optional<Refusal> refused = c.refusal(cmd);
        if (refused.isEmpty()) {
            c.execute(cmd);
        }

        // then it is refused with the file's code, or done; the zones are the file's
        assertEquals(refusal, refused.map(Refusal::codeName).orElse("-"));
        assertEquals(afterA, zonesOf(c, "a"), "zones of a");
        assertEquals(afterB, zonesOf(c, "b"), "zones of b");
    }

    @ParameterizedTest(name = "[{0}] {1}: a in {2}, range of {3}")
    @CsvSource(delimiter = '|', textBlock = """
            # release | test                                                  | zones of a | range's zone | refusal code   | zones of a after
            4.0 | RemoveLastZoneFromShardShouldSucceedWhenNoChunksReferToIt | z y   | y | -              | y
            8.0 | RemoveLastZoneFromShardShouldSucceedWhenNoChunksReferToIt | z y   | y | -              | y
            4.0 | RemoveLastZoneFromShardShouldFailWhenAChunkRefersToIt      | y z   | z | ZoneStillInUse | y z
            5.0 | RemoveLastZoneFromShardShouldFailWhenAChunkRefersToIt      | y z   | z | ZoneStillInUse | y z
            6.0 | RemoveLastZoneFromShardShouldFailWhenAChunkRefersToIt      | y z   | z | ZoneStillInUse | y z
            8.0 | RemoveLastZoneFromShardShouldFailWhenAChunkRefersToIt      | y z   | z | ZoneStillInUse | y z
            """)
    void theLastShardOfAZoneWithARangeCannotLeaveIt(
            String release, String test, String zonesOfA, String rangeZone, String refusal, String afterA) {
        // given shard a in the row's zones and test.foo's range [0, 10) in the range's zone (y's range in the
        // first file's case: the shard of y stays in y, so only z is removed)
        SimulatedCluster c = given(release, zonesOfA, "-");
        c.execute(new UpdateZoneKeyRange(
                "test.foo", ClusterRulesTest.doc("{x: 0}"), ClusterRulesTest.doc("{x: 10}"), rangeZone));

        // when a leaves zone z
        Optional<Refusal> refused = c.refusal(new RemoveShardFromZone("a", "z"));
        if (refused.isEmpty()) {
            c.execute(new RemoveShardFromZone("a", "z"));
        }

        // then the file's outcome
        assertEquals(refusal, refused.map(Refusal::codeName).orElse("-"));
        assertEquals(afterA, zonesOf(c, "a"));
        assertEquals("-", zonesOf(c, "b"));
    }

    @ParameterizedTest(name = "[{0}] add_and_remove_shard_from_zone.js")
    @ValueSource(strings = {"4.0", "4.4", "5.0", "6.0", "7.0", "8.0"})
    void addAndRemoveShardFromZone(String release) {
        // given one shard with no zone
        SimulatedCluster c = new SimulatedCluster(SimulationConfig.of(MongoVersion.parse(release)));
        c.execute(new AddShard("shard0"));
        c.execute(ShardCollection.of("test.bar", "{x: 1}"));

        // when / then, step by step as the file asserts config.shards' tags
        step(c, new AddShardToZone("shard0", "x"), "x", "Test adding shard with no zone to a new zone");
        step(c, new AddShardToZone("shard0", "y"), "x y", "Test adding zone to a shard with existing zones");
        step(c, new RemoveShardFromZone("shard0", "x"), "y", "Test removing shard from existing zone");
        step(c, new RemoveShardFromZone("shard0", "x"), "y", "Test removing shard from zone that no longer exists");
        step(c, new RemoveShardFromZone("shard0", "y"), "-", "Test removing the last zone from a shard");
    }

    private static void step(SimulatedCluster c, ClusterCommand command, String zones, String assertion) {
        assertEquals(Optional.empty(), c.refusal(command), assertion + ": commandWorked");
        c.execute(command);
        assertEquals(zones, zonesOf(c, "shard0"), assertion);
    }
}
