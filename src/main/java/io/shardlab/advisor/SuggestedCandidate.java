package io.shardlab.advisor;

import io.shardlab.key.ShardKeyPattern;
import io.shardlab.text.Message;

/**
 * A key worth trying, found in the sample's fields.
 *
 * @param key the key
 * @param reason why, in one sentence (bundle area {@code advisor})
 */
public record SuggestedCandidate(ShardKeyPattern key, Message reason) {

    public SuggestedCandidate {
        if (key == null || reason == null) {
            throw new IllegalArgumentException("key/reason: required"); // untranslated: a developer's contract
        }
    }
}
