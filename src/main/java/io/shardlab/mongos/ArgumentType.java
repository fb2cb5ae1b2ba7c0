package io.shardlab.mongos;

import java.util.List;
import org.bson.BsonType;
import org.bson.BsonValue;

/**
 * The BSON types a command field accepts, as MongoDB's IDL types declare them ({@code bson_serialization_type}
 * in mongo {@code src/mongo/db/basic_types.idl}), named and ordered as its error messages name them
 * ({@code typeName}, mongo {@code src/mongo/bson/bsontypes.cpp}).
 */
enum ArgumentType {
    /** {@code string}, and {@code namespacestring} / {@code shard_id}, which are strings on the wire. */
    STRING(List.of(BsonType.STRING), List.of("string")),
    /** {@code object}, {@code object_owned}, {@code KeyPattern}. */
    OBJECT(List.of(BsonType.DOCUMENT), List.of("object")),
    /** {@code array}; an {@code array<T>} field's elements are checked by {@link Argument#elements()}. */
    ARRAY(List.of(BsonType.ARRAY), List.of("array")),
    /** {@code long} (a {@code TxnNumber}, a {@code cursorId}): a 64-bit integer only. */
    LONG(List.of(BsonType.INT64), List.of("long")),
    /** {@code bool}. */
    BOOL(List.of(BsonType.BOOLEAN), List.of("bool")),
    /** {@code safeInt}, {@code safeInt64}, {@code safeDouble}: any number. */
    NUMBER(
            List.of(BsonType.INT64, BsonType.INT32, BsonType.DECIMAL128, BsonType.DOUBLE),
            List.of("long", "int", "decimal", "double")),
    /** {@code safeBool}: a bool or a number, read as its truth value. */
    SAFE_BOOL(
            List.of(BsonType.BOOLEAN, BsonType.INT64, BsonType.INT32, BsonType.DECIMAL128, BsonType.DOUBLE),
            List.of("bool", "long", "int", "decimal", "double")),
    /** {@code IDLAnyType}, {@code optionalBool}, {@code update_modification}: the command checks the value itself. */
    ANY(List.of(), List.of());

    private final List<BsonType> accepted;
    private final List<String> names;

    ArgumentType(List<BsonType> accepted, List<String> names) {
        this.accepted = accepted;
        this.names = names;
    }

    /** Whether a value of this type is accepted ({@link #ANY} accepts every value). */
    boolean accepts(BsonValue value) {
        return accepted.isEmpty() || accepted.contains(value.getBsonType());
    }

    /**
     * How the IDL parser words the expectation (mongo {@code src/mongo/idl/idl_parser.cpp}:
     * {@code checkAndAssertTypeSlowPath} names one type, {@code throwBadType} lists several).
     */
    String idlExpectation() {
        return names.size() == 1
                ? "expected type '" + names.get(0) + "'"
                : "expected types '[" + String.join(", ", names) + "]'";
    }

    /** MongoDB's name of the first type accepted ({@code typeName}), as {@code bsonExtractTypedField} words it. */
    String typeName() {
        return names.isEmpty() ? "any" : names.get(0);
    }

    /**
     * How FieldParser words the expectation (mongo {@code src/mongo/db/field_parser.cpp}, {@code _genFieldErrMsg}):
     * {@code object}, {@code array}, {@code boolean}, {@code string} (a {@code vector<T>} field's is worded by
     * {@link CommandArguments}).
     */
    String fieldParserExpectation() {
        return switch (this) {
            case BOOL -> "boolean";
            case NUMBER, SAFE_BOOL -> "number";
            default -> names.isEmpty() ? "any" : names.get(0);
        };
    }
}
