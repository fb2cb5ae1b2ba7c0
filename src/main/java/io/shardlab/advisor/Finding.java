package io.shardlab.advisor;

import io.shardlab.text.Message;

/**
 * One observation about a candidate key, to be said in the user's language.
 *
 * @param kind what was found; gives the principle and the severity
 * @param message one or two sentences with the numbers behind it (bundle area {@code advisor})
 */
public record Finding(FindingKind kind, Message message) {

    public Finding {
        if (kind == null || message == null) {
            throw new IllegalArgumentException("kind/message: required"); // untranslated: a developer's contract
        }
    }

    public Severity severity() {
        return kind.severity();
    }

    public Principle principle() {
        return kind.principle();
    }
}
