package io.shardlab.ui.explorer;

import io.shardlab.session.Scenario;
import io.shardlab.text.Message;
import java.util.Optional;

/**
 * The explorer as other panels (the lessons) see it: hand it a {@link Scenario} and it shows that
 * cluster, ready to play; hand it a filter and it shows where that query goes. Called on the JavaFX
 * application thread.
 */
public interface ScenarioLauncher {

    /**
     * Replaces what the explorer shows by {@code scenario}: a fresh in-memory cluster of its version
     * with its shards, the collection sharded on its key, cut at its split points, its workload
     * chosen and paused at the first insert, and its filter's targeting shown. The cluster is built
     * on the explorer's simulation thread; the explorer shows it as soon as it is ready.
     *
     * @throws IllegalArgumentException with a one-line message naming the field when the scenario
     *     cannot be loaded: the key pattern is invalid (MongoDB's message), the workload is unknown,
     *     a split point is not a key of the pattern, or the filter does not parse
     */
    void launch(Scenario scenario);

    /**
     * Shows where {@code filter} (mongosh text) goes on what the explorer shows now, as if typed into its query
     * panel; empty clears the query, so every shard shows in full colour. A filter that does not parse is shown
     * with its error in the query panel.
     */
    void showQuery(Optional<String> filter);

    /**
     * Plays {@code left} and {@code right} side by side in lockstep: two clusters, as many documents at the
     * same pace (the same documents when both name the same workload and seed), one transport. A launcher that shows one cluster only (one without
     * a comparison view) runs {@code right}, the scenario being compared, on its own.
     *
     * @param heading what is compared, e.g. a lesson's follow-up {@code "Same key on MongoDB 8.0"}: words the window
     *     says in its language
     * @throws IllegalArgumentException with a one-line message naming the side and the field when a scenario
     *     cannot be loaded, or naming the field when the two cannot play in lockstep
     */
    default void compare(Message heading, Scenario left, Scenario right) {
        launch(right);
    }
}
