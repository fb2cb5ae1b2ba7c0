package io.shardlab.sim;

import java.util.random.RandomGenerator;

/**
 * The simulation's only source of randomness: a SplitMix64 generator seeded from the
 * configuration, whose whole state is one {@code long}, so undo can rewind it and a simulation
 * replays exactly for a seed.
 */
final class SimulationRandom implements RandomGenerator {

    private long state;

    SimulationRandom(long seed) {
        this.state = seed;
    }

    @Override
    public long nextLong() {
        long z = (state += 0x9E3779B97F4A7C15L);
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    long state() {
        return state;
    }

    void restore(long s) {
        state = s;
    }
}
