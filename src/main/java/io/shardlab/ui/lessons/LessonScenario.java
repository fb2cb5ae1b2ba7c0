package io.shardlab.ui.lessons;

import io.shardlab.session.Scenario;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * A ready-to-run setup of the explorer as a lesson ships it: the explorer's {@link Scenario} (without
 * a filter), the filters worth trying on it, and why it runs on the MongoDB version it does.
 *
 * @param base the cluster, key, workload and pace; its {@code queryFilter} is empty (the filter is
 *     chosen when the scenario starts, see {@link #toScenario})
 * @param queries the filters to try, in the order the lesson lists them; may be empty
 * @param whyTheseSettings one or two sentences: why this MongoDB version and chunk size show the
 *     lesson's point; not blank
 */
public record LessonScenario(Scenario base, List<LessonQuery> queries, String whyTheseSettings) {

    public LessonScenario {
        Objects.requireNonNull(base, "base");
        if (base.queryFilter().isPresent()) {
            throw new IllegalArgumentException(
                    "base: a scenario's filters are its queries"); // untranslated: a developer's contract
        }
        queries = List.copyOf(queries);
        if (whyTheseSettings == null || whyTheseSettings.isBlank()) {
            throw new IllegalArgumentException(
                    "whyTheseSettings: say why this version and chunk size show the point"); // untranslated: a contract
        }
    }

    /**
     * The scenario to hand to the explorer: the base with {@code query}'s filter, or with none.
     *
     * @throws IllegalArgumentException if {@code query} is not one of this scenario's queries
     */
    public Scenario toScenario(Optional<LessonQuery> query) {
        Objects.requireNonNull(query, "query");
        if (query.isEmpty()) {
            return base;
        }
        if (!queries.contains(query.get())) {
            throw new IllegalArgumentException(String.format(
                    "query: '%s' is not a query of this scenario", // untranslated: a developer's contract
                    query.get().label()));
        }
        return base.withQueryFilter(query.get().filter());
    }
}
