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
        return new SimulationCounters(
                documentsInserted + n,
                splits,
                migrationsStarted,
                migrationsCommitted,
                merges,
                jumboMarked,
                balancerRounds);
    }

    SimulationCounters plusSplit() {
        return new SimulationCounters(
                documentsInserted,
                splits + 1,
                migrationsStarted,
                migrationsCommitted,
                merges,
                jumboMarked,
                balancerRounds);
    }

    SimulationCounters plusMigrationStarted() {
        return new SimulationCounters(
                documentsInserted,
                splits,
                migrationsStarted + 1,
                migrationsCommitted,
                merges,
                jumboMarked,
                balancerRounds);
    }

    SimulationCounters plusMigrationCommitted() {
        return new SimulationCounters(
                documentsInserted,
                splits,
                migrationsStarted,
                migrationsCommitted + 1,
                merges,
                jumboMarked,
                balancerRounds);
    }

    SimulationCounters plusMerge() {
        return new SimulationCounters(
                documentsInserted,
                splits,
                migrationsStarted,
                migrationsCommitted,
                merges + 1,
                jumboMarked,
                balancerRounds);
    }

    SimulationCounters plusJumbo() {
        return new SimulationCounters(
                documentsInserted,
                splits,
                migrationsStarted,
                migrationsCommitted,
                merges,
                jumboMarked + 1,
                balancerRounds);
    }

    SimulationCounters plusBalancerRound() {
        return new SimulationCounters(
                documentsInserted,
                splits,
                migrationsStarted,
                migrationsCommitted,
                merges,
                jumboMarked,
                balancerRounds + 1);
    }
}
