package io.shardlab.cli;

import io.shardlab.key.ShardKeyPattern;
import io.shardlab.sim.SimulationSnapshot;
import io.shardlab.workload.ReadDistribution;
import io.shardlab.workload.WriteDistribution;
import java.util.Optional;

/**
 * What one {@code simulate} run produced, for its text or JSON report.
 *
 * @param key the shard key
 * @param input what was inserted, e.g. {@code "workload 'monotonic'"} or a file name
 * @param seed the seed of the run
 * @param finalState the cluster after the last insert (migrations in flight committed)
 * @param writes where the inserts went, window by window
 * @param events how many cluster events the run produced (from adding the first shard on)
 * @param reads the workload's query mix routed on the final layout, when asked for
 */
record SimulationOutcome(ShardKeyPattern key, String input, long seed, SimulationSnapshot finalState,
        WriteDistribution writes, long events, Optional<ReadDistribution> reads) {
}
