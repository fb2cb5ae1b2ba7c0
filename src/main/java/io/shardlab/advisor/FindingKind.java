package io.shardlab.advisor;

/** The kinds of findings {@link FindingRules} produces, each tied to one principle with one severity. */
public enum FindingKind {
    JUMBO_VALUES(Principle.FREQUENCY, Severity.DISQUALIFYING),
    HOT_SHARD(Principle.WRITE_DISTRIBUTION, Severity.DISQUALIFYING),
    REJECTED_OPERATIONS(Principle.QUERY_TARGETING, Severity.DISQUALIFYING),
    FIELD_ABSENT(Principle.CARDINALITY, Severity.DISQUALIFYING),
    LOW_CARDINALITY(Principle.CARDINALITY, Severity.WARNING),
    FREQUENT_VALUES(Principle.FREQUENCY, Severity.WARNING),
    VALUE_OUTWEIGHS_SHARD(Principle.FREQUENCY, Severity.WARNING),
    MISSING_FIELDS(Principle.FREQUENCY, Severity.WARNING),
    MONOTONIC(Principle.MONOTONICITY, Severity.WARNING),
    CONCENTRATED_WRITES(Principle.WRITE_DISTRIBUTION, Severity.WARNING),
    UNEVEN_DATA(Principle.DATA_DISTRIBUTION, Severity.WARNING),
    JUMBO_CHUNKS(Principle.DATA_DISTRIBUTION, Severity.WARNING),
    SCATTER_GATHER_READS(Principle.QUERY_TARGETING, Severity.WARNING),
    SCATTER_GATHER_WRITES(Principle.QUERY_TARGETING, Severity.WARNING),
    HASHED_TIME_RANGES(Principle.QUERY_TARGETING, Severity.WARNING),
    SMALL_SAMPLE(Principle.SAMPLE, Severity.NOTE),
    UNKNOWN_ORDER(Principle.SAMPLE, Severity.NOTE),
    HIGH_CARDINALITY(Principle.CARDINALITY, Severity.GOOD),
    SPREAD_WRITES(Principle.WRITE_DISTRIBUTION, Severity.GOOD),
    TARGETED_READS(Principle.QUERY_TARGETING, Severity.GOOD);

    private final Principle principle;
    private final Severity severity;

    FindingKind(Principle principle, Severity severity) {
        this.principle = principle;
        this.severity = severity;
    }

    public Principle principle() {
        return principle;
    }

    public Severity severity() {
        return severity;
    }
}
