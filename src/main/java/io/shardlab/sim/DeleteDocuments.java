package io.shardlab.sim;

import java.util.Optional;

/**
 * Documents a client deleted leave the chunks that hold them, so chunk sizes shrink as on the shards
 * and the balancer, splitter and merger see it (a deleted document no longer counts toward its chunk's
 * data size, mongo {@code dataSize} / {@code splitVector}). Each document is routed by its shard key and
 * removed with its size as counted; a document whose size changed since (an update) is removed by its
 * key alone, and one the cluster does not hold is skipped.
 *
 * @param namespace the collection
 * @param batch the deleted documents, keyed by the collection's shard key
 */
public record DeleteDocuments(String namespace, InsertBatch batch) implements ClusterCommand {

    public DeleteDocuments {
        Namespaces.check(namespace);
        if (batch == null) {
            throw new IllegalArgumentException("batch: required");
        }
    }

    @Override
    public Optional<String> canApply(ClusterState state) {
        return CommandSupport.requireSharded(state, "delete", namespace);
    }

    @Override
    public void apply(ClusterState state) {
        int removed = state.removeDocuments(batch.keys(), batch.sizesBytes(), false);
        state.emit(new ClusterEvent.MetadataChanged(state.clock(), removed + " documents deleted from " + namespace));
    }

    @Override
    public String describe() {
        return "delete " + batch.size() + " documents from " + namespace;
    }

    @Override
    public String mongoshCommand() {
        return "db.getSiblingDB(\"" + Namespaces.database(namespace) + "\")." + Namespaces.collection(namespace)
                + ".deleteMany({ /* " + batch.size() + " documents */ })";
    }
}
