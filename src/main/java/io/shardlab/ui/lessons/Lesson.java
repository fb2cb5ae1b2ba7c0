package io.shardlab.ui.lessons;

import java.util.List;
import java.util.Objects;

/**
 * One shard-key principle, taught with a scenario: a short text in ShardLab's words, a ready
 * scenario, what to watch while it runs, a question for the room, and optional follow-ups to
 * compare against.
 *
 * <p>Texts are short enough for a projector; {@link LessonCatalog} enforces the limits when it
 * loads a lesson file.
 *
 * @param id stable identifier, lower-case words joined by hyphens, e.g. {@code "monotonic-key"}
 * @param title a few words
 * @param principle the idea, in a few sentences
 * @param scenario the scenario that shows it
 * @param watch what to point at while the scenario runs, in order; at least one item
 * @param askTheRoom a question for the audience
 * @param followUps scenarios to switch to and compare; may be empty
 * @param shellSteps snippets the Shell panel runs on the lesson's scenario, in order; may be empty
 */
public record Lesson(
        String id,
        String title,
        String principle,
        LessonScenario scenario,
        List<String> watch,
        String askTheRoom,
        List<FollowUp> followUps,
        List<ShellStep> shellSteps) {

    public Lesson {
        if (id == null || !id.matches("[a-z0-9]+(-[a-z0-9]+)*")) {
            throw new IllegalArgumentException(String.format(
                    "id: lower-case words joined by hyphens, e.g. monotonic-key, got '%s'", // untranslated: a contract
                    id));
        }
        requireText(title, "title");
        requireText(principle, "principle");
        Objects.requireNonNull(scenario, "scenario");
        watch = List.copyOf(watch);
        if (watch.isEmpty()) {
            throw new IllegalArgumentException(
                    "watch: a lesson says at least one thing to watch"); // untranslated: a developer's contract
        }
        watch.forEach(w -> requireText(w, "watch"));
        requireText(askTheRoom, "askTheRoom");
        followUps = List.copyOf(followUps);
        shellSteps = List.copyOf(shellSteps);
    }

    private static void requireText(String text, String name) {
        if (text == null || text.isBlank()) {
            throw new IllegalArgumentException(String.format(
                    "%s: required, not blank", // untranslated: a developer's contract (the shipped lessons)
                    name));
        }
    }
}
