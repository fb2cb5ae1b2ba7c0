package io.shardlab.mongos;

import static io.shardlab.mongos.Argument.optional;
import static io.shardlab.mongos.Argument.required;

import io.shardlab.cluster.MongoVersion;
import io.shardlab.cluster.ReleaseRules;
import io.shardlab.mongos.CommandSyntax.FirstField;
import io.shardlab.sim.ConfigureDefragmentation;
import io.shardlab.sim.SetAllowMigrations;
import io.shardlab.sim.SetCollectionBalancing;
import io.shardlab.sim.SetCollectionChunkSize;
import org.bson.BsonBoolean;
import org.bson.BsonDocument;
import org.bson.BsonInt64;
import org.bson.BsonString;

/**
 * The balancer's commands: {@code balancerStart}, {@code balancerStop}, {@code balancerStatus},
 * {@code balancerCollectionStatus} and {@code configureCollectionBalancing}.
 */
final class BalancerCommands {

    /**
     * mongo {@code src/mongo/s/request_types/balancer_collection_status.idl}: a namespace and nothing else,
     * {@code strict: true}.
     */
    static final CommandSyntax BALANCER_COLLECTION_STATUS = CommandSyntax.idl(
                    "balancerCollectionStatus",
                    FirstField.NAMESPACE,
                    "src/mongo/s/request_types/balancer_collection_status.idl")
            .strictly();

    /**
     * mongo {@code src/mongo/s/request_types/configure_collection_balancing.idl} ({@code configure_coll_balancing_params};
     * {@code defragmentCollection} a {@code safeBool} in the 8.0 file).
     */
    static final CommandSyntax CONFIGURE_COLLECTION_BALANCING = CommandSyntax.idl(
            "configureCollectionBalancing",
            FirstField.NAMESPACE,
            "src/mongo/s/request_types/configure_collection_balancing.idl",
            optional("chunkSize", ArgumentType.NUMBER),
            optional("enableAutoMerger", ArgumentType.BOOL).since(MongoVersion.V7_0),
            optional("defragmentCollection", ArgumentType.SAFE_BOOL),
            optional("enableBalancing", ArgumentType.BOOL));

    /**
     * mongo {@code src/mongo/s/request_types/set_allow_migrations.idl} ({@code setAllowMigrations}): the namespace and
     * the required {@code allowMigrations}.
     */
    static final CommandSyntax SET_ALLOW_MIGRATIONS = CommandSyntax.idl(
            "setAllowMigrations",
            FirstField.NAMESPACE,
            "src/mongo/s/request_types/set_allow_migrations.idl",
            required("allowMigrations", ArgumentType.BOOL));

    /** The session collection, whose chunk size has its own default (mongo {@code logical_sessions::kMaxChunkSizeBytes}). */
    static final String SESSIONS = "config.system.sessions";

    /** {@code logical_sessions::kMaxChunkSizeBytes}: config.system.sessions' max chunk size, 200000 bytes. */
    static final long SESSIONS_MAX_CHUNK_SIZE_BYTES = 200_000;

    /** {@code ChunkSizeSettingsType::checkMaxChunkSizeValid}: at most 1 GB. */
    static final long MAX_COLLECTION_CHUNK_SIZE_BYTES = 1024L * 1024 * 1024;

    private final CommandContext context;

    BalancerCommands(CommandContext context) {
        this.context = context;
    }

    /** {@code balancerStart} / {@code balancerStop}. */
    BsonDocument startOrStop(CommandRequest request) {
        context.catalog().setBalancerEnabled("balancerStart".equals(request.name()));
        return Replies.ok();
    }

    /** {@code balancerStatus}: {@code mode}, whether a round is moving chunks, and the rounds run. */
    BsonDocument balancerStatus(CommandRequest request) {
        ShardedCatalog catalog = context.catalog();
        return Replies.ok(new BsonDocument("mode", new BsonString(catalog.balancerEnabled() ? "full" : "off"))
                .append(
                        "inBalancerRound",
                        BsonBoolean.valueOf(catalog.collections().values().stream()
                                .anyMatch(c -> !c.cluster().shardsInMigration().isEmpty())))
                .append("numBalancerRounds", new BsonInt64(catalog.numBalancerRounds())));
    }

    /**
     * {@code balancerCollectionStatus} (4.4+): {@code balancerCompliant}, and when not,
     * {@code firstComplianceViolation} named as mongo {@code balancer.cpp}'s {@code kBalancerPolicyStatus*}
     * constants ({@code draining}, {@code zoneViolation}, {@code chunksImbalance}, {@code defragmentingChunks}
     * with its progress).
     */
    BsonDocument balancerCollectionStatus(CommandRequest request) {
        var cluster = context.requireSharded(request.arguments().firstString()).cluster();
        BsonDocument head = new BsonDocument();
        if (ReleaseRules.of(context.version()).defragmentation()) {
            // 5.3+ (balancer_collection_status.idl chunkSize, docs' example { chunkSize: Long(128), … }): the
            // collection's max chunk size in MB
            head.append("chunkSize", new BsonInt64(cluster.effectiveMaxChunkSizeBytes() / (1024 * 1024)));
        }
        var defragmentation = cluster.defragmentationProgress();
        if (defragmentation.isPresent()) {
            // balancer.cpp getBalancerStatusForNs: kBalancerPolicyStatusDefragmentingChunks, with reportProgressOn
            return Replies.ok(head.append("balancerCompliant", BsonBoolean.FALSE)
                    .append("firstComplianceViolation", new BsonString("defragmentingChunks"))
                    .append(
                            "details",
                            new BsonDocument(
                                            "currentPhase",
                                            new BsonString(defragmentation
                                                    .get()
                                                    .phase()
                                                    .mongoName()))
                                    .append(
                                            "progress",
                                            new BsonDocument(
                                                    "remainingChunksToProcess",
                                                    new BsonInt64(defragmentation
                                                            .get()
                                                            .remainingChunksToProcess())))));
        }
        var violation = cluster.balancerComplianceViolation();
        BsonDocument r = head.append("balancerCompliant", BsonBoolean.valueOf(violation.isEmpty()));
        violation.ifPresent(v -> r.append(
                "firstComplianceViolation",
                new BsonString(
                        switch (v) {
                            case DRAIN -> "draining";
                            case ZONE_VIOLATION -> "zoneViolation";
                            default -> "chunksImbalance";
                        })));
        return Replies.ok(r);
    }

    /**
     * {@code configureCollectionBalancing} (5.3+), as mongo {@code ShardingCatalogManager::configureCollectionBalancing}
     * (sharding_catalog_manager_collection_operations.cpp) does it; no option is a no-op. {@code chunkSize} (MB) sets
     * the collection's {@code maxChunkSizeBytes} (1 MB to 1 GB, else InvalidOptions; {@code 0} removes it, and for
     * {@code config.system.sessions} sets its default, 200000 bytes), {@code defragmentCollection} starts or stops the
     * balancer's defragmentation, {@code enableBalancing} clears or sets {@code noBalance}. A collection that is not
     * sharded is NamespaceNotSharded, as the config server's update matches no document. Test: the jstest "Test the
     * configureCollectionBalancing command and balancerCollectionStatus command" (jstests/sharding, 6.1+).
     * {@code enableAutoMerger} (7.0+) sets config.collections {@code enableAutoMerge}, as {@code sh.disableAutoMerger(ns)}
     * does ({@link CatalogSettings#setCollectionAutoMerge}).
     */
    BsonDocument configureCollectionBalancing(CommandRequest request) {
        CommandArguments args = request.arguments();
        String ns = args.firstString();
        boolean autoMerger = args.has("enableAutoMerger") && context.version().atLeast(7, 0);
        boolean chunkSize = args.has("chunkSize");
        boolean defragment = args.has("defragmentCollection");
        boolean balancing = args.has("enableBalancing");
        if (!chunkSize && !defragment && !balancing && !autoMerger) {
            return Replies.ok();
        }
        long chunkSizeBytes = 0;
        if (chunkSize) {
            double megabytes = args.number("chunkSize", 0);
            chunkSizeBytes = (long) megabytes * 1024 * 1024;
            if (megabytes != 0
                    && (chunkSizeBytes <= 0
                            || chunkSizeBytes > MAX_COLLECTION_CHUNK_SIZE_BYTES
                            || (!ns.equals(SESSIONS) && chunkSizeBytes < 1024 * 1024))) {
                throw new MongoCommandException(
                        ErrorCode.INVALID_OPTIONS, "Chunk size '" + (long) megabytes + "' out of range [1MB, 1GB]");
            }
            if (megabytes == 0 && ns.equals(SESSIONS)) {
                chunkSizeBytes = SESSIONS_MAX_CHUNK_SIZE_BYTES;
            }
        }
        if (context.catalog().collection(ns).isEmpty()) {
            // the config server's update of config.collections matches no document
            throw new MongoCommandException(
                    ErrorCode.NAMESPACE_NOT_SHARDED,
                    "Expected to match one doc for query { _id: \"" + ns + "\" } but matched 0");
        }
        if (chunkSize) {
            context.catalog().execute(ns, new SetCollectionChunkSize(ns, chunkSizeBytes));
        }
        if (defragment) {
            context.catalog().execute(ns, new ConfigureDefragmentation(ns, args.isTrue("defragmentCollection")));
        }
        if (balancing) {
            context.catalog().execute(ns, new SetCollectionBalancing(ns, args.isTrue("enableBalancing")));
        }
        if (autoMerger) {
            context.catalog().settings().setCollectionAutoMerge(ns, args.isTrue("enableAutoMerger"));
        }
        return Replies.ok();
    }

    /**
     * {@code setAllowMigrations} (4.4.11, 5.0.6 and later; mongo {@code cluster_set_allow_migrations_cmd.cpp}, docs
     * {@code setAllowMigrations}): {@code permitMigrations: false} on the collection ({@link SetAllowMigrations}).
     */
    BsonDocument setAllowMigrations(CommandRequest request) {
        String ns = request.arguments().firstString();
        context.requireSharded(ns);
        context.catalog()
                .execute(ns, new SetAllowMigrations(ns, request.arguments().isTrue("allowMigrations")));
        return Replies.ok();
    }
}
