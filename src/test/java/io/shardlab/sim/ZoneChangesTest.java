package io.shardlab.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.shardlab.cluster.Chunk;
import io.shardlab.cluster.MongoVersion;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.LongStream;
import org.bson.BsonDocument;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Zones move chunks, as mongo {@code jstests/sharding/zone_changes_range.js} asserts it: three
 * shards (the file's shard0, shard1, shard2 are shard01, shard02, shard03 here, shard01 the
 * primary), 1 MB chunks, {@code db.range} on {@code {x: 1}} split at -10, 0, 10, 20, the documents
 * {@code x} = -15, -5, 5, 15, 25 of 1 MB each, the balancer run for a few rounds. Each test is one of
 * the file's {@code it(...)} scenarios, named after it.
 */
class ZoneChangesTest {

    private static final String NS = "db.range";
    private SimulatedCluster c;

    @BeforeEach
    void given() {
        c = ClusterRulesTest.cluster(MongoVersion.V8_0, 3, 1024 * 1024);
        c.execute(new SetBalancerState(false));
        c.execute(ShardCollection.of(NS, "{x: 1}"));
        for (long p : new long[] {-10, 0, 10, 20}) {
            c.execute(new SplitAt(NS, doc("{x: NumberLong(" + p + ")}")));
        }
        c.insert(NS, InsertBatch.ofInt64(LongStream.of(-15, -5, 5, 15, 25).toArray(), 1024 * 1024));
    }

    private static BsonDocument doc(String json) {
        return BsonDocument.parse(json);
    }

    private void place(String shard, long... chunkMins) {
        for (long min : chunkMins) {
            c.execute(new MoveChunk(NS, doc("{x: NumberLong(" + min + ")}"), shard, false));
            c.settle(600_000);
        }
    }

    private void zones(String... shardZoneRanges) {
        for (String s : shardZoneRanges) {
            String[] p = s.split(":");
            c.execute(new AddShardToZone(p[0], p[1]));
        }
        c.execute(new UpdateZoneKeyRange(NS, doc("{x: {$minKey: 1}}"), doc("{x: NumberLong(-10)}"), "zoneA"));
        c.execute(new UpdateZoneKeyRange(NS, doc("{x: NumberLong(-10)}"), doc("{x: NumberLong(10)}"), "zoneB"));
        c.execute(new UpdateZoneKeyRange(NS, doc("{x: NumberLong(10)}"), doc("{x: {$maxKey: 1}}"), "zoneC"));
    }

    /** shard → its chunks' mins, in key order ({@code min} for MinKey). */
    private Map<String, List<String>> chunksOnShards() {
        Map<String, List<String>> out = new TreeMap<>();
        for (String s : List.of("shard01", "shard02", "shard03")) {
            out.put(s, new ArrayList<>());
        }
        for (Chunk ch : c.snapshot().cluster().chunks().chunks()) {
            out.get(ch.shard())
                    .add(
                            ch.min().isGlobalMin()
                                    ? "min"
                                    : ch.min().get(0).asNumber().longValue() + "");
        }
        return out;
    }

    private void runBalancer(int rounds) {
        c.execute(new SetBalancerState(true));
        c.runBalancerRounds(rounds);
        c.settle(600_000);
    }

    @Test
    void movesChunksToTheShardThatOwnsTheirZone() {
        zones("shard01:zoneA", "shard02:zoneB", "shard03:zoneC");
        runBalancer(4);
        assertEquals(
                Map.of("shard01", List.of("min"), "shard02", List.of("-10", "0"), "shard03", List.of("10", "20")),
                chunksOnShards());
    }

    @Test
    void balancesChunksWithinAZone() {
        place("shard02", Long.MIN_VALUE, -10, 0);
        place("shard03", 10, 20);
        zones("shard02:zoneA", "shard02:zoneB", "shard03:zoneC");
        c.execute(new AddShardToZone("shard01", "zoneB"));
        runBalancer(1);
        assertEquals(
                Map.of("shard01", List.of("-10"), "shard02", List.of("min", "0"), "shard03", List.of("10", "20")),
                chunksOnShards());
    }

    @Test
    void splitsAndMovesTheAffectedChunkWhenAZoneKeyRangeIsReassigned() {
        place("shard02", -10, 0);
        place("shard03", Long.MIN_VALUE);
        zones("shard01:zoneC", "shard02:zoneB", "shard03:zoneA");
        // zone_changes_util.js updateZoneKeyRange: remove the old range, then assign the new one
        c.execute(new UpdateZoneKeyRange(NS, doc("{x: {$minKey: 1}}"), doc("{x: NumberLong(-10)}"), null));
        c.execute(new UpdateZoneKeyRange(NS, doc("{x: {$minKey: 1}}"), doc("{x: NumberLong(-20)}"), "zoneA"));
        c.execute(new UpdateZoneKeyRange(NS, doc("{x: NumberLong(-10)}"), doc("{x: NumberLong(10)}"), null));
        c.execute(new UpdateZoneKeyRange(NS, doc("{x: NumberLong(-20)}"), doc("{x: NumberLong(10)}"), "zoneB"));

        runBalancer(1);

        // the round splits shard03's [MinKey, -10) at -20 and moves [-20, -10) to shard02
        assertEquals(
                Map.of(
                        "shard01",
                        List.of("10", "20"),
                        "shard02",
                        List.of("-20", "-10", "0"),
                        "shard03",
                        List.of("min")),
                chunksOnShards());
    }

    /** zone_changes_util.js {@code moveZoneToShard}: add the new shard to the zone, then remove the old one. */
    private void moveZoneToShard(String zone, String from, String to) {
        c.execute(new AddShardToZone(to, zone));
        c.execute(new RemoveShardFromZone(from, zone));
    }

    @Test
    void doesNotBalanceWhenNoBalanceIsSetOnTheCollection() {
        zones("shard01:zoneA", "shard02:zoneB", "shard03:zoneC");
        c.execute(new SetCollectionBalancing(NS, false));

        runBalancer(4);

        // all chunks remain on the primary shard
        assertEquals(
                Map.of("shard01", List.of("min", "-10", "0", "10", "20"), "shard02", List.of(), "shard03", List.of()),
                chunksOnShards());
    }

    @Test
    void doesNotAllowRemovingTheOnlyShardAZoneBelongsTo() {
        zones("shard01:zoneA", "shard02:zoneB", "shard03:zoneC");

        assertEquals(
                "ZoneStillInUse",
                c.refusal(new RemoveShardFromZone("shard01", "zoneA"))
                        .orElseThrow()
                        .codeName());
    }

    @Test
    void movesAZonesChunksWhenTheZoneIsReassignedToAnotherShard() {
        place("shard02", -10, 0);
        place("shard03", 10, 20);
        zones("shard01:zoneA", "shard02:zoneB", "shard03:zoneC");
        moveZoneToShard("zoneA", "shard01", "shard02");

        runBalancer(1);

        assertEquals(
                Map.of("shard01", List.of(), "shard02", List.of("min", "-10", "0"), "shard03", List.of("10", "20")),
                chunksOnShards());
    }

    @Test
    void movesChunksAndDocumentsWhenZonesAreReassignedAcrossShards() {
        place("shard02", Long.MIN_VALUE, 0);
        place("shard03", 10, 20);
        zones("shard01:zoneB", "shard02:zoneA", "shard02:zoneB", "shard03:zoneC");
        c.execute(new RemoveShardFromZone("shard01", "zoneB"));
        moveZoneToShard("zoneC", "shard03", "shard01");
        moveZoneToShard("zoneA", "shard02", "shard03");

        runBalancer(4);

        assertEquals(
                Map.of("shard01", List.of("10", "20"), "shard02", List.of("-10", "0"), "shard03", List.of("min")),
                chunksOnShards());
        assertEquals(
                5,
                c.snapshot().chunkStatistics().stream()
                        .mapToLong(io.shardlab.cluster.ChunkStatistics::documents)
                        .sum(),
                "every document kept");
    }

    @Test
    void movesChunksAndDocsSoAZoneEndsUpOwningOnlyEmptyChunks() {
        // this scenario splits at -20 too
        c.execute(new SplitAt(NS, doc("{x: NumberLong(-20)}")));
        place("shard02", -20, -10, 0);
        place("shard03", 10, 20);
        c.execute(new AddShardToZone("shard01", "zoneA"));
        c.execute(new AddShardToZone("shard02", "zoneB"));
        c.execute(new AddShardToZone("shard03", "zoneC"));
        c.execute(new UpdateZoneKeyRange(NS, doc("{x: {$minKey: 1}}"), doc("{x: NumberLong(-20)}"), "zoneA"));
        c.execute(new UpdateZoneKeyRange(NS, doc("{x: NumberLong(-20)}"), doc("{x: NumberLong(10)}"), "zoneB"));
        c.execute(new UpdateZoneKeyRange(NS, doc("{x: NumberLong(10)}"), doc("{x: {$maxKey: 1}}"), "zoneC"));
        // zone_changes_util.js updateZoneKeyRange: remove the old range, then assign the new one
        c.execute(new UpdateZoneKeyRange(NS, doc("{x: NumberLong(-20)}"), doc("{x: NumberLong(10)}"), null));
        c.execute(new UpdateZoneKeyRange(NS, doc("{x: NumberLong(-20)}"), doc("{x: NumberLong(-15)}"), "zoneB"));
        c.execute(new UpdateZoneKeyRange(NS, doc("{x: NumberLong(10)}"), doc("{x: {$maxKey: 1}}"), null));
        c.execute(new UpdateZoneKeyRange(NS, doc("{x: NumberLong(-15)}"), doc("{x: {$maxKey: 1}}"), "zoneC"));

        runBalancer(3);

        assertEquals(
                Map.of(
                        "shard01",
                        List.of("min"),
                        "shard02",
                        List.of("-20"),
                        "shard03",
                        List.of("-15", "-10", "0", "10", "20")),
                chunksOnShards());
    }
}
