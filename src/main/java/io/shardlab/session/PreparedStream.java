package io.shardlab.session;

import io.shardlab.key.ShardKey;
import java.util.List;

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
}
