package io.shardlab.live;

import static io.shardlab.live.ConfigFixture.MAX;
import static io.shardlab.live.ConfigFixture.MIN;
import static io.shardlab.live.ConfigFixture.key;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.shardlab.cluster.Chunk;
import io.shardlab.cluster.ChunkMap;
import io.shardlab.cluster.ChunkVersion;
import io.shardlab.text.Language;
import io.shardlab.text.Messages;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** A live watch tells splits, merges and migrations apart by comparing two reads. */
class LayoutDiffTest {

    static final ChunkMap BEFORE = new ChunkMap(List.of(
            new Chunk(MIN, key(100), "s1", false, new ChunkVersion(1, 1)),
            new Chunk(key(100), key(200), "s1", false, new ChunkVersion(1, 2)),
            new Chunk(key(200), key(300), "s2", false, new ChunkVersion(2, 0)),
            new Chunk(key(300), MAX, "s2", false, new ChunkVersion(2, 1))));

    static List<String> describe(ChunkMap before, ChunkMap after) {
        return LayoutDiff.between(before, after).stream()
                .map(LayoutChange::describe)
                .map(Messages.of(Language.ENGLISH)::text)
                .toList();
    }

    @Test
    void nothingChangedMeansNoChanges() {
        assertEquals(List.of(), LayoutDiff.between(BEFORE, BEFORE));
    }

    @Test
    void aSplitAMigrationAMergeAndAJumboFlagAreToldApart() {
        ChunkMap after = BEFORE.split(0, List.of(key(50))) // [MinKey,100) -> [MinKey,50) [50,100) on s1
                        .move(2, "s3") // [100,200) s1 -> s3
                        .merge(3, 5) // [200,300)+[300,MaxKey) on s2
                ;
        assertEquals(
                List.of(
                        "split [(MinKey()), (100)) on s1 into 2 chunks",
                        "migration [(100), (200)) s1 -> s3",
                        "merged 2 chunks into [(200), (MaxKey())) on s2"),
                describe(BEFORE, after));

        ChunkMap jumbo = BEFORE.with(1, BEFORE.get(1).withJumbo(true));
        assertEquals(List.of("updated [(100), (200)) on s1 (now jumbo)"), describe(BEFORE, jumbo));
    }

    @Test
    void aSplitThenAMoveBetweenTwoPollsIsARechunk() {
        ChunkMap after = BEFORE.split(0, List.of(key(50))).move(1, "s2");
        List<LayoutChange> changes = LayoutDiff.between(BEFORE, after);
        assertEquals(1, changes.size());
        assertEquals(LayoutChange.Kind.RECHUNK, changes.get(0).kind());
        assertEquals(1, changes.get(0).before().size());
        assertEquals(2, changes.get(0).after().size());
    }

    /** Property: the changes cover exactly the chunks that differ, and applying them gives the new layout. */
    @Test
    void changesCoverEveryDifferenceAndNothingElse() {
        SplittableRandom random = new SplittableRandom(7);
        for (int round = 0; round < 200; round++) {
            ChunkMap before = ChunkMap.fromSplitPoints(
                    1,
                    List.of(key(100), key(200), key(300), key(400), key(500)),
                    List.of("s1", "s2", "s3"),
                    1 + random.nextInt(2));
            ChunkMap after = before;
            for (int k = random.nextInt(4); k > 0; k--) {
                int i = random.nextInt(after.size());
                Chunk c = after.get(i);
                int lo = c.min().isGlobalMin() ? 0 : c.min().get(0).asInt32().getValue();
                int hi = c.max().isGlobalMax() ? 600 : c.max().get(0).asInt32().getValue();
                if (random.nextBoolean() && hi - lo > 1) {
                    after = after.split(i, List.of(key(lo + 1 + random.nextInt(hi - lo - 1))));
                } else {
                    after = after.move(i, List.of("s1", "s2", "s3").get(random.nextInt(3)));
                }
            }
            List<LayoutChange> changes = LayoutDiff.between(before, after);
            // Rebuild 'after' from 'before' by replacing each changed stretch.
            List<Chunk> rebuilt = new java.util.ArrayList<>(before.chunks());
            for (LayoutChange change : changes) {
                int from = rebuilt.indexOf(change.before().get(0));
                rebuilt.subList(from, from + change.before().size()).clear();
                rebuilt.addAll(from, change.after());
            }
            assertEquals(after.chunks(), rebuilt, "round " + round);
            for (LayoutChange change : changes) {
                assertEquals(change.before().get(0).min(), change.after().get(0).min());
            }
        }
    }
}
