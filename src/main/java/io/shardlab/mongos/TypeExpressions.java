package io.shardlab.mongos;

import io.shardlab.routing.FilterParser.BsonTypeNames;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonInt64;
import org.bson.BsonString;
import org.bson.BsonValue;

/**
 * The aggregation expression {@code {$type: <expression>}}, which the document store's aggregation does not know,
 * evaluated for it: the stages before the first stage that uses it run in the store; each {@code $type}'s argument
 * is evaluated there over the documents they produced, its type named here as mongod names it (BSON type names,
 * "missing" for a value that is absent) and handed to the stage as a field of each document; the stage, with each
 * {@code $type} replaced by that field, and the stages after it then run over those documents, in the scratch
 * database {@link #SCRATCH_DATABASE}. The whole result is answered in the first batch.
 *
 * <p>Only an argument the store can evaluate at the top of each document is handed on this way: one that names a
 * variable bound inside the stage ({@code $$this} of a {@code $map}, a {@code $let}'s) is refused with
 * CommandNotSupported, as is {@code $type} inside a sub-pipeline ({@code $lookup}, {@code $facet},
 * {@code $unionWith}).
 *
 * <p>Source: mongo {@code src/mongo/db/pipeline/expression.cpp} ({@code ExpressionType::evaluate}: {@code typeName}
 * of the value, "missing" for a missing one); docs {@code reference/operator/aggregation/type}.
 */
final class TypeExpressions {

    /** Where the stages from the first {@code $type} on run; not the scratch database of the other helpers. */
    static final String SCRATCH_DATABASE = "shardlab_expressions";

    private static final String COLLECTION = "stage";
    private static final String ROW = "__shardlab_row";
    private static final String TYPE = "__shardlab_type_";
    private static final List<String> TOP_VARIABLES = List.of("$$ROOT", "$$CURRENT", "$$NOW", "$$CLUSTER_TIME");

    private final DocumentStorage store;

    /** @param store the document store in the command layer's dialect */
    TypeExpressions(DocumentStorage store) {
        this.store = store;
    }

    /** The index of the first stage that uses the {@code $type} expression, or -1. */
    static int firstUse(BsonArray pipeline) {
        for (int i = 0; i < pipeline.size(); i++) {
            BsonValue stage = pipeline.get(i);
            if (stage.isDocument() && !operands(stage.asDocument()).isEmpty()) {
                return i;
            }
        }
        return -1;
    }

    /** Runs {@code aggregate} (whose pipeline uses {@code $type}) on {@code db}. */
    BsonDocument aggregate(String db, BsonDocument aggregate) {
        BsonArray pipeline = aggregate.getArray("pipeline");
        int first = firstUse(pipeline);
        BsonDocument prefix = aggregate.clone();
        prefix.put("pipeline", new BsonArray(pipeline.subList(0, first)));
        prefix.put("cursor", new BsonDocument("batchSize", new BsonInt32(Integer.MAX_VALUE)));
        BsonDocument reply = store.run(db, prefix);
        if (!Replies.isOk(reply)) {
            return reply;
        }
        List<BsonDocument> documents = batch(reply);
        List<BsonValue> rest = new ArrayList<>(pipeline.subList(first, pipeline.size()));
        try {
            while (!rest.isEmpty()) {
                BsonDocument stage = rest.get(0).asDocument();
                List<BsonValue> operands = operands(stage);
                int next = 1;
                while (next < rest.size()
                        && operands(rest.get(next).asDocument()).isEmpty()) {
                    next++;
                }
                BsonArray stages = new BsonArray();
                if (!operands.isEmpty()) {
                    documents = withTypes(documents, operands);
                    stages.add(replaced(stage, operands));
                    BsonArray hidden = new BsonArray();
                    for (int i = 0; i < operands.size(); i++) {
                        hidden.add(new BsonString(TYPE + i));
                    }
                    stages.add(new BsonDocument("$unset", hidden));
                    stages.addAll(rest.subList(1, next));
                } else {
                    stages.addAll(rest.subList(0, next));
                }
                documents = run(documents, stages);
                rest = rest.subList(next, rest.size());
            }
        } finally {
            store.run(SCRATCH_DATABASE, new BsonDocument("dropDatabase", new BsonInt32(1)));
        }
        BsonValue target = aggregate.get("aggregate");
        String ns = db + "." + (target.isString() ? target.asString().getValue() : "$cmd.aggregate");
        return Replies.cursor(ns, new BsonArray(documents));
    }

    /** Each document with a field per operand naming the operand's type over it. */
    private List<BsonDocument> withTypes(List<BsonDocument> documents, List<BsonValue> operands) {
        List<BsonDocument> rows = new ArrayList<>();
        for (int i = 0; i < documents.size(); i++) {
            rows.add(documents.get(i).clone().append(ROW, new BsonInt64(i)));
        }
        BsonDocument projection = new BsonDocument("_id", new BsonInt32(0)).append(ROW, new BsonInt32(1));
        for (int i = 0; i < operands.size(); i++) {
            projection.append("v" + i, operands.get(i));
        }
        List<BsonDocument> values = run(rows, new BsonArray(List.of(new BsonDocument("$project", projection))));
        Map<Long, BsonDocument> byRow = new LinkedHashMap<>();
        values.forEach(v -> byRow.put(v.getNumber(ROW).longValue(), v));
        List<BsonDocument> out = new ArrayList<>();
        for (int r = 0; r < documents.size(); r++) {
            BsonDocument typed = documents.get(r).clone();
            BsonDocument v = byRow.getOrDefault((long) r, new BsonDocument());
            for (int i = 0; i < operands.size(); i++) {
                BsonValue value = v.get("v" + i);
                typed.append(TYPE + i, new BsonString(value == null ? "missing" : BsonTypeNames.of(value)));
            }
            out.add(typed);
        }
        return out;
    }

    /** {@code stages} over {@code documents} in the scratch database; documents without {@code _id} keep none. */
    private List<BsonDocument> run(List<BsonDocument> documents, BsonArray stages) {
        store.replace(SCRATCH_DATABASE, COLLECTION, documents);
        BsonArray pipeline = new BsonArray();
        if (documents.stream().noneMatch(d -> d.containsKey("_id"))) {
            // the store gives every document it keeps an _id; these had none
            pipeline.add(new BsonDocument("$project", new BsonDocument("_id", new BsonInt32(0))));
        }
        pipeline.addAll(stages);
        BsonDocument reply = store.run(
                SCRATCH_DATABASE,
                new BsonDocument("aggregate", new BsonString(COLLECTION))
                        .append("pipeline", pipeline)
                        .append("cursor", new BsonDocument("batchSize", new BsonInt32(Integer.MAX_VALUE))));
        if (!Replies.isOk(reply)) {
            throw new MongoCommandException(
                    ErrorCode.numbered(reply.getNumber("code", new BsonInt32(0)).intValue()),
                    reply.getString("errmsg", new BsonString("")).getValue());
        }
        List<BsonDocument> out = new ArrayList<>();
        for (BsonValue v : reply.getDocument("cursor").getArray("firstBatch")) {
            out.add(v.asDocument());
        }
        return out;
    }

    /** {@code stage} with its {@code i}-th {@code $type} replaced by the field naming its type. */
    private static BsonValue replaced(BsonValue value, List<BsonValue> operands) {
        if (value.isDocument()) {
            BsonDocument d = value.asDocument();
            if (d.size() == 1 && d.containsKey("$type")) {
                return new BsonString("$" + TYPE + operands.indexOf(operand(d.get("$type"))));
            }
            BsonDocument out = new BsonDocument();
            d.forEach((k, v) -> out.append(k, "$literal".equals(k) ? v : replaced(v, operands)));
            return out;
        }
        if (value.isArray()) {
            BsonArray out = new BsonArray();
            value.asArray().forEach(v -> out.add(replaced(v, operands)));
            return out;
        }
        return value;
    }

    /**
     * The distinct {@code $type} arguments of a stage's expressions ({@code $match}: only inside {@code $expr}).
     *
     * @throws MongoCommandException CommandNotSupported for one ShardLab cannot hand on
     */
    private static List<BsonValue> operands(BsonDocument stage) {
        List<BsonValue> out = new ArrayList<>();
        if (stage.size() != 1) {
            return out;
        }
        String name = stage.getFirstKey();
        BsonValue spec = stage.get(name);
        if ("$match".equals(name)) {
            if (spec.isDocument() && spec.asDocument().containsKey("$expr")) {
                collect(spec.asDocument().get("$expr"), out);
            }
            return out;
        }
        if (usesInSubPipeline(name, spec)) {
            throw unsupported("inside " + name);
        }
        collect(spec, out);
        return out;
    }

    private static void collect(BsonValue value, List<BsonValue> out) {
        if (value.isDocument()) {
            BsonDocument d = value.asDocument();
            if (d.size() == 1 && d.containsKey("$type")) {
                BsonValue operand = operand(d.get("$type"));
                if (bindsVariable(operand)) {
                    throw unsupported("over a variable bound inside the stage");
                }
                if (!out.contains(operand)) {
                    out.add(operand);
                }
                return;
            }
            d.forEach((k, v) -> {
                if (!"$literal".equals(k)) {
                    collect(v, out);
                }
            });
        } else if (value.isArray()) {
            value.asArray().forEach(v -> collect(v, out));
        }
    }

    /** {@code $type}'s argument: an expression, or a one-element array holding it. */
    private static BsonValue operand(BsonValue argument) {
        return argument.isArray() && argument.asArray().size() == 1
                ? argument.asArray().get(0)
                : argument;
    }

    private static boolean bindsVariable(BsonValue value) {
        if (value.isString()) {
            String s = value.asString().getValue();
            return s.startsWith("$$") && TOP_VARIABLES.stream().noneMatch(v -> s.equals(v) || s.startsWith(v + "."));
        }
        if (value.isDocument()) {
            return value.asDocument().values().stream().anyMatch(TypeExpressions::bindsVariable);
        }
        return value.isArray() && value.asArray().stream().anyMatch(TypeExpressions::bindsVariable);
    }

    /** Whether a {@code $lookup}'s, {@code $unionWith}'s or {@code $facet}'s sub-pipeline uses {@code $type}. */
    private static boolean usesInSubPipeline(String stage, BsonValue spec) {
        if (!spec.isDocument()) {
            return false;
        }
        if ("$facet".equals(stage)) {
            return spec.asDocument().values().stream().anyMatch(p -> p.isArray() && firstUse(p.asArray()) >= 0);
        }
        return ("$lookup".equals(stage) || "$unionWith".equals(stage))
                && spec.asDocument().isArray("pipeline")
                && firstUse(spec.asDocument().getArray("pipeline")) >= 0;
    }

    private static MongoCommandException unsupported(String where) {
        return new MongoCommandException(
                ErrorCode.COMMAND_NOT_SUPPORTED,
                "ShardLab's document store cannot evaluate the $type expression " + where);
    }

    private static List<BsonDocument> batch(BsonDocument reply) {
        List<BsonDocument> out = new ArrayList<>();
        reply.getDocument("cursor").getArray("firstBatch").forEach(v -> out.add(v.asDocument()));
        return out;
    }
}
