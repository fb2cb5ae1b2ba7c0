package io.shardlab.session;

import io.shardlab.cluster.ChunkMap;
import io.shardlab.key.ShardKey;
import io.shardlab.render.HeatmapRanges;
import io.shardlab.sim.ClusterEvent;
import io.shardlab.sim.InsertBatch;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * What a session counts of the documents that arrive in its cluster, for the charts and the number line:
 * writes per shard and heat per key range, window by window ({@link WindowedCounts}), and a sample of insert
 * marks ({@link InsertMarkRing}). The stream's batches are added as they go in and taken back when undo takes
 * them back; a client's are added as they land ({@link WindowedCounts#addArrived}: undo does not reach them).
 * Confined to the session's thread.
 */
final class ArrivalCounts {

    private final WindowedCounts writes;
    /** The row of {@link #writes} per shard id; a shard added later gets the next row. */
    private final Map<String, Integer> shardRow = new HashMap<>();

    private final WindowedCounts heat;
    /** The heatmap's range bounds, MinKey first, MaxKey last. */
    private final List<ShardKey> heatBounds;
    /** The heatmap range of each of the stream's documents. */
    private final int[] heatRowOf;

    private final InsertMarkRing marks;
    private final int marksPerBatch;
    private long markSequence;

    /**
     * @param shardIds the cluster's shards now, one row each
     * @param stream the heat rows: their bounds, and each of the stream's documents' row
     * @param startMillis where the first window starts, in simulated ms
     * @param windowMillis one window's length, in simulated ms
     * @param marks the most insert marks kept
     * @param marksPerBatch the most insert marks sampled from one batch
     */
    ArrivalCounts(
            List<String> shardIds,
            PreparedStream stream,
            long startMillis,
            long windowMillis,
            int marks,
            int marksPerBatch) {
        for (int i = 0; i < shardIds.size(); i++) {
            shardRow.put(shardIds.get(i), i);
        }
        this.heatBounds = stream.heatBounds();
        this.heatRowOf = stream.heatRowOf();
        this.writes = new WindowedCounts(shardIds.size(), startMillis, windowMillis);
        this.heat = new WindowedCounts(heatBounds.size() - 1, startMillis, windowMillis);
        this.marks = new InsertMarkRing(marks);
        this.marksPerBatch = marksPerBatch;
    }

    WindowedCounts writes() {
        return writes;
    }

    Map<String, Integer> shardRow() {
        return shardRow;
    }

    WindowedCounts heat() {
        return heat;
    }

    List<ShardKey> heatBounds() {
        return heatBounds;
    }

    InsertMarkRing marks() {
        return marks;
    }

    /** One window's length, in simulated ms. */
    long windowMillis() {
        return writes.snapshot().windowMillis();
    }

    /**
     * A shard that joins mid-stream gets a row of its own; the row stays if undo takes the shard back. A shard
     * with a row keeps it.
     */
    void shardAdded(String shard) {
        if (!shardRow.containsKey(shard)) {
            shardRow.put(shard, writes.addRow());
        }
    }

    /** The charts reach {@code nowMillis}: the windows up to it exist, empty where nothing arrived. */
    void extendTo(long nowMillis) {
        writes.extendTo(nowMillis);
        heat.extendTo(nowMillis);
    }

    /**
     * The stream's documents {@code [from, from + n)} went in at {@code atMillis}, {@code byShard} of them on
     * each shard: their writes and heat, and a sample of marks.
     */
    void streamBatch(int from, int n, Map<String, Long> byShard, long atMillis) {
        record(from, n, byShard, atMillis, 1);
        int samples = Math.min(n, marksPerBatch);
        for (int s = 0; s < samples; s++) {
            int i = from + (int) ((long) s * n / samples);
            marks.add(++markSequence, i, atMillis);
        }
    }

    /**
     * Undo took back the stream's documents {@code [from, from + batch.size())}, the batch {@code batch}; the
     * cluster's clock and chunks are back as they were when it went in ({@code chunks}, at {@code atMillis}):
     * their writes, heat and marks go.
     */
    void streamBatchTakenBack(int from, InsertBatch batch, ChunkMap chunks, long atMillis) {
        Map<String, Long> byShard = new HashMap<>();
        for (int i = 0; i < batch.size(); i++) {
            byShard.merge(chunks.chunkFor(batch.key(i)).shard(), 1L, Long::sum);
        }
        record(from, batch.size(), byShard, atMillis, -1);
        marks.dropFrom(atMillis);
    }

    /** A client's inserts landed: writes per shard and heat per key range as they arrive, and a sample of marks. */
    void clientBatch(ClusterEvent.InsertsLanded landed) {
        for (Map.Entry<String, Long> e : landed.documentsByShard().entrySet()) {
            Integer row = shardRow.get(e.getKey());
            if (row != null) {
                writes.addArrived(landed.atMillis(), row, e.getValue());
            }
        }
        InsertBatch batch = landed.batch();
        int[] perRow = new int[heatBounds.size() - 1];
        for (int i = 0; i < batch.size(); i++) {
            perRow[HeatmapRanges.rowOf(heatBounds, batch.key(i))]++;
        }
        for (int r = 0; r < perRow.length; r++) {
            if (perRow[r] > 0) {
                heat.addArrived(landed.atMillis(), r, perRow[r]);
            }
        }
        int samples = Math.min(batch.size(), marksPerBatch);
        for (int s = 0; s < samples; s++) {
            marks.addClient(++markSequence, batch.key((int) ((long) s * batch.size() / samples)), landed.atMillis());
        }
    }

    /** Adds ({@code sign} 1) or takes back (-1) the writes and heat of the stream's documents {@code [from, from + n)}. */
    private void record(int from, int n, Map<String, Long> byShard, long atMillis, int sign) {
        for (Map.Entry<String, Long> e : byShard.entrySet()) {
            Integer row = shardRow.get(e.getKey());
            if (row == null) {
                continue;
            }
            if (sign > 0) {
                writes.add(atMillis, row, e.getValue());
            } else {
                writes.subtract(atMillis, row, e.getValue());
            }
        }
        int[] perRow = new int[heatBounds.size() - 1];
        for (int i = from; i < from + n; i++) {
            perRow[heatRowOf[i]]++;
        }
        for (int r = 0; r < perRow.length; r++) {
            if (perRow[r] > 0) {
                if (sign > 0) {
                    heat.add(atMillis, r, perRow[r]);
                } else {
                    heat.subtract(atMillis, r, perRow[r]);
                }
            }
        }
    }
}
