package io.shardlab.mongos;

import io.shardlab.bson.BsonPrinter;
import io.shardlab.routing.FilterParser.BsonTypeNames;
import io.shardlab.routing.UpdateModifiers;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/**
 * An update statement's {@code u} as mongod reads it: a replacement document, update operators, or an aggregation
 * pipeline (4.2+), refused where mongod's update parser refuses it.
 *
 * <p>Rules: mongo {@code src/mongo/db/update/update_driver.cpp} ({@code parse}, {@code validateMod}: an unknown
 * operator, or a field beside the operators, is FailedToParse "Unknown modifier: f. Expected a valid update
 * modifier or pipeline-style update specified as an array"; an operator whose value is not a document is
 * FailedToParse "Modifiers operate on fields but we found type T instead. For example: {$mod: {&lt;field&gt;:
 * ...}} not {f: v}"; {@code multi} with a replacement is FailedToParse; {@code arrayFilters} with a pipeline is
 * FailedToParse), {@code update_request.h} (constants only with a pipeline: 51198),
 * {@code src/mongo/db/update/pipeline_executor.cpp} (a stage not allowed in an update is InvalidOptions
 * "$match is not allowed to be used within an update"), {@code modifier_table.cpp} (the operators). Tests: mongo
 * {@code update_driver_test.cpp} ({@code Parse.*}), {@code jstests/core/write/update/update_with_pipeline.js}.
 */
sealed interface UpdateModification {

    /** The stages an update pipeline may hold ({@code isAllowedWithinUpdatePipeline}). */
    Set<String> PIPELINE_STAGES = Set.of("$addFields", "$set", "$project", "$unset", "$replaceRoot", "$replaceWith");

    /** Stages mongod knows that an update pipeline may not hold (InvalidOptions rather than an unknown stage). */
    Set<String> OTHER_STAGES = Set.of(
            "$bucket",
            "$bucketAuto",
            "$changeStream",
            "$collStats",
            "$count",
            "$currentOp",
            "$densify",
            "$documents",
            "$facet",
            "$fill",
            "$geoNear",
            "$graphLookup",
            "$group",
            "$indexStats",
            "$limit",
            "$listLocalSessions",
            "$listSessions",
            "$lookup",
            "$match",
            "$merge",
            "$out",
            "$planCacheStats",
            "$redact",
            "$sample",
            "$search",
            "$setWindowFields",
            "$skip",
            "$sort",
            "$sortByCount",
            "$unionWith",
            "$unwind");

    /** A whole new document; its {@code _id}, if any, must be the old one's. */
    record Replacement(BsonDocument document) implements UpdateModification {}

    /** Update operators, in the order given. */
    record Operators(BsonDocument operators) implements UpdateModification {

        /**
         * The paths the operators write, in order: each operator's fields, and {@code $rename}'s targets too.
         */
        List<String> paths() {
            List<String> paths = new ArrayList<>();
            for (Map.Entry<String, BsonValue> op : operators.entrySet()) {
                for (Map.Entry<String, BsonValue> field :
                        op.getValue().asDocument().entrySet()) {
                    paths.add(field.getKey());
                    if ("$rename".equals(op.getKey()) && field.getValue().isString()) {
                        paths.add(field.getValue().asString().getValue());
                    }
                }
            }
            return paths;
        }
    }

    /**
     * An aggregation pipeline run over the document.
     *
     * @param stages the stages, each allowed in an update
     * @param constants the statement's {@code c}: variables the stages read as {@code $$name}, or null
     */
    record Pipeline(BsonArray stages, BsonDocument constants) implements UpdateModification {}

    /**
     * Reads one statement's {@code u}.
     *
     * @param statement the statement ({@code multi}, {@code arrayFilters} and {@code c} are read from it too)
     * @throws StatementFailedException as mongod refuses the statement
     */
    static UpdateModification of(BsonDocument statement, String updateField) {
        BsonValue u = statement.get(updateField);
        BsonValue constants = statement.get("c");
        boolean multi =
                statement.isBoolean("multi") && statement.getBoolean("multi").getValue();
        if (u != null && u.isArray()) {
            if (statement.containsKey("arrayFilters")) {
                throw StatementFailedException.of(
                        ErrorCode.FAILED_TO_PARSE, "arrayFilters may not be specified for pipeline-style updates");
            }
            return new Pipeline(
                    stages(u.asArray()), constants != null && constants.isDocument() ? constants.asDocument() : null);
        }
        if (u == null || !u.isDocument()) {
            throw StatementFailedException.of(
                    ErrorCode.FAILED_TO_PARSE, "Update argument must be either an object or an array");
        }
        if (constants != null) {
            throw StatementFailedException.of(
                    ErrorCode.CONSTANTS_WITHOUT_PIPELINE, "Constant values may only be specified for pipeline updates");
        }
        BsonDocument document = u.asDocument();
        if (document.isEmpty() || !document.getFirstKey().startsWith("$")) {
            if (multi) {
                throw StatementFailedException.of(
                        ErrorCode.FAILED_TO_PARSE, "multi update is not supported for replacement-style update");
            }
            return new Replacement(document);
        }
        for (Map.Entry<String, BsonValue> op : document.entrySet()) {
            if (!UpdateModifiers.KNOWN.contains(op.getKey())) {
                throw StatementFailedException.of(
                        ErrorCode.FAILED_TO_PARSE,
                        "Unknown modifier: " + op.getKey()
                                + ". Expected a valid update modifier or pipeline-style update specified as an array");
            }
            if (!op.getValue().isDocument()) {
                throw StatementFailedException.of(
                        ErrorCode.FAILED_TO_PARSE,
                        "Modifiers operate on fields but we found type " + BsonTypeNames.of(op.getValue())
                                + " instead. For example: {$mod: {<field>: ...}} not {"
                                + BsonPrinter.serverString(op.getKey(), op.getValue()) + "}");
            }
        }
        return new Operators(document);
    }

    private static BsonArray stages(BsonArray pipeline) {
        for (BsonValue stage : pipeline) {
            if (!stage.isDocument() || stage.asDocument().isEmpty()) {
                throw StatementFailedException.of(
                        ErrorCode.TYPE_MISMATCH, "Each element of the 'pipeline' array must be an object");
            }
            String name = stage.asDocument().getFirstKey();
            if (PIPELINE_STAGES.contains(name)) {
                continue;
            }
            if (OTHER_STAGES.contains(name)) {
                throw StatementFailedException.of(
                        ErrorCode.INVALID_OPTIONS, name + " is not allowed to be used within an update");
            }
            throw StatementFailedException.of(
                    ErrorCode.UNRECOGNIZED_PIPELINE_STAGE, "Unrecognized pipeline stage name: '" + name + "'");
        }
        return pipeline;
    }
}
