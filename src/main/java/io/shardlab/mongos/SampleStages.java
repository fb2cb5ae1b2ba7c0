package io.shardlab.mongos;

import org.bson.BsonArray;
import org.bson.BsonBoolean;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonInt64;
import org.bson.BsonValue;

/**
 * A pipeline's {@code $sample} stages as MongoDB runs them: each document gets one random value and the documents are
 * sorted by it, keeping the first {@code size} (mongo {@code src/mongo/db/pipeline/document_source_sample.cpp}:
 * {@code DocumentSourceSort::create(expCtx, {$rand: {$meta: "randVal"}}, size)}). The storage's own {@code $sample}
 * draws a new random number at every comparison, which breaks the sort's contract and fails now and then ("Comparison
 * method violates its general contract!") once a collection holds more than 31 documents; so the router hands the
 * storage {@code $addFields} of one {@code $rand} per document, {@code $sort}, {@code $limit} and {@code $project}
 * instead. The specification is checked as {@code DocumentSourceSample::createFromBson} checks it, before anything runs:
 * a document (28745) whose only field is {@code size} (28748), a number (28746), not negative (28747), given (28749);
 * a fractional size is cut to its whole part ({@code numberLong}).
 */
final class SampleStages {

    /** The field holding each document's random value while it is sorted; removed before the next stage. */
    static final String RANDOM_FIELD = "__shardlab_sample";

    private SampleStages() {}

    /**
     * {@code pipeline} with every {@code $sample} stage, at its top and inside {@code $facet}, {@code $lookup} and
     * {@code $unionWith} pipelines, written as the random sort; the pipeline itself when it holds none.
     *
     * @throws MongoCommandException a {@code $sample} specification MongoDB refuses
     */
    static BsonArray asRandomSorts(BsonArray pipeline) {
        BsonArray written = new BsonArray();
        boolean changed = false;
        for (BsonValue s : pipeline) {
            BsonDocument stage = s.asDocument();
            if (stage.containsKey("$sample")) {
                written.addAll(randomSort(size(stage.get("$sample"))));
                changed = true;
                continue;
            }
            BsonDocument inner = withInnerPipelines(stage);
            changed |= inner != stage;
            written.add(inner);
        }
        return changed ? written : pipeline;
    }

    private static BsonDocument withInnerPipelines(BsonDocument stage) {
        if (stage.get("$facet") instanceof BsonDocument facets) {
            BsonDocument written = new BsonDocument();
            boolean changed = false;
            for (var facet : facets.entrySet()) {
                BsonValue value = facet.getValue();
                BsonValue inner = value.isArray() ? asRandomSorts(value.asArray()) : value;
                changed |= inner != value;
                written.append(facet.getKey(), inner);
            }
            return changed ? new BsonDocument("$facet", written) : stage;
        }
        for (String name : new String[] {"$lookup", "$unionWith"}) {
            if (stage.get(name) instanceof BsonDocument body && body.get("pipeline") instanceof BsonArray inner) {
                BsonArray written = asRandomSorts(inner);
                return written == inner
                        ? stage
                        : new BsonDocument(name, body.clone().append("pipeline", written));
            }
        }
        return stage;
    }

    private static long size(BsonValue spec) {
        if (!spec.isDocument()) {
            throw new MongoCommandException(
                    ErrorCode.SAMPLE_NOT_AN_OBJECT, "the $sample stage specification must be an object");
        }
        Long size = null;
        for (var field : spec.asDocument().entrySet()) {
            if (!field.getKey().equals("size")) {
                throw new MongoCommandException(
                        ErrorCode.SAMPLE_UNKNOWN_OPTION, "unrecognized option to $sample: " + field.getKey());
            }
            if (!field.getValue().isNumber() && !field.getValue().isDecimal128()) {
                throw new MongoCommandException(
                        ErrorCode.SAMPLE_SIZE_NOT_A_NUMBER, "size argument to $sample must be a number");
            }
            long given = field.getValue().isDecimal128()
                    ? field.getValue()
                            .asDecimal128()
                            .getValue()
                            .bigDecimalValue()
                            .longValue()
                    : field.getValue().asNumber().longValue();
            if (given < 0) {
                throw new MongoCommandException(
                        ErrorCode.SAMPLE_SIZE_NEGATIVE, "size argument to $sample must not be negative");
            }
            size = given;
        }
        if (size == null) {
            throw new MongoCommandException(ErrorCode.SAMPLE_WITHOUT_SIZE, "$sample stage must specify a size");
        }
        return size;
    }

    private static BsonArray randomSort(long size) {
        BsonArray stages = new BsonArray();
        if (size == 0) {
            // a $limit of 0 is refused; no document passes
            stages.add(new BsonDocument("$match", new BsonDocument("$expr", BsonBoolean.FALSE)));
            return stages;
        }
        stages.add(new BsonDocument(
                "$addFields", new BsonDocument(RANDOM_FIELD, new BsonDocument("$rand", new BsonDocument()))));
        stages.add(new BsonDocument("$sort", new BsonDocument(RANDOM_FIELD, new BsonInt32(1))));
        stages.add(new BsonDocument("$limit", new BsonInt64(size)));
        stages.add(new BsonDocument("$project", new BsonDocument(RANDOM_FIELD, new BsonInt32(0))));
        return stages;
    }
}
