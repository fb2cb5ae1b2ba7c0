package io.shardlab.cli;

import io.shardlab.cluster.SnapshotFile;
import io.shardlab.key.ShardKeyPattern;
import io.shardlab.routing.Router;
import io.shardlab.cluster.MongoVersion;
import io.shardlab.sim.SimulationSnapshot;
import io.shardlab.workload.DatasetFile;
import io.shardlab.workload.InsertDocument;
import io.shardlab.workload.InsertPreparation;
import io.shardlab.workload.InsertStream;
import io.shardlab.workload.ReadDistribution;
import io.shardlab.workload.SimulationSetup;
import io.shardlab.workload.Workload;
import io.shardlab.workload.WorkloadRegistry;
import io.shardlab.workload.WorkloadSettings;
import io.shardlab.workload.WorkloadSimulation;
import io.shardlab.workload.WriteDistribution;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Optional;
import picocli.CommandLine;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code simulate}: inserts a workload or a dataset into an in-memory cluster of N shards running a
 * chosen MongoDB version's rules, then reports the final chunk layout, what each shard holds, and
 * where the writes went over time (meanMaxWriteShare).
 *
 * <p>The cluster: shards {@code shard01 … shardNN} added in order (the first is the database's
 * primary shard), the collection {@code test.<workload or file name>} sharded on {@code --key},
 * then the documents inserted at {@code --rate} per simulated second (balancer rounds, migrations,
 * auto-splits and auto-merges happen as simulated time passes), then in-flight migrations commit.
 */
@Command(name = "simulate", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Insert a workload or a dataset into a simulated sharded cluster and report the chunk layout, "
                + "the data per shard and where the writes went (meanMaxWriteShare: 1.0 = every write on one "
                + "shard, 1/N = perfectly even).")
final class SimulateCommand implements Runnable {

    @Spec
    private CommandSpec spec;

    private final WorkloadRegistry workloads;

    @Option(names = "--key", required = true, paramLabel = "PATTERN",
            description = "Shard key pattern, e.g. '{counter: 1}', '{_id: \"hashed\"}', '{month: 1, user: 1}'.")
    private String key;

    @Option(names = "--shards", required = true, paramLabel = "N", description = "Number of shards (1 to 1000).")
    private int shards;

    @ArgGroup(exclusive = true, multiplicity = "1")
    private Input input;

    /** Exactly one of a dataset file and a named workload. */
    static final class Input {
        @Option(names = "--dataset", paramLabel = "FILE",
                description = "JSON Lines (*.jsonl, *.ndjson, *.json) or CSV with a header (*.csv), optionally .gz; "
                        + "file order is insert order.")
        Path dataset;

        @Option(names = "--workload", paramLabel = "NAME", description = "A generated workload; see the list below.")
        String workload;
    }

    @Option(names = "--docs", paramLabel = "N",
            description = "Documents to insert (default: 100000 for a workload, the whole file for a dataset).")
    private Long docs;

    @Option(names = "--mongodb-version", paramLabel = "V", defaultValue = "8.0",
            description = "MongoDB version whose rules apply: 4.4, 5.0, 6.0, 7.0 or 8.0 (default: ${DEFAULT-VALUE}).")
    private String mongodbVersion;

    @Option(names = "--chunk-size", paramLabel = "MB",
            description = "Maximum chunk size in MB, 1 to 1024 (default: the version's, 64 before 6.0, 128 from 6.0).")
    private Integer chunkSizeMb;

    @Option(names = "--doc-size", paramLabel = "BYTES",
            description = "Count every document as at least this many bytes, as if padded (default: real BSON size).")
    private Integer docSize;

    @Option(names = "--seed", paramLabel = "S", defaultValue = "1",
            description = "Seed of the documents and of the simulation (default: ${DEFAULT-VALUE}).")
    private long seed;

    @Option(names = "--window", paramLabel = "W", defaultValue = "1000",
            description = "Inserts per window of the write distribution (default: ${DEFAULT-VALUE}).")
    private int window;

    @Option(names = "--rate", paramLabel = "DOCS_PER_SEC", defaultValue = "1000",
            description = "Inserts per simulated second; the balancer runs as simulated time passes "
                    + "(default: ${DEFAULT-VALUE}).")
    private double rate;

    @Option(names = "--snapshot-out", paramLabel = "FILE",
            description = "Write the final layout as a ShardLab snapshot file (what explain --snapshot reads).")
    private Path snapshotOut;

    @Option(names = "--queries", paramLabel = "N", defaultValue = "0",
            description = "Also route N queries of the workload's query mix on the final layout (default: none).")
    private int queries;

    @Option(names = "--verbose", description = "List every chunk, however many there are.")
    private boolean verbose;

    @Option(names = "--json", description = "Print one JSON object instead of the readable report.")
    private boolean json;

    SimulateCommand(WorkloadRegistry workloads) {
        this.workloads = workloads;
    }

    /** The command with its help footer listing the workloads. */
    static CommandLine commandLine(WorkloadRegistry workloads) {
        CommandLine cl = new CommandLine(new SimulateCommand(workloads));
        StringBuilder footer = new StringBuilder("%nWorkloads (--workload NAME, with the key its lesson uses):%n");
        for (Workload w : workloads.all()) {
            footer.append(String.format("  %-23s %s%n      %s%n", w.name(), w.suggestedKey().toString().replace("%", "%%"),
                    w.description().replace("%", "%%")));
        }
        cl.getCommandSpec().usageMessage().footer(footer.toString());
        return cl;
    }

    @Override
    public void run() {
        checkOptions();
        ShardKeyPattern pattern = ShardKeyPattern.parse(key);
        MongoVersion version = parseVersion();
        SimulationSetup setup = new SimulationSetup(version, shards,
                chunkSizeMb == null ? 0 : chunkSizeMb * 1024L * 1024L, seed, window, rate, docSize == null ? 0 : docSize);
        Workload workload = input.workload == null ? null : workloads.named(input.workload);
        String namespace = "test." + (workload != null ? workload.name() : baseName(input.dataset));
        WorkloadSettings settings = WorkloadSettings.of(docs != null ? docs
                : workload != null ? WorkloadSettings.DEFAULT_DOCS : Long.MAX_VALUE, seed);

        WorkloadSimulation simulation = new WorkloadSimulation(setup, namespace, pattern);
        if (workload != null) {
            workload.initialSplit(settings).ifPresent(simulation::preSplit);
        }
        InsertStream stream = workload != null ? workload.open(settings)
                : DatasetFile.open(input.dataset, settings, settings.docs());
        String source = stream.source();
        WriteDistribution writes = simulation.run(stream);
        SimulationSnapshot end = simulation.snapshot();
        Optional<ReadDistribution> reads = Optional.empty();
        if (queries > 0) {
            Router router = new Router(pattern, end.cluster().chunks(), version);
            reads = Optional.of(ReadDistribution.route(workload.queries(settings), queries, seed, router));
        }
        if (snapshotOut != null) {
            writeSnapshot(end, version);
        }
        SimulationOutcome outcome = new SimulationOutcome(pattern, source, seed, end, writes, simulation.events(), reads);
        PrintWriter out = spec.commandLine().getOut();
        out.println(json ? SimulationJson.render(outcome) : SimulationText.render(outcome, verbose));
        out.flush();
    }

    private void checkOptions() {
        if (shards < 1 || shards > SimulationSetup.MAX_SHARDS) {
            throw new IllegalArgumentException("--shards: between 1 and " + SimulationSetup.MAX_SHARDS
                    + " shards, got " + shards);
        }
        if (docs != null && docs < 1) {
            throw new IllegalArgumentException("--docs: at least 1 document, got " + docs);
        }
        // config.settings {_id: "chunksize"} accepts 1 to 1024 MB (mongo balancer_configuration.cpp schema)
        if (chunkSizeMb != null && (chunkSizeMb < 1 || chunkSizeMb > 1024)) {
            throw new IllegalArgumentException("--chunk-size: between 1 and 1024 MB, got " + chunkSizeMb);
        }
        if (docSize != null && (docSize < InsertDocument.EMPTY_DOCUMENT_SIZE
                || docSize > InsertPreparation.MAX_BSON_OBJECT_SIZE)) {
            throw new IllegalArgumentException("--doc-size: between " + InsertDocument.EMPTY_DOCUMENT_SIZE + " and "
                    + InsertPreparation.MAX_BSON_OBJECT_SIZE + " bytes (16 MiB, MongoDB's maximum document size), got "
                    + docSize);
        }
        if (window < 1) {
            throw new IllegalArgumentException("--window: at least 1 insert per window, got " + window);
        }
        if (!(rate > 0) || Double.isInfinite(rate)) {
            throw new IllegalArgumentException("--rate: inserts per second must be positive, got " + rate);
        }
        if (queries < 0) {
            throw new IllegalArgumentException("--queries: not negative, got " + queries);
        }
        if (queries > 0 && input.workload == null) {
            throw new IllegalArgumentException("--queries: needs --workload; a dataset file has no query mix");
        }
    }

    private MongoVersion parseVersion() {
        try {
            return MongoVersion.parseSimulated(mongodbVersion);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("--mongodb-version: " + e.getMessage());
        }
    }

    private void writeSnapshot(SimulationSnapshot end, MongoVersion version) {
        SnapshotFile.Contents contents = new SnapshotFile.Contents(end.cluster(), end.chunkStatistics(),
                capturedAt(end), "simulated MongoDB " + version.label());
        try {
            SnapshotFile.write(snapshotOut, contents);
        } catch (UncheckedIOException e) {
            throw new IllegalArgumentException(e.getMessage());
        }
    }

    /** {@code cities} for {@code data/cities.jsonl.gz}. */
    static String baseName(Path file) {
        String name = file.getFileName().toString();
        int dot = name.indexOf('.');
        return dot > 0 ? name.substring(0, dot) : name;
    }

    /** The instant a run's snapshot is stamped with: the start of the simulated day plus simulated time. */
    static Instant capturedAt(SimulationSnapshot s) {
        return WorkloadSettings.DEFAULT_START.plusMillis(s.atMillis());
    }
}
