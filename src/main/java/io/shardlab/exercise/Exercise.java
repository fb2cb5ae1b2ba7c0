package io.shardlab.exercise;

import io.shardlab.text.Message;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * A workshop exercise: a goal the students reach on their own database from their own mongosh, and the check
 * ShardLab evaluates on each student's state ({@link #evaluate}). Read from an exercise file ({@link ExerciseFile}).
 *
 * @param id lower-case words joined by hyphens, unique in the catalog
 * @param title a few words for the board
 * @param principle the seed principle it practises
 * @param goal what to do, in the teacher's words
 * @param setup a mongosh script a student runs first in their database (the data to work on), if any
 * @param checks the predicates, all of which must hold, in the order a student meets them
 * @param solution a model solution: a mongosh script that, after the setup, passes the check
 * @param mistake a common wrong attempt: a mongosh script that, after the setup, does not pass
 */
public record Exercise(
        String id,
        String title,
        ExercisePrinciple principle,
        String goal,
        Optional<String> setup,
        List<CheckItem> checks,
        String solution,
        String mistake) {

    public Exercise {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(title, "title");
        Objects.requireNonNull(principle, "principle");
        Objects.requireNonNull(goal, "goal");
        Objects.requireNonNull(setup, "setup");
        checks = List.copyOf(checks);
        if (checks.isEmpty()) {
            throw new IllegalArgumentException("checks: an exercise needs at least one");
        }
        Objects.requireNonNull(solution, "solution");
        Objects.requireNonNull(mistake, "mistake");
    }

    /**
     * Whether {@code student} has reached the goal: every check holds. Otherwise the first that does not names the
     * hint, with what was seen.
     *
     * @param passed whether every check holds
     * @param hint for a student not there yet: the first unmet check's hint (in the exercise's language), then what
     *     was seen ({@code exercise.hint}, said in the language of whoever reads it)
     */
    public record Verdict(boolean passed, Optional<Message> hint) {
        public Verdict {
            Objects.requireNonNull(hint, "hint");
        }
    }

    /** Evaluates the checks on {@code student}'s state, in order. */
    public Verdict evaluate(StudentEvidence student) {
        for (CheckItem item : checks) {
            Check.Outcome outcome = item.check().evaluate(student);
            if (!outcome.passed()) {
                return new Verdict(false, Optional.of(Message.of("exercise.hint", item.hint(), outcome.observed())));
            }
        }
        return new Verdict(true, Optional.empty());
    }
}
