package io.shardlab.ui.advisor;

import io.shardlab.advisor.AdvisorReport;
import io.shardlab.advisor.AdvisorSettings;
import io.shardlab.advisor.AnalyzeShardKeyReply;
import io.shardlab.advisor.CancelToken;
import io.shardlab.advisor.CandidateReport;
import io.shardlab.advisor.CandidateSuggester;
import io.shardlab.advisor.DatasetFileSampleSource;
import io.shardlab.advisor.FieldProfile;
import io.shardlab.advisor.Finding;
import io.shardlab.advisor.FindingKind;
import io.shardlab.advisor.QueryMixFile;
import io.shardlab.advisor.Sample;
import io.shardlab.advisor.SampleLoader;
import io.shardlab.advisor.SampleSource;
import io.shardlab.advisor.SampledQuery;
import io.shardlab.advisor.ServerAnswerComparison;
import io.shardlab.advisor.ShardKeyAdvisor;
import io.shardlab.advisor.ShippedDataset;
import io.shardlab.advisor.SuggestedCandidate;
import io.shardlab.bson.BsonParseException;
import io.shardlab.cluster.MongoVersion;
import io.shardlab.cluster.ReleaseRules;
import io.shardlab.files.AtomicFile;
import io.shardlab.key.InvalidShardKeyException;
import io.shardlab.key.ShardKeyPattern;
import io.shardlab.live.Cancellation;
import io.shardlab.live.ConnectionStringSecrets;
import io.shardlab.live.LiveCollectionSampleSource;
import io.shardlab.live.LiveConnectionRequest;
import io.shardlab.live.LiveConnector;
import io.shardlab.live.SampledQueries;
import io.shardlab.render.CandidateComparison;
import io.shardlab.render.CandidateComparisonPainter;
import io.shardlab.render.DiagramExporter;
import io.shardlab.render.ExportFormat;
import io.shardlab.render.ExportSize;
import io.shardlab.render.Theme;
import io.shardlab.session.AdvisorComparison;
import io.shardlab.text.Message;
import io.shardlab.text.Messages;
import io.shardlab.text.RefusedInput;
import io.shardlab.workload.SimulationSetup;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.Executor;
import java.util.stream.Collectors;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.BooleanBinding;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyDoubleProperty;
import javafx.beans.property.ReadOnlyIntegerProperty;
import javafx.beans.property.ReadOnlyIntegerWrapper;
import javafx.beans.property.ReadOnlyListProperty;
import javafx.beans.property.ReadOnlyListWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.collections.FXCollections;

/**
 * The shard key advisor's state and verbs: the sample (a shipped dataset or a file), an optional
 * query mix, the candidate keys, the cluster to judge them on, and after {@link #analyze()} one
 * {@link CandidateRow} per candidate with the recommendation. Holds no nodes; {@link AdvisorView}
 * binds to it.
 *
 * <p>Threading: verbs are called on the UI thread. Loading and analysing run on the
 * {@code background} executor, candidates on the {@code candidates} executor; results and progress
 * come back through the {@code ui} executor, progress coalesced so that at most one update is
 * pending (the newest wins). A job superseded by a newer one, or cancelled, changes nothing when it
 * ends. Tests pass same-thread executors and get every verb done on return.
 */
public final class AdvisorViewModel {

    /** The exported comparison's width in logical pixels (PDF: points), as {@code analyze --out}'s default. */
    static final int COMPARISON_WIDTH = 1400;

    private final Executor background;
    private final Executor ui;
    private final Executor candidatesExecutor;
    private final AdvisorJobs jobs;
    private final LiveSampleSources liveSamples;
    private final LiveAnalysis liveAnalysis;
    /** The live collection the sample came from, while it is the sample: what the live verbs ask. */
    private LiveConnectionRequest liveRequest;

    private String liveNamespace;

    private final ReadOnlyObjectWrapper<Sample> sample = new ReadOnlyObjectWrapper<>(this, "sample");
    private final ReadOnlyObjectWrapper<Message> sampleSummary =
            new ReadOnlyObjectWrapper<>(this, "sampleSummary", Message.of("advisor.sample.none"));
    private final ReadOnlyObjectWrapper<List<SampledQuery>> queries =
            new ReadOnlyObjectWrapper<>(this, "queries", List.of());
    private final ReadOnlyObjectWrapper<Message> queryMixSummary =
            new ReadOnlyObjectWrapper<>(this, "queryMixSummary", Message.of("advisor.queries.none"));
    private final ReadOnlyListWrapper<ShardKeyPattern> candidates =
            new ReadOnlyListWrapper<>(this, "candidates", FXCollections.observableArrayList());
    private final ReadOnlyListWrapper<SuggestedCandidate> suggestions =
            new ReadOnlyListWrapper<>(this, "suggestions", FXCollections.observableArrayList());
    private final ReadOnlyIntegerWrapper shards = new ReadOnlyIntegerWrapper(this, "shards", 4);
    private final ReadOnlyObjectWrapper<MongoVersion> version =
            new ReadOnlyObjectWrapper<>(this, "version", MongoVersion.DEFAULT);
    private final ReadOnlyIntegerWrapper chunkSizeMegabytes =
            new ReadOnlyIntegerWrapper(this, "chunkSizeMegabytes", megabytes(MongoVersion.DEFAULT));
    private final ReadOnlyObjectWrapper<AdvisorReport> report = new ReadOnlyObjectWrapper<>(this, "report");
    private final ReadOnlyListWrapper<CandidateRow> rows =
            new ReadOnlyListWrapper<>(this, "rows", FXCollections.observableArrayList());
    private final ReadOnlyObjectWrapper<Message> recommendation = new ReadOnlyObjectWrapper<>(this, "recommendation");
    private final ReadOnlyObjectWrapper<Message> caveat = new ReadOnlyObjectWrapper<>(this, "caveat");
    private final ReadOnlyListWrapper<Message> reasons =
            new ReadOnlyListWrapper<>(this, "reasons", FXCollections.observableArrayList());
    private final ReadOnlyObjectWrapper<CandidateRow> selected = new ReadOnlyObjectWrapper<>(this, "selected");
    private final ReadOnlyBooleanWrapper live = new ReadOnlyBooleanWrapper(this, "live");
    private final Map<ShardKeyPattern, ServerAnswerComparison> serverAnswers = new HashMap<>();
    private final ReadOnlyObjectWrapper<Message> selectedServerAnswer =
            new ReadOnlyObjectWrapper<>(this, "selectedServerAnswer");
    private final BooleanBinding canAnalyze;

    /**
     * @param background runs sample loads and analyses, one at a time
     * @param ui runs results and progress on the UI thread
     * @param candidates runs the candidates of one analysis (two threads use two cores)
     */
    public AdvisorViewModel(Executor background, Executor ui, Executor candidates) {
        this(
                background,
                ui,
                candidates,
                (request, namespace, size, cancellation) -> LiveCollectionSampleSource.connecting(
                        new LiveConnector(), request, namespace, size, cancellation),
                LiveAnalysis.through(new LiveConnector()));
    }

    /**
     * @param liveSamples opens a live collection's {@code $sample} (tests pass a fake source)
     */
    public AdvisorViewModel(Executor background, Executor ui, Executor candidates, LiveSampleSources liveSamples) {
        this(background, ui, candidates, liveSamples, LiveAnalysis.through(new LiveConnector()));
    }

    /**
     * @param liveSamples opens a live collection's {@code $sample} (tests pass a fake source)
     * @param liveAnalysis reads a live cluster's sampled queries and runs its analyzeShardKey
     */
    public AdvisorViewModel(
            Executor background,
            Executor ui,
            Executor candidates,
            LiveSampleSources liveSamples,
            LiveAnalysis liveAnalysis) {
        this.liveSamples = Objects.requireNonNull(liveSamples, "liveSamples");
        this.liveAnalysis = Objects.requireNonNull(liveAnalysis, "liveAnalysis");
        this.background = Objects.requireNonNull(background, "background");
        this.ui = Objects.requireNonNull(ui, "ui");
        this.jobs = new AdvisorJobs(ui);
        this.candidatesExecutor = Objects.requireNonNull(candidates, "candidates");
        this.canAnalyze = Bindings.createBooleanBinding(
                () -> sample.get() != null && !this.candidates.isEmpty() && !jobs.busy(),
                sample,
                this.candidates,
                jobs.busyProperty());
    }

    // ---- sample ----

    /** The datasets that can be loaded by name. */
    public List<ShippedDataset> shippedDatasets() {
        return List.of(ShippedDataset.values());
    }

    /** Loads a shipped dataset as the sample. */
    public void loadShippedDataset(ShippedDataset dataset) {
        load(dataset);
    }

    /** Loads a dataset file as the sample (JSON Lines or CSV, optionally gzipped). */
    public void loadFile(Path file) {
        load(new DatasetFileSampleSource(file));
    }

    /**
     * Loads a {@code $sample} of a live collection as the sample: connecting and reading run on the
     * background executor, with progress; {@link #cancel()} closes the connection. A mistake in the
     * inputs, an unreachable server or a missing collection shows as the error; the password never does.
     *
     * @param connectionString {@code mongodb://} or {@code mongodb+srv://}
     * @param password joined to the user the string names when not empty; empty to use the string as it is
     * @param namespace {@code db.collection}
     * @param sampleSizeText {@code $sample}'s size, a whole number of documents
     */
    public void loadLiveCollection(String connectionString, String password, String namespace, String sampleSizeText) {
        SampleSource source;
        LiveConnectionRequest request;
        Cancellation connection = new Cancellation();
        int size;
        try {
            size = Integer.parseInt(sampleSizeText.strip());
        } catch (NumberFormatException e) {
            jobs.showError(Message.of("advisor.error.sampleSize", sampleSizeText));
            return;
        }
        try {
            String uri = connectionString == null ? "" : connectionString.strip();
            if (password != null && !password.isEmpty()) {
                uri = ConnectionStringSecrets.withPassword(uri, password);
            }
            request = LiveConnectionRequest.of(uri);
            source = liveSamples.source(request, namespace == null ? "" : namespace.strip(), size, connection);
        } catch (IllegalArgumentException e) {
            jobs.showError(verbatim(
                    password == null || password.isEmpty()
                            ? e.getMessage()
                            : e.getMessage().replace(password, ConnectionStringSecrets.MASK)));
            return;
        }
        load(source, connection, request, namespace.strip());
    }

    private void load(SampleSource source) {
        load(source, null, null, null);
    }

    /**
     * Loads {@code source}; {@code connection}, when given, is raised by {@link #cancel()} too;
     * {@code request} and {@code namespace} name the live collection, null for a file.
     */
    private void load(SampleSource source, Cancellation connection, LiveConnectionRequest request, String namespace) {
        long job = jobs.start(Message.of("advisor.job.reading", source.description()), connection);
        CancelToken cancel = jobs.cancelToken();
        background.execute(() -> {
            try {
                Sample loaded = new SampleLoader(jobs.progressTo(job), cancel).load(source, Long.MAX_VALUE);
                ui.execute(() -> {
                    if (jobs.current(job)) {
                        sample.set(loaded);
                        sampleSummary.set(summary(loaded));
                        liveRequest = request;
                        liveNamespace = namespace;
                        live.set(request != null);
                        clearResults();
                        // a candidate none of whose fields the new sample has would only be rated on nulls
                        List<ShardKeyPattern> dropped = candidates.stream()
                                .filter(k -> k.fields().stream()
                                        .allMatch(f -> loaded.field(f.path().split("\\.")[0])
                                                .isEmpty()))
                                .toList();
                        candidates.removeAll(dropped);
                        refreshSuggestions();
                        jobs.finish(
                                dropped.isEmpty()
                                        ? null
                                        : Message.of(
                                                "advisor.job.removed",
                                                dropped.stream()
                                                        .map(Object::toString)
                                                        .collect(Collectors.joining(", ")),
                                                dropped.size()));
                    }
                });
            } catch (RuntimeException | Error e) {
                jobs.fail(job, e);
            }
        });
    }

    private static Message summary(Sample s) {
        return Message.of(
                "advisor.sample.summary",
                s.source(),
                s.numDocsSampled(),
                size(s.documents().totalBytes()),
                String.join(", ", s.fields().stream().map(FieldProfile::path).toList()));
    }

    private static String size(long bytes) {
        double mb = bytes / (1024.0 * 1024.0);
        return mb >= 1
                ? String.format(Locale.ROOT, "%.1f MB", mb) // untranslated: a size in MB or KB
                : String.format(Locale.ROOT, "%,d KB", bytes / 1024); // untranslated: a size in MB or KB
    }

    // ---- query mix ----

    /** Reads a query mix file (the format of {@link QueryMixFile}); a mistake shows as the error. */
    public void loadQueryMix(Path file) {
        try {
            List<SampledQuery> mix = QueryMixFile.read(file);
            queries.set(mix);
            long reads = mix.stream()
                    .filter(q -> q.command().isRead())
                    .mapToLong(SampledQuery::weight)
                    .sum();
            long writes = mix.stream()
                    .filter(q -> !q.command().isRead())
                    .mapToLong(SampledQuery::weight)
                    .sum();
            Path name = file.getFileName();
            queryMixSummary.set(Message.of(
                    "advisor.queries.summary",
                    String.valueOf(name == null ? file : name),
                    String.valueOf(mix.size()),
                    reads,
                    writes));
            jobs.showError(null);
        } catch (IllegalArgumentException e) {
            jobs.showError(RefusedInput.said(e));
        }
    }

    /** Drops the query mix. */
    public void clearQueryMix() {
        queries.set(List.of());
        queryMixSummary.set(Message.of("advisor.queries.none"));
    }

    // ---- candidates ----

    /**
     * Adds a candidate written as a pattern, e.g. {@code {state: 1, zip: 1}}.
     *
     * @return whether it was added; if not, {@link #errorProperty()} says why
     */
    public boolean addCandidate(String text) {
        ShardKeyPattern key;
        try {
            key = ShardKeyPattern.parse(text == null ? "" : text.strip());
        } catch (BsonParseException e) {
            // the message names the candidate: its problem alone, so the key is quoted once
            jobs.showError(Message.of("advisor.error.candidate", text == null ? "" : text.strip(), e.problem()));
            return false;
        } catch (InvalidShardKeyException e) {
            jobs.showError(Message.of("advisor.error.candidate", text == null ? "" : text.strip(), e.getMessage()));
            return false;
        }
        return add(key);
    }

    /** Adds a suggested key. */
    public boolean addSuggestion(SuggestedCandidate suggestion) {
        return add(suggestion.key());
    }

    private boolean add(ShardKeyPattern key) {
        if (candidates.contains(key)) {
            jobs.showError(Message.of("advisor.error.duplicate", key.toString()));
            return false;
        }
        Sample s = sample.get();
        if (s != null) {
            for (var field : key.fields()) {
                String head = field.path().split("\\.")[0];
                var profile = s.field(head);
                if (profile.isPresent() && profile.get().arrays() > 0) {
                    jobs.showError(Message.of(
                            "advisor.error.array",
                            key.toString(),
                            head,
                            profile.get().arrays(),
                            ShardKeyPattern.ARRAY_IN_SHARD_KEY));
                    return false;
                }
            }
        }
        candidates.add(key);
        jobs.showError(null);
        refreshSuggestions();
        return true;
    }

    /** Removes a candidate. */
    public void removeCandidate(ShardKeyPattern key) {
        candidates.remove(key);
        refreshSuggestions();
    }

    private void refreshSuggestions() {
        Sample s = sample.get();
        suggestions.setAll(s == null ? List.of() : CandidateSuggester.suggest(s, List.copyOf(candidates)));
    }

    // ---- cluster ----

    /** Sets the number of shards, 1 to {@value SimulationSetup#MAX_SHARDS}. */
    public void setShards(int n) {
        if (n < 1 || n > SimulationSetup.MAX_SHARDS) {
            throw new IllegalArgumentException(String.format(
                    "shards: between 1 and %s, got %s", // untranslated: a developer's contract (a bounded spinner)
                    SimulationSetup.MAX_SHARDS, n));
        }
        shards.set(n);
    }

    /** Sets the MongoDB version; the chunk size follows the version's default when it was at the old default. */
    public void setVersion(MongoVersion v) {
        Objects.requireNonNull(v, "version");
        boolean followDefault = chunkSizeMegabytes.get() == megabytes(version.get());
        version.set(v);
        if (followDefault) {
            chunkSizeMegabytes.set(megabytes(v));
        }
    }

    /** Sets the maximum chunk size, 1 to 1024 MB (MongoDB's range for {@code config.settings chunksize}). */
    public void setChunkSizeMegabytes(int mb) {
        if (mb < 1 || mb > 1024) {
            throw new IllegalArgumentException(String.format(
                    "chunkSizeMegabytes: between 1 and 1024, got %s", // untranslated: a developer's contract (a bounded
                    // spinner)
                    mb));
        }
        chunkSizeMegabytes.set(mb);
    }

    private static int megabytes(MongoVersion v) {
        return (int) (ReleaseRules.of(v).defaultChunkSizeBytes() / (1024 * 1024));
    }

    // ---- a live 7.0+ cluster ----

    /**
     * Makes the live collection's sampled queries ({@code $listSampledQueries}) the query mix; says
     * how to turn sampling on when there are none. Only after a live collection was loaded.
     */
    public void useSampledQueries() {
        if (!live.get() || jobs.busy()) {
            return;
        }
        LiveConnectionRequest request = liveRequest;
        String namespace = liveNamespace;
        Cancellation connection = new Cancellation();
        long job = jobs.start(Message.of("advisor.job.sampledQueries", namespace), connection);
        background.execute(() -> {
            try {
                SampledQueries.Mix mix = liveAnalysis.sampledQueries(request, namespace, connection);
                ui.execute(() -> {
                    if (jobs.current(job)) {
                        queries.set(mix.queries());
                        queryMixSummary.set(
                                mix.queries().isEmpty()
                                        ? Message.of(
                                                "advisor.queries.noneSampled",
                                                namespace,
                                                SampledQueries.howToSample(namespace))
                                        : Message.of(
                                                "advisor.queries.sampled",
                                                mix.queries().size(),
                                                namespace,
                                                mix.skipped().isEmpty()
                                                        ? ""
                                                        : Message.of(
                                                                "advisor.queries.leftOut",
                                                                mix.skipped().size(),
                                                                mix.skipped().get(0))));
                        clearResults();
                        jobs.finish(null);
                    }
                });
            } catch (RuntimeException e) {
                jobs.fail(job, e);
            }
        });
    }

    /**
     * Runs the server's own analyzeShardKey for each analysed candidate and shows its answer beside
     * ShardLab's ({@link #selectedServerAnswerProperty()}). Only after an analysis of a live sample.
     */
    public void askServer() {
        AdvisorReport r = report.get();
        if (!live.get() || jobs.busy() || r == null) {
            return;
        }
        LiveConnectionRequest request = liveRequest;
        String namespace = liveNamespace;
        Cancellation connection = new Cancellation();
        long job = jobs.start(Message.of("advisor.job.askServer", namespace), connection);
        background.execute(() -> {
            try {
                Map<ShardKeyPattern, ServerAnswerComparison> answers = new HashMap<>();
                for (CandidateReport c : r.candidates()) {
                    answers.put(
                            c.key(),
                            ServerAnswerComparison.of(
                                    AnalyzeShardKeyReply.of(c),
                                    liveAnalysis.serverAnswer(request, namespace, c.key(), connection)));
                }
                ui.execute(() -> {
                    if (jobs.current(job)) {
                        serverAnswers.clear();
                        serverAnswers.putAll(answers);
                        selectedServerAnswer.set(serverText(selected.get()));
                        jobs.finish(null);
                    }
                });
            } catch (RuntimeException e) {
                jobs.fail(job, e);
            }
        });
    }

    /**
     * Writes the comparison on screen to {@code file} as a picture (render's
     * {@link CandidateComparisonPainter}, 1400 px wide; png, svg or pdf by the file's extension), in
     * the light or dark theme, off the JavaFX thread; the stage line then says where it went, or
     * {@link #errorProperty()} why not. Does nothing without a comparison or while busy.
     *
     * @param messages the words the picture's verdicts and reasons are said in
     */
    public void exportComparison(Path file, boolean dark, Messages messages) {
        AdvisorReport r = report.get();
        if (jobs.busy() || r == null) {
            return;
        }
        String name =
                file.getFileName() == null ? "" : file.getFileName().toString().toLowerCase(Locale.ROOT);
        ExportFormat format;
        try {
            format = ExportFormat.parse(name.substring(name.lastIndexOf('.') + 1));
        } catch (IllegalArgumentException e) {
            jobs.showError(Message.of("advisor.error.exportName", String.valueOf(file.getFileName())));
            return;
        }
        CandidateComparison comparison = AdvisorComparison.of(r, messages);
        long job = jobs.start(Message.of("advisor.job.exporting", String.valueOf(file.getFileName())), null);
        background.execute(() -> {
            try {
                CandidateComparisonPainter painter =
                        new CandidateComparisonPainter(comparison, dark ? Theme.dark() : Theme.light(), "");
                AtomicFile.write(
                        file,
                        stream -> DiagramExporter.of(format)
                                .write(painter, new ExportSize(COMPARISON_WIDTH, 0, 1), stream));
                ui.execute(() -> {
                    if (jobs.current(job)) {
                        jobs.finish(Message.of("advisor.job.exported", file.toString()));
                    }
                });
            } catch (RuntimeException | Error e) {
                jobs.fail(job, e);
            }
        });
    }

    /** The server's answer beside ShardLab's for {@code row}: a heading, then one bullet per difference; null until asked. */
    private Message serverText(CandidateRow row) {
        ServerAnswerComparison a = row == null ? null : serverAnswers.get(row.key());
        if (a == null) {
            return null;
        }
        if (a.differences().isEmpty()) {
            return Message.of("advisor.server.agrees");
        }
        Message text = Message.of("advisor.server.differs", a.differences().size());
        for (ServerAnswerComparison.Difference d : a.differences()) {
            text = Message.of("advisor.server.bullet", text, d.describe());
        }
        return text;
    }

    // ---- analysis ----

    /** Analyses the candidates on the sample; does nothing unless {@link #canAnalyzeProperty()} holds. */
    public void analyze() {
        if (!canAnalyze.get()) {
            return;
        }
        Sample s = sample.get();
        List<ShardKeyPattern> keys = List.copyOf(candidates);
        List<SampledQuery> mix = queries.get();
        AdvisorSettings settings =
                AdvisorSettings.of(version.get(), shards.get()).withChunkSizeMegabytes(chunkSizeMegabytes.get());
        long job = jobs.start(Message.of("advisor.job.analysing", keys.size()), null);
        CancelToken cancel = jobs.cancelToken();
        background.execute(() -> {
            try {
                AdvisorReport result = new ShardKeyAdvisor(candidatesExecutor)
                        .analyze(s, keys, mix, settings, jobs.progressTo(job), cancel);
                ui.execute(() -> {
                    if (jobs.current(job)) {
                        show(result);
                        jobs.finish(null);
                    }
                });
            } catch (RuntimeException | Error e) {
                jobs.fail(job, e);
            }
        });
    }

    /** Stops the running load or analysis; what was shown before stays. */
    public void cancel() {
        jobs.cancel();
    }

    private void show(AdvisorReport r) {
        serverAnswers.clear();
        selectedServerAnswer.set(null);
        report.set(r);
        List<CandidateRow> list = new ArrayList<>();
        int pick = r.recommendation().index().orElse(-1);
        for (int i = 0; i < r.candidates().size(); i++) {
            list.add(CandidateRow.of(r.candidates().get(i), r.verdict(i)));
        }
        rows.setAll(list);
        List<Message> why = r.recommendation().reasons();
        // the sample-size caveat applies to every candidate, so it leads instead of hiding in each list
        caveat.set(r.candidates().stream()
                .flatMap(c -> c.findings().stream())
                .filter(f -> f.kind() == FindingKind.SMALL_SAMPLE)
                .map(Finding::message)
                .findFirst()
                .orElse(null));
        recommendation.set(why.get(0));
        reasons.setAll(why.subList(1, why.size()));
        selected.set(pick >= 0 ? list.get(pick) : list.get(0));
        suggestions.setAll(r.suggestions());
    }

    /** Text ShardLab's other packages wrote (an exception's message, a progress stage), shown as it is. */
    static Message verbatim(String text) {
        return Message.of("advisor.verbatim", text);
    }

    private void clearResults() {
        serverAnswers.clear();
        selectedServerAnswer.set(null);
        report.set(null);
        rows.clear();
        recommendation.set(null);
        caveat.set(null);
        reasons.clear();
        selected.set(null);
    }

    /** Shows the findings of {@code row}. */
    public void select(CandidateRow row) {
        selected.set(row);
        selectedServerAnswer.set(serverText(row));
    }

    // ---- properties ----

    public ReadOnlyObjectProperty<Sample> sampleProperty() {
        return sample.getReadOnlyProperty();
    }

    /** What the sample is, e.g. "zipcodes (shipped with ShardLab): 42,555 documents, 4.4 MB, fields …" in English. */
    public ReadOnlyObjectProperty<Message> sampleSummaryProperty() {
        return sampleSummary.getReadOnlyProperty();
    }

    public ReadOnlyObjectProperty<List<SampledQuery>> queriesProperty() {
        return queries.getReadOnlyProperty();
    }

    public ReadOnlyObjectProperty<Message> queryMixSummaryProperty() {
        return queryMixSummary.getReadOnlyProperty();
    }

    public ReadOnlyListProperty<ShardKeyPattern> candidatesProperty() {
        return candidates.getReadOnlyProperty();
    }

    /** Keys worth trying, from the sample's fields (and, after an analysis, from its report). */
    public ReadOnlyListProperty<SuggestedCandidate> suggestionsProperty() {
        return suggestions.getReadOnlyProperty();
    }

    public ReadOnlyIntegerProperty shardsProperty() {
        return shards.getReadOnlyProperty();
    }

    public ReadOnlyObjectProperty<MongoVersion> versionProperty() {
        return version.getReadOnlyProperty();
    }

    public ReadOnlyIntegerProperty chunkSizeMegabytesProperty() {
        return chunkSizeMegabytes.getReadOnlyProperty();
    }

    /** True while a load or an analysis runs. */
    public ReadOnlyBooleanProperty busyProperty() {
        return jobs.busyProperty();
    }

    /** The running job's completed fraction, 0 to 1. */
    public ReadOnlyDoubleProperty progressProperty() {
        return jobs.progressProperty();
    }

    /** What the running job does now, or what the last one came to; null for nothing. */
    public ReadOnlyObjectProperty<Message> stageProperty() {
        return jobs.stageProperty();
    }

    /** The last mistake or failure, one line; null when there is none. */
    public ReadOnlyObjectProperty<Message> errorProperty() {
        return jobs.errorProperty();
    }

    public ReadOnlyObjectProperty<AdvisorReport> reportProperty() {
        return report.getReadOnlyProperty();
    }

    /** One row per candidate of the last analysis, in the order given. */
    public ReadOnlyListProperty<CandidateRow> rowsProperty() {
        return rows.getReadOnlyProperty();
    }

    /** The recommendation's first sentence, e.g. "Recommended: { zip: 'hashed' }. …" in English; null before an analysis. */
    public ReadOnlyObjectProperty<Message> recommendationProperty() {
        return recommendation.getReadOnlyProperty();
    }

    /** Why the other candidates were not picked, one sentence each. */
    public ReadOnlyListProperty<Message> reasonsProperty() {
        return reasons.getReadOnlyProperty();
    }

    /** What limits every candidate's numbers (a sample too small for the chunk size); null when nothing does. */
    public ReadOnlyObjectProperty<Message> caveatProperty() {
        return caveat.getReadOnlyProperty();
    }

    /** Whether the sample came from a live collection: the live verbs can ask it. */
    public ReadOnlyBooleanProperty liveProperty() {
        return live.getReadOnlyProperty();
    }

    /** The server's analyzeShardKey beside ShardLab's for the selected candidate; null until asked. */
    public ReadOnlyObjectProperty<Message> selectedServerAnswerProperty() {
        return selectedServerAnswer.getReadOnlyProperty();
    }

    /** The row whose findings show. */
    public ReadOnlyObjectProperty<CandidateRow> selectedProperty() {
        return selected.getReadOnlyProperty();
    }

    /** Whether {@link #analyze()} would start: a sample, at least one candidate, nothing running. */
    public BooleanBinding canAnalyzeProperty() {
        return canAnalyze;
    }
}
