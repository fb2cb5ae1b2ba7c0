package io.shardlab.archfixture.sim;

/** ArchitectureTest's fixture: a class in the sim layer. */
public final class SimCommand {
    public int shard;
}
