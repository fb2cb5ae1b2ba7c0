package io.shardlab.sim;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Documents a client updated or replaced are counted again at their new size and shard key: each
 * leaves its chunk as it was counted ({@code before}) and is added again as it is now ({@code after}),
 * so a document that grew makes its chunk bigger, one that shrank smaller, and one whose shard key
 * changed (4.2+) moves to the chunk of its new key — as a chunk's data size on the shards follows
 * its documents (mongo {@code dataSize} / {@code splitVector}). An update is not an insert: the insert
 * counters, the inserts-landed picture and the insert-driven auto-splitter do not see it.
 *
 * @param namespace the collection
 * @param before the documents as they were, keyed by the collection's shard key
 * @param after the same documents as they are now, in the same order
 */
public record UpdateDocuments(String namespace, InsertBatch before, InsertBatch after) implements ClusterCommand {

    public UpdateDocuments {
        Namespaces.check(namespace);
        if (before == null || after == null || before.size() != after.size()) {
            throw new IllegalArgumentException("before and after: the same documents are required, got "
                    + (before == null ? "none" : before.size()) + " and " + (after == null ? "none" : after.size()));
        }
    }

    @Override
    public Optional<String> canApply(ClusterState state) {
        return CommandSupport.requireSharded(state, "update", namespace);
    }

    @Override
    public void apply(ClusterState state) {
        List<io.shardlab.key.ShardKey> keys = new ArrayList<>(before.size());
        int[] sizes = new int[before.size()];
        for (int i = 0; i < before.size(); i++) {
            keys.add(before.key(i));
            sizes[i] = before.sizeBytes(i);
        }
        state.removeDocuments(keys, sizes, false);
        for (int i = 0; i < after.size(); i++) {
            state.addKey(after.key(i), after.sizeBytes(i));
        }
        state.emit(
                new ClusterEvent.MetadataChanged(state.clock(), after.size() + " documents updated in " + namespace));
    }

    @Override
    public String describe() {
        return "update " + after.size() + " documents of " + namespace + " ("
                + (after.totalBytes() - before.totalBytes()) + " bytes)";
    }

    @Override
    public String mongoshCommand() {
        return "db.getSiblingDB(\"" + Namespaces.database(namespace) + "\")." + Namespaces.collection(namespace)
                + ".updateMany({ /* " + after.size() + " documents */ })";
    }
}
