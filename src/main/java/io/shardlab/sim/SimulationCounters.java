package io.shardlab.sim;

/**
 * Running totals of what happened in a simulation, for dashboards and tests.
 *
 * @param documentsInserted documents inserted so far
 * @param splits chunk splits committed (each split of one chunk counts once, whatever the number of points)
 * @param migrationsStarted migrations started
 * @param migrationsCommitted migrations committed
 * @param merges merges committed (each merged range counts once)
 * @param jumboMarked chunks marked jumbo
 * @param balancerRounds balancer rounds run
 */
public record SimulationCounters(
        long documentsInserted,
        long splits,
        long migrationsStarted,
        long migrationsCommitted,
        long merges,
        long jumboMarked,
        long balancerRounds) {

    /** All zero. */
    public static final SimulationCounters ZERO = new SimulationCounters(0, 0, 0, 0, 0, 0, 0);

    SimulationCounters plusInserted(long n) {
        return plus(new SimulationCounters(n, 0, 0, 0, 0, 0, 0));
    }

    /** These totals and {@code more}'s, field by field. */
    SimulationCounters plus(SimulationCounters more) {
        return new SimulationCounters(
                documentsInserted + more.documentsInserted,
                splits + more.splits,
                migrationsStarted + more.migrationsStarted,
                migrationsCommitted + more.migrationsCommitted,
                merges + more.merges,
                jumboMarked + more.jumboMarked,
                balancerRounds + more.balancerRounds);
    }

    // one chunk's events

    SimulationCounters plusSplit() {
        return plus(new SimulationCounters(0, 1, 0, 0, 0, 0, 0));
    }

    SimulationCounters plusMerge() {
        return plus(new SimulationCounters(0, 0, 0, 0, 1, 0, 0));
    }

    SimulationCounters plusJumbo() {
        return plus(new SimulationCounters(0, 0, 0, 0, 0, 1, 0));
    }

    // the balancer's events

    SimulationCounters plusBalancerRound() {
        return plus(new SimulationCounters(0, 0, 0, 0, 0, 0, 1));
    }

    SimulationCounters plusMigrationStarted() {
        return plus(new SimulationCounters(0, 0, 1, 0, 0, 0, 0));
    }

    SimulationCounters plusMigrationCommitted() {
        return plus(new SimulationCounters(0, 0, 0, 1, 0, 0, 0));
    }
}
