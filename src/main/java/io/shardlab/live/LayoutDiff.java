package io.shardlab.live;

import io.shardlab.cluster.Chunk;
import io.shardlab.cluster.ChunkMap;
import java.util.ArrayList;
import java.util.List;

/**
 * The changes between two layouts of one collection, stretch by stretch.
 *
 * <p>Both maps tile {@code [MinKey, MaxKey)}, so walking their bounds together cuts the key space
 * into the smallest stretches whose ends are bounds of both: each such stretch that differs is one
 * {@link LayoutChange}. O(n + m).
 */
public final class LayoutDiff {

    private LayoutDiff() {}

    /** The changes from {@code before} to {@code after}, in key order; empty when nothing changed. */
    public static List<LayoutChange> between(ChunkMap before, ChunkMap after) {
        List<LayoutChange> out = new ArrayList<>();
        if (before.arity() != after.arity()) {
            out.add(new LayoutChange(LayoutChange.Kind.RECHUNK, before.chunks(), after.chunks()));
            return out;
        }
        int i = 0;
        int j = 0;
        int si = 0;
        int sj = 0;
        while (i < before.size() && j < after.size()) {
            int c = before.get(i).max().compareTo(after.get(j).max());
            if (c == 0) {
                classify(before.chunks().subList(si, i + 1), after.chunks().subList(sj, j + 1), out);
                i++;
                j++;
                si = i;
                sj = j;
            } else if (c < 0) {
                i++;
            } else {
                j++;
            }
        }
        return out;
    }

    private static void classify(List<Chunk> before, List<Chunk> after, List<LayoutChange> out) {
        if (before.size() == 1 && after.size() == 1) {
            Chunk b = before.get(0);
            Chunk a = after.get(0);
            if (!b.shard().equals(a.shard())) {
                out.add(new LayoutChange(LayoutChange.Kind.MIGRATION, before, after));
            } else if (!b.equals(a)) {
                out.add(new LayoutChange(LayoutChange.Kind.UPDATE, before, after));
            }
            return;
        }
        if (before.size() == 1 && sameShard(after, before.get(0).shard())) {
            out.add(new LayoutChange(LayoutChange.Kind.SPLIT, before, after));
        } else if (after.size() == 1 && sameShard(before, after.get(0).shard())) {
            out.add(new LayoutChange(LayoutChange.Kind.MERGE, before, after));
        } else {
            out.add(new LayoutChange(LayoutChange.Kind.RECHUNK, before, after));
        }
    }

    private static boolean sameShard(List<Chunk> chunks, String shard) {
        for (Chunk c : chunks) {
            if (!c.shard().equals(shard)) {
                return false;
            }
        }
        return true;
    }
}
