package io.shardlab.advisor;

import io.shardlab.key.ShardKeyPattern;
import io.shardlab.text.Message;
import java.util.List;

/**
 * Sums the candidates' progress into one fraction for a {@link ProgressListener}: each candidate
 * counts its documents twice, once read out and once replayed. Thread-safe; reports at most every
 * thousandth of the job, plus every change of stage.
 */
final class Progress {

    private final List<ShardKeyPattern> candidates;
    private final long perCandidate;
    private final long[] done;
    private final ProgressListener listener;
    private long total;
    private double lastReported = -1;

    Progress(List<ShardKeyPattern> candidates, long documents, ProgressListener listener) {
        this.candidates = candidates;
        this.perCandidate = 2 * Math.max(1, documents);
        this.done = new long[candidates.size()];
        this.listener = listener;
    }

    /** The view one candidate's task reports through. */
    Candidate of(int index) {
        return new Candidate(index);
    }

    /** Moves candidate {@code index} to {@code units} done (never back) and reports when due. */
    private synchronized void set(int index, long units, Message stage, boolean stageChanged) {
        long clamped = Math.min(perCandidate, Math.max(done[index], units));
        total += clamped - done[index];
        done[index] = clamped;
        double fraction = Math.min(1, (double) total / (perCandidate * done.length));
        if (stageChanged || fraction - lastReported >= 0.001) {
            lastReported = fraction;
            listener.progress(new AnalysisProgress(
                    Message.of(
                            "advisor.progress.candidate", candidates.get(index).toString(), stage),
                    fraction));
        }
    }

    /** One candidate's progress. */
    final class Candidate {
        private final int index;
        private Message stage = Message.of("advisor.progress.starting");

        private Candidate(int index) {
            this.index = index;
        }

        void stage(Message name) {
            stage = name;
            set(index, 0, name, true);
        }

        void extracted(long documents) {
            set(index, documents, stage, false);
        }

        void replayed(long documents) {
            set(index, perCandidate / 2 + documents, stage, false);
        }

        void done() {
            stage = Message.of("advisor.progress.done");
            set(index, perCandidate, stage, true);
        }
    }
}
