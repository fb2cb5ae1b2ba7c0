package io.shardlab.mongos;

import java.util.List;
import java.util.Map;
import org.bson.BsonArray;
import org.bson.BsonBoolean;
import org.bson.BsonDateTime;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonString;
import org.bson.BsonValue;

/**
 * What an update would make of one document, learnt from the document store over a copy of it in ShardLab's
 * scratch database ({@link StoredDocuments#SCRATCH_DATABASE}, dropped after each use), so that the command layer
 * can check the result before the stored document changes: the store's update operators over a copy, an upsert's
 * operators over its seed, and an update pipeline (which the store's update does not run) through the store's
 * aggregation.
 */
final class ScratchUpdates {

    private static final String COLLECTION = "update";

    private final DocumentStorage storage;
    private final long nowMillis;

    /**
     * @param storage the store, in the command layer's dialect
     * @param nowMillis the time {@code $$NOW} names, in ms since the epoch
     */
    ScratchUpdates(DocumentStorage storage, long nowMillis) {
        this.storage = storage;
        this.nowMillis = nowMillis;
    }

    /**
     * The document {@code statement} (an {@code updates} entry) makes of {@code before}.
     *
     * @throws StatementFailedException with the store's write error
     */
    BsonDocument updated(BsonDocument before, BsonDocument statement) {
        storage.replace(StoredDocuments.SCRATCH_DATABASE, COLLECTION, List.of(before));
        try {
            BsonDocument one = statement.clone();
            one.remove("multi");
            one.remove("upsert");
            run(new BsonDocument("update", new BsonString(COLLECTION)).append("updates", new BsonArray(List.of(one))));
            return only();
        } finally {
            drop();
        }
    }

    /**
     * The document an operator-style upsert inserts: its operators (with {@code $setOnInsert}) applied to
     * {@code seed} by the store's upsert, the seed given as the store's query so that the store starts from it.
     *
     * @throws StatementFailedException with the store's write error
     */
    BsonDocument upserted(BsonDocument seed, BsonDocument operators, BsonValue arrayFilters) {
        storage.replace(StoredDocuments.SCRATCH_DATABASE, COLLECTION, List.of());
        try {
            BsonDocument statement =
                    new BsonDocument("q", seed).append("u", operators).append("upsert", BsonBoolean.TRUE);
            if (arrayFilters != null) {
                statement.append("arrayFilters", arrayFilters);
            }
            run(new BsonDocument("update", new BsonString(COLLECTION))
                    .append("updates", new BsonArray(List.of(statement))));
            return only();
        } finally {
            drop();
        }
    }

    /**
     * The document {@code pipeline} makes of {@code before} (mongo {@code pipeline_executor.cpp}: the pipeline runs
     * over the one document; its constants are variables the stages read as {@code $$name}, and {@code $$NOW} the
     * statement's time).
     *
     * @throws StatementFailedException with the store's error
     */
    BsonDocument piped(BsonDocument before, UpdateModification.Pipeline pipeline) {
        storage.replace(StoredDocuments.SCRATCH_DATABASE, COLLECTION, List.of(before));
        try {
            BsonArray stages = new BsonArray();
            for (BsonValue stage : pipeline.stages()) {
                stages.add(withVariables(stage, pipeline.constants()));
            }
            BsonDocument reply = storage.run(
                    StoredDocuments.SCRATCH_DATABASE,
                    new BsonDocument("aggregate", new BsonString(COLLECTION))
                            .append("pipeline", stages)
                            .append("cursor", new BsonDocument()));
            if (!Replies.isOk(reply)) {
                throw StatementFailedException.fromStore(reply);
            }
            BsonArray batch = reply.getDocument("cursor").getArray("firstBatch");
            return batch.isEmpty() ? new BsonDocument() : batch.get(0).asDocument();
        } finally {
            drop();
        }
    }

    /** {@code value} with each {@code "$$name"} of a constant, and {@code "$$NOW"}, as a literal. */
    private BsonValue withVariables(BsonValue value, BsonDocument constants) {
        if (value.isString()) {
            String s = value.asString().getValue();
            if (s.equals("$$NOW")) {
                return new BsonDocument("$literal", new BsonDateTime(nowMillis));
            }
            if (s.startsWith("$$") && constants != null && constants.containsKey(s.substring(2))) {
                return new BsonDocument("$literal", constants.get(s.substring(2)));
            }
            return value;
        }
        if (value.isArray()) {
            BsonArray out = new BsonArray();
            value.asArray().forEach(v -> out.add(withVariables(v, constants)));
            return out;
        }
        if (value.isDocument()) {
            BsonDocument out = new BsonDocument();
            for (Map.Entry<String, BsonValue> e : value.asDocument().entrySet()) {
                out.append(
                        e.getKey(),
                        "$literal".equals(e.getKey()) ? e.getValue() : withVariables(e.getValue(), constants));
            }
            return out;
        }
        return value;
    }

    private void run(BsonDocument update) {
        BsonDocument reply = storage.run(StoredDocuments.SCRATCH_DATABASE, update);
        if (!Replies.isOk(reply)) {
            throw StatementFailedException.fromStore(reply);
        }
        BsonArray errors = reply.getArray("writeErrors", new BsonArray());
        if (!errors.isEmpty()) {
            throw StatementFailedException.fromStore(errors.get(0).asDocument());
        }
    }

    private BsonDocument only() {
        BsonDocument reply = storage.run(
                StoredDocuments.SCRATCH_DATABASE,
                new BsonDocument("find", new BsonString(COLLECTION)).append("limit", new BsonInt32(1)));
        BsonArray batch = Replies.firstBatch(reply);
        return batch.isEmpty() ? new BsonDocument() : batch.get(0).asDocument();
    }

    private void drop() {
        storage.run(StoredDocuments.SCRATCH_DATABASE, new BsonDocument("dropDatabase", new BsonInt32(1)));
    }
}
