package io.shardlab.cli;

import io.shardlab.bson.BsonPrinter;
import io.shardlab.cluster.ClusterSnapshot;
import io.shardlab.cluster.MongoVersion;
import io.shardlab.cluster.SnapshotFile;
import io.shardlab.key.ShardKeyPattern;
import io.shardlab.live.BalancerState;
import io.shardlab.live.BalancingFlags;
import io.shardlab.live.ChunkContents;
import io.shardlab.live.SourceLayout;
import io.shardlab.live.SourceRelease;
import io.shardlab.routing.Router;
import io.shardlab.sim.BalancerDecision;
import io.shardlab.sim.BalancerRoundsRun;
import io.shardlab.sim.ConfigureDefragmentation;
import io.shardlab.sim.DrainRehearsal;
import io.shardlab.sim.SetAutoMerge;
import io.shardlab.sim.SetAutoSplit;
import io.shardlab.sim.SimulationSnapshot;
import io.shardlab.text.Message;
import io.shardlab.text.RefusedInput;
import io.shardlab.workload.DatasetFile;
import io.shardlab.workload.InsertStream;
import io.shardlab.workload.ReadDistribution;
import io.shardlab.workload.SimulationSetup;
import io.shardlab.workload.Workload;
import io.shardlab.workload.WorkloadRegistry;
import io.shardlab.workload.WorkloadSettings;
import io.shardlab.workload.WorkloadSimulation;
import io.shardlab.workload.WriteDistribution;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code simulate}: inserts a workload or a dataset into an in-memory cluster running a chosen
 * MongoDB version's rules, or starts that cluster from a real collection's layout, optionally
 * runs balancer rounds with no inserts, and reports the final chunk layout, what each shard holds,
 * where the writes went (meanMaxWriteShare) and the migrations the balancer made.
 *
 * <p>A new cluster: shards {@code shard01 … shardNN} added in order (the first is the database's
 * primary shard), the collection {@code test.<workload or file name>} sharded on {@code --key},
 * then the documents inserted at {@code --rate} per simulated second (balancer rounds, migrations,
 * auto-splits and auto-merges happen as simulated time passes), then in-flight migrations commit.
 *
 * <p>From a layout ({@code --uri}, {@code --snapshot}, {@code --config-dump}, see
 * {@link LayoutSourceOptions}): the source's shards, chunks (bounds, shards, jumbo flags,
 * versions) and zones are loaded instead ({@link io.shardlab.sim.LoadLayout}), with per-chunk contents from the
 * best figures the source has ({@link ChunkContents}); the version is the source server's when it
 * is known and modelled, and the chunk size the collection's {@code maxChunkSizeBytes}, else
 * config.settings {@code chunksize}, else the version's default (mongo
 * {@code src/mongo/db/s/balancer/balancer.cpp}:
 * {@code coll.getMaxChunkSizeBytes().value_or(balancerConfig->getMaxChunkSizeBytes())}). Inserts
 * may follow; {@code --balancer-rounds N} then runs N rounds with no inserts and lists the
 * migrations they make. Every assumption is stated in the report.
 */
@Command(name = "simulate", mixinStandardHelpOptions = true, sortOptions = false)
final class SimulateCommand implements Runnable {

    @Spec
    private CommandSpec spec;

    private final WorkloadRegistry workloads;
    private final Clock clock;
    /** The language of the command's own report parts ({@code --drain}); {@code --json} stays English. */
    private final CliLanguage language;

    @Mixin
    private LayoutSourceOptions source;

    @Option(names = "--key", paramLabel = "PATTERN")
    private String key;

    @Option(names = "--shards", paramLabel = "N")
    private Integer shards;

    @Mixin
    private SimulationOptions sim;

    @Mixin
    private InitialSplitOptions initialSplit;

    @Option(names = "--snapshot-out", paramLabel = "FILE")
    private Path snapshotOut;

    @Option(names = "--balancer-rounds", paramLabel = "N")
    private Integer balancerRounds;

    @Option(names = "--balancer-decision")
    private boolean balancerDecision;

    @Option(names = "--drain", paramLabel = "SHARD")
    private String drainShard;

    @Option(names = "--queries", paramLabel = "N", defaultValue = "0")
    private int queries;

    @Option(names = "--verbose")
    private boolean verbose;

    @Option(names = "--json")
    private boolean json;

    /** The balancer's next round on the final layout ({@code --balancer-decision}). */
    private BalancerDecision decision;

    /** The removal of {@code --drain}'s shard, rehearsed on the final layout. */
    private DrainRehearsal.Result drain;

    /** The most balancer rounds one run may ask for. */
    static final int MAX_ROUNDS = 100_000;

    SimulateCommand(WorkloadRegistry workloads, Clock clock, CliLanguage language) {
        this.workloads = workloads;
        this.clock = clock;
        this.language = language;
        this.source = new LayoutSourceOptions(language);
    }

    /** The command with its help footer listing the workloads (its heading is the bundle's). */
    static CommandLine commandLine(WorkloadRegistry workloads, Clock clock, CliLanguage language) {
        CommandLine cl = new CommandLine(new SimulateCommand(workloads, clock, language));
        StringBuilder footer = new StringBuilder();
        for (Workload w : workloads.all()) {
            footer.append(String.format(
                    "  %-23s %s%n      %s%n",
                    w.name(),
                    w.suggestedKey().toString().replace("%", "%%"),
                    w.description().replace("%", "%%")));
        }
        cl.getCommandSpec().usageMessage().footer(footer.toString());
        return cl;
    }

    @Override
    public void run() {
        checkOptions();
        SimulationOutcome outcome = source.isGiven() ? runOnLayout() : runOnNewCollection();
        PrintWriter out = spec.commandLine().getOut();
        out.println(json ? SimulationJson.render(outcome) : SimulationText.render(outcome, verbose, language.words()));
        if (balancerDecision && !json) {
            out.print(BalancerDecisionText.render(decision, outcome.key(), language.words()));
        }
        if (drain != null) {
            out.print(DrainRehearsalText.render(drain, language.words()));
        }
        out.flush();
    }

    /** A new cluster of {@code --shards} shards with the collection sharded on {@code --key}. */
    private SimulationOutcome runOnNewCollection() {
        if (key == null) {
            throw new RefusedInput(Message.of("cli.simulate.keyRequired"));
        }
        if (shards == null) {
            throw new RefusedInput(Message.of("cli.simulate.shardsRequired"));
        }
        if (sim.input == null) {
            throw new RefusedInput(Message.of("cli.simulate.inputRequired"));
        }
        ShardKeyPattern pattern = ShardKeyPattern.parse(key);
        MongoVersion version = sim.mongodbVersion == null ? MongoVersion.V8_0 : parseVersion();
        SimulationSetup setup = new SimulationSetup(
                version,
                shards,
                sim.chunkSizeMb == null ? 0 : sim.chunkSizeMb * 1024L * 1024L,
                sim.seed,
                sim.window,
                sim.rate,
                sim.docSizeBytes());
        Workload workload = sim.input.workload == null ? null : workloads.named(sim.input.workload);
        String namespace = "test." + (workload != null ? workload.name() : baseName(sim.input.dataset));
        WorkloadSimulation simulation = new WorkloadSimulation(
                setup, initialSplit.beforeSharding(namespace), initialSplit.shardCollection(namespace, pattern));
        if (workload != null) {
            workload.initialSplit(settings(workload)).ifPresent(simulation::preSplit);
        }
        return finish(simulation, pattern, workload, Optional.empty());
    }

    /** The cluster of a layout read from the source, then the inserts and rounds asked for. */
    private SimulationOutcome runOnLayout() {
        if (shards != null) {
            throw new RefusedInput(Message.of("cli.simulate.shardsWithSource", source.describe()));
        }
        SourceLayout loaded = source.layout(clock);
        ClusterSnapshot cluster = loaded.cluster();
        ShardKeyPattern pattern = cluster.key();
        if (key != null && !ShardKeyPattern.parse(key).equals(pattern)) {
            throw new RefusedInput(Message.of(
                    "cli.simulate.otherKey",
                    ShardKeyPattern.parse(key).toString(),
                    cluster.namespace(),
                    pattern.toString()));
        }
        ClusterOptions.requireSimulatedShardCount(cluster);
        List<Message> notes = new ArrayList<>();
        MongoVersion version = version(loaded, notes);
        long chunkSize = chunkSize(loaded, version, notes);
        ChunkContents contents = loaded.contents();
        notes.add(Message.of("cli.simulate.note.contents", contents.description()));
        loaded.layout()
                .migrations()
                .forEach(m -> notes.add(Message.of(
                        "cli.simulate.note.migration",
                        BsonPrinter.shell(m.min().toDocument(pattern)),
                        BsonPrinter.shell(m.max().toDocument(pattern)),
                        m.fromShard(),
                        m.toShard())));
        if (!contents.perChunk().isEmpty()) {
            notes.add(Message.of("cli.simulate.note.documentKeys"));
        }
        SimulationSetup setup = new SimulationSetup(
                version, cluster.shards().size(), chunkSize, sim.seed, sim.window, sim.rate, sim.docSizeBytes());
        WorkloadSimulation simulation = WorkloadSimulation.fromLayout(setup, loaded.load());
        applySourceSettings(loaded, simulation, version, notes);
        loaded.metadata().notes().forEach(n -> notes.add(Message.of("cli.simulate.note.source", n)));
        Workload workload =
                sim.input == null || sim.input.workload == null ? null : workloads.named(sim.input.workload);
        SimulationOutcome.LayoutOrigin origin = new SimulationOutcome.LayoutOrigin(
                cluster.namespace(),
                loaded.metadata().source(),
                cluster.chunks().size(),
                contents.basis().label,
                notes);
        return finish(simulation, pattern, workload, Optional.of(origin));
    }

    /** Inserts (when asked), balancer rounds (when asked), queries, the snapshot file; the outcome. */
    private SimulationOutcome finish(
            WorkloadSimulation simulation,
            ShardKeyPattern pattern,
            Workload workload,
            Optional<SimulationOutcome.LayoutOrigin> origin) {
        WriteDistribution writes;
        Optional<String> inserted = Optional.empty();
        if (sim.input != null) {
            WorkloadSettings settings = settings(workload);
            InsertStream stream = workload != null
                    ? workload.open(settings)
                    : DatasetFile.open(sim.input.dataset, settings, settings.docs());
            inserted = Optional.of(stream.source());
            writes = simulation.run(stream);
        } else {
            writes = simulation.noWrites();
        }
        Optional<BalancerRoundsRun> rounds =
                balancerRounds == null ? Optional.empty() : Optional.of(simulation.runBalancerRounds(balancerRounds));
        decision = simulation.cluster().balancerDecision();
        SimulationSnapshot end = simulation.snapshot();
        MongoVersion version = end.version();
        Optional<ReadDistribution> reads = Optional.empty();
        if (queries > 0) {
            Router router = new Router(pattern, end.cluster().chunks(), version);
            reads = Optional.of(
                    ReadDistribution.route(workload.queries(settings(workload)), queries, sim.seed, router));
        }
        if (snapshotOut != null) {
            writeSnapshot(end, version);
        }
        if (drainShard != null) {
            drain = DrainRehearsal.run(simulation.cluster(), drainShard, MAX_ROUNDS);
        }
        return new SimulationOutcome(
                pattern, inserted, sim.seed, end, writes, simulation.events(), reads, origin, rounds);
    }

    private WorkloadSettings settings(Workload workload) {
        return sim.settings(workload);
    }

    private void checkOptions() {
        sim.check();
        if (source.isGiven()) {
            initialSplit.refuseWith(source.describe());
        }
        OptionBounds.SHARDS.checkIfGiven(shards);
        OptionBounds.QUERIES.check(queries);
        if (drainShard != null && json) {
            throw new RefusedInput(Message.of("cli.simulate.drainIsText"));
        }
        if (balancerDecision && json) {
            throw new RefusedInput(Message.of("cli.simulate.decisionIsText"));
        }
        if (queries > 0 && (sim.input == null || sim.input.workload == null)) {
            throw new RefusedInput(Message.of("cli.simulate.queriesNeedWorkload"));
        }
        OptionBounds.BALANCER_ROUNDS.checkIfGiven(balancerRounds);
        if (snapshotOut != null) {
            OptionValue.checkWritable("--snapshot-out", snapshotOut);
        }
    }

    /**
     * The version: --mongodb-version, else the source's release ({@link SourceLayout#release()}: recorded or
     * inferred), else 8.0 when the source's release is older than ShardLab models; noted.
     */
    private MongoVersion version(SourceLayout loaded, List<Message> notes) {
        SourceRelease release = loaded.release();
        if (sim.mongodbVersion != null) {
            MongoVersion v = parseVersion();
            notes.add(SourceRelease.modellingNote(v)
                    .map(n -> Message.of("cli.simulate.note.versionChosenModelled", v.toString(), release.said(), n))
                    .orElse(Message.of("cli.simulate.note.versionChosen", v.toString(), release.said())));
            return v;
        }
        MongoVersion simulated = loaded.simulatedVersion();
        if (!simulated.equals(release.version())) {
            notes.add(Message.of(
                    "cli.simulate.note.versionOlder",
                    simulated.toString(),
                    release.version().toString(),
                    release.found()));
            return simulated;
        }
        notes.add(Message.of(
                release.guessed() ? "cli.simulate.note.releaseGuessed" : "cli.simulate.note.release", release.said()));
        return simulated;
    }

    /**
     * The max chunk size in bytes (0 for the version's default): --chunk-size, else the
     * collection's {@code maxChunkSizeBytes}, else config.settings {@code chunksize}; noted.
     */
    private long chunkSize(SourceLayout loaded, MongoVersion version, List<Message> notes) {
        if (sim.chunkSizeMb != null) {
            notes.add(Message.of("cli.simulate.note.chunkSizeOption", sim.chunkSizeMb));
            return sim.chunkSizeMb * 1024L * 1024L;
        }
        SourceLayout.ChunkSize set = loaded.chunkSize();
        switch (set.origin()) {
            case COLLECTION ->
                notes.add(Message.of("cli.simulate.note.chunkSizeCollection", ShellNumbers.dataFormat(set.bytes())));
            case SETTINGS ->
                notes.add(Message.of("cli.simulate.note.chunkSizeSettings", set.bytes() / (1024L * 1024L)));
            case RELEASE_DEFAULT -> notes.add(Message.of("cli.simulate.note.chunkSizeDefault", version.toString()));
        }
        return set.bytes();
    }

    /**
     * The source's switches that change what the simulated balancer does: auto-merge and
     * auto-split off and a defragmentation in progress are applied; a stopped balancer, a collection excluded from balancing and an
     * active window are not (the rounds show what the balancer would do once it runs), and say so.
     */
    private static void applySourceSettings(
            SourceLayout loaded, WorkloadSimulation simulation, MongoVersion version, List<Message> notes) {
        BalancerState balancer = loaded.metadata().balancer();
        BalancingFlags flags = loaded.layout().entry().flags();
        String ns = loaded.cluster().namespace();
        if (balancer != null && !balancer.enabled()) {
            notes.add(Message.of("cli.simulate.note.balancerOff", balancer.mode()));
        }
        if (!flags.balancing()) {
            notes.add(Message.of("cli.simulate.note.noBalance", ns));
        } else if (!flags.migrationsAllowed()) {
            notes.add(Message.of("cli.simulate.note.migrationsBlocked", ns));
        }
        if (balancer != null && balancer.activeWindow() != null) {
            notes.add(Message.of(
                    "cli.simulate.note.window",
                    String.valueOf(balancer.activeWindow().start()),
                    String.valueOf(balancer.activeWindow().stop())));
        }
        if (version.atLeast(MongoVersion.V7_0)
                && ((balancer != null && Boolean.FALSE.equals(balancer.autoMerge()))
                        || Boolean.FALSE.equals(flags.enableAutoMerge()))) {
            simulation.cluster().execute(new SetAutoMerge(false));
            notes.add(Message.of("cli.simulate.note.autoMergeOff"));
        }
        if (Boolean.TRUE.equals(flags.defragmentCollection())) {
            if (version.atLeast(MongoVersion.V5_3)) {
                // config.collections defragmentCollection: the balancer goes on defragmenting the collection
                // (mongo balancer_defragmentation_policy_impl.cpp, startCollectionDefragmentations at its start)
                simulation.cluster().execute(new ConfigureDefragmentation(ns, true));
                notes.add(Message.of("cli.simulate.note.defragmenting", ns));
            } else {
                notes.add(Message.of("cli.simulate.note.defragmentingNotModelled", ns, version.label()));
            }
        }
        if (!version.atLeast(MongoVersion.V6_0)
                && ((balancer != null && !balancer.autoSplit()) || Boolean.TRUE.equals(flags.noAutoSplit()))) {
            simulation.cluster().execute(new SetAutoSplit(false));
            notes.add(Message.of("cli.simulate.note.autoSplitOff"));
        }
    }

    private MongoVersion parseVersion() {
        return sim.parseVersion();
    }

    private void writeSnapshot(SimulationSnapshot end, MongoVersion version) {
        SnapshotFile.Contents contents = new SnapshotFile.Contents(
                end.cluster(),
                end.chunkStatistics(),
                capturedAt(end),
                "simulated MongoDB " + version.label()); // untranslated: the snapshot file's source field
        OptionValue.inFile("--snapshot-out", () -> SnapshotFile.write(snapshotOut, contents));
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
