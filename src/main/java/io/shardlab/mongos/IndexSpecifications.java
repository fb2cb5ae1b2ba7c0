package io.shardlab.mongos;

import io.shardlab.bson.BsonPrinter;
import io.shardlab.cluster.MongoVersion;
import io.shardlab.routing.FilterParser.BsonTypeNames;
import java.util.Set;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/**
 * The form of the index specifications of a {@code createIndexes} command, as the mongod a mongos forwards it to
 * checks them before it builds anything (a mongos answers the shard's error as it is): its {@code key} an object
 * and its {@code name} a string, else TypeMismatch (14) "The field 'key' must be an object, but got int", the
 * fields checked in the specification's order; then a specification without {@code key} or without {@code name}
 * FailedToParse (9) "The 'key' field is a required property of an index specification". The reason is given in the
 * context of the specification, "Error in specification { key: 5, name: "x" } :: caused by :: ...". A command
 * with no specification is BadValue (2) "Must specify at least one index to create"; a null element of
 * {@code indexes} is no specification (the IDL parser of {@code array<object>} skips a null element).
 *
 * <p>Sources: mongo {@code src/mongo/db/catalog/index_key_validate.cpp} ({@code validateIndexSpec}: the reasons and
 * codes; {@code parseAndValidateIndexSpecs}: the "Error in specification" context), {@code
 * src/mongo/db/commands/create_indexes_cmd.cpp} ({@code parseAndValidateIndexSpecs}: at least one index). The
 * codes are asserted by {@code jstests/core/ddl/create_indexes.js} ({@code indexes: [{}]} FailedToParse,
 * {@code indexes: []} BadValue). The 3.6-era {@code create_indexes.cpp} returned the reason without the context;
 * every release ShardLab models (4.4 and later on the wire) is answered with it, as the current source words it.
 *
 * <p>The options {@code validateIndexSpec} checks by type, in the same loop (the first wrong field in the
 * specification's order wins): {@code collation} an object, else TypeMismatch "The field 'collation' must be an
 * object, but got T", and not empty, else BadValue "The field 'collation' cannot be an empty object.";
 * {@code partialFilterExpression} an object, else TypeMismatch, and a filter MongoDB's parser takes, else the parser's
 * refusal ({@link PartialIndexFilter#requireParsable}; whether a partial index supports it is checked later). From 7.0 the
 * boolean options ({@code background}, {@code unique}, {@code sparse}, {@code dropDups}, {@code prepareUnique}) a
 * bool or a number, else TypeMismatch "The field 'unique has value unique: "x", which is not convertible to bool"
 * (the quote left open as MongoDB leaves it); earlier releases are not checked for them here (their
 * {@code validateIndexSpec} is not verified yet). {@code expireAfterSeconds} is checked after them, by {@link TtlIndexOptions}.
 */
final class IndexSpecifications {

    /** The options {@code validateIndexSpec} reads as a bool or a number (mongo {@code index_key_validate.cpp}). */
    private static final Set<String> BOOLEAN_OPTIONS =
            Set.of("background", "unique", "sparse", "dropDups", "prepareUnique", "clustered");

    private IndexSpecifications() {}

    /**
     * The specifications of a {@code createIndexes} command's {@code indexes}, each checked as {@code release}'s
     * shards check them.
     *
     * @throws MongoCommandException TypeMismatch, FailedToParse or BadValue as MongoDB answers the first wrong one
     */
    static BsonArray checked(BsonArray indexes, MongoVersion release) {
        BsonArray specs = new BsonArray();
        for (BsonValue v : indexes) {
            if (v.isDocument()) {
                check(v.asDocument(), release);
                specs.add(v);
            }
        }
        if (specs.isEmpty()) {
            throw new MongoCommandException(ErrorCode.BAD_VALUE, "Must specify at least one index to create");
        }
        return specs;
    }

    private static void check(BsonDocument spec, MongoVersion release) {
        boolean hasKey = false;
        boolean hasName = false;
        for (var field : spec.entrySet()) {
            BsonValue v = field.getValue();
            if (field.getKey().equals("key")) {
                if (!v.isDocument()) {
                    throw refused(spec, ErrorCode.TYPE_MISMATCH, mustBe("key", "an object", v));
                }
                hasKey = true;
            } else if (field.getKey().equals("name")) {
                if (!v.isString()) {
                    throw refused(spec, ErrorCode.TYPE_MISMATCH, mustBe("name", "a string", v));
                }
                hasName = true;
            } else if (field.getKey().equals("collation")) {
                if (!v.isDocument()) {
                    throw refused(spec, ErrorCode.TYPE_MISMATCH, mustBe("collation", "an object", v));
                }
                if (v.asDocument().isEmpty()) {
                    throw refused(spec, ErrorCode.BAD_VALUE, "The field 'collation' cannot be an empty object.");
                }
            } else if (field.getKey().equals("partialFilterExpression")) {
                if (!v.isDocument()) {
                    throw refused(spec, ErrorCode.TYPE_MISMATCH, mustBe("partialFilterExpression", "an object", v));
                }
                try {
                    PartialIndexFilter.requireParsable(v.asDocument());
                } catch (MongoCommandException e) {
                    throw refused(spec, e.code(), e.getMessage());
                }
            } else if (BOOLEAN_OPTIONS.contains(field.getKey())
                    && release.atLeast(7, 0)
                    && !v.isNumber()
                    && !v.isBoolean()) {
                throw refused(
                        spec,
                        ErrorCode.TYPE_MISMATCH,
                        "The field '" + field.getKey() + " has value " + BsonPrinter.serverString(field.getKey(), v)
                                + ", which is not convertible to bool");
            }
        }
        if (!hasKey) {
            throw refused(spec, ErrorCode.FAILED_TO_PARSE, required("key"));
        }
        if (!hasName) {
            throw refused(spec, ErrorCode.FAILED_TO_PARSE, required("name"));
        }
    }

    private static String mustBe(String field, String expected, BsonValue v) {
        return "The field '" + field + "' must be " + expected + ", but got " + BsonTypeNames.of(v);
    }

    private static String required(String field) {
        return "The '" + field + "' field is a required property of an index specification";
    }

    private static MongoCommandException refused(BsonDocument spec, ErrorCode code, String reason) {
        return new MongoCommandException(
                code, "Error in specification " + BsonPrinter.serverString(spec) + " :: caused by :: " + reason);
    }
}
