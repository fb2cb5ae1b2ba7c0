package io.shardlab.live;

import static io.shardlab.live.ConfigFixture.EVENTS;
import static io.shardlab.live.ConfigFixture.H1;
import static io.shardlab.live.ConfigFixture.H2;
import static io.shardlab.live.ConfigFixture.MAX;
import static io.shardlab.live.ConfigFixture.MIN;
import static io.shardlab.live.ConfigFixture.USERS;
import static io.shardlab.live.ConfigFixture.at;
import static io.shardlab.live.ConfigFixture.hashed;
import static io.shardlab.live.ConfigFixture.key;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardlab.cluster.Chunk;
import io.shardlab.cluster.ChunkMap;
import io.shardlab.key.ShardKey;
import io.shardlab.live.ConfigFixture.Shape;
import io.shardlab.text.Language;
import io.shardlab.text.Messages;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.TreeSet;
import org.bson.BsonInt32;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Rewinding a layout through config.changelog shows how the cluster got here. */
class LayoutHistoryTest {

    /** A layout as (min, max, shard) lines, which history restores exactly. */
    static List<String> placement(ChunkMap map) {
        return map.chunks().stream()
                .map(c -> c.min() + " " + c.max() + " " + c.shard())
                .toList();
    }

    static List<String> placement(List<Chunk> chunks) {
        return placement(new ChunkMap(chunks));
    }

    static Chunk c(ShardKey min, ShardKey max, String shard) {
        return new Chunk(min, max, shard, false, io.shardlab.cluster.ChunkVersion.INITIAL);
    }

    static ClusterMetadata fixture(Shape shape) {
        return new ClusterInspector(LiveInspectionTest.CLOCK)
                .inspect(
                        new DocumentConfigSource("fixture", ConfigFixture.config(shape), "offline"),
                        new ClusterInspector.Scope(null, 0));
    }

    @ParameterizedTest(name = "MongoDB {0} changelog")
    @EnumSource(Shape.class)
    void theFixtureRewindsToOneChunkOnTheFirstShard(Shape shape) {
        ClusterMetadata m = fixture(shape);
        LayoutHistory h = LayoutHistory.rewind(m.collection(USERS).orElseThrow().map(), m.changes(USERS));
        assertEquals(6, h.size());
        h.steps().forEach(s -> assertTrue(s.exact(), s.change().describe() + ": " + s.note()));

        assertEquals(placement(List.of(c(MIN, MAX, "shard01"))), placement(h.earliest()));
        assertEquals(
                placement(List.of(c(MIN, key(100), "shard01"), c(key(100), MAX, "shard01"))),
                placement(h.layoutAfter(0)));
        assertEquals(
                placement(List.of(
                        c(MIN, key(100), "shard01"),
                        c(key(100), key(200), "shard02"),
                        c(key(200), key(300), "shard01"),
                        c(key(300), MAX, "shard01"))),
                placement(h.layoutAt(at(3).plusSeconds(30))));
        assertEquals(
                placement(List.of(
                        c(MIN, key(100), "shard01"),
                        c(key(100), key(200), "shard02"),
                        c(key(200), key(300), "shard03"),
                        c(key(300), key(400), "shard01"),
                        c(key(400), MAX, "shard01"))),
                placement(h.layoutAfter(4)),
                "before the merge, rebuilt from the merge entry or from the older split");
        assertEquals(placement(ConfigFixture.usersNow()), placement(h.current()));
        assertEquals(placement(h.earliest()), placement(h.layoutAt(Instant.EPOCH)));
        assertEquals(
                new io.shardlab.cluster.ChunkVersion(1, 0),
                h.earliest().get(0).version(),
                "the first split logged the collection version (1, 0) as 'before'");

        LayoutHistory events =
                LayoutHistory.rewind(m.collection(EVENTS).orElseThrow().map(), m.changes(EVENTS));
        assertEquals(
                placement(List.of(
                        c(MIN, hashed(H1), "shard01"),
                        c(hashed(H1), hashed(0), "shard01"),
                        c(hashed(0), hashed(H2), "shard02"),
                        c(hashed(H2), MAX, "shard02"))),
                placement(events.earliest()));
    }

    @Test
    void aChangeThatDoesNotFitItsTimeIsMarkedAndTheRestStillReplays() {
        ChunkMap now = new ChunkMap(List.of(c(MIN, key(100), "s1"), c(key(100), MAX, "s2")));
        List<ChunkChange> changes = List.of(
                new ChunkMigration(at(1), USERS, key(100), MAX, "s1", "s2"),
                // logged, but its range is not whole chunks any more: e.g. older entries were capped away
                new ChunkMigration(at(2), USERS, key(50), key(150), "s3", "s1"));
        LayoutHistory h = LayoutHistory.rewind(now, changes);
        assertTrue(h.steps().get(0).exact());
        assertFalse(h.steps().get(1).exact());
        assertEquals(
                "the moved range [(50), (150)) is not a run of whole chunks at that time",
                said(h.steps().get(1)));
        assertEquals(placement(List.of(c(MIN, key(100), "s1"), c(key(100), MAX, "s1"))), placement(h.earliest()));
    }

    @Test
    void aMoveRangeThatCarvedAChunkIsUndoneAndTheOlderSplitHealsTheExtraBound() {
        // 6.0+ moveRange of [100, 150) out of [100, MaxKey): the commit splits the rest off without
        // its own changelog entry, so the rewind keeps the bound at 150 until the older split.
        ChunkMap now =
                new ChunkMap(List.of(c(MIN, key(100), "s1"), c(key(100), key(150), "s2"), c(key(150), MAX, "s1")));
        List<ChunkChange> changes = List.of(
                new ChunkSplit(at(1), USERS, MIN, MAX, null, List.of(key(100)), 2, "s1"),
                new ChunkMigration(at(2), USERS, key(100), key(150), "s1", "s2"));
        LayoutHistory h = LayoutHistory.rewind(now, changes);
        assertTrue(h.steps().get(1).exact());
        assertFalse(h.steps().get(0).exact());
        assertEquals(
                "the split made 2 chunks, the layout had 3 there",
                said(h.steps().get(0)));
        assertEquals(placement(List.of(c(MIN, MAX, "s1"))), placement(h.earliest()));
    }

    @Test
    void aMergeWhoseBoundsNoOlderChangeShowsStaysMergedAndSaysWhy() {
        ChunkMap now = new ChunkMap(List.of(c(MIN, MAX, "s1")));
        LayoutHistory h = LayoutHistory.rewind(now, List.of(new ChunkMerge(at(1), USERS, MIN, MAX, null, 3, "s1")));
        assertFalse(h.steps().get(0).exact());
        assertEquals(1, h.earliest().size());
        assertTrue(
                said(h.steps().get(0)).contains("no older change shows their bounds"),
                said(h.steps().get(0)));
        // and in Chinese, as the live view says it in 简体中文
        assertEquals(
                "该条目没有列出被合并的数据块，也没有更早的变更显示它们的边界",
                Messages.of(Language.SIMPLIFIED_CHINESE)
                        .text(h.steps().get(0).note().orElseThrow()));
    }

    /** Why a step's undo is not exact, in English; empty when it is. */
    private static String said(LayoutHistory.HistoryStep step) {
        return step.note().map(Messages.of(Language.ENGLISH)::text).orElse("");
    }

    /**
     * Property: apply random splits, multi-splits, migrations and merges (in both merge entry
     * shapes) forward from one chunk, log them as the changelog would, then rewind: every
     * intermediate layout comes back exactly.
     */
    @Test
    void rewindingRandomHistoriesRestoresEveryIntermediateLayout() {
        SplittableRandom random = new SplittableRandom(42);
        List<String> shards = List.of("s1", "s2", "s3", "s4");
        for (int round = 0; round < 40; round++) {
            ChunkMap state = ChunkMap.single(1, "s1");
            List<ChunkMap> states = new ArrayList<>(List.of(state));
            List<ChunkChange> changes = new ArrayList<>();
            int steps = round < 5 ? 300 : 60;
            for (int k = 1; k <= steps; k++) {
                Instant t = Instant.ofEpochSecond(1_700_000_000L + k);
                int op = random.nextInt(10);
                ChangeAndState next = op < 5
                        ? split(state, t, random)
                        : op < 8 ? move(state, t, random, shards) : merge(state, t, random);
                if (next == null) {
                    continue;
                }
                state = next.state;
                states.add(state);
                changes.add(next.change);
            }
            LayoutHistory h = LayoutHistory.rewind(state, changes);
            for (int k = 0; k < states.size(); k++) {
                assertEquals(
                        placement(states.get(k)), placement(h.layoutAfter(k - 1)), "round " + round + " step " + k);
            }
            int r = round;
            h.steps()
                    .forEach(s -> assertTrue(
                            s.exact(), "round " + r + ": " + s.change().describe() + ": " + s.note()));
        }
    }

    private record ChangeAndState(ChunkChange change, ChunkMap state) {}

    private static int value(ShardKey k, int ifMin, int ifMax) {
        return k.isGlobalMin()
                ? ifMin
                : k.isGlobalMax() ? ifMax : k.get(0).asInt32().getValue();
    }

    private static ChangeAndState split(ChunkMap map, Instant t, SplittableRandom random) {
        int i = random.nextInt(map.size());
        Chunk chunk = map.get(i);
        int lo = value(chunk.min(), -1_000_000, 0);
        int hi = value(chunk.max(), 0, 1_000_000);
        if (hi - lo < 2) {
            return null;
        }
        TreeSet<Integer> points = new TreeSet<>();
        int n = 1 + random.nextInt(3);
        for (int p = 0; p < n * 3 && points.size() < n; p++) {
            points.add(lo + 1 + random.nextInt(hi - lo - 1));
        }
        List<ShardKey> keys =
                points.stream().map(p -> ShardKey.of(new BsonInt32(p))).toList();
        ChunkMap next = map.split(i, keys);
        return new ChangeAndState(
                new ChunkSplit(
                        t,
                        USERS,
                        chunk.min(),
                        chunk.max(),
                        map.collectionVersion(),
                        keys,
                        keys.size() + 1,
                        random.nextBoolean() ? chunk.shard() : null),
                next);
    }

    private static ChangeAndState move(ChunkMap map, Instant t, SplittableRandom random, List<String> shards) {
        int i = random.nextInt(map.size());
        Chunk chunk = map.get(i);
        List<String> others =
                shards.stream().filter(s -> !s.equals(chunk.shard())).toList();
        String to = others.get(random.nextInt(others.size()));
        return new ChangeAndState(
                new ChunkMigration(t, USERS, chunk.min(), chunk.max(), chunk.shard(), to), map.move(i, to));
    }

    private static ChangeAndState merge(ChunkMap map, Instant t, SplittableRandom random) {
        List<int[]> runs = new ArrayList<>();
        int start = 0;
        for (int i = 1; i <= map.size(); i++) {
            if (i == map.size() || !map.get(i).shard().equals(map.get(start).shard())) {
                if (i - start >= 2) {
                    runs.add(new int[] {start, i});
                }
                start = i;
            }
        }
        if (runs.isEmpty()) {
            return null;
        }
        int[] run = runs.get(random.nextInt(runs.size()));
        int from = run[0];
        int to = from + 2 + random.nextInt(run[1] - from - 1);
        List<ShardKey> inner = new ArrayList<>();
        for (int k = from + 1; k < to; k++) {
            inner.add(map.get(k).min());
        }
        boolean listsChunks = random.nextBoolean();
        ChunkMerge change = new ChunkMerge(
                t,
                USERS,
                map.get(from).min(),
                map.get(to - 1).max(),
                listsChunks ? inner : null,
                listsChunks || random.nextBoolean() ? to - from : -1,
                map.get(from).shard());
        return new ChangeAndState(change, map.merge(from, to));
    }
}
