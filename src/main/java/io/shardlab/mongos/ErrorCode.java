package io.shardlab.mongos;

/**
 * The MongoDB error codes ShardLab's mongos answers with: number and name as in mongo
 * {@code src/mongo/base/error_codes.yml}.
 */
public enum ErrorCode {
    BAD_VALUE(2, "BadValue"),
    FAILED_TO_PARSE(9, "FailedToParse"),
    UNAUTHORIZED(13, "Unauthorized"),
    TYPE_MISMATCH(14, "TypeMismatch"),
    ILLEGAL_OPERATION(20, "IllegalOperation"),
    ALREADY_INITIALIZED(23, "AlreadyInitialized"),
    NAMESPACE_NOT_FOUND(26, "NamespaceNotFound"),
    COMMAND_NOT_FOUND(59, "CommandNotFound"),
    SHARD_KEY_NOT_FOUND(61, "ShardKeyNotFound"),
    INVALID_OPTIONS(72, "InvalidOptions"),
    SHARD_NOT_FOUND(70, "ShardNotFound"),
    OPERATION_FAILED(96, "OperationFailed"),
    NAMESPACE_NOT_SHARDED(118, "NamespaceNotSharded"),
    COMMAND_NOT_SUPPORTED(115, "CommandNotSupported"),
    INVALID_NAMESPACE(73, "InvalidNamespace"),
    UNRECOGNIZED_PIPELINE_STAGE(40324, "Location40324");

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
}
