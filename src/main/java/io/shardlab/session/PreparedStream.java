package io.shardlab.session;

import io.shardlab.cluster.ChunkMap;
import io.shardlab.key.ShardKey;
import io.shardlab.key.ShardKeyPattern;
import java.util.ArrayList;
import java.util.List;
import org.bson.BsonInt64;

/**
 * A scenario's stream read ahead with everything derived from it alone: the heatmap's key ranges, the
 * range of each document, and (hashed keys) the value line. Costly to build for a large stream (every
 * document is read and the keys sorted), so a reset of the same scenario reuses it.
 *
 * <p>Confined to the simulation thread (the value line caches its last answer).
 *
 * @param inserts the documents' keys and sizes
 * @param heatBounds the heatmap's range bounds, MinKey first, MaxKey last
 * @param heatRowOf the heatmap range of each document
 * @param valueLine the value line of a hashed key, or null
 */
public record PreparedStream(PreparedInserts inserts, List<ShardKey> heatBounds, int[] heatRowOf, ValueLine valueLine) {

    /** Derives everything from {@code inserts} for a collection {@code namespace}. */
    static PreparedStream of(PreparedInserts inserts, String namespace) {
        List<ShardKey> bounds = inserts.heatmapBounds(ExplorerSession.HEAT_ROWS);
        int[] rows = new int[inserts.size()];
        for (int i = 0; i < rows.length; i++) {
            rows[i] = ExplorerSession.rowOf(bounds, inserts.key(i));
        }
        ValueLine values = inserts.pattern().isHashed() && inserts.size() > 0 ? ValueLine.of(inserts, namespace) : null;
        return new PreparedStream(inserts, bounds, rows, values);
    }

    /**
     * No stream's documents ({@code none}: a fork whose stream cannot be read on the layout's key, a collection
     * only clients write to), with heat rows for the writes to come: {@link ExplorerSession#HEAT_ROWS} equal
     * slices of the hashed space for a single hashed field (where hashed writes spread), else the collection's
     * chunk bounds now.
     */
    static PreparedStream without(PreparedInserts none, ChunkMap chunks) {
        return new PreparedStream(none, heatBoundsWithoutStream(none.pattern(), chunks), new int[0], null);
    }

    private static List<ShardKey> heatBoundsWithoutStream(ShardKeyPattern key, ChunkMap chunks) {
        List<ShardKey> bounds = new ArrayList<>();
        bounds.add(chunks.get(0).min());
        if (key.isHashed() && key.arity() == 1) {
            double step = Math.pow(2, 64) / ExplorerSession.HEAT_ROWS;
            for (int r = 1; r < ExplorerSession.HEAT_ROWS; r++) {
                bounds.add(ShardKey.of(new BsonInt64((long) (Long.MIN_VALUE + step * r))));
            }
        } else {
            for (int i = 1; i < chunks.size(); i++) {
                bounds.add(chunks.get(i).min());
            }
        }
        bounds.add(chunks.get(chunks.size() - 1).max());
        return List.copyOf(bounds);
    }
}
