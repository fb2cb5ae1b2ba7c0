package io.shardlab.advisor;

/**
 * One observation about a candidate key, in plain words.
 *
 * @param kind what was found; gives the principle and the severity
 * @param text one or two sentences with the numbers behind it
 */
public record Finding(FindingKind kind, String text) {

    public Finding {
        if (kind == null || text == null || text.isBlank()) {
            throw new IllegalArgumentException("kind/text: required");
        }
    }

    public Severity severity() {
        return kind.severity();
    }

    public Principle principle() {
        return kind.principle();
    }
}
