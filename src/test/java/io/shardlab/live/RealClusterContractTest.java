package io.shardlab.live;

import org.junit.jupiter.api.condition.EnabledIfEnvironmentVariable;

/**
 * The cluster contract against a real mongos: runs only when {@code SHARDLAB_TEST_URI} holds its
 * connection string, e.g. {@code SHARDLAB_TEST_URI=mongodb://localhost:27017 mvn -o -q test
 * -Dtest='io.shardlab.live.*ContractTest'}. It only reads.
 */
@EnabledIfEnvironmentVariable(named = "SHARDLAB_TEST_URI", matches = ".+")
class RealClusterContractTest extends ClusterContract {

    @Override
    String connectionString() {
        return System.getenv("SHARDLAB_TEST_URI");
    }
}
