package io.shardlab.exercise;

import io.shardlab.text.InvalidFileException;
import io.shardlab.text.Message;

/**
 * An exercise file ShardLab cannot use ({@link InvalidFileException}), e.g. {@code
 * io/shardlab/exercises/hashed-lookups.json: check[1].expect: one of single-shard, multi-shard, scatter-gather, got
 * 'one shard'}.
 */
public final class InvalidExerciseException extends InvalidFileException {

    private static final long serialVersionUID = 1L;

    /**
     * @param source the file, as a class-path resource name
     * @param field the field's path in the file; empty for the file as a whole
     * @param problem what is wrong, one line
     */
    public InvalidExerciseException(String source, String field, Message problem) {
        super(source, field, problem);
    }
}
