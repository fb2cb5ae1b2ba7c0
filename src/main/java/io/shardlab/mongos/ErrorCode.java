package io.shardlab.mongos;

import java.util.Optional;

/**
 * The MongoDB error codes ShardLab's mongos answers with: number and name as in mongo
 * {@code src/mongo/base/error_codes.yml}.
 */
public enum ErrorCode {
    /**
     * No code: a failure MongoDB reports with {@code errmsg} alone (mongo {@code commands.cpp},
     * {@code ErrmsgCommandDeprecated::run}); its reply has neither {@code code} nor {@code codeName}.
     */
    NO_CODE(0, ""),
    BAD_VALUE(2, "BadValue"),
    NO_SUCH_KEY(4, "NoSuchKey"),
    FAILED_TO_PARSE(9, "FailedToParse"),
    UNAUTHORIZED(13, "Unauthorized"),
    INVALID_LENGTH(16, "InvalidLength"),
    TYPE_MISMATCH(14, "TypeMismatch"),
    ILLEGAL_OPERATION(20, "IllegalOperation"),
    CANNOT_CREATE_INDEX(67, "CannotCreateIndex"),
    ALREADY_INITIALIZED(23, "AlreadyInitialized"),
    NAMESPACE_NOT_FOUND(26, "NamespaceNotFound"),
    /** mongo {@code coll_mod.cpp}: no index of that name or key pattern. */
    INDEX_NOT_FOUND(27, "IndexNotFound"),
    /** Conflicting update operators on one path (mongo {@code update_object_node.cpp}). */
    CONFLICTING_UPDATE_OPERATORS(40, "ConflictingUpdateOperators"),
    OVERFLOW(45, "Overflow"),
    NAMESPACE_EXISTS(48, "NamespaceExists"),
    INVALID_ID_FIELD(53, "InvalidIdField"),
    NOT_SINGLE_VALUE_FIELD(54, "NotSingleValueField"),
    IMMUTABLE_FIELD(66, "ImmutableField"),
    NOT_EXACT_VALUE_FIELD(111, "NotExactValueField"),
    DOCUMENT_VALIDATION_FAILURE(121, "DocumentValidationFailure"),
    COMMAND_NOT_SUPPORTED_ON_VIEW(166, "CommandNotSupportedOnView"),
    OPTION_NOT_SUPPORTED_ON_VIEW(167, "OptionNotSupportedOnView"),
    GRAPH_CONTAINS_CYCLE(93, "GraphContainsCycle"),
    VIEW_DEPTH_LIMIT_EXCEEDED(165, "ViewDepthLimitExceeded"),
    /** mongo {@code drop_indexes.cpp}: a key pattern that more than one index has. */
    AMBIGUOUS_INDEX_KEY_PATTERN(181, "AmbiguousIndexKeyPattern"),
    INVALID_VIEW_DEFINITION(182, "InvalidViewDefinition"),
    COMMAND_NOT_FOUND(59, "CommandNotFound"),
    SHARD_KEY_NOT_FOUND(61, "ShardKeyNotFound"),
    /** The in-memory storage engine's full cache ({@link MemoryBudget}). */
    EXCEEDED_MEMORY_LIMIT(146, "ExceededMemoryLimit"),
    AUTHENTICATION_FAILED(18, "AuthenticationFailed"),
    MECHANISM_UNAVAILABLE(334, "MechanismUnavailable"),
    PROTOCOL_ERROR(17, "ProtocolError"),
    INVALID_OPTIONS(72, "InvalidOptions"),
    INDEX_OPTIONS_CONFLICT(85, "IndexOptionsConflict"),
    INDEX_KEY_SPECS_CONFLICT(86, "IndexKeySpecsConflict"),
    SHARD_NOT_FOUND(70, "ShardNotFound"),
    OPERATION_FAILED(96, "OperationFailed"),
    WRITE_CONFLICT(112, "WriteConflict"),
    NAMESPACE_NOT_SHARDED(118, "NamespaceNotSharded"),
    COMMAND_NOT_SUPPORTED(115, "CommandNotSupported"),
    INVALID_NAMESPACE(73, "InvalidNamespace"),
    CANNOT_SPLIT(87, "CannotSplit"),
    CONFLICTING_OPERATION_IN_PROGRESS(117, "ConflictingOperationInProgress"),
    CHUNK_TOO_BIG(153, "ChunkTooBig"),
    ZONE_STILL_IN_USE(163, "ZoneStillInUse"),
    ZONE_NOT_FOUND(177, "ZoneNotFound"),
    RANGE_OVERLAP_CONFLICT(178, "RangeOverlapConflict"),
    INCOMPLETE_TRANSACTION_HISTORY(217, "IncompleteTransactionHistory"),
    /** mongo {@code expression_parser.cpp}: a query feature the context bans, e.g. {@code $expr} in a partial index. */
    QUERY_FEATURE_NOT_ALLOWED(224, "QueryFeatureNotAllowed"),
    TRANSACTION_TOO_OLD(225, "TransactionTooOld"),
    NO_SUCH_TRANSACTION(251, "NoSuchTransaction"),
    TRANSACTION_COMMITTED(256, "TransactionCommitted"),
    OPERATION_NOT_SUPPORTED_IN_TRANSACTION(263, "OperationNotSupportedInTransaction"),
    RESHARD_COLLECTION_IN_PROGRESS(338, "ReshardCollectionInProgress"),
    NO_SUCH_RESHARD_COLLECTION(339, "NoSuchReshardCollection"),
    DATABASE_DIFFER_CASE(13297, "DatabaseDifferCase"),
    UNRECOGNIZED_PIPELINE_STAGE(40324, "Location40324"),
    INVOLVED_NAMESPACE_SHARDED(28769, "Location28769"),
    FACET_NOT_ARRAY(40170, "Location40170"),
    LIST_CLUSTER_CATALOG_ON_COLLECTION(9621301, "Location9621301"),
    LIST_CLUSTER_CATALOG_NOT_OBJECT(9621302, "Location9621302"),
    DUPLICATE_KEY(11000, "DuplicateKey"),
    /** mongo {@code update_stage.cpp}: a shard key change whose query lacks the full shard key (before 7.1). */
    SHARD_KEY_UPDATE_WITHOUT_FULL_KEY(31025, "Location31025"),
    /** mongo {@code expression_parser.cpp}: {@code $options} given before a regex that carries options. */
    REGEX_OPTIONS_TWICE_AFTER_OPTIONS(51074, "Location51074"),
    /** mongo {@code expression_parser.cpp}: {@code $options} given after a regex that carries options. */
    REGEX_OPTIONS_TWICE_AFTER_REGEX(51075, "Location51075"),
    /** mongo {@code expression_leaf.cpp}: a pattern the regex library refuses ({@code routing/RegexSyntax}). */
    INVALID_REGEX(51091, "Location51091"),
    /** mongo {@code document_source_sample.cpp}: a {@code $sample} stage whose specification is not a document. */
    SAMPLE_NOT_AN_OBJECT(28745, "Location28745"),
    /** mongo {@code document_source_sample.cpp}: a {@code $sample} size that is not a number. */
    SAMPLE_SIZE_NOT_A_NUMBER(28746, "Location28746"),
    /** mongo {@code document_source_sample.cpp}: a negative {@code $sample} size. */
    SAMPLE_SIZE_NEGATIVE(28747, "Location28747"),
    /** mongo {@code document_source_sample.cpp}: a {@code $sample} field other than {@code size}. */
    SAMPLE_UNKNOWN_OPTION(28748, "Location28748"),
    /** mongo {@code document_source_sample.cpp}: a {@code $sample} stage without a size. */
    SAMPLE_WITHOUT_SIZE(28749, "Location28749"),
    /** mongo {@code document_source_match.cpp}: a {@code $match} stage whose filter is not a document. */
    MATCH_FILTER_NOT_AN_OBJECT(15959, "Location15959"),
    /** Before 5.0, renameCollection of a sharded collection (mongo {@code cluster_rename_collection_cmd.cpp}). */
    RENAME_SHARDED_SOURCE(13138, "Location13138"),
    /** Before 5.0, renameCollection onto a sharded collection. */
    RENAME_SHARDED_TARGET(13139, "Location13139"),
    /** Before 5.0, renameCollection between databases of different primary shards. */
    RENAME_ACROSS_PRIMARIES(13137, "Location13137"),
    /** An IDL field's {@code validator: { gte: 0 }} refused a number (mongo {@code idl_parser.cpp throwComparisonError}). */
    VALUE_BELOW_BOUND(51024, "Location51024"),
    /** mongo {@code pcre_util.cpp}: an unknown regex option ({@code routing/RegexSyntax}). */
    INVALID_REGEX_OPTIONS(51108, "Location51108"),
    /** mongo {@code update_request.h}: constants ({@code c}) on an update that is not a pipeline. */
    CONSTANTS_WITHOUT_PIPELINE(51198, "Location51198"),
    /** mongo document_source_change_stream.cpp ({@code assertIsLegalSpecification}): no replica set, no change stream. */
    CHANGE_STREAM_NOT_SUPPORTED(40573, "Location40573"),
    /**
     * mongo transaction_validation.cpp ({@code validateSessionOptions}): a {@code txnNumber} on a command that is
     * neither in a transaction nor a retryable write (error_codes.yml names 50768 NotARetryableWriteCommand).
     */
    NOT_A_RETRYABLE_WRITE_COMMAND(50768, "NotARetryableWriteCommand"),
    /** mongo initial_split_policy.cpp PresplitHashedZonesSplitPolicy::_validate. */
    PRESPLIT_NOT_SUPPORTED(31387, "Location31387"),
    PRESPLIT_MINKEY_BEFORE_HASHED(31388, "Location31388"),
    PRESPLIT_HASHED_LOWER_NOT_MINKEY(31389, "Location31389"),
    PRESPLIT_PREFIX_NOT_GREATER(31390, "Location31390"),
    PRESPLIT_AFTER_HASHED_NOT_MINKEY(31391, "Location31391"),
    PRESPLIT_HASHED_PREFIX_ONE_ZONE(31412, "Location31412"),
    /** mongo initial_split_policy.cpp: a zone of the new collection is not assigned to a shard. */
    ZONE_NOT_ASSIGNED(50973, "Location50973"),
    /** mongo cluster_kill_op.cpp: a killOp without {@code op}. */
    KILL_OP_WITHOUT_OP(50759, "Location50759"),
    /** mongo cluster_kill_op.cpp: an {@code op} neither a number nor a string. */
    KILL_OP_UNSUPPORTED_TYPE(50760, "Location50760"),
    /** mongo cluster_kill_op.cpp: a string {@code op} not of the form {@code shardid:opid}. */
    KILL_OP_NOT_SHARD_AND_ID(28625, "Location28625"),
    /** mongo kill_op_cmd_base.cpp ({@code parseOpId}): an {@code op} past 32 bits. */
    KILL_OP_ID_PAST_32_BITS(26823, "Location26823"),
    /** mongo cluster_clear_jumbo_flag_cmd.cpp: a find without the shard key. */
    CLEAR_JUMBO_NO_SHARD_KEY(51260, "Location51260"),
    /** mongo cluster_move_chunk_cmd.cpp (6.0+): a find without the shard key. */
    MOVE_CHUNK_NO_SHARD_KEY(656450, "Location656450"),
    /** mongo cluster_move_chunk_cmd.cpp (6.0+): bounds that are not shard keys. */
    MOVE_CHUNK_INVALID_BOUNDS(656451, "Location656451"),
    /** mongo cluster_move_chunk_cmd.cpp (6.0+): bounds that are not exactly one chunk's. */
    MOVE_CHUNK_NO_SUCH_CHUNK(656452, "Location656452"),
    /** moveRange from 8.3: a range over more than one chunk (jstests/sharding/move_range_basic.js). */
    MOVE_RANGE_OVER_CHUNKS(11089203, "Location11089203"),
    /** mongo transaction_router.cpp: a commit recovering a decision without a {@code recoveryToken}. */
    RECOVERY_TOKEN_REQUIRED(50940, "Location50940"),
    /** A missing but required field, found by the IDL parser. */
    IDL_FAILED_TO_PARSE(40414, "IDLFailedToParse"),
    /** A field a strict command does not declare, found by the IDL parser ({@code idl_parser.cpp throwUnknownField}). */
    IDL_UNKNOWN_FIELD(40415, "IDLUnknownField"),
    /** mongo initial_split_policy.cpp: a resharding sample with too few distinct keys. */
    NOT_ENOUGH_CARDINALITY(4952606, "Location4952606");

    private final int number;
    private final String codeName;

    ErrorCode(int number, String codeName) {
        this.number = number;
        this.codeName = codeName;
    }

    /** The numeric code, e.g. 59. */
    public int number() {
        return number;
    }

    /** The code name, e.g. {@code "CommandNotFound"}. */
    public String codeName() {
        return codeName;
    }

    /** The code numbered {@code number}, or OperationFailed for one ShardLab does not name. */
    public static ErrorCode numbered(int number) {
        for (ErrorCode c : values()) {
            if (c.number == number) {
                return c;
            }
        }
        return OPERATION_FAILED;
    }

    /** The code named {@code codeName}, if ShardLab answers with it. */
    public static Optional<ErrorCode> named(String codeName) {
        for (ErrorCode c : values()) {
            if (c.codeName.equals(codeName)) {
                return Optional.of(c);
            }
        }
        return Optional.empty();
    }
}
