package io.shardlab.exercise;

import io.shardlab.text.Message;
import io.shardlab.text.RefusedInput;

/**
 * An exercise file ShardLab cannot use. The message is one line naming the file, the field and the problem, e.g.
 * {@code io/shardlab/exercises/hashed-lookups.json: check[1].expect: one of single-shard, multi-shard,
 * scatter-gather, got 'one shard'}; the problem is said in the user's language ({@link #said()}),
 * {@link #getMessage()} in English.
 */
public final class InvalidExerciseException extends RefusedInput {

    private static final long serialVersionUID = 1L;

    /**
     * @param source the file, as a class-path resource name
     * @param field the field's path in the file; empty for the file as a whole
     * @param problem what is wrong, one line
     */
    public InvalidExerciseException(String source, String field, Message problem) {
        super(
                field.isEmpty()
                        ? Message.of("files.problem.file", source, problem)
                        : Message.of("files.problem.field", source, field, problem));
    }

    /** A problem in words that are not ShardLab's (a parser's, MongoDB's), kept as they are on one line. */
    public InvalidExerciseException(String source, String field, String problem) {
        this(
                source,
                field,
                Message.of(
                        "common.verbatim",
                        problem == null
                                ? "invalid"
                                : problem.replaceAll("\\s*\\R\\s*", " ").strip()));
    }
}
