package io.shardlab.session;

import io.shardlab.sim.SimulationSnapshot;
import io.shardlab.text.Message;
import java.util.Objects;

/**
 * A sharded collection in one line, for the explorer's set-up row when the collection on show is a client's
 * (the lesson's workload, key and stream have nothing to do with it): namespace, shard key, chunks, the shards
 * that hold them, and documents.
 *
 * @param namespace {@code db.collection}
 * @param key the shard key as mongosh prints it
 * @param chunks the collection's chunks
 * @param shardsWithChunks the shards holding at least one of them
 * @param shards the cluster's shards
 * @param documents the documents in the collection
 */
public record CollectionSummary(
        String namespace, String key, int chunks, int shardsWithChunks, int shards, long documents) {

    public CollectionSummary {
        Objects.requireNonNull(namespace, "namespace");
        Objects.requireNonNull(key, "key");
    }

    /** The summary of the collection in {@code snapshot}. @throws IllegalStateException before shardCollection */
    public static CollectionSummary of(SimulationSnapshot snapshot) {
        var collection = snapshot.cluster();
        return new CollectionSummary(
                collection.namespace(),
                collection.key().toString(),
                collection.chunks().size(),
                collection.chunks().chunksPerShard().size(),
                collection.shards().size(),
                snapshot.documents());
    }

    /** E.g. {@code app.events · { userId: 'hashed' } · 12 chunks on 3 of 4 shards · 20,000 documents}, in the reader's words. */
    public Message line() {
        return Message.of("session.collection.summary", namespace, key, chunks, shardsWithChunks, shards, documents);
    }
}
