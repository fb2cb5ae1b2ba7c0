package io.shardlab.live;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.shardlab.cluster.Chunk;
import io.shardlab.cluster.ChunkMap;
import io.shardlab.cluster.ChunkStatistics;
import io.shardlab.cluster.ChunkVersion;
import io.shardlab.cluster.ClusterSnapshot;
import io.shardlab.cluster.Shard;
import io.shardlab.key.ShardKey;
import io.shardlab.key.ShardKeyPattern;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.bson.BsonInt32;
import org.bson.BsonMaxKey;
import org.bson.BsonMinKey;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Which figures a loaded layout's chunk contents come from, in the order of preference. */
class ChunkContentsTest {

    /** [MinKey, 10) on A, [10, 20) on A, [20, MaxKey) on B. */
    static final ClusterSnapshot LAYOUT = new ClusterSnapshot(
            "db.c",
            ShardKeyPattern.parse("{x: 1}"),
            false,
            List.of(Shard.named("A"), Shard.named("B")),
            new ChunkMap(List.of(
                    new Chunk(
                            ShardKey.of(new BsonMinKey()),
                            ShardKey.of(new BsonInt32(10)),
                            "A",
                            false,
                            ChunkVersion.INITIAL),
                    new Chunk(
                            ShardKey.of(new BsonInt32(10)),
                            ShardKey.of(new BsonInt32(20)),
                            "A",
                            false,
                            new ChunkVersion(1, 1)),
                    new Chunk(
                            ShardKey.of(new BsonInt32(20)),
                            ShardKey.of(new BsonMaxKey()),
                            "B",
                            false,
                            new ChunkVersion(2, 0)))),
            List.of());

    @ParameterizedTest(name = "recorded {0}, estimates {1}, per shard {2}: {3} {4}")
    @CsvSource(delimiter = '|', textBlock = """
            # recorded docs/bytes per chunk | estimatedDataSizeBytes per chunk | per-shard docs/bytes  | basis                  | docs/bytes per chunk
            4/400 0/0 9/900                  | -                                | -                     | recorded               | 4/400 0/0 9/900
            4/400 - 9/900                    | -                                | -                     | unknown                | -
            4/400 0/0 9/900                  | 3000 0 2500                      | A:1000/100000 B:10/5000 | recorded             | 4/400 0/0 9/900
            -                                | 3000 0 2500                      | A:1000/100000 B:10/5000 | estimatedDataSizeBytes | 30/3000 0/0 5/2500
            -                                | 3000 0 2500                      | -                     | unknown                | -
            -                                | 3000 max 2500                    | A:1000/100000 B:10/5000 | shardTotals          | 500/50000 500/50000 10/5000
            -                                | 3000 - 2500                      | A:1001/100001 B:10/5000 | shardTotals          | 501/50001 500/50000 10/5000
            -                                | 20 0 2500                        | A:1000/100000 B:10/5000 | estimatedDataSizeBytes | 1/20 0/0 5/2500
            -                                | -                                | A:7/700                 | shardTotals          | 4/350 3/350 0/0
            -                                | -                                | A:9/3 B:1/100           | unknown              | -
            -                                | -                                | -                     | unknown                | -
            """)
    void theBestFiguresTheSourceHasAreUsed(
            String recorded, String estimates, String perShard, String basis, String expected) {
        Map<Chunk, ChunkStatistics> rec = new HashMap<>();
        Map<Chunk, Long> est = new HashMap<>();
        List<Chunk> chunks = LAYOUT.chunks().chunks();
        if (!recorded.equals("-")) {
            String[] parts = recorded.split(" ");
            for (int i = 0; i < parts.length; i++) {
                if (!parts[i].equals("-")) {
                    long[] v = pair(parts[i]);
                    rec.put(chunks.get(i), new ChunkStatistics(chunks.get(i), v[0], v[1]));
                }
            }
        }
        if (!estimates.equals("-")) {
            String[] parts = estimates.split(" ");
            for (int i = 0; i < parts.length; i++) {
                if (!parts[i].equals("-")) {
                    est.put(chunks.get(i), parts[i].equals("max") ? Long.MAX_VALUE : Long.parseLong(parts[i]));
                }
            }
        }
        DataDistribution distribution = null;
        if (!perShard.equals("-")) {
            List<ShardDataSize> sizes = new ArrayList<>();
            for (String s : perShard.split(" ")) {
                long[] v = pair(s.substring(s.indexOf(':') + 1));
                sizes.add(new ShardDataSize(s.substring(0, s.indexOf(':')), v[0], v[1], null, null));
            }
            distribution = new DataDistribution(DataDistribution.SHARDED_DATA_DISTRIBUTION, sizes);
        }
        ChunkContents c = ChunkContents.of(LAYOUT, rec, est, distribution);
        assertEquals(basis, c.basis().label);
        List<String> got =
                c.perChunk().stream().map(s -> s.documents() + "/" + s.bytes()).toList();
        assertEquals(expected.equals("-") ? List.of() : List.of(expected.split(" ")), got);
        for (int i = 0; i < c.perChunk().size(); i++) {
            assertEquals(chunks.get(i), c.perChunk().get(i).chunk());
        }
    }

    @ParameterizedTest(name = "{0} over {1}: part {2} is {3}")
    @CsvSource(textBlock = """
            7, 3, 0, 3
            7, 3, 1, 2
            7, 3, 2, 2
            6, 3, 2, 2
            0, 2, 0, 0
            """)
    void evenPartsGiveTheRemainderToTheFirst(long total, int n, int i, long part) {
        assertEquals(part, ChunkContents.share(total, n, i));
    }

    private static long[] pair(String docsSlashBytes) {
        String[] v = docsSlashBytes.split("/");
        return new long[] {Long.parseLong(v[0]), Long.parseLong(v[1])};
    }
}
