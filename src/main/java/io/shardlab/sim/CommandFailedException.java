package io.shardlab.sim;

/**
 * A command the simulated cluster refused, with MongoDB's error text, as the shell would report
 * it: {@code "<command>: <message>"} on one line.
 */
public final class CommandFailedException extends IllegalArgumentException {

    private static final long serialVersionUID = 1L;

    private final String mongoshCommand;
    private final String reason;

    public CommandFailedException(String mongoshCommand, String reason) {
        super(mongoshCommand + ": " + reason);
        this.mongoshCommand = mongoshCommand;
        this.reason = reason;
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
