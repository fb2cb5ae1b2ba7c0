package io.shardlab.mongos;

import io.shardlab.sim.InsertBatch;
import java.util.Collection;
import java.util.List;
import org.bson.BsonDocument;

/**
 * What one write statement changed in a namespace, told by the write commands to whoever keeps account of it:
 * outside a transaction the simulated cluster and the memory budget ({@link ClusterRecording}) and the open
 * transactions whose documents it touched ({@link Transactions#outsideWrites}); inside one, the transaction's own
 * write set, which reaches the cluster only at commit.
 */
interface WrittenDocuments {

    /** {@code documents} were inserted into {@code ns} (as stored, each with its {@code _id}). */
    void inserted(String ns, List<BsonDocument> documents);

    /**
     * An update matched {@code before} (the documents as they were, each with its {@code _id}); those now stored
     * differently were changed.
     *
     * @param keyedStatements the statements 4.0's mongos targeted by their exact shard key (empty from 4.2)
     */
    void updated(String ns, Collection<BsonDocument> before, InsertBatch keyedStatements);

    /** A delete matched {@code candidates}; those no longer stored were removed. */
    void deleted(String ns, List<BsonDocument> candidates);

    /** Tells {@code first}, then {@code second}. */
    static WrittenDocuments both(WrittenDocuments first, WrittenDocuments second) {
        return new WrittenDocuments() {
            @Override
            public void inserted(String ns, List<BsonDocument> documents) {
                first.inserted(ns, documents);
                second.inserted(ns, documents);
            }

            @Override
            public void updated(String ns, Collection<BsonDocument> before, InsertBatch keyedStatements) {
                first.updated(ns, before, keyedStatements);
                second.updated(ns, before, keyedStatements);
            }

            @Override
            public void deleted(String ns, List<BsonDocument> candidates) {
                first.deleted(ns, candidates);
                second.deleted(ns, candidates);
            }
        };
    }
}
