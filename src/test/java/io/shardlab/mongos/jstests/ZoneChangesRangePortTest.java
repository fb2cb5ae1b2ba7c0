package io.shardlab.mongos.jstests;

import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Zones move chunks on a range shard key, ported from mongo {@code jstests/sharding/zone_changes_range.js} (its
 * current form: one {@code it} scenario per fresh collection; helpers in {@code jstests/sharding/libs/zone_changes_util.js}):
 * three shards, 1 MB chunks, {@code test.range} on {@code {x: 1}}, primary shard01, split at -10, 0, 10, 20 (the last
 * scenario also at -20), five documents ({@code x}: -15, -5, 5, 15, 25). The file gives each a 1 MB string; here
 * only the balancer round of the scenario that balances inside a zone keeps it ({@code $MEGABYTE_DOCS}): where the balancer weighs data
 * (ShardLab from 6.0, {@code src/mongo/db/s/balancer/balancer_policy.cpp}) a shard must hold several chunk sizes more
 * than another before a chunk moves, and with small documents nothing would. The other scenarios move chunks for
 * their zones whatever their size, so they insert the documents without the string (seconds instead of minutes). {@code placeChunks} is {@code moveChunk}
 * of whole chunks away from the primary, {@code runBalancer} is {@code balancerStart}, ten simulated minutes and
 * {@code balancerStop}. {@code assertChunksOnShards} is a row per shard listing that shard's chunks (the file lists
 * every chunk of the collection, so a shard's list is all of it); {@code assertShardTags} a row per shard;
 * {@code assertDocsOnShards} and the file's document counts on a shard ask a shard directly, which a client of
 * ShardLab's mongos cannot, and are not ported.
 */
class ZoneChangesRangePortTest {

    static final String ROWS = """
            all     | does not balance when noBalance is set on the collection: all chunks remain on the primary shard | $FOUR_SPLITS ;; $DOCS ;; $ABC_ZONES ;; config {update: 'collections', updates: [{q: {_id: 'test.range'}, u: {$set: {noBalance: true}}}]} ;; admin {balancerStart: 1} ;; advance 600000 ;; admin {balancerStop: 1} | config {find: 'chunks', filter: {shard: 'shard01'}, sort: {min: 1}} | ok {'cursor.firstBatch': [{min: {x: MinKey}, max: {x: -10}}, {min: {x: -10}, max: {x: 0}}, {min: {x: 0}, max: {x: 10}}, {min: {x: 10}, max: {x: 20}}, {min: {x: 20}, max: {x: MaxKey}}]}
            all     | moves chunks to the shard that owns their zone: shard0 | $FOUR_SPLITS ;; $DOCS ;; $ABC_ZONES ;; admin {balancerStart: 1} ;; advance 600000 ;; admin {balancerStop: 1} | config {find: 'chunks', filter: {shard: 'shard01'}, sort: {min: 1}} | ok {'cursor.firstBatch': [{min: {x: MinKey}, max: {x: -10}}]}
            all     | ... shard1 | $FOUR_SPLITS ;; $DOCS ;; $ABC_ZONES ;; admin {balancerStart: 1} ;; advance 600000 ;; admin {balancerStop: 1} | config {find: 'chunks', filter: {shard: 'shard02'}, sort: {min: 1}} | ok {'cursor.firstBatch': [{min: {x: -10}, max: {x: 0}}, {min: {x: 0}, max: {x: 10}}]}
            all     | ... shard2 | $FOUR_SPLITS ;; $DOCS ;; $ABC_ZONES ;; admin {balancerStart: 1} ;; advance 600000 ;; admin {balancerStop: 1} | config {find: 'chunks', filter: {shard: 'shard03'}, sort: {min: 1}} | ok {'cursor.firstBatch': [{min: {x: 10}, max: {x: 20}}, {min: {x: 20}, max: {x: MaxKey}}]}
            all     | does not allow removing the only shard a zone belongs to | $FOUR_SPLITS ;; $ABC_ZONES | admin {removeShardFromZone: 'shard01', zone: 'zoneA'} | ZoneStillInUse
            all     | moves a zone's chunks when the zone is reassigned to another shard: shard0 has no zones | $FOUR_SPLITS ;; $DOCS ;; $PLACED_BC ;; $ABC_ZONES ;; admin {addShardToZone: 'shard02', zone: 'zoneA'} ;; admin {removeShardFromZone: 'shard01', zone: 'zoneA'} | config {find: 'shards', filter: {_id: 'shard01'}} | ok {'cursor.firstBatch.0.tags': []}
            all     | ... shard1 in zoneB and zoneA | $FOUR_SPLITS ;; $DOCS ;; $PLACED_BC ;; $ABC_ZONES ;; admin {addShardToZone: 'shard02', zone: 'zoneA'} ;; admin {removeShardFromZone: 'shard01', zone: 'zoneA'} | config {find: 'shards', filter: {_id: 'shard02'}} | ok {'cursor.firstBatch.0.tags': ['zoneB', 'zoneA']}
            all     | ... shard2 in zoneC | $FOUR_SPLITS ;; $DOCS ;; $PLACED_BC ;; $ABC_ZONES ;; admin {addShardToZone: 'shard02', zone: 'zoneA'} ;; admin {removeShardFromZone: 'shard01', zone: 'zoneA'} | config {find: 'shards', filter: {_id: 'shard03'}} | ok {'cursor.firstBatch.0.tags': ['zoneC']}
            all     | ... after the balancer round: shard1's chunks | $FOUR_SPLITS ;; $DOCS ;; $PLACED_BC ;; $ABC_ZONES ;; admin {addShardToZone: 'shard02', zone: 'zoneA'} ;; admin {removeShardFromZone: 'shard01', zone: 'zoneA'} ;; admin {balancerStart: 1} ;; advance 600000 ;; admin {balancerStop: 1} | config {find: 'chunks', filter: {shard: 'shard02'}, sort: {min: 1}} | ok {'cursor.firstBatch': [{min: {x: MinKey}, max: {x: -10}}, {min: {x: -10}, max: {x: 0}}, {min: {x: 0}, max: {x: 10}}]}
            all     | ... shard2's chunks | $FOUR_SPLITS ;; $DOCS ;; $PLACED_BC ;; $ABC_ZONES ;; admin {addShardToZone: 'shard02', zone: 'zoneA'} ;; admin {removeShardFromZone: 'shard01', zone: 'zoneA'} ;; admin {balancerStart: 1} ;; advance 600000 ;; admin {balancerStop: 1} | config {find: 'chunks', filter: {shard: 'shard03'}, sort: {min: 1}} | ok {'cursor.firstBatch': [{min: {x: 10}, max: {x: 20}}, {min: {x: 20}, max: {x: MaxKey}}]}
            all     | balances chunks within a zone: shard0 in zoneB | $FOUR_SPLITS ;; $DOCS ;; $PLACED_ABC ;; $TWO_SHARD_ZONES ;; admin {addShardToZone: 'shard01', zone: 'zoneB'} | config {find: 'shards', filter: {_id: 'shard01'}} | ok {'cursor.firstBatch.0.tags': ['zoneB']}
            all     | ... shard1 in zoneA and zoneB | $FOUR_SPLITS ;; $DOCS ;; $PLACED_ABC ;; $TWO_SHARD_ZONES ;; admin {addShardToZone: 'shard01', zone: 'zoneB'} | config {find: 'shards', filter: {_id: 'shard02'}} | ok {'cursor.firstBatch.0.tags': ['zoneA', 'zoneB']}
            all     | ... shard2 in zoneC | $FOUR_SPLITS ;; $DOCS ;; $PLACED_ABC ;; $TWO_SHARD_ZONES ;; admin {addShardToZone: 'shard01', zone: 'zoneB'} | config {find: 'shards', filter: {_id: 'shard03'}} | ok {'cursor.firstBatch.0.tags': ['zoneC']}
            all     | ... after the balancer round: shard0's chunk | $FOUR_SPLITS ;; $MEGABYTE_DOCS ;; $PLACED_ABC ;; $TWO_SHARD_ZONES ;; admin {addShardToZone: 'shard01', zone: 'zoneB'} ;; admin {balancerStart: 1} ;; advance 600000 ;; admin {balancerStop: 1} | config {find: 'chunks', filter: {shard: 'shard01'}, sort: {min: 1}} | ok {'cursor.firstBatch': [{min: {x: -10}, max: {x: 0}}]}
            all     | ... shard1's chunks | $FOUR_SPLITS ;; $MEGABYTE_DOCS ;; $PLACED_ABC ;; $TWO_SHARD_ZONES ;; admin {addShardToZone: 'shard01', zone: 'zoneB'} ;; admin {balancerStart: 1} ;; advance 600000 ;; admin {balancerStop: 1} | config {find: 'chunks', filter: {shard: 'shard02'}, sort: {min: 1}} | ok {'cursor.firstBatch': [{min: {x: MinKey}, max: {x: -10}}, {min: {x: 0}, max: {x: 10}}]}
            all     | ... shard2's chunks | $FOUR_SPLITS ;; $MEGABYTE_DOCS ;; $PLACED_ABC ;; $TWO_SHARD_ZONES ;; admin {addShardToZone: 'shard01', zone: 'zoneB'} ;; admin {balancerStart: 1} ;; advance 600000 ;; admin {balancerStop: 1} | config {find: 'chunks', filter: {shard: 'shard03'}, sort: {min: 1}} | ok {'cursor.firstBatch': [{min: {x: 10}, max: {x: 20}}, {min: {x: 20}, max: {x: MaxKey}}]}
            all     | moves chunks and documents when zones are reassigned across shards: shard0 in zoneC | $FOUR_SPLITS ;; $DOCS ;; $PLACED_AC ;; $ROTATING_ZONES ;; admin {removeShardFromZone: 'shard01', zone: 'zoneB'} ;; admin {addShardToZone: 'shard01', zone: 'zoneC'} ;; admin {removeShardFromZone: 'shard03', zone: 'zoneC'} ;; admin {addShardToZone: 'shard03', zone: 'zoneA'} ;; admin {removeShardFromZone: 'shard02', zone: 'zoneA'} | config {find: 'shards', filter: {_id: 'shard01'}} | ok {'cursor.firstBatch.0.tags': ['zoneC']}
            all     | ... shard1 in zoneB | $FOUR_SPLITS ;; $DOCS ;; $PLACED_AC ;; $ROTATING_ZONES ;; admin {removeShardFromZone: 'shard01', zone: 'zoneB'} ;; admin {addShardToZone: 'shard01', zone: 'zoneC'} ;; admin {removeShardFromZone: 'shard03', zone: 'zoneC'} ;; admin {addShardToZone: 'shard03', zone: 'zoneA'} ;; admin {removeShardFromZone: 'shard02', zone: 'zoneA'} | config {find: 'shards', filter: {_id: 'shard02'}} | ok {'cursor.firstBatch.0.tags': ['zoneB']}
            all     | ... shard2 in zoneA | $FOUR_SPLITS ;; $DOCS ;; $PLACED_AC ;; $ROTATING_ZONES ;; admin {removeShardFromZone: 'shard01', zone: 'zoneB'} ;; admin {addShardToZone: 'shard01', zone: 'zoneC'} ;; admin {removeShardFromZone: 'shard03', zone: 'zoneC'} ;; admin {addShardToZone: 'shard03', zone: 'zoneA'} ;; admin {removeShardFromZone: 'shard02', zone: 'zoneA'} | config {find: 'shards', filter: {_id: 'shard03'}} | ok {'cursor.firstBatch.0.tags': ['zoneA']}
            all     | ... after the balancer rounds: shard0's chunks | $FOUR_SPLITS ;; $DOCS ;; $PLACED_AC ;; $ROTATING_ZONES ;; admin {removeShardFromZone: 'shard01', zone: 'zoneB'} ;; admin {addShardToZone: 'shard01', zone: 'zoneC'} ;; admin {removeShardFromZone: 'shard03', zone: 'zoneC'} ;; admin {addShardToZone: 'shard03', zone: 'zoneA'} ;; admin {removeShardFromZone: 'shard02', zone: 'zoneA'} ;; admin {balancerStart: 1} ;; advance 600000 ;; admin {balancerStop: 1} | config {find: 'chunks', filter: {shard: 'shard01'}, sort: {min: 1}} | ok {'cursor.firstBatch': [{min: {x: 10}, max: {x: 20}}, {min: {x: 20}, max: {x: MaxKey}}]}
            all     | ... shard1's chunks | $FOUR_SPLITS ;; $DOCS ;; $PLACED_AC ;; $ROTATING_ZONES ;; admin {removeShardFromZone: 'shard01', zone: 'zoneB'} ;; admin {addShardToZone: 'shard01', zone: 'zoneC'} ;; admin {removeShardFromZone: 'shard03', zone: 'zoneC'} ;; admin {addShardToZone: 'shard03', zone: 'zoneA'} ;; admin {removeShardFromZone: 'shard02', zone: 'zoneA'} ;; admin {balancerStart: 1} ;; advance 600000 ;; admin {balancerStop: 1} | config {find: 'chunks', filter: {shard: 'shard02'}, sort: {min: 1}} | ok {'cursor.firstBatch': [{min: {x: -10}, max: {x: 0}}, {min: {x: 0}, max: {x: 10}}]}
            all     | ... shard2's chunk | $FOUR_SPLITS ;; $DOCS ;; $PLACED_AC ;; $ROTATING_ZONES ;; admin {removeShardFromZone: 'shard01', zone: 'zoneB'} ;; admin {addShardToZone: 'shard01', zone: 'zoneC'} ;; admin {removeShardFromZone: 'shard03', zone: 'zoneC'} ;; admin {addShardToZone: 'shard03', zone: 'zoneA'} ;; admin {removeShardFromZone: 'shard02', zone: 'zoneA'} ;; admin {balancerStart: 1} ;; advance 600000 ;; admin {balancerStop: 1} | config {find: 'chunks', filter: {shard: 'shard03'}, sort: {min: 1}} | ok {'cursor.firstBatch': [{min: {x: MinKey}, max: {x: -10}}]}
            all     | splits and moves the affected chunk when a zone key range is reassigned: shard0's chunks | $FOUR_SPLITS ;; $DOCS ;; $PLACED_BA ;; $REVERSED_ZONES ;; admin {updateZoneKeyRange: 'test.range', min: {x: MinKey}, max: {x: -10}, zone: null} ;; admin {updateZoneKeyRange: 'test.range', min: {x: MinKey}, max: {x: -20}, zone: 'zoneA'} ;; admin {updateZoneKeyRange: 'test.range', min: {x: -10}, max: {x: 10}, zone: null} ;; admin {updateZoneKeyRange: 'test.range', min: {x: -20}, max: {x: 10}, zone: 'zoneB'} ;; admin {balancerStart: 1} ;; advance 600000 ;; admin {balancerStop: 1} | config {find: 'chunks', filter: {shard: 'shard01'}, sort: {min: 1}} | ok {'cursor.firstBatch': [{min: {x: 10}, max: {x: 20}}, {min: {x: 20}, max: {x: MaxKey}}]}
            all     | ... shard1's chunks | $FOUR_SPLITS ;; $DOCS ;; $PLACED_BA ;; $REVERSED_ZONES ;; admin {updateZoneKeyRange: 'test.range', min: {x: MinKey}, max: {x: -10}, zone: null} ;; admin {updateZoneKeyRange: 'test.range', min: {x: MinKey}, max: {x: -20}, zone: 'zoneA'} ;; admin {updateZoneKeyRange: 'test.range', min: {x: -10}, max: {x: 10}, zone: null} ;; admin {updateZoneKeyRange: 'test.range', min: {x: -20}, max: {x: 10}, zone: 'zoneB'} ;; admin {balancerStart: 1} ;; advance 600000 ;; admin {balancerStop: 1} | config {find: 'chunks', filter: {shard: 'shard02'}, sort: {min: 1}} | ok {'cursor.firstBatch': [{min: {x: -20}, max: {x: -10}}, {min: {x: -10}, max: {x: 0}}, {min: {x: 0}, max: {x: 10}}]}
            all     | ... shard2's chunk | $FOUR_SPLITS ;; $DOCS ;; $PLACED_BA ;; $REVERSED_ZONES ;; admin {updateZoneKeyRange: 'test.range', min: {x: MinKey}, max: {x: -10}, zone: null} ;; admin {updateZoneKeyRange: 'test.range', min: {x: MinKey}, max: {x: -20}, zone: 'zoneA'} ;; admin {updateZoneKeyRange: 'test.range', min: {x: -10}, max: {x: 10}, zone: null} ;; admin {updateZoneKeyRange: 'test.range', min: {x: -20}, max: {x: 10}, zone: 'zoneB'} ;; admin {balancerStart: 1} ;; advance 600000 ;; admin {balancerStop: 1} | config {find: 'chunks', filter: {shard: 'shard03'}, sort: {min: 1}} | ok {'cursor.firstBatch': [{min: {x: MinKey}, max: {x: -20}}]}
            all     | moves chunks and docs so a zone ends up owning only empty chunks: shard0's chunk | $FIVE_SPLITS ;; $DOCS ;; $PLACED_EMPTY ;; $NARROW_ZONES ;; admin {updateZoneKeyRange: 'test.range', min: {x: -20}, max: {x: 10}, zone: null} ;; admin {updateZoneKeyRange: 'test.range', min: {x: -20}, max: {x: -15}, zone: 'zoneB'} ;; admin {updateZoneKeyRange: 'test.range', min: {x: 10}, max: {x: MaxKey}, zone: null} ;; admin {updateZoneKeyRange: 'test.range', min: {x: -15}, max: {x: MaxKey}, zone: 'zoneC'} ;; admin {balancerStart: 1} ;; advance 600000 ;; admin {balancerStop: 1} | config {find: 'chunks', filter: {shard: 'shard01'}, sort: {min: 1}} | ok {'cursor.firstBatch': [{min: {x: MinKey}, max: {x: -20}}]}
            all     | ... shard1's chunk | $FIVE_SPLITS ;; $DOCS ;; $PLACED_EMPTY ;; $NARROW_ZONES ;; admin {updateZoneKeyRange: 'test.range', min: {x: -20}, max: {x: 10}, zone: null} ;; admin {updateZoneKeyRange: 'test.range', min: {x: -20}, max: {x: -15}, zone: 'zoneB'} ;; admin {updateZoneKeyRange: 'test.range', min: {x: 10}, max: {x: MaxKey}, zone: null} ;; admin {updateZoneKeyRange: 'test.range', min: {x: -15}, max: {x: MaxKey}, zone: 'zoneC'} ;; admin {balancerStart: 1} ;; advance 600000 ;; admin {balancerStop: 1} | config {find: 'chunks', filter: {shard: 'shard02'}, sort: {min: 1}} | ok {'cursor.firstBatch': [{min: {x: -20}, max: {x: -15}}]}
            all     | ... shard2's chunks | $FIVE_SPLITS ;; $DOCS ;; $PLACED_EMPTY ;; $NARROW_ZONES ;; admin {updateZoneKeyRange: 'test.range', min: {x: -20}, max: {x: 10}, zone: null} ;; admin {updateZoneKeyRange: 'test.range', min: {x: -20}, max: {x: -15}, zone: 'zoneB'} ;; admin {updateZoneKeyRange: 'test.range', min: {x: 10}, max: {x: MaxKey}, zone: null} ;; admin {updateZoneKeyRange: 'test.range', min: {x: -15}, max: {x: MaxKey}, zone: 'zoneC'} ;; admin {balancerStart: 1} ;; advance 600000 ;; admin {balancerStop: 1} | config {find: 'chunks', filter: {shard: 'shard03'}, sort: {min: 1}} | ok {'cursor.firstBatch': [{min: {x: -15}, max: {x: -10}}, {min: {x: -10}, max: {x: 0}}, {min: {x: 0}, max: {x: 10}}, {min: {x: 10}, max: {x: 20}}, {min: {x: 20}, max: {x: MaxKey}}]}
            """;

    /** Three shards, 1 MB chunks, {@code test.range} on {@code {x: 1}} with primary shard01, the balancer stopped. */
    private static final String SHARDED = "shards 3 ;; chunksize 1 ;; admin {balancerStop: 1}"
            + " ;; admin {enableSharding: 'test', primaryShard: 'shard01'}"
            + " ;; admin {shardCollection: 'test.range', key: {x: 1}}";

    /** The three zones over [MinKey, -10), [-10, 10), [10, MaxKey). */
    private static final String RANGES =
            " ;; admin {updateZoneKeyRange: 'test.range', min: {x: MinKey}, max: {x: -10}, zone: 'zoneA'}"
                    + " ;; admin {updateZoneKeyRange: 'test.range', min: {x: -10}, max: {x: 10}, zone: 'zoneB'}"
                    + " ;; admin {updateZoneKeyRange: 'test.range', min: {x: 10}, max: {x: MaxKey}, zone: 'zoneC'}";

    private static String moves(String shard, String... bounds) {
        StringBuilder out = new StringBuilder();
        for (String b : bounds) {
            out.append(" ;; admin {moveChunk: 'test.range', bounds: ")
                    .append(b)
                    .append(", to: '")
                    .append(shard)
                    .append("', _waitForDelete: true}");
        }
        return out.toString();
    }

    private static String zones(String... shardAndZone) {
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < shardAndZone.length; i += 2) {
            out.append(" ;; admin {addShardToZone: '")
                    .append(shardAndZone[i])
                    .append("', zone: '")
                    .append(shardAndZone[i + 1])
                    .append("'}");
        }
        return out.substring(" ;; ".length());
    }

    private static final String LOW = "[{x: MinKey}, {x: -10}]";
    private static final String MINUS_TEN = "[{x: -10}, {x: 0}]";
    private static final String ZERO = "[{x: 0}, {x: 10}]";
    private static final String TEN = "[{x: 10}, {x: 20}]";
    private static final String HIGH = "[{x: 20}, {x: MaxKey}]";

    /** The table of {@link #ROWS}. */
    static final PortedTable TABLE = new PortedTable(
            "jstests/sharding/zone_changes_range.js",
            ROWS,
            Map.ofEntries(
                    Map.entry(
                            "FOUR_SPLITS",
                            SHARDED
                                    + " ;; admin {split: 'test.range', middle: {x: -10}} ;; admin {split: 'test.range', middle: {x: 0}}"
                                    + " ;; admin {split: 'test.range', middle: {x: 10}} ;; admin {split: 'test.range', middle: {x: 20}}"),
                    Map.entry(
                            "FIVE_SPLITS",
                            SHARDED
                                    + " ;; admin {split: 'test.range', middle: {x: -20}} ;; admin {split: 'test.range', middle: {x: -10}}"
                                    + " ;; admin {split: 'test.range', middle: {x: 0}} ;; admin {split: 'test.range', middle: {x: 10}}"
                                    + " ;; admin {split: 'test.range', middle: {x: 20}}"),
                    Map.entry(
                            "DOCS", "test {insert: 'range', documents: [{x: -15}, {x: -5}, {x: 5}, {x: 15}, {x: 25}]}"),
                    Map.entry(
                            "MEGABYTE_DOCS",
                            "test {insert: 'range', documents: [{x: -15, s: '<X*1048576>'}, {x: -5, s: '<X*1048576>'},"
                                    + " {x: 5, s: '<X*1048576>'}, {x: 15, s: '<X*1048576>'}, {x: 25, s: '<X*1048576>'}]}"),
                    Map.entry(
                            "PLACED_BC",
                            (moves("shard02", MINUS_TEN, ZERO) + moves("shard03", TEN, HIGH)).substring(4)),
                    Map.entry(
                            "PLACED_ABC",
                            (moves("shard02", LOW, MINUS_TEN, ZERO) + moves("shard03", TEN, HIGH)).substring(4)),
                    Map.entry("PLACED_AC", (moves("shard02", LOW, ZERO) + moves("shard03", TEN, HIGH)).substring(4)),
                    Map.entry("PLACED_BA", (moves("shard02", MINUS_TEN, ZERO) + moves("shard03", LOW)).substring(4)),
                    Map.entry(
                            "PLACED_EMPTY",
                            (moves("shard02", "[{x: -20}, {x: -10}]", MINUS_TEN, ZERO) + moves("shard03", TEN, HIGH))
                                    .substring(4)),
                    Map.entry("ABC_ZONES", zones("shard01", "zoneA", "shard02", "zoneB", "shard03", "zoneC") + RANGES),
                    Map.entry(
                            "TWO_SHARD_ZONES",
                            zones("shard02", "zoneA", "shard02", "zoneB", "shard03", "zoneC") + RANGES),
                    Map.entry(
                            "ROTATING_ZONES",
                            zones("shard01", "zoneB", "shard02", "zoneA", "shard02", "zoneB", "shard03", "zoneC")
                                    + RANGES),
                    Map.entry(
                            "REVERSED_ZONES",
                            zones("shard01", "zoneC", "shard02", "zoneB", "shard03", "zoneA") + RANGES),
                    Map.entry(
                            "NARROW_ZONES",
                            zones("shard01", "zoneA", "shard02", "zoneB", "shard03", "zoneC")
                                    + " ;; admin {updateZoneKeyRange: 'test.range', min: {x: MinKey}, max: {x: -20}, zone: 'zoneA'}"
                                    + " ;; admin {updateZoneKeyRange: 'test.range', min: {x: -20}, max: {x: 10}, zone: 'zoneB'}"
                                    + " ;; admin {updateZoneKeyRange: 'test.range', min: {x: 10}, max: {x: MaxKey}, zone: 'zoneC'}")));

    @ParameterizedTest(name = "[{index}] {0} {1}")
    @CsvSource(delimiter = '|', quoteCharacter = '"', textBlock = ROWS)
    void mongosAnswersAsMongoDB(String releases, String test, String given, String when, String then) {
        PortedRowRunner.assertRow(TABLE.row(releases, test, given, when, then));
    }
}
