package io.shardlab.advisor;

import io.shardlab.text.Message;
import java.util.List;

/**
 * The result of comparing candidate keys on one sample.
 *
 * @param sampleSource what the sample came from
 * @param sampleOrder whether the sample is in insertion order
 * @param settings the cluster the sample was judged against
 * @param queries the query mix, empty when none was given
 * @param candidates one report per candidate, in the order given
 * @param recommendation the pick and its reasons
 * @param suggestions further keys worth trying, found in the sample
 */
public record AdvisorReport(
        Message sampleSource,
        SampleOrder sampleOrder,
        AdvisorSettings settings,
        List<SampledQuery> queries,
        List<CandidateReport> candidates,
        Recommendation recommendation,
        List<SuggestedCandidate> suggestions) {

    public AdvisorReport {
        queries = List.copyOf(queries);
        candidates = List.copyOf(candidates);
        suggestions = List.copyOf(suggestions);
        if (candidates.isEmpty() || recommendation == null || settings == null) {
            throw new IllegalArgumentException(
                    "candidates/recommendation/settings: required"); // untranslated: a developer's contract
        }
    }

    /**
     * Where candidate {@code index} stands: recommended when it is the pick, ruled out when a finding
     * disqualifies it, not judged on its writes when the data is too small for the layout rules (a write share of
     * 1.00 then rules nothing out, so "qualified" would claim more than was checked), qualified otherwise.
     *
     * @throws IndexOutOfBoundsException if {@code index} is not a candidate's
     */
    public Verdict verdict(int index) {
        CandidateReport candidate = candidates.get(index);
        if (recommendation.index().isPresent() && recommendation.index().getAsInt() == index) {
            return Verdict.RECOMMENDED;
        }
        if (candidate.disqualified()) {
            return Verdict.RULED_OUT;
        }
        return candidate.writesJudged() ? Verdict.QUALIFIED : Verdict.WRITES_NOT_JUDGED;
    }
}
