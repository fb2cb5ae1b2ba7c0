package io.shardlab.advisor;

import java.util.List;
import java.util.OptionalInt;

/**
 * The advisor's pick among the candidates, with its reasons.
 *
 * @param index the recommended candidate's position in the list given, or empty when every
 *     candidate is ruled out
 * @param reasons why, one sentence each: first why this key, then why not each other one
 */
public record Recommendation(OptionalInt index, List<String> reasons) {

    public Recommendation {
        if (index == null) {
            throw new IllegalArgumentException("index: required (empty when nothing is recommended)");
        }
        reasons = List.copyOf(reasons);
        if (reasons.isEmpty()) {
            throw new IllegalArgumentException("reasons: at least one");
        }
    }
}
