package io.shardlab.cli;

import io.shardlab.advisor.AdvisorReport;
import io.shardlab.advisor.AdvisorSettings;
import io.shardlab.advisor.AnalyzeShardKeyReply;
import io.shardlab.advisor.CancelToken;
import io.shardlab.advisor.CandidateReport;
import io.shardlab.advisor.DatasetFileSampleSource;
import io.shardlab.advisor.IndexListFile;
import io.shardlab.advisor.ProgressListener;
import io.shardlab.advisor.QueryMixFile;
import io.shardlab.advisor.Sample;
import io.shardlab.advisor.SampleLoader;
import io.shardlab.advisor.SampleSource;
import io.shardlab.advisor.SampledQuery;
import io.shardlab.advisor.ServerAnswerComparison;
import io.shardlab.advisor.ShardKeyAdvisor;
import io.shardlab.advisor.ShippedDataset;
import io.shardlab.cluster.MongoVersion;
import io.shardlab.key.ShardKeyPattern;
import io.shardlab.live.LiveClusterException;
import io.shardlab.live.LiveCollectionSampleSource;
import io.shardlab.live.LiveConnection;
import io.shardlab.live.LiveConnectionRequest;
import io.shardlab.live.LiveConnector;
import io.shardlab.live.SampledQueries;
import io.shardlab.live.ServerShardKeyAnalysis;
import io.shardlab.render.CandidateComparisonPainter;
import io.shardlab.render.ExportSize;
import io.shardlab.render.Theme;
import io.shardlab.session.AdvisorComparison;
import io.shardlab.text.Message;
import io.shardlab.text.Messages;
import io.shardlab.text.RefusedInput;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code analyze}: compares candidate shard keys on a sample of documents, in analyzeShardKey's
 * terms plus the layout each key produces when the sample is replayed into a simulated cluster,
 * and recommends one ({@link ShardKeyAdvisor}).
 *
 * <p>The command's one pool, of at most two threads, parses a JSON Lines file's lines while the sample loads
 * and then extracts the candidates' keys and analyses the candidates. Progress goes to standard error when it
 * is a terminal, or always with {@code --progress}.
 */
@Command(name = "analyze", mixinStandardHelpOptions = true, sortOptions = false)
final class AnalyzeCommand implements Runnable {

    private final CliLanguage language;

    AnalyzeCommand(CliLanguage language) {
        this.connection = new ConnectionOptions(language);
        this.language = language;
    }

    /** {@code --sample-size} when not given: documents drawn from a live collection. */
    static final int DEFAULT_SAMPLE_SIZE = 10_000;

    @Spec
    private CommandSpec spec;

    @ArgGroup(exclusive = true, multiplicity = "1")
    private Input input;

    /** Where the sample comes from: a file or shipped dataset, or a live server. */
    static final class Input {
        @Option(names = "--dataset", required = true, paramLabel = "FILE")
        String dataset;

        @Option(names = "--uri", required = true, paramLabel = "URI")
        String uri;
    }

    @Option(names = "--ns", paramLabel = "NS")
    private String namespace;

    @Option(names = "--sample-size", paramLabel = "N")
    private Integer sampleSize;

    @Mixin
    private ConnectionOptions connection;

    @Option(names = "--key", required = true, paramLabel = "PATTERN")
    private List<String> keys = new ArrayList<>();

    @Option(names = "--shards", paramLabel = "N", defaultValue = "4")
    private int shards;

    @Option(names = "--chunk-size", paramLabel = "MB")
    private Integer chunkSizeMb;

    @Option(names = "--mongodb-version", paramLabel = "V", defaultValue = "8.0")
    private String mongodbVersion;

    @Option(names = "--queries", paramLabel = "FILE")
    private Path queries;

    @Option(names = "--indexes", paramLabel = "FILE")
    private Path indexes;

    @Option(names = "--sampled-queries")
    private boolean sampledQueries;

    @Option(names = "--server-analyze")
    private boolean serverAnalyze;

    @Option(names = "--docs", paramLabel = "N")
    private Long docs;

    @Option(names = "--seed", paramLabel = "S", defaultValue = "1")
    private long seed;

    @Option(names = "--json")
    private boolean json;

    @Option(names = "--progress")
    private boolean progress;

    @Option(names = "--out", paramLabel = "FILE")
    private Path out;

    @Option(names = "--format", paramLabel = "FORMAT")
    private String format;

    @Option(names = "--width", paramLabel = "W", defaultValue = "1400")
    private int width;

    @Option(names = "--theme", paramLabel = "THEME", defaultValue = "light")
    private String theme;

    /** The words of the command's own messages (the text report), in {@code --lang}'s; {@code --json} is English. */
    private Messages messages() {
        return language.words();
    }

    @Override
    public void run() {
        AdvisorSettings settings = settings();
        checkPictureOptions();
        OptionBounds.SAMPLE_DOCS.checkIfGiven(docs);
        OptionBounds.SAMPLE_SIZE.checkIfGiven(sampleSize);
        List<ShardKeyPattern> candidates = new ArrayList<>();
        for (String k : keys) {
            candidates.add(ShardKeyPattern.parse(k));
        }
        if (Set.copyOf(candidates).size() != candidates.size()) {
            throw new RefusedInput(Message.of("cli.analyze.keyTwice", candidates.toString()));
        }
        if ((sampledQueries || serverAnalyze) && input.uri == null) {
            throw new RefusedInput(Message.of(
                    "cli.analyze.onlyWithLiveCluster", sampledQueries ? "--sampled-queries" : "--server-analyze"));
        }
        if (sampledQueries && queries != null) {
            throw new RefusedInput(Message.of("cli.analyze.oneQueryMix"));
        }
        List<SampledQuery> fileMix = queries == null ? List.of() : QueryMixFile.read(queries);
        PrintWriter err = spec.commandLine().getErr();
        ProgressListener listener = progress || System.console() != null
                ? new ProgressPrinter(err, System.console() != null, messages())
                : ProgressListener.NONE;
        // the CLI's one pool: BackgroundTasks is the app's (ui.tasks), which the CLI may not use; the advisor
        // takes any Executor, so a CLI-side task object would replace only these lines
        ExecutorService pool =
                Executors.newFixedThreadPool(Math.min(2, Runtime.getRuntime().availableProcessors()), r -> {
                    Thread t = new Thread(r, "shardlab-analyze");
                    t.setDaemon(true);
                    return t;
                });
        try {
            analyze(candidates, settings, fileMix, listener, pool);
        } finally {
            pool.shutdownNow();
        }
    }

    /** Loads the sample (a file's lines parsed on {@code pool}) and analyses it on {@code pool}. */
    private void analyze(
            List<ShardKeyPattern> candidates,
            AdvisorSettings settings,
            List<SampledQuery> fileMix,
            ProgressListener listener,
            ExecutorService pool) {
        PrintWriter err = spec.commandLine().getErr();
        SampleLoader loader = new SampleLoader(listener, CancelToken.none(), pool);
        long limit = docs == null ? Long.MAX_VALUE : docs;
        if (input.dataset != null) {
            analyze(candidates, settings, fileMix, datasetSample(loader, limit), listener, null, pool);
            return;
        }
        try (LiveConnection live = new LiveConnector().connect(liveRequest())) {
            Sample sample = loader.load(new LiveCollectionSampleSource(live, namespace, liveSampleSize()), limit);
            List<SampledQuery> mix = fileMix;
            if (sampledQueries) {
                SampledQueries.Mix read = SampledQueries.read(live, namespace);
                mix = read.queries();
                err.println(
                        read.skipped().isEmpty()
                                ? language.text(
                                        "cli.analyze.sampledQueries",
                                        read.queries().size(),
                                        namespace)
                                : language.text(
                                        "cli.analyze.sampledQueriesSkipped",
                                        read.queries().size(),
                                        namespace,
                                        read.skipped().size(),
                                        String.valueOf(read.skipped().get(0))));
                if (read.queries().isEmpty()) {
                    err.println(language.text("cli.analyze.noSampledQueries", SampledQueries.howToSample(namespace)));
                }
                err.flush();
            }
            analyze(candidates, settings, mix, sample, listener, serverAnalyze ? live : null, pool);
        } catch (LiveClusterException e) {
            throw new RefusedInput(e.said(), e);
        }
    }

    /** Analyses and prints; with {@code server}, beside the server's own analyzeShardKey for each candidate. */
    private void analyze(
            List<ShardKeyPattern> candidates,
            AdvisorSettings settings,
            List<SampledQuery> mix,
            Sample loaded,
            ProgressListener listener,
            LiveConnection server,
            ExecutorService pool) {
        Sample sample = indexes == null ? loaded : loaded.withIndexes(IndexListFile.read(indexes));
        AdvisorReport report =
                new ShardKeyAdvisor(pool).analyze(sample, candidates, mix, settings, listener, CancelToken.none());
        if (listener instanceof ProgressPrinter printer) {
            printer.finish();
        }
        List<Optional<ServerAnswerComparison>> answers = new ArrayList<>();
        for (CandidateReport c : report.candidates()) {
            answers.add(
                    server == null
                            ? Optional.empty()
                            : Optional.of(ServerAnswerComparison.of(
                                    AnalyzeShardKeyReply.of(c),
                                    ServerShardKeyAnalysis.run(server, namespace, c.key()))));
        }
        PrintWriter printed = spec.commandLine().getOut();
        printed.println(
                json
                        ? AnalysisJson.render(report, sample, answers)
                        : AnalysisText.render(report, sample, answers, messages()));
        if (out != null) {
            writePicture(report, messages());
            // after the report, on standard error, so that --json's output stays one JSON object
            spec.commandLine()
                    .getErr()
                    .println(language.text(
                            "cli.analyze.wrote",
                            out.toString(),
                            pictureFile().format().extension(),
                            report.candidates().size()));
            spec.commandLine().getErr().flush();
        }
        printed.flush();
    }

    /** The --out options checked before the analysis starts, so a bad one costs no sampling. */
    private void checkPictureOptions() {
        if (out == null) {
            if (format != null) {
                throw new RefusedInput(Message.of("cli.analyze.formatNeedsOut"));
            }
            return;
        }
        PictureFile file = pictureFile();
        OptionBounds.WIDTH.check(width);
        OptionValue.parsed("--theme", theme, Theme::named);
        file.checkWritable();
    }

    private PictureFile pictureFile() {
        return PictureFile.of(format, out);
    }

    private void writePicture(AdvisorReport report, Messages messages) {
        pictureFile()
                .write(
                        new CandidateComparisonPainter(
                                AdvisorComparison.of(report, messages), Theme.named(theme), "", language.language()),
                        new ExportSize(width, 0, 1));
    }

    /** Loads a file or shipped dataset (a live collection's {@code $sample} is loaded through its connection). */
    private Sample datasetSample(SampleLoader loader, long limit) {
        if (namespace != null || sampleSize != null) {
            throw new RefusedInput(
                    Message.of("cli.analyze.onlyWithLiveCollection", namespace != null ? "--ns" : "--sample-size"));
        }
        return loader.load(source(input.dataset), limit);
    }

    private LiveConnectionRequest liveRequest() {
        if (namespace == null) {
            throw new RefusedInput(Message.of("cli.analyze.nsRequired"));
        }
        liveSampleSize();
        return connection.request(input.uri);
    }

    private int liveSampleSize() {
        int size = sampleSize == null ? DEFAULT_SAMPLE_SIZE : sampleSize;
        return size;
    }

    private AdvisorSettings settings() {
        OptionBounds.SHARDS.check(shards);
        OptionBounds.CHUNK_SIZE_MB.checkIfGiven(chunkSizeMb);
        MongoVersion version = OptionValue.named("--mongodb-version", mongodbVersion, MongoVersion::parseModelled);
        AdvisorSettings s = AdvisorSettings.of(version, shards).withSeed(seed);
        return chunkSizeMb == null ? s : s.withChunkSizeMegabytes(chunkSizeMb);
    }

    /** A file when one exists at {@code name}; else a shipped dataset of that name; else the file's error. */
    static SampleSource source(String name) {
        Path file = Path.of(name);
        if (!Files.exists(file)) {
            for (ShippedDataset d : ShippedDataset.values()) {
                if (d.datasetName().equals(name)) {
                    return d;
                }
            }
            throw new RefusedInput(Message.of("cli.analyze.noSuchDataset", name));
        }
        return new DatasetFileSampleSource(file);
    }
}
