package io.shardlab.session;

import io.shardlab.cluster.MongoVersion;
import io.shardlab.cluster.ReleaseRules;
import io.shardlab.sim.ShardingSetup;
import io.shardlab.text.Message;
import io.shardlab.text.RefusedInput;
import io.shardlab.workload.StreamStep;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * Everything the explorer needs to set up an in-memory cluster and a stream: a lesson's "try this",
 * or the explorer's own toolbar state. Plain text where a user or a lesson file types it (the key
 * pattern, the split points, the filter), so a lesson can ship it verbatim and the explorer
 * validates it with MongoDB's messages when it loads the scenario.
 *
 * <p>Only the shape is checked here (ranges, non-blank names); the launcher checks the meaning
 * (the key parses, the workload exists, the split points are keys of that pattern) and refuses
 * with a one-line message naming the field.
 *
 * @param namespace the collection, {@code "db.collection"}
 * @param keyPattern the shard key as mongosh text, e.g. {@code "{ ts: 1 }"} or {@code "{ user: 'hashed' }"}
 * @param shards number of shards, 1 to {@value #MAX_SHARDS} (the explorer's palette has 16 distinct colours)
 * @param version the MongoDB release whose rules apply; 4.0 or later ({@link MongoVersion#modelledLine()})
 * @param chunkSizeMegabytes the maximum chunk size in MB, 1 to 1024 as {@code config.settings chunksize}
 *     allows, or 0 for the version's default (64 MB before 6.0, 128 MB from 6.0)
 * @param workload the insert stream: a name in the workload registry, e.g. {@code "monotonic"}, or
 *     {@value #DATASET_PREFIX} and a file path to replay a dataset file (JSON Lines or CSV, see
 *     {@link io.shardlab.workload.DatasetFile}), e.g. {@code "file:/data/orders.jsonl"}
 * @param documents how many documents the stream inserts, 1 to {@value #MAX_DOCUMENTS} (a dataset may
 *     hold fewer)
 * @param docsPerSecond the insert pace in simulated time, positive
 * @param splitPoints split points to cut the empty collection at before the first insert, each a
 *     key document as mongosh text, e.g. {@code "{ ts: 1000 }"}, in any order; empty for none
 * @param queryFilter a find filter to show the targeting of, as mongosh text, e.g.
 *     {@code "{ user: 'u42' }"}; empty for none
 * @param seed the seed of the stream and the simulation: the same scenario always plays the same way
 * @param steps commands run while the stream plays, each once its number of documents is in (e.g. a
 *     shard added mid-stream); empty for none
 * @param sharding the zones and initial-split options set before {@code shardCollection}
 *     ({@link ShardingSetup#NONE} for none); the cluster checks them with MongoDB's messages when the
 *     scenario loads. With any set, a workload's own pre-split is not used: they lay the chunks out
 */
public record Scenario(
        String namespace,
        String keyPattern,
        int shards,
        MongoVersion version,
        int chunkSizeMegabytes,
        String workload,
        long documents,
        double docsPerSecond,
        List<String> splitPoints,
        Optional<String> queryFilter,
        long seed,
        List<StreamStep> steps,
        ShardingSetup sharding) {

    /** The most shards the explorer draws. */
    public static final int MAX_SHARDS = 16;
    /** The largest {@code chunksize} setting MongoDB accepts, in MB (config.settings schema: maximum 1024). */
    public static final int MAX_CHUNK_SIZE_MEGABYTES = 1024;
    /** How {@link #workload()} names a dataset file to replay instead of a generated workload. */
    public static final String DATASET_PREFIX = "file:";
    /** The namespace a scenario uses unless it names one. */
    public static final String DEFAULT_NAMESPACE = "shardlab.events";
    /** The most documents one scenario streams: the explorer keeps every key of the stream in memory. */
    public static final long MAX_DOCUMENTS = 1_000_000;
    /** The documents a scenario inserts unless it says otherwise. */
    public static final long DEFAULT_DOCUMENTS = 200_000;
    /** The pace unless the scenario says otherwise: 2,000 inserts per simulated second. */
    public static final double DEFAULT_DOCS_PER_SECOND = 2_000;

    public Scenario {
        if (namespace == null || !namespace.matches("[^.\\s]+\\.[^\\s]+")) {
            throw new RefusedInput(Message.of("session.scenario.namespace", String.valueOf(namespace)));
        }
        if (keyPattern == null || keyPattern.isBlank()) {
            throw new RefusedInput(Message.of("session.scenario.keyPatternRequired"));
        }
        if (shards < 1 || shards > MAX_SHARDS) {
            throw new RefusedInput(Message.of("session.scenario.shards", MAX_SHARDS, shards));
        }
        Objects.requireNonNull(version, "version");
        version.modelledLine(); // refuses versions before 4.0
        if (chunkSizeMegabytes < 0 || chunkSizeMegabytes > MAX_CHUNK_SIZE_MEGABYTES) {
            throw new RefusedInput(
                    Message.of("session.scenario.chunkSize", MAX_CHUNK_SIZE_MEGABYTES, chunkSizeMegabytes));
        }
        if (workload == null || workload.isBlank()) {
            throw new RefusedInput(Message.of("session.scenario.workloadRequired"));
        }
        if (documents < 1 || documents > MAX_DOCUMENTS) {
            throw new RefusedInput(Message.of("session.scenario.documents", MAX_DOCUMENTS, documents));
        }
        if (!(docsPerSecond > 0) || Double.isInfinite(docsPerSecond)) {
            throw new RefusedInput(Message.of("session.scenario.docsPerSecond", String.valueOf(docsPerSecond)));
        }
        splitPoints = List.copyOf(splitPoints);
        for (int i = 0; i < splitPoints.size(); i++) {
            if (splitPoints.get(i).isBlank()) {
                throw new RefusedInput(Message.of("session.scenario.splitPointBlank", i));
            }
        }
        queryFilter = Objects.requireNonNull(queryFilter, "queryFilter").filter(f -> !f.isBlank());
        steps = StreamStep.inOrder(steps);
        Objects.requireNonNull(sharding, "sharding");
    }

    /**
     * A scenario of {@code workload} on {@code keyPattern} with the defaults: {@value #DEFAULT_NAMESPACE},
     * 3 shards, MongoDB {@link MongoVersion#DEFAULT}, the version's chunk size, 200,000 documents at
     * 2,000 per second, no pre-split, no filter, seed 1.
     */
    public static Scenario of(String keyPattern, String workload) {
        return new Scenario(
                DEFAULT_NAMESPACE,
                keyPattern,
                3,
                MongoVersion.DEFAULT,
                0,
                workload,
                DEFAULT_DOCUMENTS,
                DEFAULT_DOCS_PER_SECOND,
                List.of(),
                Optional.empty(),
                1,
                List.of(),
                ShardingSetup.NONE);
    }

    /**
     * The chunk size as the screen says it: {@code "1 MB chunks"}, or {@code "default 128 MB chunks"} (the
     * release's) when the scenario leaves it at 0.
     */
    public Message chunkSizeText() {
        if (chunkSizeMegabytes > 0) {
            return Message.of("setup.chunkSize", chunkSizeMegabytes);
        }
        return Message.of(
                "setup.chunkSizeDefault",
                Math.round(ReleaseRules.of(version).defaultChunkSizeBytes() / (1024.0 * 1024.0)));
    }

    /** The shard count as the screen says it: {@code "1 shard"}, {@code "3 shards"}. */
    public Message shardsText() {
        return Message.of("setup.shards", shards);
    }

    /** The pre-split as the screen says it, {@code "pre-split at 1,440 points"}; empty without split points. */
    public Optional<Message> preSplitText() {
        return splitPoints.isEmpty() ? Optional.empty() : Optional.of(Message.of("setup.preSplit", splitPoints.size()));
    }

    /** Whether {@link #workload()} names a dataset file rather than a registry workload. */
    public boolean replaysDataset() {
        return workload.startsWith(DATASET_PREFIX);
    }

    public Scenario withNamespace(String ns) {
        return edited(draft -> draft.namespace = ns);
    }

    public Scenario withKeyPattern(String pattern) {
        return edited(draft -> draft.keyPattern = pattern);
    }

    public Scenario withShards(int n) {
        return edited(draft -> draft.shards = n);
    }

    public Scenario withVersion(MongoVersion v) {
        return edited(draft -> draft.version = v);
    }

    public Scenario withChunkSizeMegabytes(int megabytes) {
        return edited(draft -> draft.chunkSizeMegabytes = megabytes);
    }

    public Scenario withWorkload(String name) {
        return edited(draft -> draft.workload = name);
    }

    public Scenario withDocuments(long n) {
        return edited(draft -> draft.documents = n);
    }

    public Scenario withDocsPerSecond(double rate) {
        return edited(draft -> draft.docsPerSecond = rate);
    }

    public Scenario withSplitPoints(List<String> points) {
        return edited(draft -> draft.splitPoints = points);
    }

    public Scenario withQueryFilter(String filter) {
        return edited(draft -> draft.queryFilter = Optional.ofNullable(filter));
    }

    public Scenario withSeed(long s) {
        return edited(draft -> draft.seed = s);
    }

    public Scenario withSteps(List<StreamStep> newSteps) {
        return edited(draft -> draft.steps = newSteps);
    }

    public Scenario withSharding(ShardingSetup setup) {
        return edited(draft -> draft.sharding = setup);
    }

    /** This scenario with one field changed by {@code edit}, checked by the canonical constructor. */
    private Scenario edited(Consumer<Draft> edit) {
        Draft draft = new Draft(this);
        edit.accept(draft);
        return draft.scenario();
    }

    /** A scenario's fields as a mutable copy: each {@code with…} method changes one and builds it back. */
    private static final class Draft {
        private String namespace;
        private String keyPattern;
        private int shards;
        private MongoVersion version;
        private int chunkSizeMegabytes;
        private String workload;
        private long documents;
        private double docsPerSecond;
        private List<String> splitPoints;
        private Optional<String> queryFilter;
        private long seed;
        private List<StreamStep> steps;
        private ShardingSetup sharding;

        private Draft(Scenario from) {
            namespace = from.namespace;
            keyPattern = from.keyPattern;
            shards = from.shards;
            version = from.version;
            chunkSizeMegabytes = from.chunkSizeMegabytes;
            workload = from.workload;
            documents = from.documents;
            docsPerSecond = from.docsPerSecond;
            splitPoints = from.splitPoints;
            queryFilter = from.queryFilter;
            seed = from.seed;
            steps = from.steps;
            sharding = from.sharding;
        }

        private Scenario scenario() {
            return new Scenario(
                    namespace,
                    keyPattern,
                    shards,
                    version,
                    chunkSizeMegabytes,
                    workload,
                    documents,
                    docsPerSecond,
                    splitPoints,
                    queryFilter,
                    seed,
                    steps,
                    sharding);
        }
    }

    /**
     * Whether this scenario and {@code other} play the same stream: the same workload, documents, pace and seed,
     * hence the same documents at the same simulated times.
     */
    public boolean sameStreamAs(Scenario other) {
        return workload.equals(other.workload)
                && seed == other.seed
                && documents == other.documents
                && docsPerSecond == other.docsPerSecond;
    }

    /**
     * Why this scenario and {@code other} cannot play side by side in lockstep, as one line naming the field;
     * empty when they can. Lockstep needs the same pace, so that both sides have received the same count at
     * every simulated time (until the shorter stream ends); the workloads and counts may differ (a key on
     * fields one workload lacks is compared on another workload's documents, {@link #sameStreamAs} false).
     */
    public Optional<Message> lockstepDifference(Scenario other) {
        if (docsPerSecond != other.docsPerSecond) {
            return Optional.of(Message.of(
                    "session.scenario.lockstepPace",
                    String.valueOf(docsPerSecond),
                    String.valueOf(other.docsPerSecond)));
        }
        return Optional.empty();
    }
}
