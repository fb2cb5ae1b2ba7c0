package io.shardlab.archfixture.render;

/** ArchitectureTest's fixture: a painter drawing a producer's type instead of render's own record. */
public final class PainterReachingIntoSim {
    io.shardlab.archfixture.sim.SimCommand command;
}
