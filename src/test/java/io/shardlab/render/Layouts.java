package io.shardlab.render;

import io.shardlab.cluster.Chunk;
import io.shardlab.cluster.ChunkMap;
import io.shardlab.cluster.ChunkVersion;
import io.shardlab.cluster.ClusterSnapshot;
import io.shardlab.cluster.Shard;
import io.shardlab.cluster.ZoneRange;
import io.shardlab.key.ShardKey;
import io.shardlab.key.ShardKeyPattern;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.TreeSet;
import org.bson.BsonInt64;
import org.bson.BsonValue;

/** Test support: small chunk layouts written out in full. */
final class Layouts {

    private Layouts() {}

    static ShardKey key(long value) {
        return ShardKey.of(new BsonInt64(value));
    }

    static ShardKey key(BsonValue... values) {
        return ShardKey.of(values);
    }

    /**
     * A collection {@code test.c} on {@code {x: 1}} cut at {@code splitPoints}, chunk i on {@code owners[i]},
     * chunks in {@code jumbo} flagged jumbo; the cluster's shards are the distinct owners.
     */
    static ClusterSnapshot ranged(long[] splitPoints, String[] owners, Set<Integer> jumbo, List<ZoneRange> zones) {
        List<ShardKey> points = new ArrayList<>();
        for (long p : splitPoints) {
            points.add(key(p));
        }
        return of(ShardKeyPattern.parse("{x: 1}"), points, owners, jumbo, zones);
    }

    /** A snapshot of {@code pattern} cut at {@code points}, chunk i owned by {@code owners[i]}. */
    static ClusterSnapshot of(
            ShardKeyPattern pattern,
            List<ShardKey> points,
            String[] owners,
            Set<Integer> jumbo,
            List<ZoneRange> zones) {
        if (owners.length != points.size() + 1) {
            throw new IllegalArgumentException("owners: need " + (points.size() + 1));
        }
        List<Chunk> chunks = new ArrayList<>();
        ShardKey lower = pattern.globalMin();
        for (int i = 0; i <= points.size(); i++) {
            ShardKey upper = i < points.size() ? points.get(i) : pattern.globalMax();
            chunks.add(new Chunk(lower, upper, owners[i], jumbo.contains(i), new ChunkVersion(1, i)));
            lower = upper;
        }
        TreeSet<String> shards = new TreeSet<>(List.of(owners));
        return new ClusterSnapshot(
                "test.c", pattern, false, shards.stream().map(Shard::named).toList(), new ChunkMap(chunks), zones);
    }

    /** {@code n} chunks of {@code {x: 1}} at random increasing int64 split points on random shards of {@code shards}. */
    static ClusterSnapshot random(SplittableRandom random, int n, int shards) {
        return random(random, n, shards, 20);
    }

    /** As {@link #random(SplittableRandom, int, int)}, one chunk in {@code jumboOneIn} jumbo (0: none). */
    static ClusterSnapshot random(SplittableRandom random, int n, int shards, int jumboOneIn) {
        long[] points = new long[n - 1];
        long v = random.nextLong(-1_000_000, 1_000_000);
        for (int i = 0; i < points.length; i++) {
            v += 1 + random.nextInt(1000);
            points[i] = v;
        }
        String[] owners = new String[n];
        for (int i = 0; i < n; i++) {
            owners[i] = String.format("shard%02d", 1 + random.nextInt(shards));
        }
        Set<Integer> jumbo = new TreeSet<>();
        for (int i = 0; i < n; i++) {
            if (jumboOneIn > 0 && random.nextInt(jumboOneIn) == 0) {
                jumbo.add(i);
            }
        }
        return ranged(points, owners, jumbo, List.of());
    }
}
