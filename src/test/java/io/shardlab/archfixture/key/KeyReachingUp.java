package io.shardlab.archfixture.key;

/** ArchitectureTest's fixture: breaks the core's layer order, key reaching up into sim. */
public final class KeyReachingUp {
    io.shardlab.archfixture.sim.SimCommand command;
}
