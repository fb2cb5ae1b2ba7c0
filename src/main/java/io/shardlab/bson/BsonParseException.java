package io.shardlab.bson;

/**
 * A text that is not a BSON value or document. The message is one line that names the input and
 * the problem, ready for a CLI's stderr or a GUI's inline error.
 */
public final class BsonParseException extends IllegalArgumentException {

    private static final long serialVersionUID = 1L;

    private final String input;
    private final String problem;

    /**
     * @param input the text that failed to parse
     * @param problem what is wrong with it, in a few words
     */
    public BsonParseException(String input, String problem) {
        super("'" + abbreviate(input) + "' is not valid: " + problem);
        this.input = input;
        this.problem = problem;
    }

    /** What is wrong with the input, without the input. */
    public String problem() {
        return problem;
    }

    /** The text that failed to parse. */
    public String input() {
        return input;
    }

    private static String abbreviate(String text) {
        String oneLine = text.replaceAll("\\s+", " ").strip();
        return oneLine.length() <= 80 ? oneLine : oneLine.substring(0, 77) + "...";
    }
}
