package io.shardlab.exercise;

import io.shardlab.text.Message;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * Where each student stands on each exercise, and since when they have passed it: {@link #evaluate} runs every
 * exercise's check on every student's evidence and remembers the first moment each passed. A student who passed
 * and then undid their work shows "not yet" again, but keeps the moment they first passed.
 *
 * <p>Confined to one thread (the board's evaluation lane).
 */
public final class ClassProgress {

    /**
     * One student on one exercise.
     *
     * @param database the student's database
     * @param exercise the exercise's id
     * @param passed whether the check holds now
     * @param passedAt when it first held, wall-clock time
     * @param hint for a student not there yet, the first unmet check's hint and what was seen
     */
    public record Result(
            String database, String exercise, boolean passed, Optional<Instant> passedAt, Optional<Message> hint) {
        public Result {
            Objects.requireNonNull(database, "database");
            Objects.requireNonNull(exercise, "exercise");
            Objects.requireNonNull(passedAt, "passedAt");
            Objects.requireNonNull(hint, "hint");
        }
    }

    private record Key(String database, String exercise) {}

    private final Map<Key, Instant> firstPassed = new HashMap<>();

    /**
     * Every exercise on every student now, by database then exercise order.
     *
     * @param now the wall-clock time of {@code evidence}
     */
    public List<Result> evaluate(ClassEvidence evidence, List<Exercise> exercises, Instant now) {
        List<Result> results = new ArrayList<>();
        for (StudentEvidence student : evidence.students().values().stream()
                .sorted((a, b) -> a.database().compareTo(b.database()))
                .toList()) {
            for (Exercise exercise : exercises) {
                Exercise.Verdict verdict = exercise.evaluate(student);
                Key key = new Key(student.database(), exercise.id());
                if (verdict.passed()) {
                    firstPassed.putIfAbsent(key, now);
                }
                results.add(new Result(
                        student.database(),
                        exercise.id(),
                        verdict.passed(),
                        Optional.ofNullable(firstPassed.get(key)),
                        verdict.hint()));
            }
        }
        return results;
    }

    /** Forgets every pass (a new class: the explorer loaded a new cluster). */
    public void clear() {
        firstPassed.clear();
    }
}
