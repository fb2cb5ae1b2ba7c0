package io.shardlab.advisor;

import io.shardlab.key.ShardKey;
import io.shardlab.key.ShardKeyPattern;
import io.shardlab.workload.WriteDistribution;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Executor;

/**
 * Compares candidate shard keys on a sample: for each candidate, analyzeShardKey's key
 * characteristics ({@link KeyCharacteristicsCalculator}), the layout and write concentration of
 * replaying the sample in insertion order ({@link LayoutReplay}), the values too large for a chunk
 * ({@link JumboRisk}), the query mix's read and write distribution ({@link ReadWriteDistribution}),
 * then findings ({@link FindingRules}), a recommendation ({@link RecommendationRule}) and further
 * keys to try ({@link CandidateSuggester}).
 *
 * <p>Candidates are analysed independently, as tasks on the injected executor (a pool of two
 * threads uses both cores of a small machine; a same-thread executor gives a sequential run). Each
 * task is deterministic (the replay is seeded), so the report does not depend on the executor.
 * Progress is reported per document extracted and per document replayed; cancelling stops every
 * task within one batch.
 */
public final class ShardKeyAdvisor {

    private final Executor executor;

    /** @param executor runs the candidates' analyses */
    public ShardKeyAdvisor(Executor executor) {
        this.executor = executor;
    }

    /**
     * Analyses {@code candidates} on {@code sample}.
     *
     * @param queries the query mix, possibly empty
     * @throws IllegalArgumentException for no or repeated candidates, or a candidate the sample or the
     *     cluster cannot take (an array on a key path, a hashed unique key)
     * @throws AnalysisCancelledException when cancelled
     */
    public AdvisorReport analyze(
            Sample sample,
            List<ShardKeyPattern> candidates,
            List<SampledQuery> queries,
            AdvisorSettings settings,
            ProgressListener progress,
            CancelToken cancel) {
        if (candidates.isEmpty()) {
            throw new IllegalArgumentException("candidates: name at least one shard key to analyse");
        }
        if (new HashSet<>(candidates).size() != candidates.size()) {
            throw new IllegalArgumentException("candidates: a key is listed twice: " + candidates);
        }
        Progress tracker = new Progress(candidates, sample.numDocsSampled(), progress);
        CancelToken stop = new CancelToken(cancel);
        List<CompletableFuture<CandidateReport>> tasks = new ArrayList<>();
        for (int i = 0; i < candidates.size(); i++) {
            int index = i;
            tasks.add(CompletableFuture.supplyAsync(
                    () -> {
                        try {
                            return analyzeOne(
                                    sample, candidates.get(index), queries, settings, tracker.of(index), stop);
                        } catch (RuntimeException e) {
                            stop.cancel();
                            throw e;
                        }
                    },
                    executor));
        }
        List<CandidateReport> reports = new ArrayList<>();
        RuntimeException failure = null;
        for (CompletableFuture<CandidateReport> t : tasks) {
            try {
                reports.add(t.join());
            } catch (CompletionException e) {
                RuntimeException cause = e.getCause() instanceof RuntimeException r ? r : e;
                if (failure == null || failure instanceof AnalysisCancelledException) {
                    failure = cause;
                }
            }
        }
        cancel.throwIfCancelled();
        if (failure != null) {
            throw failure;
        }
        Recommendation recommendation = RecommendationRule.recommend(reports);
        List<SuggestedCandidate> suggestions = CandidateSuggester.suggest(sample, candidates);
        progress.progress(new AnalysisProgress("done", 1));
        return new AdvisorReport(
                sample.source(), sample.order(), settings, queries, reports, recommendation, suggestions);
    }

    static CandidateReport analyzeOne(
            Sample sample,
            ShardKeyPattern key,
            List<SampledQuery> queries,
            AdvisorSettings settings,
            Progress.Candidate progress,
            CancelToken cancel) {
        int n = sample.numDocsSampled();
        KeyReader reader = new KeyReader(sample, key);
        ShardKey[] keys = new ShardKey[n];
        progress.stage("reading key values");
        for (int i = 0; i < n; i++) {
            keys[i] = reader.routingKey(i);
            if ((i & 0xFFF) == 0xFFF) {
                cancel.throwIfCancelled();
                progress.extracted(i + 1);
            }
        }
        progress.extracted(n);
        List<Long> missing = new ArrayList<>();
        for (long m : reader.missingCounts()) {
            missing.add(m);
        }
        progress.stage("counting values");
        KeyValueRuns runs = KeyValueRuns.of(keys, cancel);
        IndexSupport indexes = IndexSupport.of(sample, key);
        KeyCharacteristics characteristics = KeyCharacteristicsCalculator.calculate(sample, key, runs, reader, indexes);
        AnalysisRanges ranges = AnalysisRanges.ofSample(keys, runs, key.arity());
        JumboRisk jumbo = JumboRisk.of(sample, runs, reader, settings.maxChunkSizeBytes());
        progress.stage("replaying " + FindingRules.count(n) + " inserts");
        LayoutReplay.Outcome outcome = LayoutReplay.replay(sample, key, keys, settings, progress::replayed, cancel);
        WriteDistribution writes = outcome.writes();
        double meanMaxWriteShare = writes.meanMaxWriteShare().orElse(0);
        progress.stage("routing the query mix");
        Optional<ReadWriteDistribution> readWrite = Optional.of(ReadWriteDistribution.route(
                queries, key, ranges, outcome.layout().snapshot().chunks(), settings.version()));
        FindingRules.Facts facts = new FindingRules.Facts(
                sample,
                settings,
                key,
                characteristics,
                outcome.layout(),
                meanMaxWriteShare,
                readWrite,
                jumbo,
                missing,
                queries);
        List<Finding> findings = FindingRules.evaluate(facts);
        progress.done();
        return new CandidateReport(
                key,
                characteristics,
                outcome.layout(),
                meanMaxWriteShare,
                readWrite,
                jumbo,
                missing,
                findings,
                indexes,
                ranges);
    }
}
