package io.shardlab.text;

/**
 * A file ShardLab ships or reads and cannot use. The message is one line naming the file, the field and the problem,
 * e.g. {@code io/shardlab/lessons/01-monotonic-key.json: scenario.key: Shard key is empty}; the problem is said in the
 * user's language ({@link #said()}), {@link #getMessage()} in English. Each kind of file refuses with a subclass of
 * its own, which callers catch.
 */
public abstract class InvalidFileException extends RefusedInput {

    private static final long serialVersionUID = 1L;

    /**
     * @param source the file, as a class-path resource name
     * @param field the field's path in the file, e.g. {@code scenario.queries[1].filter}; empty for the file as a
     *     whole
     * @param problem what is wrong, one line
     */
    protected InvalidFileException(String source, String field, Message problem) {
        super(
                field.isEmpty()
                        ? Message.of("files.problem.file", source, problem)
                        : Message.of("files.problem.field", source, field, problem));
    }
}
