package io.shardlab.workload;

import java.util.List;
import java.util.SplittableRandom;

/**
 * The reads of a workload: templates with weights. Sampling is deterministic for a seed.
 *
 * @param templates at least one, with distinct names
 */
public record QueryMix(List<QueryTemplate> templates) {

    public QueryMix {
        templates = List.copyOf(templates);
        if (templates.isEmpty()) {
            throw new IllegalArgumentException(
                    "templates: a query mix needs at least one template"); // untranslated: a developer's contract
        }
        for (int i = 0; i < templates.size(); i++) {
            for (int j = i + 1; j < templates.size(); j++) {
                if (templates.get(i).name().equals(templates.get(j).name())) {
                    throw new IllegalArgumentException(String.format(
                            "templates: the name '%s' is used twice", // untranslated: a developer's contract
                            templates.get(i).name()));
                }
            }
        }
    }

    /** A mix of the given templates. */
    public static QueryMix of(QueryTemplate... templates) {
        return new QueryMix(List.of(templates));
    }

    /** The template with {@code name}. */
    public QueryTemplate template(String name) {
        for (QueryTemplate t : templates) {
            if (t.name().equals(name)) {
                return t;
            }
        }
        throw new IllegalArgumentException(String.format(
                "name: no query template '%s' in this mix; known: %s", // untranslated: a developer's contract
                name, templates.stream().map(QueryTemplate::name).toList()));
    }

    /** {@code count} queries drawn by weight from a generator seeded with {@code seed}. */
    public List<Query> sample(int count, long seed) {
        if (count < 0) {
            throw new IllegalArgumentException(String.format(
                    "count: not negative, got %s", // untranslated: a developer's contract
                    count));
        }
        SplittableRandom random = new SplittableRandom(seed);
        double[] weights = templates.stream().mapToDouble(QueryTemplate::weight).toArray();
        DiscreteDistribution choice = new DiscreteDistribution(weights);
        Query[] queries = new Query[count];
        for (int i = 0; i < count; i++) {
            queries[i] = templates.get(choice.sample(random)).draw(random);
        }
        return List.of(queries);
    }
}
