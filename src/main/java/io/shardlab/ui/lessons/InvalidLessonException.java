package io.shardlab.ui.lessons;

/**
 * A lesson file ShardLab cannot use. The message is one line naming the file, the field and the
 * problem, e.g. {@code io/shardlab/lessons/01-monotonic-key.json: scenario.key: Shard key is empty}.
 */
public final class InvalidLessonException extends IllegalArgumentException {

    private static final long serialVersionUID = 1L;

    /**
     * @param source the file, as a class-path resource name
     * @param field the field's path in the file, e.g. {@code scenario.queries[1].filter}; empty for
     *     the file as a whole
     * @param problem what is wrong, one line
     */
    public InvalidLessonException(String source, String field, String problem) {
        super(source + ": " + (field.isEmpty() ? "" : field + ": ") + oneLine(problem));
    }

    private static String oneLine(String text) {
        return text == null ? "invalid" : text.replaceAll("\\s*\\R\\s*", " ").strip();
    }
}
