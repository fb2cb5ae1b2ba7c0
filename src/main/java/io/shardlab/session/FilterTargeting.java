package io.shardlab.session;

import io.shardlab.cluster.ChunkMap;
import io.shardlab.cluster.MongoVersion;
import io.shardlab.key.ShardKeyPattern;
import io.shardlab.routing.Operation;
import io.shardlab.routing.Router;
import io.shardlab.routing.Targeting;
import io.shardlab.routing.UnsupportedQueryException;
import io.shardlab.session.ExplorerFrame.QueryTargeting;
import java.util.Optional;
import org.bson.BsonDocument;

/**
 * The filter a session's frames show the targeting of, and that targeting ({@link Router}), routed again
 * only when the chunks changed. Confined to the simulation thread.
 */
final class FilterTargeting {

    private final MongoVersion version;
    private Optional<BsonDocument> filter = Optional.empty();
    private ChunkMap routedChunks;
    private QueryTargeting routed;

    FilterTargeting(MongoVersion version, Optional<BsonDocument> filter) {
        this.version = version;
        show(filter);
    }

    /** Sets or clears the filter (a copy of {@code document} is kept). */
    void show(Optional<BsonDocument> document) {
        filter = document.map(BsonDocument::clone);
        routed = null;
    }

    /**
     * The filter's targeting on {@code chunks} of shard key {@code key} (the collection's key now: a
     * reshard or refine changes it, and its chunks with it); empty when no filter is set.
     */
    Optional<QueryTargeting> on(ShardKeyPattern key, ChunkMap chunks) {
        if (filter.isEmpty()) {
            return Optional.empty();
        }
        if (routed == null || routedChunks != chunks) {
            BsonDocument f = filter.get();
            try {
                Targeting t = new Router(key, chunks, version).route(new Operation.Find(f));
                routed = new QueryTargeting(f, Optional.of(t), Optional.empty());
            } catch (UnsupportedQueryException e) {
                routed = new QueryTargeting(f, Optional.empty(), Optional.of(e.getMessage()));
            }
            routedChunks = chunks;
        }
        return Optional.of(routed);
    }
}
