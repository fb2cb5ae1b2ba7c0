package io.shardlab.advisor;

/**
 * An operation of the query mix that MongoDB would refuse with the candidate key on the chosen
 * version, e.g. an {@code updateOne} without the shard key before 7.1.
 *
 * @param query the operation
 * @param error MongoDB's error message
 */
public record RejectedQuery(SampledQuery query, String error) {

    public RejectedQuery {
        if (query == null || error == null || error.isBlank()) {
            throw new IllegalArgumentException("query/error: required"); // untranslated: a developer's contract
        }
    }
}
