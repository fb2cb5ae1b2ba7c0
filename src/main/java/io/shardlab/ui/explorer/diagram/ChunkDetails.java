package io.shardlab.ui.explorer.diagram;

import io.shardlab.bson.BsonPrinter;
import io.shardlab.cluster.Chunk;
import io.shardlab.cluster.Shard;
import io.shardlab.cluster.ZoneRange;
import io.shardlab.key.ShardKey;
import io.shardlab.key.ShardKeyPattern;
import io.shardlab.render.DataSize;
import io.shardlab.sim.Migration;
import io.shardlab.text.Message;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * One chunk as the hover card and the details panel show it, in MongoDB's words: its {@code [min, max)}
 * bounds as mongosh prints bound documents, the owning shard, documents, data size (as
 * {@code getShardDistribution()} prints sizes), the jumbo flag and the {@code lastmod} version.
 *
 * @param index the chunk's position in key order
 * @param chunk the chunk
 * @param documents documents in it; 0 when the sizes are not known
 * @param bytes their total BSON size; 0 when the sizes are not known
 * @param key the collection's shard key pattern, for the bound documents
 * @param sizesKnown whether the source told the chunk's documents and bytes (a config dump without sizes
 *     does not: they read "unknown", never 0)
 */
public record ChunkDetails(
        int index, Chunk chunk, long documents, long bytes, ShardKeyPattern key, boolean sizesKnown) {

    /** A chunk whose documents and bytes are known. */
    public ChunkDetails(int index, Chunk chunk, long documents, long bytes, ShardKeyPattern key) {
        this(index, chunk, documents, bytes, key, true);
    }

    /** A chunk whose documents and bytes the source did not tell. */
    public static ChunkDetails withoutSizes(int index, Chunk chunk, ShardKeyPattern key) {
        return new ChunkDetails(index, chunk, 0, 0, key, false);
    }

    /** What a size the source did not tell reads as. */
    public static final String UNKNOWN = DataSize.UNKNOWN;

    /** {@code { counter: 100 }}: the min bound document. */
    public String minText() {
        return bound(chunk.min());
    }

    /** {@code { counter: MaxKey() }}: the max bound document. */
    public String maxText() {
        return bound(chunk.max());
    }

    private String bound(ShardKey k) {
        return BsonPrinter.shell(k.toDocument(key));
    }

    /** {@code [{ counter: 100 }, { counter: 200 })}. */
    public String rangeText() {
        return "[" + minText() + ", " + maxText() + ")";
    }

    /** {@code 12,345}, or {@code unknown}. */
    public String documentsText() {
        return sizesKnown ? String.format(Locale.ROOT, "%,d", documents) : UNKNOWN;
    }

    /** {@code 1.5MiB}, or {@code unknown}. */
    public String sizeText() {
        return sizesKnown ? DataSize.format(bytes) : UNKNOWN;
    }

    /**
     * The owning shard's name, marked when it is draining (config.shards {@code draining: true}: removeShard is
     * moving its chunks off), so the chunk's card says this chunk is about to leave: {@code shard02 · draining}.
     *
     * @param shards the cluster's shards, as the snapshot lists them
     */
    public Message shardText(Collection<Shard> shards) {
        boolean draining = shards.stream().anyMatch(s -> s.id().equals(chunk.shard()) && s.draining());
        return Message.of(draining ? "explorer.chunk.shard.draining" : "explorer.chunk.shard", chunk.shard());
    }

    /** {@code Timestamp(2, 1)}. */
    public String versionText() {
        return chunk.version().toString();
    }

    /** {@code "Chunk 3"}: its 1-based position, as a title. */
    public Message title() {
        return Message.of("explorer.chunk.title", index + 1);
    }

    /** {@code "Chunk 3 of 12"}: its 1-based position among {@code count} chunks. */
    public Message titleOf(int count) {
        return Message.of("explorer.chunk.titleOf", index + 1, count);
    }

    /**
     * The zone the chunk's range lies in ({@code sh.addTagRange}'s tag), or {@code none}. A chunk that spans a
     * zone bound (the balancer splits such a chunk at the bound before it moves it) names every zone it
     * touches.
     *
     * @param zones the collection's zone ranges
     */
    public Message zoneText(List<ZoneRange> zones) {
        Optional<ZoneRange> inside =
                zones.stream().filter(z -> z.containsChunk(chunk)).findFirst();
        if (inside.isPresent()) {
            return Message.of("explorer.chunk.zone", inside.get().zone());
        }
        String touched = zones.stream()
                .filter(z -> z.overlaps(chunk.min(), chunk.max()))
                .map(ZoneRange::zone)
                .distinct()
                .collect(Collectors.joining(", "));
        return touched.isEmpty()
                ? Message.of("explorer.chunk.zone.none")
                : Message.of("explorer.chunk.zone.spans", touched);
    }

    /**
     * What is unusual about the chunk now: a migration of its range in flight, the jumbo flag, or (on releases
     * that do not mark it jumbo) more than a chunk's size of one shard-key value, which no split can divide;
     * {@code no} otherwise.
     *
     * @param oversizedCannotSplit whether the chunk is over the chunk size with a single key value
     * @param inFlight the migrations started and not yet committed
     */
    public Message stateText(boolean oversizedCannotSplit, List<Migration> inFlight) {
        Optional<Migration> moving = inFlight.stream()
                .filter(m -> m.min().compareTo(chunk.max()) < 0 && chunk.min().compareTo(m.max()) < 0)
                .findFirst();
        if (moving.isPresent()) {
            return Message.of("explorer.chunk.state.moving", moving.get().to());
        }
        if (chunk.jumbo()) {
            return Message.of("explorer.chunk.state.jumbo");
        }
        return Message.of(oversizedCannotSplit ? "explorer.chunk.state.oversized" : "explorer.chunk.state.none");
    }
}
