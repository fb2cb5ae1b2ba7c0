package io.shardlab.advisor;

/** How much a finding weighs in the recommendation. */
public enum Severity {
    /** Rules the key out: the recommendation never picks it. */
    DISQUALIFYING,
    /** A weakness to weigh. */
    WARNING,
    /** A fact about the sample or the analysis that qualifies the numbers. */
    NOTE,
    /** A strength. */
    GOOD
}
