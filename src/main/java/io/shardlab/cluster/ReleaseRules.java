package io.shardlab.cluster;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;

/**
 * The sharding behaviours of one MongoDB version, as ShardLab simulates them. Built by
 * {@link #of(MongoVersion)} from {@link #CHANGES}, the one table that says in which release each
 * behaviour changed and where MongoDB says so. A version ShardLab does not know gets the rules of the
 * nearest lower known line ({@link MongoVersion#modelledLine()}); patch levels matter where MongoDB
 * switched in a patch (4.0.3, 6.0.3).
 *
 * @param version the version these rules are for (as given, e.g. {@code 6.0.2} or {@code 9.1})
 * @param autoSplit where auto-split runs
 * @param splitPoints how split points are chosen (auto-split, and the balancer's split of a chunk too big
 *     to move)
 * @param balancing what the balancer evens out between shards
 * @param chunkCountRule the chunk-count balancer's ideal and threshold (the fallback once balancing is
 *     by data size)
 * @param defaultChunkSizeBytes the maximum chunk (range) size without a {@code config.settings chunksize}
 *     document, bytes
 * @param autoMerge whether the AutoMerger exists
 * @param moveRange whether the {@code moveRange} command exists
 * @param hashedChunksPerShard chunks per shard that {@code shardCollection} creates for an empty
 *     collection with a hashed prefix
 * @param numInitialChunks whether {@code shardCollection} honours {@code numInitialChunks} (later
 *     releases accept and ignore it)
 * @param zonesBeforeSharding whether zones defined before {@code shardCollection} pre-split an empty
 *     collection, one chunk per zone range
 * @param presplitHashedZones whether {@code shardCollection} accepts {@code presplitHashedZones}
 * @param writeWithoutShardKey whether single updates, deletes and findAndModify without the shard key
 *     run as a two-phase write without shard key
 * @param metadataKey how {@code config.chunks} names a chunk's collection
 * @param maxSize whether a shard's {@code maxSize} is honoured
 * @param refineShardKey whether {@code refineCollectionShardKey} exists
 * @param reshardCollection whether {@code reshardCollection} exists
 * @param defragmentation whether {@code configureCollectionBalancing} can ask the balancer to
 *     defragment a collection ({@code defragmentCollection: true})
 * @param orphanCleanupDelaySeconds how long a donor shard keeps a migrated range's documents (orphans)
 *     before its range deleter removes them: the default of the {@code orphanCleanupDelaySecs} server
 *     parameter, seconds
 * @param donorWithinZone whether the data-size balancer takes a zone's donor among the zone's shards only;
 *     before, the most loaded available shard of the whole cluster was taken and, when it held none of the
 *     zone's chunks, the zone was not balanced (SERVER-115962)
 * @param shardDrainingCommands whether a shard is removed with the four draining commands
 *     ({@code startShardDraining}, {@code shardDrainingStatus}, {@code stopShardDraining},
 *     {@code commitShardRemoval}) besides the deprecated {@code removeShard}
 */
public record ReleaseRules(
        MongoVersion version,
        AutoSplit autoSplit,
        SplitPoints splitPoints,
        Balancing balancing,
        ChunkCountRule chunkCountRule,
        long defaultChunkSizeBytes,
        boolean autoMerge,
        boolean moveRange,
        int hashedChunksPerShard,
        boolean numInitialChunks,
        boolean zonesBeforeSharding,
        boolean presplitHashedZones,
        boolean writeWithoutShardKey,
        MetadataKey metadataKey,
        boolean maxSize,
        boolean refineShardKey,
        boolean reshardCollection,
        boolean defragmentation,
        int orphanCleanupDelaySeconds,
        boolean donorWithinZone,
        boolean shardDrainingCommands) {

    private static final long MEBIBYTE = 1024L * 1024L;

    /** Where auto-split runs. */
    public enum AutoSplit {
        /**
         * mongos, after each routed write batch, with the small-collection tiers of
         * {@code calculateDesiredChunkSize} (4.0).
         */
        MONGOS,
        /** The shard primary's {@code ChunkSplitter}, at a fifth of the max chunk size (4.2 to 6.0.2). */
        SHARD,
        /** No auto-split (6.0.3 on). */
        NONE
    }

    /** How split points are chosen. */
    public enum SplitPoints {
        /** {@code splitVector}: a point every half max chunk size of documents. */
        SPLIT_VECTOR,
        /** {@code autoSplitVector}: chunks of about the max chunk size. */
        AUTO_SPLIT_VECTOR
    }

    /** What the balancer evens out. */
    public enum Balancing {
        CHUNK_COUNT,
        DATA_SIZE
    }

    /** The chunk-count balancer's ideal per shard and imbalance threshold (mongo {@code balancer_policy.cpp}). */
    public enum ChunkCountRule {
        /**
         * 4.0: {@code ideal = ceil(chunks / shards)}; migrate when the donor has {@code ideal + 2} or more
         * ({@code kDefaultImbalanceThreshold = 2}), {@code ideal + 1} when the collection has fewer than 20
         * chunks ({@code kAggressiveImbalanceThreshold = 1}).
         */
        CEILING_IDEAL,
        /** 4.2 on: {@code ideal = roundf(chunks / (float) shards)}; threshold 1 (SERVER-35003). */
        ROUNDED_IDEAL;

        /** The ideal number of chunks per shard. */
        public int ideal(int chunks, int shards) {
            return this == CEILING_IDEAL ? (chunks + shards - 1) / shards : Math.round(chunks / (float) shards);
        }

        /** How far above the ideal the donor must be, for a collection of {@code collectionChunks}. */
        public int threshold(int collectionChunks) {
            return this == CEILING_IDEAL && collectionChunks >= 20 ? 2 : 1;
        }
    }

    /** How {@code config.chunks} names a chunk's collection. */
    public enum MetadataKey {
        /** {@code ns} and a string {@code _id} (before 5.0). */
        NAMESPACE,
        /** {@code uuid} and an ObjectId {@code _id} (5.0 on, at FCV 5.0). */
        UUID
    }

    /**
     * One row of the release table: from {@code since} on, {@code what} holds; {@code source} is where
     * MongoDB says so.
     *
     * @param since the first version with the change: a line, its {@code .0} when a patch row of the same
     *     line follows, or the patch where MongoDB switched in one
     * @param what one line a user reads ("auto-split moves from mongos to the shard")
     * @param source MongoDB file, commit, JIRA ticket or docs page
     * @param apply the change to the rules
     */
    public record Change(MongoVersion since, String what, String source, Consumer<Draft> apply) {}

    /** The rules while {@link #CHANGES} are applied in order. */
    public static final class Draft {
        public AutoSplit autoSplit;
        public SplitPoints splitPoints;
        public Balancing balancing;
        public ChunkCountRule chunkCountRule;
        public long defaultChunkSizeBytes;
        public boolean autoMerge;
        public boolean moveRange;
        public int hashedChunksPerShard;
        public boolean numInitialChunks;
        public boolean zonesBeforeSharding;
        public boolean presplitHashedZones;
        public boolean writeWithoutShardKey;
        public MetadataKey metadataKey;
        public boolean maxSize;
        public boolean refineShardKey;
        public boolean reshardCollection;
        public boolean defragmentation;
        public int orphanCleanupDelaySeconds;
        public boolean donorWithinZone;
        public boolean shardDrainingCommands;

        private Draft() {}
    }

    /**
     * The release table, oldest first. The first row is 4.0 as ShardLab's oldest modelled release; every
     * later row changes what it names and leaves the rest.
     */
    public static final List<Change> CHANGES = List.of(
            new Change(
                    new MongoVersion(4, 0, 0, ""),
                    "mongos auto-splits, early chunks small (1 KB, 512 KB, 1/4, 1/2 of max); "
                            + "balancer by chunk count, threshold 2 (1 under 20 chunks)",
                    "mongo src/mongo/s/write_ops/cluster_write.cpp (calculateDesiredChunkSize, "
                            + "updateChunkWriteStatsAndSplitIfNeeded), src/mongo/s/chunk.cpp (shouldSplit), "
                            + "src/mongo/db/s/balancer/balancer_policy.cpp (4.0: kDefaultImbalanceThreshold = 2), "
                            + "src/mongo/s/balancer_configuration.cpp (64 MB), "
                            + "src/mongo/db/s/config/initial_split_policy.cpp (2 hashed chunks per shard)",
                    d -> {
                        d.autoSplit = AutoSplit.MONGOS;
                        d.splitPoints = SplitPoints.SPLIT_VECTOR;
                        d.balancing = Balancing.CHUNK_COUNT;
                        d.chunkCountRule = ChunkCountRule.CEILING_IDEAL;
                        d.defaultChunkSizeBytes = 64 * MEBIBYTE;
                        d.hashedChunksPerShard = 2;
                        d.numInitialChunks = true;
                        d.metadataKey = MetadataKey.NAMESPACE;
                        d.maxSize = true;
                        d.orphanCleanupDelaySeconds = 900;
                    }),
            new Change(
                    new MongoVersion(4, 0, 3, ""),
                    "zones defined before shardCollection pre-split an empty " + "collection",
                    "docs v4.0 core/sharding-balancer-administration (\"Starting in 4.0.3\")",
                    d -> d.zonesBeforeSharding = true),
            new Change(
                    MongoVersion.V4_2,
                    "auto-split runs on the shard primary at max/5 written, no small-chunk "
                            + "tiers; balancer ideal rounded, threshold 1",
                    "DOCS-14301 (PM-33, auto-split driven by the shard primary from 4.2), "
                            + "src/mongo/db/s/chunk_splitter.cpp (_runAutosplit), DOCS-11680 / SERVER-35003",
                    d -> {
                        d.autoSplit = AutoSplit.SHARD;
                        d.chunkCountRule = ChunkCountRule.ROUNDED_IDEAL;
                    }),
            new Change(
                    MongoVersion.V4_4,
                    "refineCollectionShardKey; presplitHashedZones",
                    "docs v4.4 reference/command/refineCollectionShardKey, reference/command/shardCollection",
                    d -> {
                        d.refineShardKey = true;
                        d.presplitHashedZones = true;
                    }),
            new Change(
                    MongoVersion.V5_0,
                    "config.chunks keyed by collection uuid; reshardCollection; "
                            + "autoSplitVector picks split points",
                    "DOCS-14450, SERVER-53105, MONGOSH-1179; docs v5.0 reference/command/reshardCollection; "
                            + "SERVER-55028, SERVER-58650 (autoSplitVector)",
                    d -> {
                        d.metadataKey = MetadataKey.UUID;
                        d.reshardCollection = true;
                        d.splitPoints = SplitPoints.AUTO_SPLIT_VECTOR;
                    }),
            new Change(
                    MongoVersion.V5_2,
                    "default chunk size 128 MB (was 64 MB)",
                    "SERVER-61534, DOCS-14942; docs v5.2 tutorial/modify-chunk-size-in-sharded-cluster",
                    d -> d.defaultChunkSizeBytes = 128 * MEBIBYTE),
            new Change(
                    MongoVersion.V5_3,
                    "configureCollectionBalancing {defragmentCollection: true}: the "
                            + "balancer merges, moves small chunks onto a neighbour, merges again (and splits until 6.0.3)",
                    "SERVER-59664, SERVER-61727 (5.3.0); mongo src/mongo/db/s/balancer/"
                            + "balancer_defragmentation_policy_impl.cpp; docs reference/command/"
                            + "configureCollectionBalancing (\"New in version 5.3\")",
                    d -> d.defragmentation = true),
            new Change(
                    new MongoVersion(6, 0, 0, ""),
                    "moveRange",
                    "docs v6.0 reference/command/moveRange (\"New in version 6.0\")",
                    d -> d.moveRange = true),
            new Change(
                    new MongoVersion(6, 0, 3, ""),
                    "no auto-split; balancer by data size (3 chunk sizes apart)",
                    "SERVER-66781 (featureFlagBalanceAccordingToDataSize, enabled for 6.0.3 per SERVER-73987), "
                            + "docs reference/method/sh.enableAutoSplit (\"Starting in MongoDB 6.0.3\"), DOCS-15792",
                    d -> {
                        d.autoSplit = AutoSplit.NONE;
                        d.balancing = Balancing.DATA_SIZE;
                    }),
            new Change(
                    MongoVersion.V6_2,
                    "shard maxSize removed (ignored)",
                    "docs release-notes/6.2-compatibility (\"Starting in version 6.2, MongoDB removes the maxSize field\")",
                    d -> d.maxSize = false),
            new Change(
                    MongoVersion.V7_0,
                    "AutoMerger merges contiguous chunks of a shard",
                    "docs core/automerger-concept (\"Starting in MongoDB 7.0\")",
                    d -> d.autoMerge = true),
            new Change(
                    MongoVersion.V7_1,
                    "updateOne, deleteOne, findAndModify without the shard key",
                    "docs release-notes/7.1 (featureFlagUpdateOneWithoutShardKey); "
                            + "src/mongo/s/collection_routing_info_targeter.cpp",
                    d -> d.writeWithoutShardKey = true),
            new Change(
                    MongoVersion.V7_2,
                    "empty hashed collection: 1 chunk per shard (was 2); numInitialChunks " + "ignored",
                    "SERVER-76405, docs release-notes/7.2 (\"Default Chunks Per Shard\"); SERVER-74747",
                    d -> {
                        d.hashedChunksPerShard = 1;
                        d.numInitialChunks = false;
                    }),
            new Change(
                    new MongoVersion(8, 2, 0, ""),
                    "a migrated range's orphans wait 3600 s (was 900 s) before the range deleter removes them",
                    "docs release-notes/8.2 (\"the default value for orphanCleanupDelaySecs is now 3600 "
                            + "(previously 900)\", with terminateSecondaryReadsOnOrphanCleanup); before: mongo "
                            + "src/mongo/db/s/sharding_runtime_d_params.idl (orphanCleanupDelaySecs default 900)",
                    d -> d.orphanCleanupDelaySeconds = 3600),
            new Change(
                    new MongoVersion(8, 2, 6, ""),
                    "the balancer evens out a zone even when the cluster's most loaded shard is outside it",
                    "SERVER-115962 (docs release-notes/8.2, 8.2.6: \"Balancer does not make progress when the most "
                            + "loaded shard is already balanced within its zones\"); its regression jstest (20 MB in "
                            + "EU on shard0, 10 MB in US on shard1 and shard2, expecting 20 / 6 / 4); before: "
                            + "balancer_policy.cpp _getMostOverloadedShard ignores chunkZone",
                    d -> d.donorWithinZone = true),
            new Change(
                    MongoVersion.V8_3,
                    "a shard is removed with startShardDraining, shardDrainingStatus, stopShardDraining and "
                            + "commitShardRemoval (removeShard deprecated)",
                    "docs release-notes/8.3 (\"Remove Shard Changes\"); mongo src/mongo/db/s/config/"
                            + "configsvr_start_shard_draining_command.cpp, configsvr_shard_draining_status_command.cpp, "
                            + "configsvr_commit_shard_removal_command.cpp, sharding_catalog_manager_shard_operations.cpp",
                    d -> d.shardDrainingCommands = true));

    public ReleaseRules {
        if (version == null
                || autoSplit == null
                || splitPoints == null
                || balancing == null
                || chunkCountRule == null
                || metadataKey == null) {
            throw new IllegalArgumentException("rules: every behaviour is required");
        }
    }

    /**
     * The rules of {@code version}: every row of {@link #CHANGES} up to its modelled line (and, within its
     * own line, up to its patch).
     *
     * @throws IllegalArgumentException when the version is older than 4.0
     */
    public static ReleaseRules of(MongoVersion version) {
        // asked for on every chunk-size check of a simulation step: the table is walked once per version
        return MADE.computeIfAbsent(version, ReleaseRules::walk);
    }

    /** The rules made so far, by version: values of the constant table, so one per version serves every caller. */
    private static final Map<MongoVersion, ReleaseRules> MADE = new ConcurrentHashMap<>();

    private static ReleaseRules walk(MongoVersion version) {
        MongoVersion modelled = version.known() ? version : version.modelledLine();
        Draft d = new Draft();
        for (Change c : CHANGES) {
            if (modelled.atLeast(c.since())) {
                c.apply().accept(d);
            }
        }
        return new ReleaseRules(
                version,
                d.autoSplit,
                d.splitPoints,
                d.balancing,
                d.chunkCountRule,
                d.defaultChunkSizeBytes,
                d.autoMerge,
                d.moveRange,
                d.hashedChunksPerShard,
                d.numInitialChunks,
                d.zonesBeforeSharding,
                d.presplitHashedZones,
                d.writeWithoutShardKey,
                d.metadataKey,
                d.maxSize,
                d.refineShardKey,
                d.reshardCollection,
                d.defragmentation,
                d.orphanCleanupDelaySeconds,
                d.donorWithinZone,
                d.shardDrainingCommands);
    }

    /** The rows that change something in {@code line}'s release line (its patches included), oldest first. */
    public static List<Change> changesIn(MongoVersion line) {
        List<Change> out = new ArrayList<>();
        for (Change c : CHANGES) {
            if (c.since().line().equals(line.line())) {
                out.add(c);
            }
        }
        return out;
    }

    /**
     * One line saying what changes in {@code line} compared with the line before, e.g. for a version
     * picker; patch-level rows are prefixed with their patch ("6.0.3: no auto-split; …").
     */
    public static String whatChanges(MongoVersion line) {
        List<String> parts = new ArrayList<>();
        for (Change c : changesIn(line)) {
            parts.add(c.since().patch() <= 0 ? c.what() : "from " + c.since() + ": " + c.what());
        }
        return parts.isEmpty() ? "no change to the sharding rules ShardLab simulates" : String.join("; ", parts);
    }

    /**
     * The versions a release picker offers, oldest first: every known line (at its newest patch) and, for
     * each switch MongoDB made in a patch, the patch before it ({@code 4.0.2}, {@code 6.0.2}), which keeps
     * the line's older rules.
     */
    public static List<MongoVersion> choices() {
        List<MongoVersion> out = new ArrayList<>();
        for (MongoVersion line : MongoVersion.releaseLines()) {
            for (Change c : changesIn(line)) {
                if (c.since().patch() > 0) {
                    MongoVersion before = new MongoVersion(
                            line.major(), line.minor(), c.since().patch() - 1, "");
                    if (!out.contains(before)) {
                        out.add(before);
                    }
                }
            }
            out.add(line);
        }
        return out;
    }

    /**
     * One line for a picker entry: what changes in {@code choice}'s line ({@link #whatChanges}); for a
     * patch before a patch-level switch, what its line has so far and what comes only later in the line
     * ("6.0.0 to 6.0.2: moveRange; not yet: no auto-split; balancer by data size (…)").
     */
    public static String summary(MongoVersion choice) {
        if (choice.patch() == MongoVersion.LINE) {
            return whatChanges(choice);
        }
        List<String> now = new ArrayList<>();
        List<String> later = new ArrayList<>();
        for (Change c : changesIn(choice.line())) {
            (choice.atLeast(c.since()) ? now : later).add(c.what());
        }
        String head = choice.line().major() + "." + choice.line().minor() + ".0 to " + choice + ": ";
        String has = now.isEmpty() ? "the rules of the line before" : String.join("; ", now);
        return head + has + (later.isEmpty() ? "" : "; not yet: " + String.join("; ", later));
    }

    /** Whether the balancer evens out data size (6.0.3 on) rather than chunk counts. */
    public boolean balancesDataSize() {
        return balancing == Balancing.DATA_SIZE;
    }
}
