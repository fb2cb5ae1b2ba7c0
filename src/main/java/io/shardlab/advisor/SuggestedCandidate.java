package io.shardlab.advisor;

import io.shardlab.key.ShardKeyPattern;

/**
 * A key worth trying, found in the sample's fields.
 *
 * @param key the key
 * @param reason why, in one sentence
 */
public record SuggestedCandidate(ShardKeyPattern key, String reason) {

    public SuggestedCandidate {
        if (key == null || reason == null || reason.isBlank()) {
            throw new IllegalArgumentException("key/reason: required");
        }
    }
}
