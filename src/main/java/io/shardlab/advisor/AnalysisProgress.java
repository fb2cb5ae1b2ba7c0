package io.shardlab.advisor;

import io.shardlab.text.Message;

/**
 * How far a sample load or an analysis has come.
 *
 * @param stage what is being done, in a few words, e.g. "reading orders.jsonl" or
 *     "{ customerId: 1 }: replaying 1,000,000 inserts" in English (bundle area {@code advisor})
 * @param fraction the whole job's completed fraction, 0 to 1, never decreasing within one job
 */
public record AnalysisProgress(Message stage, double fraction) {

    public AnalysisProgress {
        if (stage == null) {
            throw new IllegalArgumentException("stage: required"); // untranslated: a developer's contract
        }
        if (!(fraction >= 0 && fraction <= 1)) {
            throw new IllegalArgumentException(
                    "fraction: between 0 and 1, got " + fraction); // untranslated: a developer's contract
        }
    }

    /** The fraction as a whole percentage, rounded down. */
    public int percent() {
        return (int) Math.floor(fraction * 100);
    }
}
