package io.shardlab.sim;

/**
 * A command the simulated cluster refused, with MongoDB's error text, as the shell would report
 * it: {@code "<command>: <message>"} on one line.
 */
public final class CommandFailedException extends IllegalArgumentException {

    private static final long serialVersionUID = 1L;

    private final String mongoshCommand;
    private final String reason;
    private final String codeName;

    /** A refusal with the generic code {@link Refusal#OPERATION_FAILED}. */
    public CommandFailedException(String mongoshCommand, String reason) {
        this(mongoshCommand, Refusal.operationFailed(reason));
    }

    /** A refusal with its MongoDB error code name. */
    public CommandFailedException(String mongoshCommand, Refusal refusal) {
        super(mongoshCommand + ": " + refusal.message());
        this.mongoshCommand = mongoshCommand;
        this.reason = refusal.message();
        this.codeName = refusal.codeName();
    }

    /** MongoDB's error code name (error_codes.yml), e.g. {@code "ZoneStillInUse"}. */
    public String codeName() {
        return codeName;
    }

    /** Whether MongoDB answers the command with success, what it asks for being so already. */
    public boolean alreadyDone() {
        return Refusal.ALREADY_DONE.equals(codeName);
    }

    /** The refused command as mongosh text. */
    public String mongoshCommand() {
        return mongoshCommand;
    }

    /** MongoDB's error message alone. */
    public String reason() {
        return reason;
    }
}
