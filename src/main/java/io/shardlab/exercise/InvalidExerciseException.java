package io.shardlab.exercise;

/**
 * An exercise file ShardLab cannot use. The message is one line naming the file, the field and the problem, e.g.
 * {@code io/shardlab/exercises/hashed-lookups.json: check[1].expect: one of single-shard, multi-shard,
 * scatter-gather, got 'one shard'}.
 */
public final class InvalidExerciseException extends IllegalArgumentException {

    private static final long serialVersionUID = 1L;

    /**
     * @param source the file, as a class-path resource name
     * @param field the field's path in the file; empty for the file as a whole
     * @param problem what is wrong, one line
     */
    public InvalidExerciseException(String source, String field, String problem) {
        super(source + ": " + (field.isEmpty() ? "" : field + ": ")
                + (problem == null
                        ? "invalid"
                        : problem.replaceAll("\\s*\\R\\s*", " ").strip()));
    }
}
