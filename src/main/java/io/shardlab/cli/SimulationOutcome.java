package io.shardlab.cli;

import io.shardlab.key.ShardKeyPattern;
import io.shardlab.live.ChunkContents;
import io.shardlab.sim.BalancerRoundsRun;
import io.shardlab.sim.SimulationSnapshot;
import io.shardlab.text.Message;
import io.shardlab.workload.ReadDistribution;
import io.shardlab.workload.WriteDistribution;
import java.util.List;
import java.util.Optional;

/**
 * What one {@code simulate} run produced, for its text or JSON report.
 *
 * @param key the shard key
 * @param input what was inserted, e.g. {@code "workload 'monotonic'"} or a file name; empty when nothing was
 * @param seed the seed of the run
 * @param finalState the cluster after the last insert (migrations in flight committed)
 * @param writes where the inserts went, window by window
 * @param events how many cluster events the run produced (from adding the first shard, or loading the layout, on)
 * @param reads the workload's query mix routed on the final layout, when asked for
 * @param origin where the starting layout came from, when it was read from a source
 * @param rounds the balancer rounds run after the inserts, when asked for
 */
record SimulationOutcome(
        ShardKeyPattern key,
        Optional<String> input,
        long seed,
        SimulationSnapshot finalState,
        WriteDistribution writes,
        long events,
        Optional<ReadDistribution> reads,
        Optional<LayoutOrigin> origin,
        Optional<BalancerRoundsRun> rounds) {

    /**
     * A layout read from a source: what it was and what the run assumed about it.
     *
     * @param namespace the collection
     * @param source where it was read from, safe to show
     * @param chunks its chunk count when loaded
     * @param sizes which figures the chunk contents came from ({@link ChunkContents.Basis} label)
     * @param notes one line each: the version and chunk size used and why, the contents' basis, the
     *     source's settings ShardLab applied or left out (said in {@code --lang} as text, in English in JSON)
     */
    record LayoutOrigin(String namespace, String source, int chunks, String sizes, List<Message> notes) {
        LayoutOrigin {
            notes = List.copyOf(notes);
        }
    }

    /**
     * Whether the starting layout's chunk sizes were unknown ({@link ChunkContents.Basis#UNKNOWN}): then every
     * size that includes them (per chunk, per shard, moved by a migration) is reported as "unknown", never 0.
     */
    boolean sizesUnknown() {
        return origin.map(o -> o.sizes().equals(ChunkContents.Basis.UNKNOWN.label))
                .orElse(false);
    }
}
