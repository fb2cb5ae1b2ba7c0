package io.shardlab.archfixture.workload;

/** ArchitectureTest's fixture: keeps the core's layer order, workload driving sim below it. */
public final class TidyWorkload {
    io.shardlab.archfixture.sim.SimCommand command;
}
