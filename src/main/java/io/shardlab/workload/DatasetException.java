package io.shardlab.workload;

import io.shardlab.text.Message;
import io.shardlab.text.RefusedInput;

/**
 * Bad input in a dataset file or a document of an insert stream. The message is one line that
 * names the source and the line (or ordinal), e.g.
 * {@code "cities.jsonl line 17: not a document: ..."}.
 */
public final class DatasetException extends RefusedInput {

    private static final long serialVersionUID = 1L;

    private final String source;
    private final long line;

    /**
     * @param source the file name or stream description
     * @param line the 1-based line (or document ordinal), or 0 when the problem is with the whole source
     * @param problem what is wrong, in a few words
     */
    public DatasetException(String source, long line, String problem) {
        this(source, line, Message.of("common.verbatim", oneLine(problem)));
    }

    /**
     * @param source the file name or stream description
     * @param line the 1-based line (or document ordinal), or 0 when the problem is with the whole source
     * @param problem what is wrong, in a few words, said in the user's language
     */
    public DatasetException(String source, long line, Message problem) {
        super(
                line > 0
                        ? Message.of("workload.dataset.atLine", source, line, problem)
                        : Message.of("workload.dataset.whole", source, problem));
        this.source = source;
        this.line = line;
    }

    /** The file name or stream description. */
    public String source() {
        return source;
    }

    /** The 1-based line, or 0 for the whole source. */
    public long line() {
        return line;
    }

    private static String oneLine(String text) {
        return text == null ? "" : text.replaceAll("\\s+", " ").strip();
    }
}
