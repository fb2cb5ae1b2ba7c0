package io.shardlab.mongos;

import java.util.List;
import java.util.Map;
import java.util.Set;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonDouble;
import org.bson.BsonString;
import org.bson.BsonValue;

/**
 * The document store as the command layer reads it: each command is written in the store's dialect before it
 * reaches the store, and a reply the store words differently from mongod is answered as mongod answers. What it
 * translates:
 *
 * <ul>
 *   <li>every query filter's regular expressions ({@link QueryRegexes}: a BSON regex inside {@code $regex},
 *       patterns PCRE reads differently, invalid patterns refused with 51091);
 *   <li>the aggregation stages the store knows by their older names: {@code $set} is {@code $addFields} and
 *       {@code $replaceWith: e} is {@code $replaceRoot: {newRoot: e}} (docs {@code reference/operator/aggregation/set},
 *       {@code replaceWith}: aliases since 4.2), in sub-pipelines too;
 *   <li>the {@code $type} aggregation expression, which the store's aggregation does not know
 *       ({@link TypeExpressions});
 *   <li>{@code drop} of a collection that does not exist: {@code ok: 1} through mongos (SERVER-36317, and a no-op on
 *       mongod too from 7.0, SERVER-43894) where the store says "ns not found".
 * </ul>
 *
 * <p>The command layer's {@link StoredDocuments} and every family reach the store through it, so no command
 * reaches the store untranslated.
 */
final class StoreDialect implements DocumentStorage {

    private final DocumentStorage store;
    private final QueryRegexes regexes;

    /** @param store the document store */
    StoreDialect(DocumentStorage store) {
        this.store = store;
        this.regexes = new QueryRegexes();
    }

    @Override
    public BsonDocument run(String database, BsonDocument command) {
        if (command.isEmpty()) {
            return store.run(database, command);
        }
        BsonDocument translated = translated(command);
        if ("aggregate".equals(command.getFirstKey())
                && translated.isArray("pipeline")
                && TypeExpressions.firstUse(translated.getArray("pipeline")) >= 0) {
            return new TypeExpressions(this).aggregate(database, translated);
        }
        BsonDocument reply = store.run(database, translated);
        if ("drop".equals(command.getFirstKey()) && isNamespaceNotFound(reply)) {
            return Replies.ok();
        }
        return reply;
    }

    @Override
    public int keptBytesPerDocument() {
        return store.keptBytesPerDocument();
    }

    /** The store's own count, kept as it stores: the default decodes every document of the collection to count it. */
    @Override
    public long keptBytes(String database, String collection) {
        return store.keptBytes(database, collection);
    }

    @Override
    public void replace(String database, String collection, List<BsonDocument> documents) {
        store.replace(database, collection, documents);
    }

    @Override
    public void copy(String database, String collection, String toDatabase, String toCollection) {
        store.copy(database, collection, toDatabase, toCollection);
    }

    @Override
    public void changeIndexDescription(
            String database, String collection, String indexName, Set<String> removed, BsonDocument appended) {
        store.changeIndexDescription(database, collection, indexName, removed, appended);
    }

    /** {@code command} in the store's dialect; the client's document is not changed. */
    BsonDocument translated(BsonDocument command) {
        return switch (command.getFirstKey()) {
            case "find" -> withFilter(command, "filter");
            case "count" -> withFilter(command, "query");
            case "distinct" -> withFilter(command, "query");
            case "findAndModify", "findandmodify" -> withFilter(command, "query");
            case "delete" -> withStatementFilters(command, "deletes");
            case "update" -> withStatementFilters(command, "updates");
            case "aggregate" -> withPipeline(command);
            default -> command;
        };
    }

    /** A filter in the store's dialect (what a stage or a family matches itself with). */
    BsonDocument filter(BsonDocument filter) {
        return regexes.normalized(filter);
    }

    /** A pipeline in the store's dialect. */
    BsonArray pipeline(BsonArray stages) {
        BsonArray out = new BsonArray();
        for (BsonValue stage : stages) {
            out.add(stage.isDocument() ? stage(stage.asDocument()) : stage);
        }
        return out;
    }

    private BsonDocument withFilter(BsonDocument command, String field) {
        if (!command.isDocument(field)) {
            return command;
        }
        BsonDocument out = command.clone();
        out.put(field, filter(command.getDocument(field)));
        return out;
    }

    private BsonDocument withStatementFilters(BsonDocument command, String field) {
        if (!command.isArray(field)) {
            return command;
        }
        BsonArray statements = new BsonArray();
        for (BsonValue s : command.getArray(field)) {
            if (s.isDocument() && s.asDocument().isDocument("q")) {
                BsonDocument statement = s.asDocument().clone();
                statement.put("q", filter(statement.getDocument("q")));
                statements.add(statement);
            } else {
                statements.add(s);
            }
        }
        BsonDocument out = command.clone();
        out.put(field, statements);
        return out;
    }

    private BsonDocument withPipeline(BsonDocument command) {
        if (!command.isArray("pipeline")) {
            return command;
        }
        BsonDocument out = command.clone();
        out.put("pipeline", pipeline(command.getArray("pipeline")));
        return out;
    }

    private BsonDocument stage(BsonDocument stage) {
        if (stage.size() != 1) {
            return stage;
        }
        String name = stage.getFirstKey();
        BsonValue spec = stage.get(name);
        return switch (name) {
            case "$set" -> new BsonDocument("$addFields", spec);
            case "$replaceWith" -> new BsonDocument("$replaceRoot", new BsonDocument("newRoot", spec));
            case "$match" -> spec.isDocument() ? new BsonDocument(name, filter(spec.asDocument())) : stage;
            case "$facet" -> spec.isDocument() ? new BsonDocument(name, facets(spec.asDocument())) : stage;
            case "$lookup", "$unionWith" ->
                spec.isDocument() && spec.asDocument().isArray("pipeline")
                        ? new BsonDocument(name, withPipelineField(spec.asDocument()))
                        : stage;
            default -> stage;
        };
    }

    private BsonDocument facets(BsonDocument spec) {
        BsonDocument out = new BsonDocument();
        for (Map.Entry<String, BsonValue> facet : spec.entrySet()) {
            out.append(
                    facet.getKey(),
                    facet.getValue().isArray() ? pipeline(facet.getValue().asArray()) : facet.getValue());
        }
        return out;
    }

    private BsonDocument withPipelineField(BsonDocument spec) {
        BsonDocument out = spec.clone();
        out.put("pipeline", pipeline(spec.getArray("pipeline")));
        return out;
    }

    private static boolean isNamespaceNotFound(BsonDocument reply) {
        return reply.getNumber("ok", new BsonDouble(1)).doubleValue() == 0
                && "ns not found"
                        .equals(reply.getString("errmsg", new BsonString("")).getValue());
    }
}
