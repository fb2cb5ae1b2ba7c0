package io.shardlab.sim;

import java.util.Optional;

/**
 * The commit of a migration whose copy time has elapsed ({@code _configsvrCommitChunkMigration}):
 * the range becomes the recipient's chunk with the next major version. When it was the last
 * migration of a balancer round, the next round is scheduled
 * {@link BalancerRound#AFTER_MIGRATIONS_INTERVAL_MILLIS} later.
 *
 * @param migrationId the migration's id
 */
public record CommitMigration(long migrationId) implements ClusterCommand {

    @Override
    public Optional<String> canApply(ClusterState state) {
        for (Migration m : state.migrations()) {
            if (m.id() == migrationId) {
                return Optional.empty();
            }
        }
        // ShardLab's text
        return Optional.of("no migration " + migrationId + " is in flight");
    }

    @Override
    public void apply(ClusterState state) {
        Migration migration = null;
        for (Migration m : state.migrations()) {
            if (m.id() == migrationId) {
                migration = m;
            }
        }
        state.commitMigration(migration);
        Defragmenter.migrationCommitted(state, migration);
        if (state.balancerRoundInProgress() && !hasBalancerMigration(state)) {
            state.balancerRoundFinished(state.clock() + BalancerRound.AFTER_MIGRATIONS_INTERVAL_MILLIS);
        }
    }

    private static boolean hasBalancerMigration(ClusterState state) {
        for (Migration m : state.migrations()) {
            if (m.reason() != MigrationReason.COMMAND && m.reason() != MigrationReason.TOP_CHUNK) {
                return true;
            }
        }
        return false;
    }

    @Override
    public String describe() {
        return "commit migration " + migrationId;
    }

    @Override
    public String mongoshCommand() {
        return "// migration " + migrationId + " commits (automatic)";
    }

    @Override
    public boolean automatic() {
        return true;
    }
}
