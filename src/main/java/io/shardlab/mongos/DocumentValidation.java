package io.shardlab.mongos;

import io.shardlab.cluster.MongoVersion;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonNull;
import org.bson.BsonString;
import org.bson.BsonValue;

/**
 * A collection's validator applied to the documents written to it, as mongod applies it: with
 * {@code validationLevel} {@code strict} every insert and update is checked, with {@code moderate} an update of a
 * document that already failed is not, with {@code off} nothing is; {@code validationAction: "warn"} lets the
 * document in (mongod logs it); {@code bypassDocumentValidation} skips the check. A document that fails is the
 * statement's DocumentValidationFailure (121) "Document failed validation", with, from 5.0, an {@code errInfo}
 * of {@code failingDocumentId} and the {@code details} of why ({@link ValidationFailureDetails}).
 *
 * <p>Matching is the document store's query matcher over the one document, in the scratch database. A validator
 * the store cannot evaluate ({@code $jsonSchema}, geo and text operators, {@code $where}) is refused when the
 * collection is created or modified, so no validator is accepted and then ignored.
 *
 * <p>Sources: mongo {@code src/mongo/db/catalog/collection_impl.cpp} ({@code checkValidation},
 * {@code checkValidationAndParseResult}), {@code src/mongo/db/catalog/document_validation.h}; docs
 * {@code core/schema-validation}. Tests: mongo {@code jstests/core/doc_validation/doc_validation_options.js},
 * {@code bypass_doc_validation.js}.
 */
final class DocumentValidation {

    /** The validator operators the document store cannot evaluate (ShardLab refuses the validator). */
    static final Set<String> UNSUPPORTED =
            Set.of("$jsonSchema", "$where", "$text", "$near", "$nearSphere", "$geoWithin", "$geoIntersects");

    private static final String COLLECTION = "validation";

    private final CollectionCreateOptions options;
    private final DocumentStorage storage;
    private final MongoVersion release;

    DocumentValidation(CollectionCreateOptions options, DocumentStorage storage, MongoVersion release) {
        this.options = options;
        this.storage = storage;
        this.release = release;
    }

    /** Whether a write command asks to skip validation ({@code bypassDocumentValidation}, read as a truth value). */
    static boolean bypassed(BsonDocument command) {
        BsonValue v = command.get("bypassDocumentValidation");
        return v != null
                && (v.isBoolean()
                        ? v.asBoolean().getValue()
                        : v.isNumber() && v.asNumber().doubleValue() != 0);
    }

    /** Whether writes to {@code db.coll} are checked. */
    boolean validates(String db, String coll) {
        CollectionCreateOptions.Options o = options.of(db, coll);
        return o.validator() != null && !"off".equals(o.validationLevel());
    }

    /**
     * Checks the document a write makes.
     *
     * @param before the document an update changes, empty for an insert
     * @param after the document written
     * @param bypass the command's {@code bypassDocumentValidation}
     * @throws StatementFailedException DocumentValidationFailure when the collection's validator refuses it
     */
    void check(String db, String coll, Optional<BsonDocument> before, BsonDocument after, boolean bypass) {
        CollectionCreateOptions.Options o = options.of(db, coll);
        if (bypass || !validates(db, coll) || "warn".equals(o.validationAction())) {
            return;
        }
        BsonDocument validator = o.validator();
        if (before.isPresent() && "moderate".equals(o.validationLevel()) && !matches(before.get(), validator)) {
            return; // moderate: an update of a document that did not pass is not checked
        }
        storage.replace(StoredDocuments.SCRATCH_DATABASE, COLLECTION, List.of(after));
        try {
            ValidationFailureDetails.Probe probe = new ValidationFailureDetails.Probe() {
                @Override
                public boolean matches(BsonDocument filter) {
                    return matchesScratch(filter);
                }

                @Override
                public BsonValue evaluate(BsonValue expression) {
                    return evaluateScratch(expression);
                }
            };
            if (probe.matches(validator)) {
                return;
            }
            if (!release.atLeast(5, 0)) {
                throw StatementFailedException.of(ErrorCode.DOCUMENT_VALIDATION_FAILURE, "Document failed validation");
            }
            BsonDocument errInfo = new BsonDocument("failingDocumentId", after.get(UpsertSeed.ID));
            new ValidationFailureDetails(after, probe).of(validator).ifPresent(d -> errInfo.append("details", d));
            throw StatementFailedException.of(
                    ErrorCode.DOCUMENT_VALIDATION_FAILURE, "Document failed validation", errInfo);
        } finally {
            dropScratch();
        }
    }

    /**
     * Refuses a validator ShardLab cannot apply: one naming an operator the store does not evaluate, or one the
     * store refuses as a query.
     *
     * @throws MongoCommandException CommandNotSupported or the store's refusal
     */
    void requireApplicable(BsonDocument validator) {
        for (String operator : operators(validator)) {
            if (UNSUPPORTED.contains(operator)) {
                throw new MongoCommandException(
                        ErrorCode.COMMAND_NOT_SUPPORTED,
                        "ShardLab does not simulate validators with " + operator
                                + ": its document store cannot evaluate them");
            }
        }
        storage.replace(StoredDocuments.SCRATCH_DATABASE, COLLECTION, List.of());
        try {
            BsonDocument reply = count(validator);
            if (reply.getNumber("ok", new BsonInt32(0)).doubleValue() != 1) {
                throw new MongoCommandException(
                        ErrorCode.BAD_VALUE,
                        "Parsing of collection validator failed :: caused by :: "
                                + reply.getString("errmsg", new BsonString("")).getValue());
            }
        } finally {
            dropScratch();
        }
    }

    private boolean matches(BsonDocument document, BsonDocument filter) {
        storage.replace(StoredDocuments.SCRATCH_DATABASE, COLLECTION, List.of(document));
        try {
            return matchesScratch(filter);
        } finally {
            dropScratch();
        }
    }

    private boolean matchesScratch(BsonDocument filter) {
        BsonDocument reply = count(filter);
        return reply.getNumber("n", new BsonInt32(0)).intValue() == 1;
    }

    /** The value of an aggregation expression over the scratch document ({@code $expr}'s {@code expressionResult}). */
    private BsonValue evaluateScratch(BsonValue expression) {
        BsonDocument reply = storage.run(
                StoredDocuments.SCRATCH_DATABASE,
                new BsonDocument("aggregate", new BsonString(COLLECTION))
                        .append(
                                "pipeline",
                                new BsonArray(List.of(new BsonDocument(
                                        "$project",
                                        new BsonDocument("_id", new BsonInt32(0)).append("r", expression)))))
                        .append("cursor", new BsonDocument()));
        BsonArray batch = Replies.firstBatch(reply);
        return batch.isEmpty() ? BsonNull.VALUE : batch.get(0).asDocument().get("r", BsonNull.VALUE);
    }

    private BsonDocument count(BsonDocument filter) {
        return storage.run(
                StoredDocuments.SCRATCH_DATABASE,
                new BsonDocument("count", new BsonString(COLLECTION)).append("query", filter));
    }

    private void dropScratch() {
        storage.run(StoredDocuments.SCRATCH_DATABASE, new BsonDocument("dropDatabase", new BsonInt32(1)));
    }

    /** Every {@code $}-name a query uses, at any depth. */
    private static Set<String> operators(BsonValue value) {
        Set<String> out = new TreeSet<>();
        collectOperators(value, out);
        return out;
    }

    private static void collectOperators(BsonValue value, Set<String> out) {
        if (value.isDocument()) {
            value.asDocument().forEach((k, v) -> {
                if (k.startsWith("$")) {
                    out.add(k);
                }
                collectOperators(v, out);
            });
        } else if (value.isArray()) {
            value.asArray().forEach(v -> collectOperators(v, out));
        }
    }
}
