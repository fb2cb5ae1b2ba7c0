package io.shardlab.advisor;

import io.shardlab.text.Message;
import java.util.List;
import java.util.OptionalInt;

/**
 * The advisor's pick among the candidates, with its reasons.
 *
 * @param index the recommended candidate's position in the list given, or empty when every
 *     candidate is ruled out
 * @param reasons why, one sentence each (bundle area {@code advisor}): first why this key, then why not each other one
 */
public record Recommendation(OptionalInt index, List<Message> reasons) {

    public Recommendation {
        if (index == null) {
            throw new IllegalArgumentException(
                    "index: required (empty when nothing is recommended)"); // untranslated: a developer's contract
        }
        reasons = List.copyOf(reasons);
        if (reasons.isEmpty()) {
            throw new IllegalArgumentException("reasons: at least one"); // untranslated: a developer's contract
        }
    }
}
