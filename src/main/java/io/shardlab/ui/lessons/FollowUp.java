package io.shardlab.ui.lessons;

import java.util.Objects;

/**
 * A second scenario a lesson offers for comparison, usually the same workload with a better key or
 * on another MongoDB version, so the teacher can switch and let the room compare.
 *
 * @param label the button text, e.g. {@code "Try the better key: { counter: 'hashed' }"}; not blank
 * @param note one or two sentences: what changed and what to compare; not blank
 * @param scenario the scenario it runs
 */
public record FollowUp(String label, String note, LessonScenario scenario) {

    public FollowUp {
        if (label == null || label.isBlank()) {
            throw new IllegalArgumentException(
                    "label: a follow-up needs a button label"); // untranslated: a developer's contract
        }
        if (note == null || note.isBlank()) {
            throw new IllegalArgumentException(
                    "note: a follow-up needs a note saying what to compare"); // untranslated: a developer's contract
        }
        Objects.requireNonNull(scenario, "scenario");
    }
}
