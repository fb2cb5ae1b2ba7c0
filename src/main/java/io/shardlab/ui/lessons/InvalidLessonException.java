package io.shardlab.ui.lessons;

import io.shardlab.text.InvalidFileException;
import io.shardlab.text.Message;

/**
 * A lesson file ShardLab cannot use ({@link InvalidFileException}), e.g. {@code
 * io/shardlab/lessons/01-monotonic-key.json: scenario.key: Shard key is empty}.
 */
public final class InvalidLessonException extends InvalidFileException {

    private static final long serialVersionUID = 1L;

    /**
     * @param source the file, as a class-path resource name
     * @param field the field's path in the file; empty for the file as a whole
     * @param problem what is wrong, one line
     */
    public InvalidLessonException(String source, String field, Message problem) {
        super(source, field, problem);
    }
}
