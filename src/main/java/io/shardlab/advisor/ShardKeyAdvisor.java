package io.shardlab.advisor;

import io.shardlab.key.ShardKey;
import io.shardlab.key.ShardKeyPattern;
import io.shardlab.text.Message;
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
 * The candidates' keys are read out first, all together ({@link CandidateKeys}: one pass over each
 * document, ranges of documents side by side on the executor) when they fit in a third of the heap
 * (about {@value #KEY_BYTES} bytes a key plus {@value #KEY_FIELD_BYTES} a field); otherwise each
 * candidate's task reads its own. Progress is reported per document extracted and per document
 * replayed; cancelling stops every task within one batch.
 */
public final class ShardKeyAdvisor {

    /** A routing key's heap, besides its fields: the key, its array and the array's slot here. */
    static final int KEY_BYTES = 48;

    /** A field's share of a routing key's heap: its slot and a boxed scalar value. */
    static final int KEY_FIELD_BYTES = 40;

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
            throw new IllegalArgumentException(
                    "candidates: name at least one shard key to analyse"); // untranslated: a contract
        }
        if (new HashSet<>(candidates).size() != candidates.size()) {
            throw new IllegalArgumentException(
                    "candidates: a key is listed twice: " + candidates); // untranslated: a contract
        }
        Progress tracker = new Progress(candidates, sample.numDocsSampled(), progress);
        CancelToken stop = new CancelToken(cancel);
        List<Progress.Candidate> views = new ArrayList<>();
        for (int i = 0; i < candidates.size(); i++) {
            views.add(tracker.of(i));
        }
        CandidateKeys together = null;
        if (fitTogether(sample, candidates)) {
            views.forEach(v -> v.stage(READING_KEYS));
            together = CandidateKeys.read(sample, candidates, executor, views, stop);
        }
        CandidateKeys read = together;
        List<CompletableFuture<CandidateReport>> tasks = new ArrayList<>();
        for (int i = 0; i < candidates.size(); i++) {
            int index = i;
            tasks.add(CompletableFuture.supplyAsync(
                    () -> {
                        try {
                            KeysRead keys = read == null
                                    ? readAlone(sample, candidates.get(index), views.get(index), stop)
                                    : new KeysRead(read.keys(index), read.missing(index));
                            return analyzeOne(
                                    sample, candidates.get(index), keys, queries, settings, views.get(index), stop);
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
        progress.progress(new AnalysisProgress(Message.of("advisor.progress.done"), 1));
        return new AdvisorReport(
                sample.source(), sample.order(), settings, queries, reports, recommendation, suggestions);
    }

    private static final Message READING_KEYS = Message.of("advisor.progress.readingKeys");

    /** Whether every candidate's keys fit in a third of the heap at once. */
    private static boolean fitTogether(Sample sample, List<ShardKeyPattern> candidates) {
        long bytes = 0;
        for (ShardKeyPattern c : candidates) {
            bytes += (long) sample.numDocsSampled() * (KEY_BYTES + KEY_FIELD_BYTES * c.arity());
        }
        return bytes <= Runtime.getRuntime().maxMemory() / 3;
    }

    /** One candidate's routing keys in document order, and per key field the documents that miss it. */
    private record KeysRead(ShardKey[] keys, long[] missing) {}

    /** Reads one candidate's keys on its own. */
    private static KeysRead readAlone(
            Sample sample, ShardKeyPattern key, Progress.Candidate progress, CancelToken cancel) {
        int n = sample.numDocsSampled();
        KeyReader reader = new KeyReader(sample, key);
        ShardKey[] keys = new ShardKey[n];
        progress.stage(READING_KEYS);
        for (int i = 0; i < n; i++) {
            keys[i] = reader.routingKey(i);
            if ((i & 0xFFF) == 0xFFF) {
                cancel.throwIfCancelled();
                progress.extracted(i + 1);
            }
        }
        progress.extracted(n);
        return new KeysRead(keys, reader.missingCounts());
    }

    private static CandidateReport analyzeOne(
            Sample sample,
            ShardKeyPattern key,
            KeysRead read,
            List<SampledQuery> queries,
            AdvisorSettings settings,
            Progress.Candidate progress,
            CancelToken cancel) {
        int n = sample.numDocsSampled();
        KeyReader reader = new KeyReader(sample, key);
        ShardKey[] keys = read.keys();
        List<Long> missing = new ArrayList<>();
        for (long m : read.missing()) {
            missing.add(m);
        }
        progress.stage(Message.of("advisor.progress.countingValues"));
        KeyValueRuns runs = KeyValueRuns.of(keys, cancel);
        IndexSupport indexes = IndexSupport.of(sample, key);
        KeyCharacteristics characteristics = KeyCharacteristicsCalculator.calculate(sample, key, runs, reader, indexes);
        AnalysisRanges ranges = AnalysisRanges.ofSample(keys, runs, key.arity());
        JumboRisk jumbo = JumboRisk.of(sample, runs, reader, settings.maxChunkSizeBytes());
        progress.stage(Message.of("advisor.progress.replaying", n));
        LayoutReplay.Outcome outcome = LayoutReplay.replay(sample, key, keys, settings, progress::replayed, cancel);
        WriteDistribution writes = outcome.writes();
        double meanMaxWriteShare = writes.meanMaxWriteShare().orElse(0);
        progress.stage(Message.of("advisor.progress.routing"));
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
        CandidateReport report = facts.report(indexes, ranges);
        progress.done();
        return report;
    }
}
