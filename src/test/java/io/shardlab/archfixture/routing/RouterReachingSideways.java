package io.shardlab.archfixture.routing;

/** ArchitectureTest's fixture: breaks the core's layer order, routing using sim beside it. */
public final class RouterReachingSideways {
    io.shardlab.archfixture.sim.SimCommand command;
}
