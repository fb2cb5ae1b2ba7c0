package io.shardlab.advisor;

import io.shardlab.text.Message;

/** How much a finding weighs in the recommendation. */
public enum Severity {
    /** Rules the key out: the recommendation never picks it. */
    DISQUALIFYING("advisor.severity.disqualifying"),
    /** A weakness to weigh. */
    WARNING("advisor.severity.warning"),
    /** A fact about the sample or the analysis that qualifies the numbers. */
    NOTE("advisor.severity.note"),
    /** A strength. */
    GOOD("advisor.severity.good");

    private final String key;

    Severity(String key) {
        this.key = key;
    }

    /** The word a finding's list shows before it, e.g. "ruled out" in English. */
    public Message label() {
        return Message.of(key);
    }
}
