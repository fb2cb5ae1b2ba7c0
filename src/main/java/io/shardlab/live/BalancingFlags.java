package io.shardlab.live;

/**
 * A sharded collection's balancing settings as config.collections stores them (mongo
 * {@code src/mongo/s/catalog/type_collection.idl}). A null field is absent from the document,
 * which MongoDB reads as its default.
 *
 * @param noBalance true when {@code sh.disableBalancing} excluded the collection (default false)
 * @param allowMigrations false while a DDL operation blocks migrations (absent means true)
 * @param permitMigrations the deprecated {@code setAllowMigrations} flag (absent means true)
 * @param maxChunkSizeBytes the per-collection chunk size set by {@code configureCollectionBalancing} (5.3+)
 * @param noAutoSplit true when auto-splitting is off for the collection (4.x-6.x)
 * @param defragmentCollection true while the balancer defragments the collection (5.3+)
 * @param enableAutoMerge false when the 7.0+ auto-merger skips the collection
 */
public record BalancingFlags(
        boolean noBalance,
        Boolean allowMigrations,
        Boolean permitMigrations,
        Long maxChunkSizeBytes,
        Boolean noAutoSplit,
        Boolean defragmentCollection,
        Boolean enableAutoMerge) {

    /** No flag set: a collection sharded with every default. */
    public static final BalancingFlags DEFAULTS = new BalancingFlags(false, null, null, null, null, null, null);

    /** What sh.status() prints as {@code balancing:}: not excluded from balancing. */
    public boolean balancing() {
        return !noBalance;
    }

    /** Whether chunks may move now: balancing on and neither migration flag false. */
    public boolean migrationsAllowed() {
        return !Boolean.FALSE.equals(allowMigrations) && !Boolean.FALSE.equals(permitMigrations);
    }
}
