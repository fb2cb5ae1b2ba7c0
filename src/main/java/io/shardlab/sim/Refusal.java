package io.shardlab.sim;

/**
 * A command the simulated cluster refuses: MongoDB's error code name (mongo
 * {@code src/mongo/base/error_codes.yml}, e.g. {@code "ZoneStillInUse"}) and its message.
 *
 * <p>ShardLab's own refusals (where MongoDB would wait, or treat the command as already done) carry
 * {@link #OPERATION_FAILED}. A failure that MongoDB reports with {@code errmsg} alone carries
 * {@link #NO_CODE}: commands written as {@code ErrmsgCommandDeprecated} (mongo
 * {@code src/mongo/db/commands.cpp}: {@code errmsgRun} returning false goes through
 * {@code appendSimpleCommandStatus}, which adds neither {@code code} nor {@code codeName}), e.g. the
 * argument checks of {@code cluster_split_cmd.cpp} and {@code cluster_merge_chunks_cmd.cpp}.
 *
 * @param codeName the code name; {@link #NO_CODE} for a reply without one
 * @param message MongoDB's error text
 */
public record Refusal(String codeName, String message) {

    /** The code name of a refusal whose command names no more precise code. */
    public static final String OPERATION_FAILED = "OperationFailed";

    /** The code name of a failure MongoDB answers with {@code errmsg} only (no {@code code} field). */
    public static final String NO_CODE = "";

    /**
     * The code name of a command MongoDB treats as done already and answers with success (a move to the shard that
     * owns the range, a merge of a range that is one chunk): the simulator refuses it, so that its history holds no
     * empty step, and a front end that answers as MongoDB does ({@code mongos}) replies ok.
     */
    public static final String ALREADY_DONE = "ShardLabAlreadyDone";

    public Refusal {
        if (codeName == null || (!codeName.isEmpty() && codeName.isBlank()) || message == null) {
            throw new IllegalArgumentException("refusal: a code name and a message are required, got " + codeName);
        }
    }

    /** A refusal MongoDB answers with {@code errmsg} alone. */
    public static Refusal errmsgOnly(String message) {
        return new Refusal(NO_CODE, message);
    }

    /** A command MongoDB answers with success because what it asks for is so already ({@link #ALREADY_DONE}). */
    public static Refusal alreadyDone(String message) {
        return new Refusal(ALREADY_DONE, message);
    }

    /** Whether MongoDB answers this command with success ({@link #ALREADY_DONE}). */
    public boolean alreadyDone() {
        return ALREADY_DONE.equals(codeName);
    }

    /**
     * A command naming a shard the cluster does not have: ShardNotFound "Shard … not found", as mongo's
     * {@code shard_registry.cpp} ({@code ShardRegistry::getShard}) words it.
     */
    public static Refusal shardNotFound(String shard) {
        return new Refusal("ShardNotFound", "Shard " + shard + " not found");
    }

    /** A refusal with the generic code. */
    public static Refusal operationFailed(String message) {
        return new Refusal(OPERATION_FAILED, message);
    }
}
