package io.shardlab.sim;

import java.util.Optional;

/**
 * Documents a client updated or replaced are counted again at their new size and shard key: each
 * leaves its chunk as it was counted ({@code before}) and is added again as it is now ({@code after}),
 * so a document that grew makes its chunk bigger, one that shrank smaller, and one whose shard key
 * changed (4.2+) moves to the chunk of its new key — as a chunk's data size on the shards follows
 * its documents (mongo {@code dataSize} / {@code splitVector}). An update is not an insert: the insert
 * counters and the inserts-landed picture do not see it.
 *
 * <p>The auto-splitter does see it, as the release's MongoDB does: 4.2 to 6.0.2's shard counts every
 * changed document at its whole new size ({@link AutoSplitter#onUpdate}); 4.0's mongos counts the
 * {@code keyedStatements} instead ({@link AutoSplitter#onUpdateStatement}).
 *
 * @param namespace the collection
 * @param before the documents as they were, keyed by the collection's shard key
 * @param after the same documents as they are now, in the same order; every one changed
 * @param keyedStatements the update statements mongos targeted by their exact shard key, each keyed by it
 *     and sized as its {@code q} plus its {@code u} in bytes, whether or not they changed a document
 */
public record UpdateDocuments(String namespace, InsertBatch before, InsertBatch after, InsertBatch keyedStatements)
        implements ClusterCommand {

    public UpdateDocuments {
        Namespaces.check(namespace);
        if (before == null || after == null || before.size() != after.size()) {
            throw new IllegalArgumentException("before and after: the same documents are required, got "
                    + (before == null ? "none" : before.size()) + " and " + (after == null ? "none" : after.size()));
        }
        if (keyedStatements == null) {
            throw new IllegalArgumentException("keyedStatements: required (an empty batch when there are none)");
        }
    }

    @Override
    public Optional<String> canApply(ClusterState state) {
        return CommandSupport.requireSharded(state, "update", namespace);
    }

    @Override
    public void apply(ClusterState state) {
        state.removeDocuments(before.keys(), before.sizesBytes(), false);
        AutoSplitter splitter = state.policies().autoSplitter();
        for (int i = 0; i < after.size(); i++) {
            int size = after.sizeBytes(i);
            splitter.onUpdate(state, state.addKey(after.key(i), size), size);
        }
        for (int i = 0; i < keyedStatements.size(); i++) {
            splitter.onUpdateStatement(
                    state, state.chunks().indexOf(keyedStatements.key(i)), keyedStatements.sizeBytes(i));
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
