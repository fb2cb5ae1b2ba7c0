package io.shardlab.sim;

/**
 * A command the simulated cluster refuses: MongoDB's error code name (mongo
 * {@code src/mongo/base/error_codes.yml}, e.g. {@code "ZoneStillInUse"}) and its message.
 *
 * @param codeName the code name; {@code "OperationFailed"} where a command gives no more precise code
 * @param message MongoDB's error text
 */
public record Refusal(String codeName, String message) {

    /** The code name of a refusal whose command names no more precise code. */
    public static final String OPERATION_FAILED = "OperationFailed";

    public Refusal {
        if (codeName == null || codeName.isBlank() || message == null) {
            throw new IllegalArgumentException("refusal: a code name and a message are required, got " + codeName);
        }
    }

    /** A refusal with the generic code. */
    public static Refusal operationFailed(String message) {
        return new Refusal(OPERATION_FAILED, message);
    }
}
