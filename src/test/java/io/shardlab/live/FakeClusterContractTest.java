package io.shardlab.live;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/** The cluster contract against the in-process fixture, shaped as MongoDB 8.0 writes it. */
class FakeClusterContractTest extends ClusterContract {

    private static FakeCluster cluster;

    @BeforeAll
    static void start() {
        cluster = FakeCluster.of(ConfigFixture.Shape.V8_0);
    }

    @AfterAll
    static void stop() {
        cluster.close();
    }

    @Override
    String connectionString() {
        return cluster.connectionString();
    }
}
