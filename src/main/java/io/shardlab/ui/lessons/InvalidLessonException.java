package io.shardlab.ui.lessons;

import io.shardlab.text.Message;
import io.shardlab.text.RefusedInput;

/**
 * A lesson file ShardLab cannot use. The message is one line naming the file, the field and the
 * problem, e.g. {@code io/shardlab/lessons/01-monotonic-key.json: scenario.key: Shard key is empty}; the problem is
 * said in the user's language ({@link #said()}), {@link #getMessage()} in English.
 */
public final class InvalidLessonException extends RefusedInput {

    private static final long serialVersionUID = 1L;

    /**
     * @param source the file, as a class-path resource name
     * @param field the field's path in the file, e.g. {@code scenario.queries[1].filter}; empty for
     *     the file as a whole
     * @param problem what is wrong, one line
     */
    public InvalidLessonException(String source, String field, Message problem) {
        super(
                field.isEmpty()
                        ? Message.of("files.problem.file", source, problem)
                        : Message.of("files.problem.field", source, field, problem));
    }

    /** A problem in words that are not ShardLab's (a parser's, MongoDB's), kept as they are on one line. */
    public InvalidLessonException(String source, String field, String problem) {
        this(source, field, Message.of("common.verbatim", oneLine(problem)));
    }

    private static String oneLine(String text) {
        return text == null ? "invalid" : text.replaceAll("\\s*\\R\\s*", " ").strip();
    }
}
