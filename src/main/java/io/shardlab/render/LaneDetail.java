package io.shardlab.render;

/**
 * How much the shard lanes show beside their bars, from everything down to bare lanes, in the order a narrow
 * diagram gives it up: first the right-hand table's columns (data size, then writes, then documents, then the
 * chunk count), then the names in the left gutter (each lane keeps its shard's colour swatch; the legend
 * names the colours). Exports always show {@link #FULL}; a window narrower than the full table leaves room
 * for picks a lesser level ({@link ShardLanesPainter#fitting}).
 *
 * <p>Columns a diagram has no data for (no sizes, no writes) are left out at every level.
 */
public enum LaneDetail {

    /** Names with the HOT badge; chunks, documents, data size and writes. */
    FULL(true, true, true, true, true),
    /** Names; chunks, documents and writes: the data size goes first. */
    NO_DATA_SIZE(true, true, true, false, true),
    /** Names; chunks and documents. */
    COUNTS(true, true, true, false, false),
    /** Names; the chunk count. */
    CHUNKS(true, true, false, false, false),
    /** Names and the HOT badge; no table. */
    NAMES(true, false, false, false, false),
    /** Only the swatch left of each lane: no names, no badge, no table. */
    SWATCHES(false, false, false, false, false);

    private final boolean names;
    private final boolean chunks;
    private final boolean documents;
    private final boolean dataSize;
    private final boolean writes;

    LaneDetail(boolean names, boolean chunks, boolean documents, boolean dataSize, boolean writes) {
        this.names = names;
        this.chunks = chunks;
        this.documents = documents;
        this.dataSize = dataSize;
        this.writes = writes;
    }

    /** Whether the left gutter shows the shard names (and the HOT badge). */
    public boolean names() {
        return names;
    }

    /** Whether the table has a chunks column. */
    public boolean chunks() {
        return chunks;
    }

    /** Whether the table has a docs column (when sizes are known). */
    public boolean documents() {
        return documents;
    }

    /** Whether the table has a data column (when sizes are known). */
    public boolean dataSize() {
        return dataSize;
    }

    /** Whether the table has a writes column (when a write series is given). */
    public boolean writes() {
        return writes;
    }
}
