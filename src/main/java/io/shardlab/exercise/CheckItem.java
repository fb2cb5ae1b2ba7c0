package io.shardlab.exercise;

import java.util.Objects;

/**
 * One line of an exercise's check: a predicate and the teacher's hint for a student who does not meet it yet.
 *
 * @param check the predicate
 * @param hint what to try, one line, e.g. {@code Shard on the field you look users up by}
 */
public record CheckItem(Check check, String hint) {

    public CheckItem {
        Objects.requireNonNull(check, "check");
        if (hint == null || hint.isBlank()) {
            throw new IllegalArgumentException("hint: a check needs a hint for the students who miss it");
        }
    }
}
