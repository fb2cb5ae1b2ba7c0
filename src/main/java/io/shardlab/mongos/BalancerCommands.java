package io.shardlab.mongos;

import static io.shardlab.mongos.Argument.optional;

import io.shardlab.mongos.CommandSyntax.FirstField;
import io.shardlab.sim.ConfigureDefragmentation;
import java.util.List;
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
            optional("enableAutoMerger", ArgumentType.BOOL),
            optional("defragmentCollection", ArgumentType.SAFE_BOOL),
            optional("enableBalancing", ArgumentType.BOOL));

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
        var defragmentation = cluster.defragmentationProgress();
        if (defragmentation.isPresent()) {
            // balancer.cpp getBalancerStatusForNs: kBalancerPolicyStatusDefragmentingChunks, with reportProgressOn
            return Replies.ok(new BsonDocument("balancerCompliant", BsonBoolean.FALSE)
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
        BsonDocument r = new BsonDocument("balancerCompliant", BsonBoolean.valueOf(violation.isEmpty()));
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
     * {@code configureCollectionBalancing} (5.3+): {@code defragmentCollection} starts or stops the balancer's
     * defragmentation of the collection; no option is a no-op (mongo
     * {@code sharding_catalog_manager_collection_operations.cpp} {@code configureCollectionBalancing}). A
     * per-collection {@code chunkSize}, {@code enableAutoMerger} or {@code enableBalancing} is refused: the
     * simulator has one chunk size and one auto-merge switch per cluster.
     */
    BsonDocument configureCollectionBalancing(CommandRequest request) {
        CommandArguments args = request.arguments();
        String ns = args.firstString();
        for (String option : List.of("chunkSize", "enableAutoMerger", "enableBalancing")) {
            if (request.body().containsKey(option)) {
                throw new MongoCommandException(
                        ErrorCode.COMMAND_NOT_SUPPORTED,
                        "ShardLab does not simulate configureCollectionBalancing's " + option
                                + " (one setting for the whole cluster)");
            }
        }
        if (!args.has("defragmentCollection")) {
            return Replies.ok();
        }
        if (context.catalog().collection(ns).isEmpty()) {
            // the config server's update of config.collections matches no document
            throw new MongoCommandException(
                    ErrorCode.NAMESPACE_NOT_SHARDED,
                    "Expected to match one doc for query { _id: \"" + ns + "\" } but matched 0");
        }
        context.catalog().execute(ns, new ConfigureDefragmentation(ns, args.isTrue("defragmentCollection")));
        return Replies.ok();
    }
}
