package io.shardlab.live;

/**
 * Something wrong in the cluster's metadata that the reader reports instead of failing on: a gap
 * or overlap between chunks, a chunk on a shard config.shards does not know, a document that does
 * not have MongoDB's shape.
 *
 * @param namespace the collection concerned, or {@code ""} for the cluster
 * @param message one line naming the document and the problem
 */
public record MetadataProblem(String namespace, String message) {

    public MetadataProblem {
        namespace = namespace == null ? "" : namespace;
        if (message == null || message.isBlank()) {
            throw new IllegalArgumentException("message: a problem needs a description");
        }
    }

    @Override
    public String toString() {
        return namespace.isEmpty() ? message : namespace + ": " + message;
    }
}
