package io.shardlab.sim;

/** Receives the simulated cluster's events synchronously, on the thread that changes the cluster. */
@FunctionalInterface
public interface ClusterEventListener {

    /** Called once per event, in order. Must not change the cluster. */
    void onEvent(ClusterEvent event);
}
