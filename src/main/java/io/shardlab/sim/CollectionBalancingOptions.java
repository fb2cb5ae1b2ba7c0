package io.shardlab.sim;

/**
 * What {@code config.collections} says about balancing one collection (mongo
 * {@code src/mongo/s/catalog/type_collection.idl}); {@link #DEFAULT} until a command sets a field.
 *
 * @param noBalance {@code noBalance} ({@link SetCollectionBalancing}): the balancer policy leaves the collection alone
 * @param maxChunkSizeBytes {@code maxChunkSizeBytes} ({@link SetCollectionChunkSize}), in bytes; 0 when the
 *     collection has none of its own
 * @param permitMigrations {@code permitMigrations} ({@link SetAllowMigrations}): whether migrations of the collection
 *     may start and commit
 */
record CollectionBalancingOptions(boolean noBalance, long maxChunkSizeBytes, boolean permitMigrations) {

    /** A collection no balancing command has touched. */
    static final CollectionBalancingOptions DEFAULT = new CollectionBalancingOptions(false, 0, true);

    CollectionBalancingOptions withNoBalance(boolean value) {
        return new CollectionBalancingOptions(value, maxChunkSizeBytes, permitMigrations);
    }

    CollectionBalancingOptions withMaxChunkSizeBytes(long bytes) {
        return new CollectionBalancingOptions(noBalance, bytes, permitMigrations);
    }

    CollectionBalancingOptions withPermitMigrations(boolean value) {
        return new CollectionBalancingOptions(noBalance, maxChunkSizeBytes, value);
    }
}
