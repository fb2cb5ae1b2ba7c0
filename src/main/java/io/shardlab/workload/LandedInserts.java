package io.shardlab.workload;

import io.shardlab.sim.ClusterEvent;
import io.shardlab.sim.ClusterEventListener;
import java.util.Map;

/**
 * Listens to a simulated cluster for the per-shard document counts of its last insert batch (its
 * {@link ClusterEvent.InsertsLanded}) and records them into a {@link WriteDistribution}, checking that
 * every document of the batch landed. Use: {@link #reset()}, insert one batch, {@link #recordInto}.
 */
public final class LandedInserts implements ClusterEventListener {

    private Map<String, Long> byShard;

    @Override
    public void onEvent(ClusterEvent event) {
        if (event instanceof ClusterEvent.InsertsLanded l) {
            byShard = l.documentsByShard();
        }
    }

    /** Forgets the last batch, before the next is inserted. */
    public void reset() {
        byShard = null;
    }

    /**
     * Adds the last batch's documents per shard to {@code writes}.
     *
     * @throws IllegalStateException when no batch landed since {@link #reset()} or it landed other than
     *     {@code expected} documents
     */
    public void recordInto(WriteDistribution writes, int expected) {
        if (byShard == null) {
            throw new IllegalStateException("the simulated cluster reported no landed inserts for a batch of "
                    + expected); // untranslated: a developer's contract
        }
        long total = 0;
        for (Map.Entry<String, Long> e : byShard.entrySet()) {
            writes.record(e.getKey(), e.getValue().intValue());
            total += e.getValue();
        }
        if (total != expected) {
            throw new IllegalStateException("the simulated cluster landed " + total + " of " + expected
                    + " inserted documents"); // untranslated: a developer's contract
        }
    }
}
